import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import {
  RESTOCK_LIST_LIMIT,
  StockMessages,
  type RestockBatch,
  type RestockBatchFields,
  type RestockFields,
  type RestockRecord,
} from '../../../shared/stock.schemas.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/client.js';
import { products, restockRecords, vendingMachines } from '../../db/schema.js';
import { HttpError, notFound } from '../../http-errors.js';
import { memberNameOf, memberNameSql } from '../teams/member-name.js';
import { markSuggestionsStocked, publishSuggestionStocked } from '../suggestions/suggestion-stocking.js';

type Reader = Pick<Database, 'select'>;

/** A 404 that also names the field, so a form can mark the line that named a foreign record. */
const notFoundAt = (message: string, field: string) => new HttpError(404, message, { [field]: message });

/** The operator's own machine, or 404 (another operator's answers exactly like a missing one). */
export async function ownedMachine(db: Reader, userId: number, machineId: number, field = 'machineId') {
  const [machine] = await db
    .select({ id: vendingMachines.id, name: vendingMachines.name })
    .from(vendingMachines)
    .where(and(eq(vendingMachines.id, machineId), eq(vendingMachines.userId, userId)))
    .limit(1);
  if (!machine) throw notFoundAt(StockMessages.machineNotFound, field);
  return machine;
}

/**
 * Checks that every id names one of the operator's machines (or products) and answers their names;
 * the first that does not is a 404 naming its field (`fieldOf(index)`).
 */
async function ownedNames(db: Reader, kind: 'machine' | 'product', userId: number, ids: number[], fieldOf: (index: number) => string) {
  const table = kind === 'machine' ? vendingMachines : products;
  const rows = ids.length
    ? await db
        .select({ id: table.id, name: table.name })
        .from(table)
        .where(and(eq(table.userId, userId), inArray(table.id, [...new Set(ids)])))
    : [];
  const names = new Map(rows.map((row) => [row.id, row.name]));
  const missing = ids.findIndex((id) => !names.has(id));
  if (missing >= 0) {
    throw notFoundAt(kind === 'machine' ? StockMessages.machineNotFound : StockMessages.productNotFound, fieldOf(missing));
  }
  return names;
}

export const ownedMachineNames = (db: Reader, userId: number, ids: number[], fieldOf: (index: number) => string) =>
  ownedNames(db, 'machine', userId, ids, fieldOf);
export const ownedProductNames = (db: Reader, userId: number, ids: number[], fieldOf: (index: number) => string) =>
  ownedNames(db, 'product', userId, ids, fieldOf);

type RestockRow = typeof restockRecords.$inferSelect;

export function toRecord(row: RestockRow, machineName: string, productName: string, recordedBy: string | null): RestockRecord {
  return {
    id: row.id,
    machineId: row.machineId,
    machineName,
    productId: row.productId,
    productName,
    unitsLeft: row.unitsLeft,
    unitsFilled: row.unitsFilled,
    slotCode: row.slotCode,
    restockedAt: row.restockedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    recordedBy,
  };
}

/** The operator's records, newest visit first, at most RESTOCK_LIST_LIMIT; filters must name their own. */
export async function listRestocks(ctx: AppContext, userId: number, query: { machineId?: number; productId?: number }): Promise<RestockRecord[]> {
  const filters: SQL[] = [eq(restockRecords.userId, userId)];
  if (query.machineId !== undefined) {
    await ownedMachine(ctx.db, userId, query.machineId);
    filters.push(eq(restockRecords.machineId, query.machineId));
  }
  if (query.productId !== undefined) {
    await ownedProductNames(ctx.db, userId, [query.productId], () => 'productId');
    filters.push(eq(restockRecords.productId, query.productId));
  }
  const rows = await ctx.db
    .select({ record: restockRecords, machineName: vendingMachines.name, productName: products.name, recordedBy: memberNameSql(restockRecords.recordedBy) })
    .from(restockRecords)
    .innerJoin(vendingMachines, eq(vendingMachines.id, restockRecords.machineId))
    .innerJoin(products, eq(products.id, restockRecords.productId))
    .where(and(...filters))
    .orderBy(desc(restockRecords.restockedAt), desc(restockRecords.id))
    .limit(RESTOCK_LIST_LIMIT);
  return rows.map(({ record, machineName, productName, recordedBy }) => toRecord(record, machineName, productName, recordedBy));
}

/** Records one product refilled at one machine; both must be the operator's own. `recordedBy`: the member. */
export async function recordRestock(ctx: AppContext, userId: number, input: RestockFields, recordedBy: number | null = null): Promise<RestockRecord> {
  const { records } = await recordVisit(ctx, userId, recordedBy, {
    machineId: input.machineId,
    restockedAt: input.restockedAt,
    lines: [{ productId: input.productId, unitsLeft: input.unitsLeft, unitsFilled: input.unitsFilled }],
  }, () => 'productId');
  return records[0]!;
}

/**
 * Records a whole machine visit: every line at the same time, all written or none (one
 * transaction; a foreign machine or product is a 404 before anything is written).
 */
export async function recordVisit(
  ctx: AppContext,
  userId: number,
  /** The member who recorded it. */
  recordedBy: number | null,
  input: RestockBatchFields,
  /** The field a foreign product's 404 names: the line's, or 'productId' for a single record. */
  productField: (index: number) => string = (index) => `lines.${index}.productId`,
): Promise<RestockBatch> {
  const restockedAt = input.restockedAt ?? new Date();
  const { batch, stocked } = await ctx.db.transaction(async (tx) => {
    const machine = await ownedMachine(tx, userId, input.machineId);
    const productNames = await ownedProductNames(
      tx,
      userId,
      input.lines.map((line) => line.productId),
      productField,
    );
    const rows = await tx
      .insert(restockRecords)
      .values(input.lines.map((line) => ({ userId, machineId: machine.id, restockedAt, recordedBy, ...line })))
      .returning();
    const recorderName = await memberNameOf(tx, recordedBy);
    // A product customers suggested here has now reached the machine: they hear it is stocked.
    const stockedSuggestions = await markSuggestionsStocked(ctx, tx, userId, machine.id, input.lines.map((line) => line.productId));
    // RETURNING follows the VALUES order in practice, but nothing promises it: match by product.
    const byProduct = new Map(rows.map((row) => [row.productId, row]));
    const records = input.lines.map((line) => toRecord(byProduct.get(line.productId)!, machine.name, productNames.get(line.productId)!, recorderName));
    return { batch: { records }, stocked: stockedSuggestions };
  });
  // The operator's other tabs show those suggestions stocked.
  for (const suggestion of stocked) publishSuggestionStocked(ctx, userId, suggestion);
  return batch;
}

/** Removes a record made by mistake; only the operator's own can be named. */
export async function deleteRestock(ctx: AppContext, userId: number, id: number): Promise<void> {
  const [removed] = await ctx.db
    .delete(restockRecords)
    .where(and(eq(restockRecords.id, id), eq(restockRecords.userId, userId)))
    .returning({ id: restockRecords.id });
  if (!removed) throw notFound(StockMessages.restockNotFound);
}
