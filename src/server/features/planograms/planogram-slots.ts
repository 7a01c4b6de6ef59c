import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { PlanogramMessages, slotKey, type SlotFields } from '../../../shared/planograms.schemas.js';
import type { Database } from '../../db/client.js';
import { planogramSlots, products, vendingMachines } from '../../db/schema.js';
import { HttpError } from '../../http-errors.js';

/**
 * The one writer of planogram_slots. A slot's row lasts as long as it holds one product, so sales
 * are told with the product the slot held when they sold (sales/slot-spells.ts reads the spells).
 */

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type SlotRow = typeof planogramSlots.$inferSelect;
type SlotValues = Pick<SlotRow, 'code' | 'productId' | 'capacity' | 'par' | 'price' | 'position'>;

/** Every product named must be the operator's own; the first that is not is a 404 naming its slot. */
async function checkProducts(tx: Tx, userId: number, slots: readonly SlotFields[]) {
  const ids = [...new Set(slots.flatMap((slot) => (slot.productId === null ? [] : [slot.productId])))];
  if (ids.length === 0) return;
  // KEY SHARE: a product deleted meanwhile waits for this save instead of failing its foreign key.
  const owned = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.userId, userId), inArray(products.id, ids)))
    .for('key share');
  const known = new Set(owned.map((row) => row.id));
  const missing = slots.findIndex((slot) => slot.productId !== null && !known.has(slot.productId));
  if (missing >= 0) {
    throw new HttpError(404, PlanogramMessages.productNotFound, { [`slots.${missing}.productId`]: PlanogramMessages.productNotFound });
  }
}

/**
 * One instant for every row this save ends or starts, read after the machine's lock was granted:
 * a slot's old spell ends exactly when its new one starts, and never before a spell the previous
 * save (which held the lock) started. now() would be the transaction's start, which can come first.
 */
async function instantOfSave(tx: Tx, machineId: number) {
  const [row] = await tx.select({ now: sql<string>`clock_timestamp()::text` }).from(vendingMachines).where(eq(vendingMachines.id, machineId));
  return sql`${row!.now}::timestamptz`;
}

const changedInPlace = (row: SlotRow, values: SlotValues) =>
  row.code !== values.code || row.capacity !== values.capacity || row.par !== values.par || row.price !== values.price || row.position !== values.position;

/**
 * Makes the machine's current slots those given, in their order. Call inside a transaction that
 * holds the machine's row locked; the slots come validated (codes unique by slotKey).
 */
export async function writeSlots(tx: Tx, userId: number, machineId: number, slots: readonly SlotFields[]): Promise<void> {
  await checkProducts(tx, userId, slots);
  const current = await tx
    .select()
    .from(planogramSlots)
    .where(and(eq(planogramSlots.machineId, machineId), isNull(planogramSlots.endedAt)));
  const ended: number[] = [];
  const currentByKey = new Map<string, SlotRow>();
  for (const row of current) {
    // The index is on the code as typed: 'a1' and 'A1' could both stand, and the second would be a stray.
    if (currentByKey.has(slotKey(row.code))) ended.push(row.id);
    else currentByKey.set(slotKey(row.code), row);
  }

  const started: SlotValues[] = [];
  const edited: { id: number; values: SlotValues }[] = [];
  slots.forEach((slot, position) => {
    const values: SlotValues = { code: slot.code, productId: slot.productId, capacity: slot.capacity, par: slot.par, price: slot.price, position };
    const row = currentByKey.get(slotKey(slot.code));
    currentByKey.delete(slotKey(slot.code));
    if (!row) {
      started.push(values);
    } else if (row.productId !== slot.productId) {
      ended.push(row.id);
      started.push(values);
    } else if (changedInPlace(row, values)) {
      edited.push({ id: row.id, values });
    }
  });
  for (const row of currentByKey.values()) ended.push(row.id);
  if (ended.length === 0 && edited.length === 0 && started.length === 0) return;

  const at = await instantOfSave(tx, machineId);
  // Ended first: a new spell of the same code must not meet the old one in the unique index of current slots.
  if (ended.length > 0) await tx.update(planogramSlots).set({ endedAt: at, updatedAt: at }).where(inArray(planogramSlots.id, ended));
  for (const { id, values } of edited) await tx.update(planogramSlots).set({ ...values, updatedAt: at }).where(eq(planogramSlots.id, id));
  if (started.length > 0) {
    await tx.insert(planogramSlots).values(started.map((values) => ({ ...values, userId, machineId, startedAt: at, updatedAt: at })));
  }
}
