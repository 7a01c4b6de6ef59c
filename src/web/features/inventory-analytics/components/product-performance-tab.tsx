import { BarChart3 } from 'lucide-react';
import { RANGE_DAYS, RANGE_LABELS, type InventoryAnalytics, type ProductRank } from '../../../../shared/analytics.schemas.js';
import { RANKED_BY } from '../../../../shared/figure-definitions.js';
import { countOf } from '../../../../shared/wording.js';
import { Card } from '../../../components/ui/card.js';
import { EmptyState } from '../../../components/ui/empty-state.js';
import { ScrollFrame } from '../../../components/ui/scroll-frame.js';
import { cn } from '../../../lib/cn.js';
import { formatAmount, formatChange } from '../analytics-format.js';
import { SectionCard } from './section-card.js';

const COLUMNS = ['Rank', 'Product', 'Category', 'Votes', 'Up', 'Down', '% of total', 'Change vs previous period'] as const;
const cell = 'px-4 py-3 align-top';

/** Said of a change the server could not work out: no votes before, or history that does not reach back a whole period. */
const NO_COMPARISON = 'not enough history to compare';

function Change({ change }: { change: number | null }) {
  if (change === null) {
    return (
      <span title="Not enough history to compare" data-testid="no-change">
        <span aria-hidden="true">—</span>
        <span className="sr-only">{NO_COMPARISON}</span>
      </span>
    );
  }
  return (
    <span className={cn('tabular-nums', change > 0 && 'text-success-soft-foreground', change < 0 && 'text-destructive-text')}>{formatChange(change)}</span>
  );
}

function Movers({ title, products, empty }: { title: string; products: ProductRank[]; empty: string }) {
  return (
    <SectionCard title={title}>
      {products.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ol className="grid gap-2">
          {products.map((product) => (
            <li key={product.productId} className="flex items-baseline justify-between gap-3 text-sm">
              <span className="min-w-0 break-words">
                <span className="font-medium">{product.productName}</span>{' '}
                <span className="text-muted-foreground">
                  ({product.previousVotes} → {countOf(product.votes, 'vote')})
                </span>
              </span>
              <Change change={product.change} />
            </li>
          ))}
        </ol>
      )}
    </SectionCard>
  );
}

/** Product Performance: every product ranked by votes in the period, and the biggest risers and fallers. */
export function ProductPerformanceTab({ figures }: { figures: InventoryAnalytics }) {
  const { performance } = figures;
  const period = RANGE_LABELS[figures.range].toLowerCase();
  // No product could be compared: the votes do not reach back over the whole period before this one.
  const comparable = performance.products.some((product) => product.change !== null);
  const needHistory = `Comparisons need a full previous period of votes: the ${countOf(RANGE_DAYS[figures.range], 'day')} before the ${period}.${figures.range === '7d' ? '' : ' Try a shorter time range.'}`;
  if (performance.products.length === 0) {
    return (
      <Card>
        <EmptyState icon={BarChart3} title={`No votes in the ${period}`} hint="Products are ranked once customers vote for them. Try a longer time range." />
      </Card>
    );
  }
  return (
    <div className="grid gap-6">
      <SectionCard
        title="Top products"
        description={`${countOf(performance.totalVotes, 'vote')} in the ${period} (days in ${figures.timeZone}). ${RANKED_BY.votes} Votes from before a Reset All Votes count too, so these can be higher than the dashboard's, which starts at the last reset.`}
      >
        {/*
          Focusable so keyboard users can scroll it sideways on a phone; positioned so the visually hidden
          words in its cells (absolutely placed) scroll with it rather than widening the page.
        */}
        <ScrollFrame label="Products ranked by votes" className="relative -mx-4 sm:-mx-6">
          <table className="w-full min-w-[48rem] text-left text-sm">
            <thead className="border-y border-border bg-muted/50 text-xs text-muted-foreground uppercase">
              <tr>
                {COLUMNS.map((column) => (
                  <th key={column} scope="col" className="px-4 py-3 font-medium">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {performance.products.map((product) => (
                <tr key={product.productId} data-testid="performance-row">
                  <td className={`${cell} tabular-nums`}>{product.rank}</td>
                  <th scope="row" className={`${cell} font-medium`}>
                    {product.productName}
                  </th>
                  <td className={cell}>{product.category}</td>
                  <td className={`${cell} tabular-nums`}>{product.votes.toLocaleString('en-US')}</td>
                  <td className={`${cell} tabular-nums`}>{product.upVotes.toLocaleString('en-US')}</td>
                  <td className={`${cell} tabular-nums`}>{product.downVotes.toLocaleString('en-US')}</td>
                  <td className={`${cell} tabular-nums`}>{formatAmount(product.share)}%</td>
                  <td className={cell}>
                    <Change change={product.change} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollFrame>
      </SectionCard>
      <div className="grid gap-6 md:grid-cols-2">
        <Movers title="Rising" products={performance.risers} empty={comparable ? 'No product gained noticeably on the period before.' : needHistory} />
        <Movers title="Falling" products={performance.fallers} empty={comparable ? 'No product lost noticeably on the period before.' : needHistory} />
      </div>
    </div>
  );
}
