import { z } from 'zod';
import { defineJob } from '../../jobs/job-definition.js';
import { computeAnalytics } from './compute-analytics.js';
// Enqueues through the job registry, which imports this module: kept in its own module, used only
// when the job runs.
import { queueNightlyComputes } from './nightly-analytics.js';

/**
 * One operator's forecasts and analytics views, recomputed. `at` exists for tests, which compute at
 * chosen instants; the nightly run and the refresh button leave it out.
 */
export const computeAnalyticsJob = defineJob({
  payload: z.object({ userId: z.number().int().positive(), at: z.iso.datetime().optional() }),
  maxAttempts: 3,
  async handle(payload, { db, log }) {
    const started = Date.now();
    const result = await computeAnalytics(db, payload.userId, payload.at ? new Date(payload.at) : new Date());
    if (result) log.info({ userId: payload.userId, ...result, ms: Date.now() - started }, 'analytics computed');
  },
});

/** Every night: one compute job per operator with recent votes, each run once and retried alone. */
export const nightlyAnalyticsJob = defineJob({
  payload: z.object({ at: z.iso.datetime().optional() }),
  maxAttempts: 3,
  async handle(payload, { db, log }) {
    const queued = await queueNightlyComputes(db, payload.at ? new Date(payload.at) : new Date());
    log.info({ queued }, 'nightly analytics queued');
  },
});
