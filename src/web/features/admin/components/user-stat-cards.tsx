import { ENTERPRISE_TIER_MIN_MACHINES, GROWTH_TIER_MIN_MACHINES } from '../../../../shared/admin-users.schemas.js';
import { StatCard } from '../../../components/stat-card.js';
import { LoadError } from '../../../components/ui/load-error.js';
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
      {CARDS.map((card) => {
        const value = stats.data?.[card.key];
        return (
          <StatCard
            key={card.key}
            label={card.label}
            value={value === undefined ? undefined : number.format(value)}
            caption={card.caption}
            data-testid={`user-stat-${card.key}`}
          />
        );
      })}
    </section>
  );
}
