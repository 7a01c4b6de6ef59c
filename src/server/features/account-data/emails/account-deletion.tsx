import { z } from 'zod';
import { defineMail } from '../../../integrations/mail/define-mail.js';
import { ActionLink, Greeting, MailLayout, Paragraph } from '../../../integrations/mail/mail-layout.js';

const scheduledProps = z.object({
  firstName: z.string(),
  /** The day the account will be erased, already written out in the owner's time zone. */
  eraseOn: z.string(),
  signInLink: z.string().url(),
});

/** Sent when the owner asks to delete the account: what happened, and how to undo it in time. */
export const deletionScheduledMail = defineMail({
  props: scheduledProps,
  subject: () => 'Your VendVote account will be deleted',
  body: (p) => (
    <MailLayout>
      <Greeting firstName={p.firstName} />
      <Paragraph>
        You asked us to delete your VendVote account. Your subscription is cancelled, every device is signed out and your machines' vote pages are
        closed.
      </Paragraph>
      <Paragraph>
        On {p.eraseOn} we will erase your account and everything it holds. Until then you can change your mind: sign in and choose to keep your
        account.
      </Paragraph>
      <ActionLink href={p.signInLink}>Sign in to keep your account</ActionLink>
      <Paragraph muted>If you did not ask for this, sign in and keep your account, then change your password.</Paragraph>
    </MailLayout>
  ),
});

const erasedProps = z.object({ firstName: z.string() });

/**
 * Sent once the account is erased. It is sent by the erasing job itself rather than queued, so no
 * stored job keeps the address of an account that no longer exists.
 */
export const accountErasedMail = defineMail({
  props: erasedProps,
  subject: () => 'Your VendVote account has been deleted',
  body: (p) => (
    <MailLayout>
      <Greeting firstName={p.firstName} />
      <Paragraph>
        Your VendVote account and everything it held are now erased. Paid invoices are kept for our accounts, with your name and details removed.
      </Paragraph>
      <Paragraph muted>Thank you for using VendVote. You are welcome back any time.</Paragraph>
    </MailLayout>
  ),
});
