import { z } from 'zod';
import { defineMail } from '../../../integrations/mail/define-mail.js';
import { MailLayout, Paragraph } from '../../../integrations/mail/mail-layout.js';
import { oneLine, withLineBreaks } from '../../../integrations/mail/mail-text.js';

/** A message from the contact page, to SUPPORT_EMAIL; its job sets Reply-To to the sender. */
export const contactMessageMail = defineMail({
  props: z.object({ name: z.string(), email: z.string(), subject: z.string(), message: z.string() }),
  subject: ({ subject }) => `Contact form: ${oneLine(subject)}`,
  body: ({ name, email, subject, message }) => (
    <MailLayout>
      <Paragraph>
        <strong>From:</strong> {name} &lt;{email}&gt;
        <br />
        <strong>Subject:</strong> {subject}
      </Paragraph>
      <Paragraph>{withLineBreaks(message)}</Paragraph>
      <Paragraph muted>Sent through the contact page. Reply to this mail to answer {name} directly.</Paragraph>
    </MailLayout>
  ),
});
