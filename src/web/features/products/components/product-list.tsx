import { useEffect, useRef } from 'react';
import { formatMoney, type Currency } from '../../../../shared/money.js';
import { isPriceSet, type OwnerProduct } from '../../../../shared/products.schemas.js';
import { Badge } from '../../../components/ui/badge.js';
import { Checkbox } from '../../../components/ui/checkbox.js';
import { DeleteProductButton } from './delete-product-button.js';
import { EditProductButton } from './edit-product-button.js';
import { RankBadge } from './rank-badge.js';
import { FIGURE_LABELS } from '../../../../shared/wording.js';
import { formatDate } from '../../../lib/dates.js';


/** 'not set' rather than $0.00: a missing price must not read as a free product (docs/decisions/0035). */
function PriceAndCost({ product, currency }: { product: OwnerProduct; currency: Currency }) {
  return (
    <>
      <span className="text-xs whitespace-nowrap">Price {isPriceSet(product.price) ? formatMoney(product.price, currency) : 'not set'}</span>
      <span className="text-xs whitespace-nowrap">
        Unit cost {product.unitCost === null ? 'not set' : formatMoney(product.unitCost, currency)}
      </span>
    </>
  );
}

interface ProductListProps {
  products: OwnerProduct[];
  currency: Currency;
  ranks: Map<number, number>;
  selected: ReadonlySet<number>;
  onToggle: (id: number, checked: boolean) => void;
  onToggleAll: (checked: boolean) => void;
  onDeleted: (id: number) => void;
}

/** The catalogue rows with their selection boxes; 'select all' covers the rows shown. */
export function ProductList({ products, currency, ranks, selected, onToggle, onToggleAll, onDeleted }: ProductListProps) {
  const selectAllRef = useRef<HTMLInputElement>(null);
  const selectedShown = products.filter((product) => selected.has(product.id)).length;
  const allSelected = products.length > 0 && selectedShown === products.length;
  const someSelected = selectedShown > 0 && !allSelected;

  // 'indeterminate' exists only as a DOM property.
  useEffect(() => {
    if (selectAllRef.current) selectAllRef.current.indeterminate = someSelected;
  }, [someSelected]);

  return (
    <div className="grid grid-cols-1 gap-2">
      <div className="flex items-center gap-3 border-b border-border px-3 pb-2">
        <Checkbox
          ref={selectAllRef}
          id="select-all-products"
          checked={allSelected}
          onChange={(event) => onToggleAll(event.target.checked)}
        />
        <label htmlFor="select-all-products" className="text-sm font-medium">
          Select all products
        </label>
        <span className="ml-auto text-xs text-muted-foreground" aria-live="polite">
          {selectedShown > 0 ? `${selectedShown} selected` : ''}
        </span>
      </div>
      <ul className="grid grid-cols-1 gap-2" aria-label="Products">
        {products.map((product) => {
          const checkboxId = `select-product-${product.id}`;
          const rank = ranks.get(product.id);
          return (
            <li
              key={product.id}
              aria-label={product.name}
              className="flex items-center gap-3 rounded-lg border border-border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary-soft/40"
            >
              <Checkbox
                id={checkboxId}
                aria-label={`Select ${product.name}`}
                checked={selected.has(product.id)}
                onChange={(event) => onToggle(product.id, event.target.checked)}
              />
              <div className="grid min-w-0 flex-1 grid-cols-1 gap-1">
                <p className="flex items-start gap-2">
                  {rank === undefined ? null : <RankBadge rank={rank} />}
                  <span className="min-w-0 pt-0.5 font-medium break-words">{product.name}</span>
                </p>
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
                  <span className="break-words">{product.brand}</span>
                  <Badge variant="secondary">{product.category}</Badge>
                  <PriceAndCost product={product} currency={currency} />
                  <span className="text-xs">
                    Added <time dateTime={product.createdAt}>{formatDate(product.createdAt)}</time>
                  </span>
                </p>
              </div>
              <p className="shrink-0 text-right">
                <span className="block text-lg font-semibold tabular-nums">{product.votes.toLocaleString('en-US')}</span>{' '}
                <span className="block text-xs text-muted-foreground">{FIGURE_LABELS.score.toLowerCase()}</span>
              </p>
              <div className="flex shrink-0 flex-col sm:flex-row">
                <EditProductButton product={product} />
                <DeleteProductButton product={product} onDeleted={onDeleted} />
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
