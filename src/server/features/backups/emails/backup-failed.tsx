import { z } from 'zod';
import { defineMail } from '../../../integrations/mail/define-mail.js';
import { MailLayout, Paragraph } from '../../../integrations/mail/mail-layout.js';

/** To every administrator when a scheduled backup could not be made. */
export const backupFailedMail = defineMail({
  props: z.object({ startedAt: z.string(), error: z.string(), destination: z.string() }),
  subject: () => 'VendVote: the scheduled backup failed',
  body: ({ startedAt, error, destination }) => (
    <MailLayout>
      <Paragraph>The scheduled backup started at {startedAt} UTC could not be made, so {destination} has no new backup.</Paragraph>
      <Paragraph>
        <strong>What went wrong:</strong> {error}
      </Paragraph>
      <Paragraph muted>
        The next scheduled backup will try again. To make one now, run npm run backup where the server can be stopped, or
        fix the cause first (a full disk, or a bucket that refuses writes, are the usual ones).
      </Paragraph>
    </MailLayout>
  ),
});
