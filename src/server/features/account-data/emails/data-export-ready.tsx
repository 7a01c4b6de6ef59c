import { z } from 'zod';
import { defineMail } from '../../../integrations/mail/define-mail.js';
import { ActionLink, Greeting, MailLayout, Paragraph } from '../../../integrations/mail/mail-layout.js';

const props = z.object({
  firstName: z.string(),
  downloadLink: z.string().url(),
  /** The link's last day, already written out in the owner's time zone. */
  expiresOn: z.string(),
});

/** The copy of an account's data is built: the link, which works for its owner for seven days. */
export const dataExportReadyMail = defineMail({
  props,
  subject: () => 'Your VendVote data is ready to download',
  body: (p) => (
    <MailLayout>
      <Greeting firstName={p.firstName} />
      <Paragraph>The copy of your VendVote data you asked for is ready: one ZIP file with everything your account holds.</Paragraph>
      <ActionLink href={p.downloadLink}>Download your data</ActionLink>
      <Paragraph muted>
        The link works until {p.expiresOn}, and only while you are signed in to this account. After that, request a new copy in Settings.
      </Paragraph>
    </MailLayout>
  ),
});
