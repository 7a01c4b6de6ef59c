import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { formatMoney } from '../../../../shared/money.js';
import type { Product } from '../../../../shared/products.schemas.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { TextField } from '../../../components/ui/text-field.js';
import { productsQuery } from '../../products/api.js';

/** Enough to find one product by typing; the search narrows a long catalogue. */
const SHOWN = 30;

function matches(product: Product, words: string[]): boolean {
  const text = `${product.name} ${product.brand} ${product.category}`.toLowerCase();
  return words.every((word) => text.includes(word));
}

interface CataloguePickerProps {
  /** Products already on a line: the server takes each catalogue product once per donation. */
  pickedIds: ReadonlySet<number>;
  onPick: (product: Product) => void;
}

/** 'Add from catalogue': the operator's products, searchable; a pick adds a line with its name, brand and price. */
export function CataloguePicker({ pickedIds, onPick }: CataloguePickerProps) {
  const products = useQuery(productsQuery);
  const [search, setSearch] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const listId = useId();

  if (products.isPending) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading your products...
      </p>
    );
  }
  if (products.isError) {
    return <LoadError what="your products" error={products.error} onRetry={() => void products.refetch()} retrying={products.isFetching} />;
  }
  if (products.data.length === 0) {
    return <p className="text-sm text-muted-foreground">Your catalogue has no products yet. Add products on the Products page, or type the lines in.</p>;
  }

  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const found = products.data.filter((product) => matches(product, words));
  const shown = found.slice(0, SHOWN);

  return (
    <div className="grid gap-2 rounded-lg border border-border bg-muted/30 p-3">
      <TextField
        label="Search your products"
        type="search"
        autoComplete="off"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        aria-controls={shown.length > 0 ? listId : undefined}
        hint={found.length > SHOWN ? `Showing ${SHOWN} of ${found.length}; type to narrow the list.` : undefined}
      />
      {shown.length === 0 ? (
        <p className="text-sm text-muted-foreground">No product matches “{search.trim()}”.</p>
      ) : (
        <ul id={listId} aria-label="Your products" className="grid max-h-56 gap-1 overflow-y-auto">
          {shown.map((product) => {
            const picked = pickedIds.has(product.id);
            return (
              <li key={product.id}>
                <button
                  type="button"
                  disabled={picked}
                  onClick={() => {
                    onPick(product);
                    setAnnouncement(`${product.name} added as a product line.`);
                  }}
                  className="flex w-full items-center justify-between gap-3 rounded-md px-2 py-1.5 text-left text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-60"
                >
                  <span className="min-w-0">
                    <span className="font-medium">{product.name}</span>
                    <span className="text-muted-foreground"> · {product.brand}</span>
                  </span>
                  <span className="flex shrink-0 items-center gap-1 tabular-nums">
                    {picked ? 'Added' : formatMoney(product.price, 'USD')}
                    {picked ? null : <Plus className="size-4" aria-hidden="true" />}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
