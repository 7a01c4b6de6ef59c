import { useQuery } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import type { CheckoutConfirmation } from '../../../../shared/billing.schemas.js';
import { PLANS } from '../../../../shared/plans.js';
import { Alert } from '../../../components/ui/alert.js';
import { buttonClasses } from '../../../components/ui/button.js';
import { readApiError } from '../../../lib/api.js';
import { useAuth } from '../../../lib/auth.js';
import { paths } from '../../../lib/paths.js';
import { PublicPageLayout } from '../../marketing/public-page-layout.js';
import { checkoutConfirmationQuery } from '../api.js';
import { longDate } from '../billing-format.js';
import { FallingMoney } from '../components/falling-money.js';

/** How often, and for how long, the page asks again while Stripe finishes the subscription. */
const POLL_MS = 2000;
const POLL_FOR_MS = 30_000;

/** The plan is confirmed once our records hold the plan the session bought. */
const confirmed = (data: CheckoutConfirmation | undefined) =>
  data !== undefined && data.status === 'complete' && data.tier !== null && data.subscription.tier === data.tier;

/**
 * /subscription/success?session_id=…: where Stripe sends the browser after checkout. The id is
 * shown (its first 20 characters, extended spec) and checked by the server with Stripe; the page
 * never takes the plan from the URL.
 */
export function SubscriptionSuccessPage() {
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id')?.trim() ?? '';
  const { user, isOperator, isLoading } = useAuth();
  const [openedAt] = useState(Date.now);
  const confirmation = useQuery({
    ...checkoutConfirmationQuery(sessionId),
    enabled: isOperator && sessionId !== '',
    // Stripe may still be finishing the subscription: ask again for a short while, never after an
    // error (an id that is not the operator's stays so) and never once the answer is final.
    refetchInterval: (query) =>
      query.state.status === 'error' ||
      confirmed(query.state.data) ||
      (query.state.data !== undefined && query.state.data.status !== 'complete') ||
      query.state.dataUpdatedAt - openedAt > POLL_FOR_MS
        ? false
        : POLL_MS,
  });
  const gaveUp = !confirmed(confirmation.data) && confirmation.data?.status === 'complete' && confirmation.dataUpdatedAt - openedAt > POLL_FOR_MS;
  // Thanks only for what Stripe confirmed to this operator: never for a bare id in the address.
  const celebrate = confirmed(confirmation.data);

  // Only the operator who paid can learn what a checkout did: a signed-out visitor signs in first
  // and comes back here.
  if (!isLoading && !user) return <Navigate to={paths.login(paths.subscriptionSuccess(sessionId))} replace />;

  return (
    <PublicPageLayout title={celebrate ? 'Subscription confirmed' : 'Your subscription'}>
      {celebrate ? <FallingMoney /> : null}
      <div className="relative mx-auto grid max-w-xl gap-6 px-4 py-16 text-center">
        {celebrate ? <CheckCircle2 className="mx-auto size-12 text-primary" aria-hidden="true" /> : null}
        <h1 className="text-3xl font-bold tracking-tight">{celebrate ? 'Thank you for subscribing!' : 'Your subscription'}</h1>
        {sessionId ? (
          <p className="text-sm text-muted-foreground">
            Checkout reference: <code className="rounded bg-muted px-1.5 py-0.5 text-foreground">{sessionId.slice(0, 20)}</code>
          </p>
        ) : null}
        <div role="status" aria-live="polite">
          <ConfirmationText
            sessionId={sessionId}
            waiting={isLoading || (isOperator && confirmation.isPending)}
            signedIn={isOperator}
            data={confirmation.data}
            error={confirmation.error}
            gaveUp={gaveUp}
          />
        </div>
        <div className="flex flex-col justify-center gap-3 sm:flex-row">
          <Link to={paths.dashboard} className={buttonClasses()}>
            Go to Dashboard
          </Link>
          <Link to={paths.vendingMachines} className={buttonClasses({ variant: 'outline' })}>
            Add your machines
          </Link>
        </div>
      </div>
    </PublicPageLayout>
  );
}

interface ConfirmationTextProps {
  sessionId: string;
  waiting: boolean;
  signedIn: boolean;
  data: CheckoutConfirmation | undefined;
  error: unknown;
  /** Stripe finished but our records still lack the plan after the last poll. */
  gaveUp: boolean;
}

function ConfirmationText({ sessionId, waiting, signedIn, data, error, gaveUp }: ConfirmationTextProps) {
  if (!sessionId)
    return (
      <Alert variant="destructive">
        <p>This page needs the checkout reference Stripe sends back. Check your plan on the Plan &amp; billing page.</p>
      </Alert>
    );
  // Signed in, but not as an operator (an affiliate account): plans belong to operators.
  if (!waiting && !signedIn) return <p className="text-muted-foreground">Plans belong to operator accounts; this account has none.</p>;
  if (error) {
    return (
      <Alert variant="destructive">
        <p>
          {readApiError(error).message ?? 'We could not check this checkout.'} Your plan is shown on the Plan &amp; billing page.
        </p>
      </Alert>
    );
  }
  if (waiting || !data) return <p className="text-muted-foreground">Confirming your plan with Stripe…</p>;
  if (data.status === 'open')
    return (
      <p className="text-muted-foreground">
        This checkout is not finished yet. You can finish it or choose a plan again on the Pricing page.
      </p>
    );
  if (data.status === 'expired')
    return <p className="text-muted-foreground">This checkout expired before it was finished; nothing was charged.</p>;
  if (gaveUp) {
    return (
      <p className="text-muted-foreground">
        Checkout is complete, but your plan is taking longer than usual to appear. It will show on the{' '}
        <Link to={paths.billing} className="font-medium text-primary underline underline-offset-4">
          Plan &amp; billing
        </Link>{' '}
        page as soon as Stripe confirms it.
      </p>
    );
  }
  if (!confirmed(data)) return <p className="text-muted-foreground">Checkout complete. Your plan is being set up; this takes a few seconds…</p>;
  const plan = PLANS[data.subscription.tier];
  return (
    <p className="text-lg">
      Your <strong>{plan.name}</strong> plan is active
      {data.subscription.trialEndsAt ? `, free until ${longDate(data.subscription.trialEndsAt)}` : ''}.{' '}
      {plan.machineLimit === null
        ? 'You can add as many machines as you like.'
        : `You can now have up to ${plan.machineLimit} machines.`}
    </p>
  );
}
