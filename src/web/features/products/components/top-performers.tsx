import { Trophy } from 'lucide-react';
import { useId } from 'react';
import type { Product } from '../../../../shared/products.schemas.js';
import { Card } from '../../../components/ui/card.js';
import { topPerformers } from '../catalogue-view.js';
import { RankBadge } from './rank-badge.js';
import { formatScore } from '../../dashboard/format.js';

/** Spec 2.5 Top Performers: the five most voted products of the list as currently filtered. */
export function TopPerformers({ products }: { products: Product[] }) {
  const headingId = useId();
  const top = topPerformers(products);
  return (
    <Card role="region" aria-labelledby={headingId} className="grid grid-cols-1 content-start gap-4 p-5">
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
        <Trophy className="size-5 text-amber-600 dark:text-amber-400" aria-hidden="true" />
        Top Performers
      </h2>
      {top.length === 0 ? (
        <p className="text-sm text-muted-foreground">No products to rank.</p>
      ) : (
        <ol className="grid grid-cols-1 gap-2">
          {top.map((product, index) => (
            <li key={product.id} className="flex items-center gap-3">
              <RankBadge rank={index + 1} />
              <div className="grid grid-cols-1 min-w-0 flex-1">
                <span className="truncate text-sm font-medium">{product.name}</span>
                <span className="truncate text-xs text-muted-foreground">{product.brand}</span>
              </div>
              <span className="shrink-0 text-sm font-semibold tabular-nums">
                {formatScore(product.votes)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
