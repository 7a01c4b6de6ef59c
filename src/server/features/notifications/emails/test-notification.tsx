import { z } from 'zod';
import { defineMail } from '../../../integrations/mail/define-mail.js';
import { ActionLink, MailLayout, Paragraph } from '../../../integrations/mail/mail-layout.js';

/** Sent on request from the settings page, so the operator knows our mail reaches them. */
export const testNotificationMail = defineMail({
  props: z.object({ firstName: z.string(), settingsLink: z.string().url() }),
  subject: () => 'VendVote test notification',
  body: ({ firstName, settingsLink }) => (
    <MailLayout>
      <Paragraph>Hi {firstName},</Paragraph>
      <Paragraph>This is the test email you asked for: VendVote notifications reach this address.</Paragraph>
      <ActionLink href={settingsLink}>Choose what we tell you</ActionLink>
    </MailLayout>
  ),
});
