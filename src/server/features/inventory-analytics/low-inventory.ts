import { eq } from 'drizzle-orm';
import { RESTOCK_SOON_DAYS } from '../../../shared/analytics.schemas.js';
import type { Database } from '../../db/client.js';
import { restockRecords } from '../../db/schema.js';
import { predictionsOf } from './inventory-read.js';

export interface LowInventory {
  machineId: number;
  machineName: string;
  productId: number;
  productName: string;
  estimatedStock: number;
  daysUntilRestock: number;
  /** The restock the estimate starts from: the notice is sent once per product, machine and restock. */
  lastRestockAt: string;
}

/**
 * Products whose recorded stock is predicted to reach the reorder threshold within RESTOCK_SOON_DAYS.
 * Only stock the operator recorded counts: a mail is never sent on the page's assumed weekly fill.
 */
export async function findLowInventory(db: Database, userId: number, now: Date): Promise<LowInventory[]> {
  const [anyRecord] = await db.select({ id: restockRecords.id }).from(restockRecords).where(eq(restockRecords.userId, userId)).limit(1);
  if (!anyRecord) return [];
  const { predictions } = await predictionsOf(db, userId, undefined, now);
  return predictions
    .filter((prediction) => prediction.stockBasis === 'restock-record' && prediction.daysUntilRestock !== null && prediction.daysUntilRestock <= RESTOCK_SOON_DAYS)
    .map((prediction) => ({
      machineId: prediction.machineId,
      machineName: prediction.machineName,
      productId: prediction.productId,
      productName: prediction.productName,
      estimatedStock: prediction.estimatedStock ?? 0,
      daysUntilRestock: prediction.daysUntilRestock!,
      lastRestockAt: prediction.lastRestockAt!,
    }));
}
