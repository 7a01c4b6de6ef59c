import { useQuery } from '@tanstack/react-query';
import { CreditCard } from 'lucide-react';
import { Link } from 'react-router';
import { BillingMessages } from '../../../../shared/billing.schemas.js';
import { PLANS, planMachinesText, planPriceText } from '../../../../shared/plans.js';
import { PageTitle } from '../../../components/page-title.js';
import { Alert } from '../../../components/ui/alert.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button, buttonClasses } from '../../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { paths } from '../../../lib/paths.js';
import { MagnetOrdersOnInvoice } from '../../magnets/components/magnet-orders-on-invoice.js';
import { billingConfigQuery, openCustomerPortal, subscriptionStatusQuery } from '../api.js';
import { longDate, renewalSentence, STATUS_LABELS } from '../billing-format.js';
import { ChangePlanButtons } from '../components/change-plan-buttons.js';
import { useStripeRedirect } from '../use-stripe-redirect.js';
import { useSettings } from '../../settings/api.js';

const RUNNING = ['trialing', 'active', 'past_due'];

/** /billing, 'Plan & billing': the plan, the trial or next charge, plan changes and Stripe's portal. */
export function BillingPage() {
  const status = useQuery(subscriptionStatusQuery);
  // Plans are charged in US dollars; an operator who keeps another currency sees them marked so.
  const currency = useSettings().data?.preferences.currency ?? 'USD';
  const config = useQuery(billingConfigQuery);
  const portal = useStripeRedirect(openCustomerPortal, 'Failed to open billing. Please try again.');

  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <PageTitle title="Plan & billing" />
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Plan &amp; billing</h1>
        <p className="text-muted-foreground">Your plan, your trial and payments, and changing plans.</p>
      </div>

      {status.isPending ? (
        <Card aria-busy="true" aria-label="Loading your plan">
          <CardContent className="grid gap-3 pt-6">
            <Skeleton className="h-7 w-40" />
            <Skeleton className="h-4 w-64" />
            <Skeleton className="h-4 w-52" />
          </CardContent>
        </Card>
      ) : status.isError ? (
        <LoadError what="your plan" error={status.error} onRetry={() => void status.refetch()} retrying={status.isRefetching} />
      ) : (
        (() => {
          const plan = PLANS[status.data.tier];
          const running = RUNNING.includes(status.data.status);
          const renewal = renewalSentence(status.data);
          return (
            <>
              <Card>
                <CardHeader>
                  <div className="flex flex-wrap items-center gap-3">
                    <CardTitle className="text-2xl font-semibold">{plan.name} plan</CardTitle>
                    {status.data.status !== 'none' ? (
                      <Badge variant={status.data.status === 'past_due' ? 'destructive' : 'secondary'}>
                        {STATUS_LABELS[status.data.status]}
                      </Badge>
                    ) : null}
                  </div>
                  <CardDescription>
                    {planPriceText(plan, currency)} · {planMachinesText(plan)}
                  </CardDescription>
                </CardHeader>
                <CardContent className="grid gap-3 text-sm">
                  <p>
                    Machines: <strong>{status.data.machineCount}</strong>
                    {status.data.machineLimit === null ? ' (no limit)' : ` of ${status.data.machineLimit}`}
                  </p>
                  {status.data.machineLimit !== null && status.data.machineCount > status.data.machineLimit ? (
                    <p className="text-muted-foreground">
                      You have more machines than this plan allows. They all keep working; to add another, upgrade first.
                    </p>
                  ) : null}
                  {renewal ? <p>{renewal}</p> : null}
                  {status.data.scheduledChange ? (
                    <Alert variant="info">
                      <p>
                        Your plan changes to {PLANS[status.data.scheduledChange.tier].name} on{' '}
                        {longDate(status.data.scheduledChange.at)}.
                      </p>
                    </Alert>
                  ) : null}
                  {status.data.status === 'none' && status.data.tier !== 'free' ? (
                    <p className="text-muted-foreground">This plan was set by an administrator; there is nothing to pay.</p>
                  ) : null}
                </CardContent>
              </Card>

              {config.data && !config.data.configured ? (
                <Alert variant="info">
                  <p className="font-semibold">{BillingMessages.notConfigured}</p>
                  <p>Plans cannot be bought or changed online on this installation. An administrator can set your plan.</p>
                </Alert>
              ) : (
                <Card>
                  <CardHeader>
                    <CardTitle className="text-lg font-semibold">Change plan</CardTitle>
                    <CardDescription>Upgrades take effect at once; downgrades at the end of the billing period. During a free trial every change is made at once.</CardDescription>
                  </CardHeader>
                  <CardContent className="grid gap-4">
                    {running ? (
                      <ChangePlanButtons status={status.data} />
                    ) : (
                      <Link to={paths.pricingTop} className={buttonClasses({ className: 'w-fit' })}>
                        Choose a plan
                      </Link>
                    )}
                    {running || status.data.status !== 'none' ? (
                      <div className="grid gap-2 border-t border-border pt-4">
                        <p className="text-muted-foreground">
                          Cards, invoices and cancelling are handled on Stripe’s secure pages.
                        </p>
                        <Button variant="outline" className="w-fit" loading={portal.pending} onClick={() => void portal.go()}>
                          <CreditCard className="size-4" aria-hidden="true" />
                          Manage billing
                        </Button>
                      </div>
                    ) : null}
                  </CardContent>
                </Card>
              )}
            </>
          );
        })()
      )}

      <MagnetOrdersOnInvoice />
    </div>
  );
}
