import { PageTitle } from '../../../components/page-title.js';
import { Alert } from '../../../components/ui/alert.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { useAffiliateDashboard } from '../api.js';
import { AffiliateFigures } from '../components/affiliate-figures.js';
import { BecomeOperator } from '../components/become-operator.js';
import { MarketingResources } from '../components/marketing-resources.js';
import { MonthlyPanel } from '../components/monthly-panel.js';
import { PayoutsReceived } from '../components/payouts-received.js';
import { ReferralLinkCard } from '../components/referral-link-card.js';
import { ReferralsTable } from '../components/referrals-table.js';

/**
 * /affiliate-dashboard (members of the program; the route decides the frame): the affiliate's own
 * code, link, referrals and earnings (DECISIONS 4: real figures, not the spec's sample data).
 */
export function AffiliateDashboardPage() {
  const dashboard = useAffiliateDashboard();

  let content;
  if (dashboard.isPending) content = <AffiliateDashboardSkeleton />;
  else if (dashboard.isError) {
    content = <LoadError what="your affiliate dashboard" error={dashboard.error} onRetry={() => void dashboard.refetch()} retrying={dashboard.isRefetching} />;
  } else {
    const data = dashboard.data;
    content = (
      <>
        {data.isActive ? null : (
          <Alert variant="destructive" role="status">
            <p className="font-semibold">Your affiliate account is inactive</p>
            <p>Your link records no new clicks or sign-ups and earns no new commission. What you earned before stays yours. Contact us to ask why.</p>
          </Alert>
        )}
        <ReferralLinkCard code={data.code} link={data.link} />
        <AffiliateFigures dashboard={data} />
        <MonthlyPanel monthly={data.monthly} />
        <div className="grid min-w-0 gap-6 xl:grid-cols-[2fr_1fr]">
          <ReferralsTable referrals={data.recentReferrals} />
          <PayoutsReceived payouts={data.payouts} />
        </div>
        {data.isOperator ? null : <BecomeOperator />}
      </>
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-6xl min-w-0 gap-6">
      <PageTitle title="Affiliate Dashboard" />
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Affiliate Dashboard</h1>
        <p className="text-muted-foreground">Your referral link, what it brought in, and what you earned.</p>
      </div>
      {content}
      <MarketingResources />
    </div>
  );
}

/** The dashboard's shape while its figures load: the link, six figures, the chart. */
function AffiliateDashboardSkeleton() {
  return (
    <div role="status" aria-label="Loading your affiliate dashboard" className="grid gap-6">
      <Skeleton className="h-36 w-full rounded-xl" />
      <div className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} className="h-28 w-full rounded-xl" />
        ))}
      </div>
      <Skeleton className="h-80 w-full rounded-xl" />
    </div>
  );
}
