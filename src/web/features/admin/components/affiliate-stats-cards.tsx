import { BadgeDollarSign, Hourglass, Percent, Users } from 'lucide-react';
import { COMMISSION_HOLD_DAYS } from '../../../../shared/affiliates.schemas.js';
import { formatCharge } from '../../../../shared/money.js';
import { StatCard } from '../../../components/stat-card.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { useAffiliateStats } from '../../affiliates/api.js';

/**
 * Affiliate Setup's four cards (spec extended 3) from GET /api/admin/affiliate-stats, every figure
 * computed from stored rows: active affiliates, pending commissions, what referred subscriptions
 * paid this month, and the commission rate. Placeholders while they load.
 */
export function AffiliateStatsCards() {
  const stats = useAffiliateStats();
  if (stats.isError) {
    return <LoadError what="the affiliate figures" error={stats.error} onRetry={() => void stats.refetch()} retrying={stats.isRefetching} />;
  }
  const data = stats.data;
  return (
    <section aria-label="Affiliate program figures" className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2 lg:grid-cols-4">
      <StatCard
        label="Active affiliate users"
        value={data?.activeAffiliateUsers.toLocaleString('en-US')}
        icon={Users}
        caption="Affiliates whose links count"
        data-testid="affiliate-stat-active"
      />
      <StatCard
        label="Pending commissions"
        value={data ? formatCharge(data.totalCommissionsPending) : undefined}
        icon={Hourglass}
        caption={`Waiting out their ${COMMISSION_HOLD_DAYS} days before approval`}
        data-testid="affiliate-stat-pending"
      />
      <StatCard
        label="Monthly revenue"
        value={data ? formatCharge(data.monthlyRevenue) : undefined}
        icon={BadgeDollarSign}
        caption="Paid this month (UTC) by referred operators, refunds taken off"
        data-testid="affiliate-stat-revenue"
      />
      <StatCard
        label="Referral commission rate"
        value={data ? `${data.commissionRate}%` : undefined}
        icon={Percent}
        caption="What affiliates earn of each paid invoice of a subscription they referred"
        data-testid="affiliate-stat-rate"
      />
    </section>
  );
}
