import { z } from 'zod';
import { defineJob } from '../../jobs/job-definition.js';
import { approveDueCommissions } from './commissions.js';

/**
 * Runs every hour. `at` exists for tests, which approve at chosen instants (a controllable clock);
 * the scheduler leaves it out and the job uses the time it runs.
 */
export const approveCommissionsJob = defineJob({
  payload: z.object({ at: z.iso.datetime().optional() }),
  async handle(payload, { db, log }) {
    const approved = await approveDueCommissions(db, payload.at ? new Date(payload.at) : new Date());
    if (approved > 0) log.info({ approved }, 'affiliate commissions approved');
  },
});
