import { z } from 'zod';
import { defineMail } from '../../../integrations/mail/define-mail.js';
import { ActionLink, MailLayout, Paragraph } from '../../../integrations/mail/mail-layout.js';

/**
 * Stripe's customer.subscription.trial_will_end arrives three days before a trial ends. Without a
 * card the trial ends in cancellation (checkout.ts), so the mail says what happens either way.
 */
export const trialEndingMail = defineMail({
  props: z.object({
    planName: z.string(),
    trialEndsOn: z.string(),
    hasPaymentMethod: z.boolean(),
    billingLink: z.string().url(),
  }),
  subject: ({ planName }) => `Your VendVote ${planName} trial ends in 3 days`,
  body: ({ planName, trialEndsOn, hasPaymentMethod, billingLink }) => (
    <MailLayout>
      <Paragraph>
        Your free trial of the {planName} plan ends on {trialEndsOn}.
      </Paragraph>
      {hasPaymentMethod ? (
        <Paragraph>Your card on file will be charged then, and the plan goes on without a break.</Paragraph>
      ) : (
        <Paragraph>
          You have not added a card, so the plan will end with the trial and your account returns to the free Starter plan. Your
          machines, products and votes stay; adding machines past the Starter limit will need a paid plan.
        </Paragraph>
      )}
      <ActionLink href={billingLink}>{hasPaymentMethod ? 'Review your plan' : 'Add a card to keep your plan'}</ActionLink>
    </MailLayout>
  ),
});
