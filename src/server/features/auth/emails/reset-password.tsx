import { z } from 'zod';
import { defineMail } from '../../../integrations/mail/define-mail.js';
import { LinkMail } from './link-mail.js';

export const resetPasswordMail = defineMail({
  props: z.object({ firstName: z.string(), link: z.string().url() }),
  subject: () => 'Reset your VendVote password',
  body: ({ firstName, link }) => (
    <LinkMail
      firstName={firstName}
      intro="Someone asked to reset the password of your VendVote account."
      action="Choose a new password"
      link={link}
      outro="This link works once, for one hour. If you did not ask for it, you can ignore this message; your password stays as it is."
    />
  ),
});
