import { useId } from 'react';
import type { EducatorStats } from '../../../../shared/educators.schemas.js';
import { Card } from '../../../components/ui/card.js';
import { Skeleton } from '../../../components/ui/skeleton.js';

const CARDS = [
  { key: 'total', label: 'Total educators', caption: 'Listed in the education directory' },
  { key: 'featured', label: 'Featured', caption: 'Shown first, with a Featured badge' },
  { key: 'categories', label: 'Categories', caption: 'Distinct categories in use' },
] as const;

/** Spec: total, featured and distinct categories; placeholders while the list loads. */
export function EducatorStatCards({ stats }: { stats: EducatorStats | undefined }) {
  return (
    <section aria-label="Educator counts" className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      {CARDS.map((card) => (
        <StatCard key={card.key} card={card} value={stats?.[card.key]} />
      ))}
    </section>
  );
}

/** A labelled group rather than a heading: the cards sit straight under the page's h1. */
function StatCard({ card, value }: { card: (typeof CARDS)[number]; value: number | undefined }) {
  const titleId = useId();
  return (
    <Card role="group" aria-labelledby={titleId} className="grid gap-1 p-4" data-testid={`educator-stat-${card.key}`}>
      <p id={titleId} className="text-sm font-medium text-muted-foreground">
        {card.label}
      </p>
      {value === undefined ? <Skeleton className="h-8 w-16" /> : <p className="text-2xl font-bold tabular-nums">{value}</p>}
      <p className="text-xs text-muted-foreground">{card.caption}</p>
    </Card>
  );
}
