import { Ban, CircleCheck, Mail } from 'lucide-react';
import { useState } from 'react';
import { SubscriptionPauseMessages, type AdminUser } from '../../../../shared/admin-users.schemas.js';
import { SubscriptionTierSchema, type SubscriptionTier } from '../../../../shared/auth.schemas.js';
import { PLANS } from '../../../../shared/plans.js';
import { Button } from '../../../components/ui/button.js';
import { ConfirmAction } from '../../../components/ui/confirm-action.js';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError, readApiError } from '../../../lib/api.js';
import { useResendVerification, useSetDisabled, useSetPlan } from '../api.js';
import { displayName } from './user-format.js';

function reportFailure(error: unknown, fallback: string) {
  // A lost session has already been reported by the query client.
  if (isUnauthorizedError(error)) return;
  toast({ title: 'Error', description: readApiError(error).message ?? fallback, variant: 'destructive' });
}

/** The plan an admin sets by hand; only for accounts whose plan no Stripe subscription decides. */
export function PlanControl({ user }: { user: AdminUser }) {
  const setPlan = useSetPlan();
  const [asked, setAsked] = useState<SubscriptionTier | null>(null);
  const name = displayName(user);

  const confirm = async () => {
    if (!asked) return;
    try {
      await setPlan.mutateAsync({ id: user.id, tier: asked });
      toast({ title: 'Plan set', description: `${name} is now on ${PLANS[asked].name}.` });
    } catch (error) {
      reportFailure(error, 'Failed to set the plan.');
    }
  };

  return (
    <div className="grid gap-1">
      <Select
        value={user.plan}
        disabled={user.hasSubscription || setPlan.isPending}
        onValueChange={(value) => {
          const tier = SubscriptionTierSchema.safeParse(value).data;
          if (tier && tier !== user.plan) setAsked(tier);
        }}
      >
        <SelectTrigger aria-label={`Plan of ${name}`} className="h-9 w-36">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {SubscriptionTierSchema.options.map((tier) => (
            <SelectItem key={tier} value={tier}>
              {PLANS[tier].name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {user.hasSubscription ? <span className="text-xs text-muted-foreground">Follows their Stripe subscription</span> : null}
      <ConfirmAction
        open={asked !== null}
        onOpenChange={(open) => !open && setAsked(null)}
        title={`Set ${name}'s plan to ${asked ? PLANS[asked].name : ''}?`}
        description="This sets the plan by hand, without a payment. Machines over a smaller plan's limit keep working; adding more is refused."
        confirmLabel="Set plan"
        confirmVariant="primary"
        waitForAction
        onConfirm={confirm}
      />
    </div>
  );
}

/** Resend verification (Pending accounts), and disable or re-enable (never one's own account). */
export function UserActions({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const resend = useResendVerification();
  const setDisabled = useSetDisabled();
  const name = displayName(user);

  const resendLink = async () => {
    try {
      await resend.mutateAsync({ id: user.id });
      toast({ title: 'Verification sent', description: `A new verification link is on its way to ${user.email}.` });
    } catch (error) {
      reportFailure(error, 'Failed to send the verification link.');
    }
  };

  const changeDisabled = async (disabled: boolean) => {
    try {
      const { subscriptionPause } = await setDisabled.mutateAsync({ id: user.id, disabled });
      const billing = subscriptionPause === 'none' ? '' : ` ${SubscriptionPauseMessages[subscriptionPause]}`;
      // The account changed either way; a subscription Stripe would not change is the admin's to follow up.
      const variant = subscriptionPause === 'not-paused' || subscriptionPause === 'not-resumed' ? 'destructive' : 'default';
      toast(
        disabled
          ? { title: 'Account disabled', description: `${name} is signed out and cannot sign in.${billing}`, variant }
          : { title: 'Account re-enabled', description: `${name} can sign in again.${billing}`, variant },
      );
    } catch (error) {
      reportFailure(error, disabled ? 'Failed to disable the account.' : 'Failed to re-enable the account.');
    }
  };

  return (
    <div className="flex flex-wrap gap-2">
      {!user.isVerified && !user.disabledAt ? (
        <Button variant="outline" size="sm" loading={resend.isPending} onClick={() => void resendLink()} aria-label={`Resend verification to ${name}`}>
          {resend.isPending ? null : <Mail className="size-4" aria-hidden="true" />}
          Resend verification
        </Button>
      ) : null}
      {user.disabledAt ? (
        <ConfirmAction
          trigger={
            <Button variant="outline" size="sm" loading={setDisabled.isPending} aria-label={`Re-enable ${name}`}>
              {setDisabled.isPending ? null : <CircleCheck className="size-4" aria-hidden="true" />}
              Re-enable
            </Button>
          }
          title={`Re-enable ${name}?`}
          description="They can sign in again with their password."
          confirmLabel="Re-enable"
          confirmVariant="primary"
          onConfirm={() => changeDisabled(false)}
        />
      ) : isSelf ? null : (
        <ConfirmAction
          trigger={
            <Button variant="outline" size="sm" loading={setDisabled.isPending} aria-label={`Disable ${name}`}>
              {setDisabled.isPending ? null : <Ban className="size-4" aria-hidden="true" />}
              Disable
            </Button>
          }
          title={`Disable ${name}?`}
          description={`They are signed out everywhere at once and cannot sign in until re-enabled. Their machines, products and votes are kept.${
            user.hasSubscription ? ' Their Stripe subscription will end with the period already paid for, unless re-enabled before then.' : ''
          }`}
          confirmLabel="Disable account"
          onConfirm={() => changeDisabled(true)}
        />
      )}
    </div>
  );
}
