import { useQuery } from '@tanstack/react-query';
import { BillingMessages } from '../../../../shared/billing.schemas.js';
import { PAGE_META } from '../../../../shared/page-meta.js';
import { PUBLIC_PAGE_PATHS } from '../../../../shared/page-routes.js';
import { PAID_PLAN_TRIAL_DAYS, PLAN_TIERS, PLANS } from '../../../../shared/plans.js';
import { Alert } from '../../../components/ui/alert.js';
import { useAuth } from '../../../lib/auth.js';
import { PlanCard } from '../../marketing/plan-card.js';
import { PublicPageLayout } from '../../marketing/public-page-layout.js';
import { billingConfigQuery, subscriptionStatusQuery } from '../api.js';
import { PlanAction } from '../components/plan-action.js';
import { PricingFaq } from '../components/pricing-faq.js';

/** /pricing: the three plans (extended spec 9), what each button does, and the FAQ. */
export function PricingPage() {
  const { isOperator, isLoading: authLoading } = useAuth();
  const config = useQuery(billingConfigQuery);
  const status = useQuery({ ...subscriptionStatusQuery, enabled: isOperator });
  const signedInStatus = isOperator ? (status.data ?? null) : null;
  // A signed-in operator whose plan could not be read is not treated as signed out.
  const waiting = authLoading || config.isPending || (isOperator && (status.isPending || status.isError));

  return (
    <PublicPageLayout title={PAGE_META[PUBLIC_PAGE_PATHS.pricing].title}>
      <div id="top" className="mx-auto grid max-w-6xl gap-12 px-4 py-12 sm:py-16">
        <header className="mx-auto grid max-w-2xl gap-3 text-center">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Simple pricing by the number of machines</h1>
          <p className="text-muted-foreground">
            Every plan has every feature. Start free with up to {PLANS.free.machineLimit} machines; the paid plans start with a{' '}
            {PAID_PLAN_TRIAL_DAYS}-day free trial that needs no credit card.
          </p>
        </header>

        {config.data && !config.data.configured && isOperator ? (
          <Alert variant="info" className="mx-auto max-w-2xl">
            <p className="font-semibold">{BillingMessages.notConfigured}</p>
            <p>Paid plans cannot be bought online on this installation yet. An administrator can set your plan.</p>
          </Alert>
        ) : null}
        {config.isError || status.isError ? (
          <Alert variant="destructive" className="mx-auto max-w-2xl">
            <p>The plans could not be loaded. Please reload the page.</p>
          </Alert>
        ) : null}

        <div className="grid gap-8 md:grid-cols-3" aria-busy={waiting || undefined}>
          {PLAN_TIERS.map((tier) => (
            <PlanCard
              key={tier}
              plan={PLANS[tier]}
              highlighted={tier === 'growth'}
              action={
                waiting ? (
                  <div className="h-10 w-full animate-pulse rounded-md bg-muted" aria-hidden="true" />
                ) : (
                  <PlanAction plan={PLANS[tier]} config={config.data} status={signedInStatus} />
                )
              }
            />
          ))}
        </div>

        <PricingFaq />
      </div>
    </PublicPageLayout>
  );
}
