import { z } from 'zod';
import { pruneImportBatches } from '../features/product-import/import-batches.js';
import { eraseUnusedSuggesterEmails } from '../features/suggestions/suggestion-stocking.js';
import { pruneWebhookDeliveries } from '../features/webhooks/webhook-delivery.job.js';
import { defineJob } from './job-definition.js';
import { pruneFinishedJobs } from './job-store.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Done jobs are kept a week, long past the time two instances could race for one scheduled slot;
 * dead jobs a month, so someone can still find out why mail did not go out. Product import batch
 * keys go too once they are older than any retry of theirs could be (import-batches.ts), webhook
 * deliveries settled a month ago, and customers' addresses waiting for a product never stocked.
 */
export const pruneJobsJob = defineJob({
  payload: z.object({}),
  async handle(_payload, { db, log }) {
    const pruned = await pruneFinishedJobs(db, 7 * DAY_MS, 30 * DAY_MS);
    if (pruned > 0) log.info({ pruned }, 'old jobs pruned');
    const importBatches = await pruneImportBatches(db, new Date());
    if (importBatches > 0) log.info({ importBatches }, 'old product import batches pruned');
    const webhookDeliveries = await pruneWebhookDeliveries(db, 30 * DAY_MS);
    if (webhookDeliveries > 0) log.info({ webhookDeliveries }, 'old webhook deliveries pruned');
    const suggesterEmails = await eraseUnusedSuggesterEmails(db, new Date());
    if (suggesterEmails > 0) log.info({ suggesterEmails }, 'addresses of suggestions never stocked erased');
  },
});
