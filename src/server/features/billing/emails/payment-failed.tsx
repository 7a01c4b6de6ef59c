import { z } from 'zod';
import { defineMail } from '../../../integrations/mail/define-mail.js';
import { ActionLink, MailLayout, Paragraph } from '../../../integrations/mail/mail-layout.js';

/** Stripe could not charge the card (invoice.payment_failed). The plan stays while Stripe retries. */
export const paymentFailedMail = defineMail({
  props: z.object({
    planName: z.string(),
    amountDue: z.string(),
    nextAttemptOn: z.string().nullable(),
    billingLink: z.string().url(),
  }),
  subject: ({ planName }) => `We could not charge your card for VendVote ${planName}`,
  body: ({ planName, amountDue, nextAttemptOn, billingLink }) => (
    <MailLayout>
      <Paragraph>
        The payment of {amountDue} for your {planName} plan did not go through.
      </Paragraph>
      <Paragraph>
        Your plan stays as it is for now.{' '}
        {nextAttemptOn ? `We will try again on ${nextAttemptOn}.` : 'No further attempt is scheduled.'} If the payment keeps
        failing, the subscription ends and your account returns to the free Starter plan; nothing is deleted.
      </Paragraph>
      <ActionLink href={billingLink}>Update your card</ActionLink>
    </MailLayout>
  ),
});
