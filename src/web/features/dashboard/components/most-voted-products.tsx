import { Lightbulb, Trophy } from 'lucide-react';
import { Link } from 'react-router';
import { RANKED_BY } from '../../../../shared/figure-definitions.js';
import type { Product } from '../../../../shared/products.schemas.js';
import { Badge } from '../../../components/ui/badge.js';
import { buttonClasses } from '../../../components/ui/button.js';
import { cn } from '../../../lib/cn.js';
import { paths } from '../../../lib/paths.js';
import { formatScore } from '../format.js';
import { Panel } from './panel.js';

/** Spec 9: the dashboard ranks the three most voted products. */
export const DASHBOARD_TOP_PRODUCTS = 3;

// Gold, silver and bronze; each keeps 4.5:1 against its own text colour in both themes.
const RANK_CLASSES = [
  'bg-amber-400 text-amber-950',
  'bg-slate-300 text-slate-900',
  'bg-orange-700 text-white',
] as const;
const RANK_NAMES = ['gold', 'silver', 'bronze'] as const;

/** The most voted products that have any votes at all, best first. */
export function topVotedProducts(products: Product[]): Product[] {
  return products
    .filter((product) => product.votes > 0)
    .sort((a, b) => b.votes - a.votes)
    .slice(0, DASHBOARD_TOP_PRODUCTS);
}

/** 'A', 'A and B', 'A, B and C'. */
function listNames(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** Spec 2.3 Most Voted Products, with an insight that names what to stock. */
export function MostVotedProductsPanel({ products }: { products: Product[] }) {
  const top = topVotedProducts(products);
  return (
    <Panel
      title="Most Voted Products"
      description={RANKED_BY.score}
      action={
        <Link to={paths.products} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          View All Products
        </Link>
      }
    >
      {top.length === 0 ? (
        <div className="grid grid-cols-1 justify-items-center gap-1 py-6 text-center">
          <Trophy className="mb-1 size-8 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium">No voting data yet</p>
          <p className="text-sm text-muted-foreground">Votes from your machines' QR codes will rank your products here.</p>
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-4">
          <ol className="grid grid-cols-1 gap-2">
            {top.map((product, index) => (
              <li key={product.id} className="flex items-center gap-3 rounded-lg border border-border p-3">
                <span
                  className={cn(
                    'flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold',
                    RANK_CLASSES[index],
                  )}
                  title={`Rank ${index + 1} (${RANK_NAMES[index]})`}
                >
                  <span className="sr-only">Rank </span>
                  {index + 1}
                </span>
                <div className="grid grid-cols-1 min-w-0 flex-1 gap-0.5">
                  <p className="font-medium break-words">{product.name}</p>
                  <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                    <span className="break-words">{product.brand}</span>
                    <Badge variant="secondary">{product.category}</Badge>
                  </p>
                </div>
                <span className="shrink-0 text-sm font-semibold tabular-nums">{formatScore(product.votes)}</span>
              </li>
            ))}
          </ol>
          <p className="flex gap-2 rounded-lg bg-info-soft p-3 text-sm text-info-soft-foreground">
            <Lightbulb className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              Insight: your customers vote most for {listNames(top.map((product) => product.name))}. Keep{' '}
              {top.length === 1 ? 'it' : 'them'} well stocked in your machines.
            </span>
          </p>
        </div>
      )}
    </Panel>
  );
}
