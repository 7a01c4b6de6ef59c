import { z } from 'zod';
import { defineMail } from '../../../integrations/mail/define-mail.js';
import { ActionLink, MailLayout, Paragraph } from '../../../integrations/mail/mail-layout.js';

/** The visitor who suggested a feature and left an email hears when its status changes. */
export const featureRequestStatusMail = defineMail({
  props: z.object({ title: z.string(), status: z.string(), boardLink: z.string().url() }),
  // The request's title is the submitter's own text: it stays out of the subject, where it would speak for us.
  subject: ({ status }) => `Your VendVote feature request is now ${status}`,
  body: ({ title, status, boardLink }) => (
    <MailLayout>
      <Paragraph>
        The feature you suggested, <strong>{title}</strong>, is now <strong>{status}</strong>.
      </Paragraph>
      <Paragraph>Thank you for helping us decide what to build next.</Paragraph>
      <ActionLink href={boardLink}>See the feature requests</ActionLink>
      <Paragraph muted>You get this mail because this address was left with the request on the VendVote feature-request board.</Paragraph>
    </MailLayout>
  ),
});
