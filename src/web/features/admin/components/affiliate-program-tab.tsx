import { Percent, Users, Wallet } from 'lucide-react';
import { useState } from 'react';
import { COMMISSION_RATE_PERCENT, type AdminAffiliate } from '../../../../shared/affiliates.schemas.js';
import { formatCharge } from '../../../../shared/money.js';
import { StatCard } from '../../../components/stat-card.js';
import { Card } from '../../../components/ui/card.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError, readApiError } from '../../../lib/api.js';
import { useAdminAffiliates, useAffiliateStats, useSetAffiliateActive } from '../../affiliates/api.js';
import { AffiliatePayouts } from './affiliate-payouts.js';
import { AffiliateTable, AffiliateTableSkeleton, nameOf, NoAffiliatesYet } from './affiliate-table.js';

/**
 * Affiliate Program (spec extended 3, DECISIONS 4): the program's figures computed from referrals
 * (the spec's fixed $2,456 'monthly payouts' is what affiliates earned this month), the affiliates
 * with their standing, and their payouts.
 */
export function AffiliateProgramTab() {
  const list = useAdminAffiliates();
  const stats = useAffiliateStats();
  const setActive = useSetAffiliateActive();
  const [changingId, setChangingId] = useState<number | null>(null);

  const changeActive = async (affiliate: AdminAffiliate, isActive: boolean) => {
    setChangingId(affiliate.userId);
    try {
      await setActive.mutateAsync({ userId: affiliate.userId, isActive });
      toast({
        title: isActive ? 'Affiliate activated' : 'Affiliate deactivated',
        description: isActive
          ? `${nameOf(affiliate)}'s link counts clicks and sign-ups again.`
          : `${nameOf(affiliate)}'s link no longer counts, and earns no new commission.`,
      });
    } catch (error) {
      if (!isUnauthorizedError(error)) {
        toast({ title: 'Update failed', description: readApiError(error).message ?? 'Please try again.', variant: 'destructive' });
      }
    } finally {
      setChangingId(null);
    }
  };

  let table;
  if (list.isPending) table = <AffiliateTableSkeleton />;
  else if (list.isError) {
    table = (
      <div className="p-4">
        <LoadError what="the affiliates" error={list.error} onRetry={() => void list.refetch()} retrying={list.isRefetching} />
      </div>
    );
  } else if (list.data.length === 0) table = <NoAffiliatesYet />;
  else table = <AffiliateTable affiliates={list.data} busy={list.isFetching} changingId={changingId} onSetActive={(affiliate, next) => void changeActive(affiliate, next)} />;

  return (
    <div className="grid min-w-0 gap-6">
      {stats.isError ? (
        <LoadError what="the program figures" error={stats.error} onRetry={() => void stats.refetch()} retrying={stats.isRefetching} />
      ) : (
        <section aria-label="Affiliate program figures" className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <StatCard label="Active affiliates" value={stats.data?.activeAffiliateUsers.toLocaleString('en-US')} icon={Users} caption="Whose links count" data-testid="affiliate-program-active" />
          <StatCard
            label="Referral commission rate"
            value={`${COMMISSION_RATE_PERCENT}%`}
            icon={Percent}
            caption="What affiliates earn, recurring, of each paid invoice of a subscription they referred"
            data-testid="affiliate-program-rate"
          />
          <StatCard
            label="Commissions earned this month"
            value={stats.data ? formatCharge(stats.data.monthlyPayouts) : undefined}
            icon={Wallet}
            caption="By all affiliates (UTC month), refunds taken off; paid out after approval"
            data-testid="affiliate-program-earned"
          />
        </section>
      )}
      <Card className="min-w-0 overflow-hidden">
        <div className="border-b border-border p-4">
          <h2 className="text-lg font-semibold">Affiliates</h2>
          <p className="text-sm text-muted-foreground">Deactivating stops an affiliate&apos;s link from counting; what they earned stays theirs.</p>
        </div>
        {table}
      </Card>
      <AffiliatePayouts affiliates={list.data} />
    </div>
  );
}
