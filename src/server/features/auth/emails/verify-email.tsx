import { z } from 'zod';
import { defineMail } from '../../../integrations/mail/define-mail.js';
import { LinkMail } from './link-mail.js';

export const verifyEmailMail = defineMail({
  props: z.object({ firstName: z.string(), link: z.string().url() }),
  subject: () => 'Verify your VendVote email address',
  body: ({ firstName, link }) => (
    <LinkMail
      firstName={firstName}
      intro="Thanks for signing up for VendVote. Please confirm that this is your email address."
      action="Verify email"
      link={link}
      outro="This link works for 24 hours. If you did not sign up, you can ignore this message."
    />
  ),
});
