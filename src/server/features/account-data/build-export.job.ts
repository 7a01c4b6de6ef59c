import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { EXPORT_LINK_DAYS } from '../../../shared/account-data.schemas.js';
import type { Currency } from '../../../shared/money.js';
import { accountExports, users } from '../../db/schema.js';
import { newFileKey } from '../../integrations/file-store/file-store.js';
import { formatInstant } from '../../integrations/mail/mail-locale.js';
import { enqueue } from '../../jobs/enqueue.js';
import { defineJob, type JobDeps } from '../../jobs/job-definition.js';
import { donorOf } from '../donation-hub/donor.js';
import { ownDonation } from '../donation-hub/donations.service.js';
import { exportCsvParts, planWholeExport } from '../exports/exports.service.js';
import { accountJson, billingJson } from './account-json.js';
import { exportReadme } from './export-readme.js';
import { donationIdsOf, donationLinesCsvParts, OWNED_TABLE_DUMPS, tableCsvParts } from './owned-tables.js';
import { ZipStream } from './zip-stream.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Writes every file of the archive into the ZIP, one after another, each streamed in parts. */
async function writeArchive(zip: ZipStream, deps: JobDeps, user: typeof users.$inferSelect) {
  const ctx = { db: deps.db };
  const builtAt = new Date();
  await zip.addEntry('README.txt', [exportReadme(user.email, builtAt)]);
  await zip.addEntry('account.json', [JSON.stringify(accountJson(user), null, 2)]);
  await zip.addEntry('billing.json', [JSON.stringify(await billingJson(deps.db, user.id), null, 2)]);
  const currency = user.currency as Currency;
  for (const dataset of ['products', 'votes', 'suggestions', 'vending-issues', 'magnet-orders'] as const) {
    const plan = await planWholeExport(ctx, user.id, dataset, currency);
    await zip.addEntry(`${dataset}.csv`, exportCsvParts(ctx, plan, deps.log));
  }
  for (const dump of OWNED_TABLE_DUMPS) await zip.addEntry(dump.file, tableCsvParts(deps.db, dump, user.id));
  await zip.addEntry('donation-lines.csv', donationLinesCsvParts(deps.db, user.id));
  const donor = await donorOf(ctx, user.id);
  const { renderReceiptPdf, receiptNumberOf } = await import('../donation-hub/receipt-pdf.js');
  for (const id of await donationIdsOf(deps.db, user.id)) {
    const record = await ownDonation(ctx, user.id, id);
    await zip.addEntry(`receipts/donation-receipt-${receiptNumberOf(id)}.pdf`, [await renderReceiptPdf(record, donor)]);
  }
  zip.finish();
}

/**
 * Builds the ZIP of an account's data into the file store and mails its link. The archive is
 * uploaded as it is written, so a million votes pass through in batches and never sit in memory.
 * On the last failed attempt the export is marked failed, so the owner may ask again.
 */
export const buildExportJob = defineJob({
  payload: z.object({ exportId: z.number().int(), token: z.string() }),
  maxAttempts: 3,
  async handle({ exportId, token }, deps, run) {
    const { db, fileStore, publicUrl } = deps;
    const [row] = await db
      .select({ export: accountExports, user: users })
      .from(accountExports)
      .innerJoin(users, eq(users.id, accountExports.userId))
      .where(and(eq(accountExports.id, exportId), eq(accountExports.state, 'building')));
    if (!row) return;
    if (!fileStore) throw new Error('No file store is configured for data exports');
    const key = newFileKey('account-exports');
    const zip = new ZipStream();
    try {
      const [{ size }] = await Promise.all([fileStore.put(key, zip.stream, 'application/zip'), writeArchive(zip, deps, row.user)]);
      const readyAt = new Date();
      const expiresAt = new Date(readyAt.getTime() + EXPORT_LINK_DAYS * DAY_MS);
      await db.transaction(async (tx) => {
        await tx.update(accountExports).set({ state: 'ready', fileKey: key, sizeBytes: size, readyAt, expiresAt }).where(eq(accountExports.id, exportId));
        await enqueue(tx, 'mail.data-export-ready', {
          to: row.user.email,
          props: {
            firstName: row.user.firstName,
            downloadLink: `${publicUrl ?? ''}/api/account/data-export/${exportId}/download?token=${token}`,
            expiresOn: formatInstant('en', row.user.timeZone, expiresAt),
          },
        });
      });
    } catch (error) {
      zip.abort(error instanceof Error ? error : new Error(String(error)));
      await fileStore.delete(key);
      if (!run || run.attempt >= run.maxAttempts) await db.update(accountExports).set({ state: 'failed' }).where(eq(accountExports.id, exportId));
      throw error;
    }
  },
});
