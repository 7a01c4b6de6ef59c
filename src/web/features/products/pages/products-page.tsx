import { useQuery } from '@tanstack/react-query';
import { PackageOpen } from 'lucide-react';
import { useMemo, useState } from 'react';
import { PageTitle } from '../../../components/page-title.js';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { useSettings } from '../../settings/api.js';
import { productsQuery } from '../api.js';
import { DEFAULT_SORT, rankByVotes, searchProducts, sortProducts, type SortOrder } from '../catalogue-view.js';
import { AddProductDialog } from '../components/add-product-dialog.js';
import { BulkDeleteButton } from '../components/bulk-delete-button.js';
import { CatalogueStats, CatalogueStatsSkeleton } from '../components/catalogue-stats.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { ProductList } from '../components/product-list.js';
import { ProductToolbar } from '../components/product-toolbar.js';
import { TopPerformers } from '../components/top-performers.js';

function ProductRowsSkeleton() {
  return (
    <div role="status" className="grid grid-cols-1 gap-2">
      <span className="sr-only">Loading products…</span>
      {[0, 1, 2, 3, 4].map((index) => (
        <Skeleton key={index} className="h-16 w-full rounded-lg" />
      ))}
    </div>
  );
}

/** /products: the operator's catalogue (spec 2.5). */
export function ProductsPage() {
  const products = useQuery(productsQuery);
  const currency = useSettings().data?.preferences.currency ?? 'USD';
  const [addOpen, setAddOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortOrder>(DEFAULT_SORT);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());

  const all = useMemo(() => products.data ?? [], [products.data]);
  const shown = useMemo(() => sortProducts(searchProducts(all, search), sort), [all, search, sort]);
  const ranks = useMemo(() => rankByVotes(all), [all]);
  // Only what is on screen can be deleted: a search hides rows, and hidden rows are never deleted.
  const selectedShownIds = shown.filter((product) => selected.has(product.id)).map((product) => product.id);

  const toggle = (id: number, checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  const toggleAll = (checked: boolean) => setSelected(checked ? new Set(shown.map((product) => product.id)) : new Set());
  const forget = (ids: number[]) =>
    setSelected((current) => new Set([...current].filter((id) => !ids.includes(id))));

  return (
    <div className="mx-auto grid grid-cols-1 max-w-7xl gap-6">
      <PageTitle title="Products" />
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid grid-cols-1 gap-1">
          <h1 className="text-3xl font-bold tracking-tight">Product Catalog Management</h1>
          <p className="text-muted-foreground">Manage the products customers vote for on your machines.</p>
        </div>
        <AddProductDialog open={addOpen} onOpenChange={setAddOpen} />
      </header>

      {products.isError ? (
        <LoadError
          what="your products"
          error={products.error}
          onRetry={() => void products.refetch()}
          retrying={products.isFetching}
        />
      ) : products.isPending ? (
        <>
          <CatalogueStatsSkeleton />
          <Card className="p-5">
            <ProductRowsSkeleton />
          </Card>
        </>
      ) : (
        <>
          <CatalogueStats products={all} />
          {all.length === 0 ? (
            <Card className="grid grid-cols-1 justify-items-center gap-3 p-10 text-center">
              <PackageOpen className="size-10 text-muted-foreground" aria-hidden="true" />
              <h2 className="text-lg font-semibold">No products yet</h2>
              <p className="max-w-sm text-sm text-muted-foreground">
                Add your first product so customers can vote for it on your machines&apos; pages.
              </p>
              <Button onClick={() => setAddOpen(true)}>Add your first product</Button>
            </Card>
          ) : (
            <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
              <Card className="grid grid-cols-1 gap-4 p-4 sm:p-5">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h2 className="text-lg font-semibold">All Products ({shown.length})</h2>
                  <BulkDeleteButton selectedIds={selectedShownIds} onDeleted={forget} />
                </div>
                <ProductToolbar search={search} onSearchChange={setSearch} sort={sort} onSortChange={setSort} />
                {shown.length === 0 ? (
                  <p className="py-8 text-center text-sm text-muted-foreground">
                    No products match &ldquo;{search.trim()}&rdquo;.
                  </p>
                ) : (
                  <ProductList
                    products={shown}
                    currency={currency}
                    ranks={ranks}
                    selected={selected}
                    onToggle={toggle}
                    onToggleAll={toggleAll}
                    onDeleted={(id) => forget([id])}
                  />
                )}
              </Card>
              <TopPerformers products={shown} />
            </div>
          )}
        </>
      )}
    </div>
  );
}
