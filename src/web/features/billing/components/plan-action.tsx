import { Link, useNavigate } from 'react-router';
import type { BillingConfig, SubscriptionStatus } from '../../../../shared/billing.schemas.js';
import type { Plan } from '../../../../shared/plans.js';
import { Button, buttonClasses } from '../../../components/ui/button.js';
import { useAuth } from '../../../lib/auth.js';
import { paths } from '../../../lib/paths.js';
import { saveSubscriptionIntent } from '../../../lib/subscription-intent.js';
import { createCheckout } from '../api.js';
import { useStripeRedirect } from '../use-stripe-redirect.js';

/** Statuses in which a subscription is running: plan changes then go through the Plan & billing page. */
const RUNNING = ['trialing', 'active', 'past_due'];

interface PlanActionProps {
  plan: Plan;
  config: BillingConfig | undefined;
  /** Null when signed out (or not an operator). */
  status: SubscriptionStatus | null;
}

const full = 'w-full';

/**
 * What a plan's button does (extended spec, Pricing): signed out, a paid plan is remembered and the
 * visitor registers; signed in, it starts checkout and stays busy until the browser leaves; with a
 * subscription running, plans are changed on the Plan & billing page.
 */
export function PlanAction({ plan, config, status }: PlanActionProps) {
  const navigate = useNavigate();
  const priceId = plan.tier === 'free' ? null : (config?.priceIds[plan.tier] ?? null);
  const checkout = useStripeRedirect(() => createCheckout({ priceId: priceId ?? '', planName: plan.name }));
  const { user } = useAuth();

  if (user?.role === 'affiliate') {
    // An affiliate has an account already: a sign-up would make a second one. Machines (and plans)
    // are added to this account from the affiliate dashboard.
    return (
      <Link to={paths.affiliateDashboard} className={buttonClasses({ className: full, variant: 'outline' })}>
        Run machines from your affiliate dashboard
      </Link>
    );
  }
  if (!status) {
    if (plan.tier === 'free' || !priceId) {
      return (
        <Link
          to={paths.register}
          className={buttonClasses({ className: full, variant: plan.tier === 'free' ? 'outline' : 'primary' })}
        >
          {plan.tier === 'free' ? 'Get started free' : 'Create a free account'}
        </Link>
      );
    }
    return (
      <Button
        className={full}
        onClick={() => {
          saveSubscriptionIntent({ priceId, planName: plan.name });
          navigate(paths.register);
        }}
      >
        Start {plan.trialDays}-day free trial
      </Button>
    );
  }

  if (status.tier === plan.tier) {
    return (
      <Button className={full} variant="outline" disabled>
        Your current plan
      </Button>
    );
  }
  if (plan.tier === 'free' || RUNNING.includes(status.status)) {
    return (
      <Link to={paths.billing} className={buttonClasses({ className: full, variant: 'outline' })}>
        Change plan on Plan &amp; billing
      </Link>
    );
  }
  // The free trial is for a first subscription only (checkout.ts).
  const hadSubscription = status.status !== 'none';
  return (
    <Button className={full} disabled={!priceId} loading={checkout.pending} onClick={() => void checkout.go()}>
      {checkout.pending ? 'Processing…' : hadSubscription ? `Subscribe to ${plan.name}` : `Start ${plan.trialDays}-day free trial`}
    </Button>
  );
}
