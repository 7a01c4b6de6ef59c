import { Trophy } from 'lucide-react';
import { useId } from 'react';
import type { Product } from '../../../../shared/products.schemas.js';
import { Card } from '../../../components/ui/card.js';
import { topPerformers } from '../catalogue-view.js';
import { RankBadge } from './rank-badge.js';
import { formatScore } from '../../dashboard/format.js';

/**
 * Spec 2.5 Top Performers: the five most voted products of the list as currently filtered, among
 * those with a positive score. Names wrap: the panel is narrow and a cut name is no use.
 */
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
        <p className="text-sm text-muted-foreground">No votes yet: products appear here once customers vote for them.</p>
      ) : (
        <ol className="grid grid-cols-1 gap-2">
          {top.map((product, index) => (
            <li key={product.id} className="flex items-start gap-3">
              <RankBadge rank={index + 1} />
              <div className="grid min-w-0 flex-1 grid-cols-1">
                <span className="text-sm font-medium break-words">{product.name}</span>
                <span className="text-xs break-words text-muted-foreground">{product.brand}</span>
              </div>
              <span className="shrink-0 pt-1 text-sm font-semibold tabular-nums">
                {formatScore(product.votes)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
