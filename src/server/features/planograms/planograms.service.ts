import { and, asc, eq, isNull, max, sql } from 'drizzle-orm';
import { PlanogramMessages, type Planogram, type PlanogramFields, type PlanogramHistory } from '../../../shared/planograms.schemas.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/client.js';
import { planogramSlots, products, vendingMachines } from '../../db/schema.js';
import { badRequest, HttpError } from '../../http-errors.js';
import { writeSlots } from './planogram-slots.js';

/**
 * A machine's planogram: the slots it holds now (rows not ended) and every spell before. Writes go
 * through writeSlots, under a lock on the machine row, so two saves of one machine take turns.
 */

type Reader = Pick<Database, 'select'>;

/** The operator's own machine, or 404 (another operator's answers like a missing one); `field` names the input that named it. */
async function ownedMachine(db: Reader, userId: number, machineId: number, field?: string) {
  const [machine] = await db
    .select({ id: vendingMachines.id, name: vendingMachines.name })
    .from(vendingMachines)
    .where(and(eq(vendingMachines.id, machineId), eq(vendingMachines.userId, userId)))
    .limit(1);
  if (!machine) throw new HttpError(404, PlanogramMessages.machineNotFound, field ? { [field]: PlanogramMessages.machineNotFound } : undefined);
  return machine;
}

/** Like ownedMachine, holding the row until the transaction ends: the next save of this machine waits for this one. */
async function lockOwnedMachine(db: Reader, userId: number, machineId: number) {
  const [machine] = await db
    .select({ id: vendingMachines.id })
    .from(vendingMachines)
    .where(and(eq(vendingMachines.id, machineId), eq(vendingMachines.userId, userId)))
    .for('update');
  if (!machine) throw new HttpError(404, PlanogramMessages.machineNotFound);
  return machine;
}

async function readPlanogram(db: Reader, userId: number, machineId: number): Promise<Planogram> {
  const rows = await db
    .select({
      code: planogramSlots.code,
      productId: planogramSlots.productId,
      productName: products.name,
      capacity: planogramSlots.capacity,
      par: planogramSlots.par,
      price: planogramSlots.price,
      catalogPrice: products.price,
      since: planogramSlots.startedAt,
    })
    .from(planogramSlots)
    .leftJoin(products, eq(products.id, planogramSlots.productId))
    .where(and(eq(planogramSlots.machineId, machineId), eq(planogramSlots.userId, userId), isNull(planogramSlots.endedAt)))
    .orderBy(asc(planogramSlots.position), asc(planogramSlots.id));
  // Every write stamps updatedAt, ending a slot too: the latest stamp is the planogram's last change.
  const [latest] = await db
    .select({ at: max(planogramSlots.updatedAt) })
    .from(planogramSlots)
    .where(and(eq(planogramSlots.machineId, machineId), eq(planogramSlots.userId, userId)));
  return {
    machineId,
    slots: rows.map(({ catalogPrice, since, ...slot }) => ({ ...slot, effectivePrice: slot.price ?? catalogPrice, since: since.toISOString() })),
    updatedAt: latest?.at ? latest.at.toISOString() : null,
  };
}

/** The current slots in grid order, each with its product's name and the price a customer pays. */
export async function getPlanogram(ctx: AppContext, userId: number, machineId: number): Promise<Planogram> {
  await ownedMachine(ctx.db, userId, machineId);
  return readPlanogram(ctx.db, userId, machineId);
}

/** The machine's name, for naming its export; 404 for a machine not the operator's. */
export const planogramMachine = (ctx: AppContext, userId: number, machineId: number) => ownedMachine(ctx.db, userId, machineId);

/**
 * Replaces the machine's grid with `fields.slots`, all or nothing: a slot left out ends, a slot
 * given another product ends and starts again, any other change is made in place.
 */
export async function savePlanogram(ctx: AppContext, userId: number, machineId: number, fields: PlanogramFields): Promise<Planogram> {
  return ctx.db.transaction(async (tx) => {
    await lockOwnedMachine(tx, userId, machineId);
    await writeSlots(tx, userId, machineId, fields.slots);
    return readPlanogram(tx, userId, machineId);
  });
}

/** This machine takes the other's current slots, through the same diff as a save (so its history shows what changed). */
export async function copyPlanogram(ctx: AppContext, userId: number, machineId: number, fromMachineId: number): Promise<Planogram> {
  return ctx.db.transaction(async (tx) => {
    await lockOwnedMachine(tx, userId, machineId);
    if (fromMachineId === machineId) throw badRequest(PlanogramMessages.copyFromSelf, { fromMachineId: PlanogramMessages.copyFromSelf });
    await ownedMachine(tx, userId, fromMachineId, 'fromMachineId');
    const source = await readPlanogram(tx, userId, fromMachineId);
    if (source.slots.length === 0) throw badRequest(PlanogramMessages.copyFromEmpty, { fromMachineId: PlanogramMessages.copyFromEmpty });
    const slots = source.slots.map(({ code, productId, capacity, par, price }) => ({ code, productId, capacity, par, price }));
    await writeSlots(tx, userId, machineId, slots);
    return readPlanogram(tx, userId, machineId);
  });
}

/** Every spell of every slot, grouped by code (whatever its case) and oldest first. */
export async function planogramHistory(ctx: AppContext, userId: number, machineId: number): Promise<PlanogramHistory> {
  await ownedMachine(ctx.db, userId, machineId);
  const rows = await ctx.db
    .select({
      code: planogramSlots.code,
      productId: planogramSlots.productId,
      productName: products.name,
      from: planogramSlots.startedAt,
      to: planogramSlots.endedAt,
    })
    .from(planogramSlots)
    .leftJoin(products, eq(products.id, planogramSlots.productId))
    .where(and(eq(planogramSlots.machineId, machineId), eq(planogramSlots.userId, userId)))
    .orderBy(sql`upper(${planogramSlots.code})`, asc(planogramSlots.startedAt), asc(planogramSlots.id));
  return {
    machineId,
    spells: rows.map((row) => ({ ...row, from: row.from.toISOString(), to: row.to ? row.to.toISOString() : null })),
  };
}
