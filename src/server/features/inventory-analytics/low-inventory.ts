import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { restockRecords } from '../../db/schema.js';
import { predictionsOf } from './inventory-read.js';

export interface LowInventory {
  machineId: number;
  machineName: string;
  productId: number;
  productName: string;
  estimatedStock: number;
  /** Whole days the recorded stock lasts at the forecast demand. */
  daysOfCover: number;
  /** The restock the estimate starts from: the notice is sent once per product, machine and restock. */
  lastRestockAt: string;
}

/**
 * Products the page calls Urgent: recorded stock predicted to run out before the next visit. Only
 * stock the operator recorded counts: a mail is never sent on the page's assumed weekly fill.
 */
export async function findLowInventory(db: Database, userId: number, now: Date): Promise<LowInventory[]> {
  const [anyRecord] = await db.select({ id: restockRecords.id }).from(restockRecords).where(eq(restockRecords.userId, userId)).limit(1);
  if (!anyRecord) return [];
  const { predictions } = await predictionsOf(db, userId, undefined, now);
  return predictions
    .filter((prediction) => prediction.urgency === 'urgent' && prediction.daysOfCover !== null)
    .map((prediction) => ({
      machineId: prediction.machineId,
      machineName: prediction.machineName,
      productId: prediction.productId,
      productName: prediction.productName,
      estimatedStock: prediction.estimatedStock ?? 0,
      daysOfCover: prediction.daysOfCover!,
      lastRestockAt: prediction.lastRestockAt!,
    }));
}
