import type { AdminUserStats } from '../../../../shared/admin-users.schemas.js';
import { PLANS } from '../../../../shared/plans.js';
import { StatCard } from '../../../components/stat-card.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { useAdminUserStats } from '../api.js';

const number = new Intl.NumberFormat('en-US');

/** Every account, then the accounts on each plan: the same Plan the table's column shows. */
const CARDS: { key: keyof AdminUserStats; label: string; caption: string }[] = [
  { key: 'total', label: 'Total users', caption: 'Every account' },
  ...(['free', 'growth', 'enterprise'] as const).map((tier) => ({
    key: tier,
    label: `${PLANS[tier].name} plan`,
    caption: PLANS[tier].machineLimit === null ? 'Unlimited machines' : `Up to ${PLANS[tier].machineLimit} machines`,
  })),
];

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
