import { Plus, RotateCw, SearchX } from 'lucide-react';
import { useRef, useState } from 'react';
import type { Catalogue, CatalogItem } from '../../../../shared/resources-hub.schemas.js';
import { countOf } from '../../../../shared/wording.js';
import { Alert, AlertTitle } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';
import { EmptyState } from '../../../components/ui/empty-state.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { toast } from '../../../components/ui/use-toast.js';
import { readApiError } from '../../../lib/api.js';
import { useAuth } from '../../../lib/auth.js';
import { useDebouncedValue } from '../../../lib/use-debounced-value.js';
import { useAddToCart, useCatalog } from '../api.js';
import { CatalogAdminActions } from './catalog-admin-actions.js';
import { CatalogFilters } from './catalog-filters.js';
import { CatalogItemDialog, type CatalogItemTarget } from './catalog-item-dialog.js';
import { CatalogItemCard } from './catalog-item-card.js';
import { PricesUpdated } from './prices-updated.js';

const SEARCH_DELAY_MS = 300;

interface CatalogViewProps {
  catalogue: Catalogue;
  searchLabel: string;
  /** The spec's toast text after an add: cleaning kits word it their own way. */
  addedMessage: (item: CatalogItem) => string;
}

/** One catalogue: filters, the product grid and adding to the cart. */
export function CatalogView({ catalogue, searchLabel, addedMessage }: CatalogViewProps) {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<string | undefined>();
  const settledSearch = useDebouncedValue(search, SEARCH_DELAY_MS).trim();
  const list = useCatalog(catalogue, { category, search: settledSearch });
  const add = useAddToCart();
  // Admins keep the catalogue from here; the server refuses the same calls to anyone else.
  const { isAdmin } = useAuth();
  const [editing, setEditing] = useState<CatalogItemTarget>(null);
  const addItemRef = useRef<HTMLButtonElement>(null);

  const clearFilters = () => {
    setSearch('');
    setCategory(undefined);
  };
  const addToCart = (item: CatalogItem) =>
    add.mutate(
      { catalogItemId: item.id, name: item.name },
      {
        onSuccess: () => toast({ title: 'Added to Cart', description: addedMessage(item) }),
        onError: (error) =>
          toast({ title: 'Could not add to cart', description: readApiError(error).message ?? 'Please try again.', variant: 'destructive' }),
      },
    );

  let content;
  if (list.isPending) {
    content = (
      <div role="status" aria-label="Loading products" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} className="h-72" />
        ))}
      </div>
    );
  } else if (list.isError) {
    content = (
      <Alert variant="destructive">
        <AlertTitle>The products could not be loaded</AlertTitle>
        <p>{readApiError(list.error).message ?? 'Please check your connection and try again.'}</p>
        <Button variant="outline" size="sm" className="mt-1 w-fit" onClick={() => void list.refetch()}>
          <RotateCw className="size-4" aria-hidden="true" />
          Retry
        </Button>
      </Alert>
    );
  } else if (list.data.items.length === 0) {
    const filtered = Boolean(category) || settledSearch !== '';
    content = (
      <EmptyState
        icon={SearchX}
        title={filtered ? 'No products match your search' : 'No products listed yet'}
        action={filtered ? { label: 'Clear filters', onClick: clearFilters } : undefined}
      />
    );
  } else {
    content = (
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy={list.isFetching}>
        {list.data.items.map((item) => (
          <CatalogItemCard
            key={item.id}
            item={item}
            adding={add.isPending && add.variables?.catalogItemId === item.id}
            onAdd={addToCart}
            adminActions={isAdmin ? <CatalogAdminActions item={item} onEdit={setEditing} onDeleted={() => addItemRef.current?.focus()} /> : undefined}
          />
        ))}
      </div>
    );
  }

  return (
    <section className="grid gap-4" aria-labelledby={`${catalogue}-products`}>
      <h2 id={`${catalogue}-products`} className="sr-only">
        Products
      </h2>
      <CatalogFilters
        searchLabel={searchLabel}
        search={search}
        onSearchChange={setSearch}
        categories={list.data?.categories ?? []}
        category={category}
        onCategoryChange={setCategory}
        onClear={clearFilters}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        {list.data ? (
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <p className="text-sm text-muted-foreground" role="status">
              {countOf(list.data.items.length, 'product')}
            </p>
            <PricesUpdated at={list.data.pricesUpdatedAt} />
          </div>
        ) : null}
        {isAdmin ? (
          <Button ref={addItemRef} size="sm" className="ml-auto" onClick={() => setEditing('new')}>
            <Plus className="size-4" aria-hidden="true" />
            Add item
          </Button>
        ) : null}
      </div>
      {content}
      {isAdmin ? <CatalogItemDialog catalogue={catalogue} target={editing} categories={list.data?.categories ?? []} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}
