import { z } from 'zod';
import { defineMail } from '../../../integrations/mail/define-mail.js';
import { MailLayout, Paragraph } from '../../../integrations/mail/mail-layout.js';
import { oneLine, withLineBreaks } from '../../../integrations/mail/mail-text.js';

/** An admin's answer to a message from the contact page, with what the sender wrote below it. */
export const contactReplyMail = defineMail({
  props: z.object({ name: z.string(), subject: z.string(), message: z.string(), reply: z.string() }),
  subject: ({ subject }) => `Re: ${oneLine(subject)}`,
  body: ({ name, message, reply }) => (
    <MailLayout>
      <Paragraph>Hi {name},</Paragraph>
      <Paragraph>{withLineBreaks(reply)}</Paragraph>
      <Paragraph muted>
        <strong>You wrote:</strong>
        <br />
        {withLineBreaks(message)}
      </Paragraph>
      <Paragraph muted>This is the VendVote team&apos;s answer to your message from our contact page. Reply to this mail to write back.</Paragraph>
    </MailLayout>
  ),
});
