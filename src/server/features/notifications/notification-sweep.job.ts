import { z } from 'zod';
import { defineJob, type JobDeps } from '../../jobs/job-definition.js';
// The sweep lives in its own module: it enqueues mail through the job registry, which imports this
// job, and a job module that the registry imports must not need the registry while it loads.
import { sweepNotifications } from './notification-sweep.js';

/**
 * Runs every few minutes. `at` exists for tests, which run the sweep at chosen instants; the
 * scheduler leaves it out and the sweep uses the time it runs.
 */
export const notificationSweepJob = defineJob({
  payload: z.object({ at: z.iso.datetime().optional() }),
  maxAttempts: 1,
  async handle(payload, deps: JobDeps) {
    if (!deps.publicUrl || !deps.unsubscribeKey) throw new Error('Notices need publicUrl and unsubscribeKey');
    const sent = await sweepNotifications({ db: deps.db, publicUrl: deps.publicUrl, unsubscribeKey: deps.unsubscribeKey, log: deps.log }, payload.at ? new Date(payload.at) : new Date());
    if (sent > 0) deps.log.info({ sent }, 'notifications enqueued');
  },
});
