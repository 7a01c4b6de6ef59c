import { z } from 'zod';
import { REPLY_TIME, SUPPORT_HOURS } from '../../../../shared/contact.schemas.js';
import { defineMail } from '../../../integrations/mail/define-mail.js';
import { MailLayout, Paragraph } from '../../../integrations/mail/mail-layout.js';
import { oneLine, withLineBreaks } from '../../../integrations/mail/mail-text.js';

/** The sender's copy of what they sent, so they know it arrived and what they wrote. */
export const contactCopyMail = defineMail({
  props: z.object({ name: z.string(), subject: z.string(), message: z.string() }),
  subject: ({ subject }) => `We received your message: ${oneLine(subject)}`,
  body: ({ name, subject, message }) => (
    <MailLayout>
      <Paragraph>Hi {name},</Paragraph>
      <Paragraph>
        Thank you for contacting VendVote. {REPLY_TIME} Our hours are {SUPPORT_HOURS}.
      </Paragraph>
      <Paragraph>
        <strong>Your message:</strong> {subject}
      </Paragraph>
      <Paragraph>{withLineBreaks(message)}</Paragraph>
      <Paragraph muted>You get this copy because this address was entered on the VendVote contact page.</Paragraph>
    </MailLayout>
  ),
});
