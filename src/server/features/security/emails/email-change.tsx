import { z } from 'zod';
import { defineMail } from '../../../integrations/mail/define-mail.js';
import { ActionLink, MailLayout, Paragraph } from '../../../integrations/mail/mail-layout.js';

/** To the new address: the link that makes it the account's sign-in email. */
export const confirmEmailChangeMail = defineMail({
  props: z.object({ firstName: z.string(), confirmLink: z.string().url() }),
  subject: () => 'Confirm your new VendVote email address',
  body: ({ firstName, confirmLink }) => (
    <MailLayout>
      <Paragraph>Hi {firstName},</Paragraph>
      <Paragraph>You asked to use this address to sign in to VendVote. Confirm it within 24 hours:</Paragraph>
      <ActionLink href={confirmLink}>Confirm this email address</ActionLink>
      <Paragraph muted>If you did not ask for this, ignore this mail: nothing changes.</Paragraph>
    </MailLayout>
  ),
});

/** To the old address, once the change is made: the owner hears of it even if someone else made it. */
export const emailChangedMail = defineMail({
  props: z.object({ firstName: z.string(), newEmail: z.string(), supportLink: z.string().url() }),
  subject: () => 'Your VendVote email address was changed',
  body: ({ firstName, newEmail, supportLink }) => (
    <MailLayout>
      <Paragraph>Hi {firstName},</Paragraph>
      <Paragraph>
        Your VendVote account now signs in with <strong>{newEmail}</strong>. This address will no longer receive its mail.
      </Paragraph>
      <Paragraph>If you did not make this change, contact us at once.</Paragraph>
      <ActionLink href={supportLink}>Contact support</ActionLink>
    </MailLayout>
  ),
});
