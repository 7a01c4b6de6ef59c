import { CreditCard } from 'lucide-react';
import { Link } from 'react-router';
import { PAGE_META } from '../../../shared/page-meta.js';
import { PUBLIC_PAGE_PATHS } from '../../../shared/page-routes.js';
import { PAID_PLAN_TRIAL_DAYS, PLAN_TIERS, PLANS, type PlanTier } from '../../../shared/plans.js';
import { buttonClasses } from '../../components/ui/button.js';
import { paths } from '../../lib/paths.js';
import { PlanCard } from './plan-card.js';
import { PublicPageLayout } from './public-page-layout.js';

/**
 * Where each card leads: the free plan needs only an account; a paid plan is chosen on the
 * pricing page, which keeps the choice through sign-up and starts its trial at checkout.
 */
const CARD_ACTIONS: Record<PlanTier, { to: string; label: string }> = {
  free: { to: paths.register, label: 'Create free account' },
  growth: { to: paths.pricingTop, label: `Choose ${PLANS.growth.name}` },
  enterprise: { to: paths.pricingTop, label: `Choose ${PLANS.enterprise.name}` },
};

/** /start-free-trial: the plans side by side, the trial's terms, and the ways in (extended spec 2). */
export function StartFreeTrialPage() {
  return (
    <PublicPageLayout title={PAGE_META[PUBLIC_PAGE_PATHS.startFreeTrial].title}>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:py-20">
        <header className="mx-auto grid max-w-3xl gap-4 text-center">
          <h1 className="text-4xl font-bold tracking-tight">Start your free trial</h1>
          <p className="text-lg text-muted-foreground">
            Start on {PLANS.free.name} for free, or try {PLANS.growth.name} or {PLANS.enterprise.name} free for{' '}
            {PAID_PLAN_TRIAL_DAYS} days. The trial applies to the paid plans; {PLANS.free.name} has no time limit.
          </p>
          <p className="mx-auto flex w-fit items-center gap-2 rounded-full bg-success-soft px-4 py-2 text-sm font-medium text-success-soft-foreground">
            <CreditCard className="size-4" aria-hidden="true" />
            No credit card required
          </p>
        </header>

        <div className="grid gap-6 md:grid-cols-3">
          {PLAN_TIERS.map((tier) => {
            const action = CARD_ACTIONS[tier];
            return (
              <PlanCard
                key={tier}
                plan={PLANS[tier]}
                highlighted={tier === 'growth'}
                action={
                  <Link to={action.to} className={buttonClasses({ variant: tier === 'growth' ? 'primary' : 'outline' })}>
                    {action.label}
                  </Link>
                }
              />
            );
          })}
        </div>

        <div className="grid justify-items-center gap-2 text-center text-sm text-muted-foreground">
          <p>
            A trial that ends without a card cancels itself and your account goes back to {PLANS.free.name}: nothing is
            charged and nothing is deleted.
          </p>
          <p>
            <Link to={paths.pricingTop} className="font-medium text-primary underline underline-offset-4">
              Compare plans and read the FAQ
            </Link>
            <span aria-hidden="true"> · </span>
            Already have an account?{' '}
            <Link to={paths.login()} className="font-medium text-primary underline underline-offset-4">
              Sign in
            </Link>
          </p>
        </div>
      </div>
    </PublicPageLayout>
  );
}
