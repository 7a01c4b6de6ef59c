import { useId } from 'react';
import { ENTERPRISE_TIER_MIN_MACHINES, GROWTH_TIER_MIN_MACHINES } from '../../../../shared/admin-users.schemas.js';
import { Card } from '../../../components/ui/card.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { useAdminUserStats } from '../api.js';

const number = new Intl.NumberFormat('en-US');

/** Spec: total users and the three machine tiers. An account with no machine yet counts as free. */
const CARDS = [
  { key: 'total', label: 'Total users', caption: 'Every account' },
  { key: 'free', label: 'Free tier', caption: `0-${GROWTH_TIER_MIN_MACHINES - 1} machines; accounts with none yet count here` },
  { key: 'growth', label: 'Growth tier', caption: `${GROWTH_TIER_MIN_MACHINES}-${ENTERPRISE_TIER_MIN_MACHINES - 1} machines` },
  { key: 'enterprise', label: 'Enterprise tier', caption: `More than ${ENTERPRISE_TIER_MIN_MACHINES - 1} machines` },
] as const;

export function UserStatCards() {
  const stats = useAdminUserStats();
  if (stats.isError) return <LoadError what="the user counts" error={stats.error} onRetry={() => void stats.refetch()} retrying={stats.isRefetching} />;
  return (
    <section aria-label="User counts" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {CARDS.map((card) => (
        <StatCard key={card.key} card={card} value={stats.data?.[card.key]} />
      ))}
    </section>
  );
}

/**
 * A labelled group rather than a heading: the cards sit straight under the page's h1, and four
 * figures are not sections of the page (the operator dashboard's cards read the same way).
 */
function StatCard({ card, value }: { card: (typeof CARDS)[number]; value: number | undefined }) {
  const titleId = useId();
  return (
    <Card role="group" aria-labelledby={titleId} className="grid gap-1 p-4" data-testid={`user-stat-${card.key}`}>
      <p id={titleId} className="text-sm font-medium text-muted-foreground">
        {card.label}
      </p>
      {value === undefined ? <Skeleton className="h-8 w-16" /> : <p className="text-2xl font-bold tabular-nums">{number.format(value)}</p>}
      <p className="text-xs text-muted-foreground">{card.caption}</p>
    </Card>
  );
}
