import { createHash } from 'node:crypto';
import { lt } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { productImportBatches } from '../../db/schema.js';
import type { ImportBatchInput } from './product-import.service.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long a batch key is remembered. A key only has to outlive the browser's own retries of one
 * batch (a lost answer, a 429 waited out), which happen within minutes; a week leaves room for a
 * laptop that slept through an import, and keeps the table from growing with every file ever sent.
 */
export const IMPORT_BATCH_KEEP_MS = 7 * DAY_MS;

/**
 * A hash of what the batch asks for, after validation has trimmed and normalised it: each row's
 * fields in a fixed order (absent price or description as null), and the choice for existing
 * products, which changes what the rows do. Two sends of one batch hash alike whatever the order
 * of the JSON keys.
 */
export function requestHashOf(input: ImportBatchInput): string {
  const rows = input.rows.map((row) => [row.row, row.name, row.brand, row.category, row.price ?? null, row.description ?? null]);
  return createHash('sha256').update(JSON.stringify({ existing: input.existing, rows })).digest('hex');
}

/** Forgets batches older than IMPORT_BATCH_KEEP_MS before `now`; answers how many went. */
export async function pruneImportBatches(db: Database, now: Date): Promise<number> {
  const pruned = await db
    .delete(productImportBatches)
    .where(lt(productImportBatches.createdAt, new Date(now.getTime() - IMPORT_BATCH_KEEP_MS)))
    .returning({ batchKey: productImportBatches.batchKey });
  return pruned.length;
}
