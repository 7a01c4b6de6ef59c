import { PLANS, planPriceText } from '../../../../shared/plans.js';
import type { PaidTier, SubscriptionStatus } from '../../../../shared/billing.schemas.js';
import { Button } from '../../../components/ui/button.js';
import { ConfirmAction } from '../../../components/ui/confirm-action.js';
import { toast } from '../../../components/ui/use-toast.js';
import { readApiError } from '../../../lib/api.js';
import { longDate } from '../billing-format.js';
import { useChangePlan } from '../api.js';
import { useSettings } from '../../settings/api.js';

const PAID: PaidTier[] = ['growth', 'enterprise'];

/**
 * Moving between the paid plans (extended spec 9): an upgrade at once, a downgrade at the end of the
 * period, each confirmed first with when it takes effect. Choosing the current plan while a downgrade
 * waits keeps the current plan.
 */
export function ChangePlanButtons({ status }: { status: SubscriptionStatus }) {
  const currency = useSettings().data?.preferences.currency ?? 'USD';
  const change = useChangePlan();
  const current = status.tier === 'free' ? null : status.tier;
  const rank = (tier: PaidTier) => PAID.indexOf(tier);

  const run = (tier: PaidTier) =>
    change.mutateAsync(tier).then(
      (result) =>
        toast({
          title: 'Plan updated',
          description:
            result.effective === 'now'
              ? `You are now on the ${PLANS[tier].name} plan.`
              : `Your plan changes to ${PLANS[tier].name} on ${longDate(result.subscription.scheduledChange?.at ?? result.subscription.currentPeriodEnd ?? new Date().toISOString())}.`,
        }),
      (error: unknown) =>
        toast({
          variant: 'destructive',
          title: 'Plan not changed',
          description: readApiError(error).message ?? 'Please try again.',
        }),
    );

  return (
    <div className="flex flex-wrap gap-3">
      {PAID.filter((tier) => tier !== current || status.scheduledChange).map((tier) => {
        const plan = PLANS[tier];
        const keepCurrent = tier === current;
        const upgrade = current === null || rank(tier) > rank(current);
        // In a free trial nothing is paid yet, so every change is made at once (plan-change.ts).
        const trialing = status.status === 'trialing';
        const when =
          keepCurrent || upgrade || trialing
            ? 'at once'
            : `at the end of your current period${status.currentPeriodEnd ? `, on ${longDate(status.currentPeriodEnd)}` : ''}`;
        const cost = trialing ? ' Nothing is charged during your free trial.' : upgrade ? ' You pay the difference for the rest of this period.' : '';
        const kept = upgrade ? '' : ' Nothing is deleted: machines over the new limit keep working.';
        return (
          <ConfirmAction
            key={tier}
            waitForAction
            trigger={
              <Button
                variant={upgrade && !keepCurrent ? 'primary' : 'outline'}
                loading={change.isPending && change.variables === tier}
              >
                {keepCurrent ? `Keep ${plan.name}` : `${upgrade ? 'Upgrade' : 'Downgrade'} to ${plan.name}`}
              </Button>
            }
            title={keepCurrent ? `Keep the ${plan.name} plan?` : `${upgrade ? 'Upgrade' : 'Downgrade'} to ${plan.name}?`}
            description={
              keepCurrent
                ? 'The waiting downgrade is cancelled and your plan goes on as it is.'
                : `${plan.name} costs ${planPriceText(plan, currency)}. The change takes effect ${when}.${cost}${kept}`
            }
            confirmLabel={keepCurrent ? `Keep ${plan.name}` : `${upgrade ? 'Upgrade' : 'Downgrade'} to ${plan.name}`}
            onConfirm={() => run(tier)}
          />
        );
      })}
    </div>
  );
}
