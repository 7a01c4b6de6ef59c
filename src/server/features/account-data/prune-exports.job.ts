import { and, eq, isNotNull, lte } from 'drizzle-orm';
import { z } from 'zod';
import { accountExports } from '../../db/schema.js';
import { defineJob } from '../../jobs/job-definition.js';

/**
 * Runs every hour: the ZIPs whose links expired leave the file store, so a copy of an account's
 * data is kept no longer than its link works. The row stays (the status in Settings says it
 * expired). `at` exists for tests, as in the other scheduled jobs.
 */
export const pruneExportsJob = defineJob({
  payload: z.object({ at: z.iso.datetime().optional() }),
  async handle(payload, { db, fileStore, log }) {
    if (!fileStore) return;
    const at = payload.at ? new Date(payload.at) : new Date();
    const expired = await db
      .select({ id: accountExports.id, fileKey: accountExports.fileKey })
      .from(accountExports)
      .where(and(isNotNull(accountExports.fileKey), lte(accountExports.expiresAt, at)));
    for (const row of expired) {
      await fileStore.delete(row.fileKey!);
      await db.update(accountExports).set({ fileKey: null }).where(eq(accountExports.id, row.id));
    }
    if (expired.length > 0) log.info({ removed: expired.length }, 'expired account data exports removed');
  },
});
