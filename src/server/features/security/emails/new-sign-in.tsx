import { z } from 'zod';
import { defineMail } from '../../../integrations/mail/define-mail.js';
import { ActionLink, MailLayout, Paragraph } from '../../../integrations/mail/mail-layout.js';

/** A sign-in from a browser this account has not used before (login alerts). */
export const newSignInMail = defineMail({
  props: z.object({ firstName: z.string(), device: z.string(), place: z.string().nullable(), when: z.string(), securityLink: z.string().url() }),
  subject: () => 'New sign-in to your VendVote account',
  body: ({ firstName, device, place, when, securityLink }) => (
    <MailLayout>
      <Paragraph>Hi {firstName},</Paragraph>
      <Paragraph>
        Your account was just signed in to from a browser it has not used before: <strong>{device}</strong>
        {place ? `, set to ${place} time` : ''}, on {when}.
      </Paragraph>
      <Paragraph>If this was you, there is nothing to do. If not, change your password now: every other device is then signed out.</Paragraph>
      <ActionLink href={securityLink}>Review your signed-in devices</ActionLink>
      <Paragraph muted>You can turn these alerts off in Settings, under Security.</Paragraph>
    </MailLayout>
  ),
});
