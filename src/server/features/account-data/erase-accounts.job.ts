import { z } from 'zod';
import { renderMail } from '../../integrations/mail/render-mail.js';
import { loggableError } from '../../plugins/error-handler.js';
import { defineJob } from '../../jobs/job-definition.js';
import { accountErasedMail } from './emails/account-deletion.js';
import { accountsDueForErasure, eraseAccount } from './erase-account.js';

/**
 * Runs every hour: erases the accounts whose 14 days of grace ended. `at` exists for tests, which
 * erase at chosen instants (a controllable clock); the scheduler leaves it out.
 */
export const eraseAccountsJob = defineJob({
  payload: z.object({ at: z.iso.datetime().optional() }),
  async handle(payload, { db, fileStore, mailer, log }) {
    const at = payload.at ? new Date(payload.at) : new Date();
    for (const user of await accountsDueForErasure(db, at)) {
      if (!(await eraseAccount(db, fileStore, user, at))) continue;
      log.info({ userId: user.id }, 'account erased');
      // Sent here, not queued: a queued mail would keep the address of an account that no longer exists.
      try {
        const message = await renderMail(user.email, accountErasedMail.subject({ firstName: user.firstName }), accountErasedMail.body({ firstName: user.firstName }));
        await mailer.send(message);
      } catch (error) {
        log.warn({ err: loggableError(error) }, 'the mail saying an account was erased was not sent');
      }
    }
  },
});
