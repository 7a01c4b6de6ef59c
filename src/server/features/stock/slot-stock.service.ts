import { and, asc, desc, eq, gt, isNull, max, sql } from 'drizzle-orm';
import { slotKey } from '../../../shared/planograms.schemas.js';
import type { MachineSlotStock, SlotStock } from '../../../shared/slot-stock.schemas.js';
import type { AppContext } from '../../context.js';
import { queryRows } from '../../db/client.js';
import { machineSales, planogramSlots, products, restockRecords } from '../../db/schema.js';
import { ownerSettings } from '../inventory-analytics/analytics-store.js';
import { daysToNextFill } from '../inventory-analytics/restock-model.js';
import { addDays, localClock } from '../notifications/local-time.js';
import { ownedMachine } from './restocks.service.js';
import { fillOf, soldSinceFill, type CurrentSlot, type SaleSpan } from './slot-stock-model.js';

/**
 * What is in each slot of a machine now (issue: planograms, DEX and true stock). A slot's last fill
 * is the level it was left at; from it go the units the machine reported sold since, or, where it
 * reported none, the up-votes since at the operator's units per up-vote, said so. A slot with no
 * fill recorded is assumed filled to par on the operator's fill day, said so too.
 */
export async function readSlotStock(ctx: AppContext, userId: number, machineId: number, now = new Date()): Promise<MachineSlotStock> {
  const machine = await ownedMachine(ctx.db, userId, machineId);
  const settings = await ownerSettings(ctx.db, userId);
  const slots: CurrentSlot[] = await ctx.db
    .select({
      code: planogramSlots.code,
      productId: planogramSlots.productId,
      productName: products.name,
      capacity: planogramSlots.capacity,
      par: planogramSlots.par,
      startedAt: planogramSlots.startedAt,
      firstSpell: sql<boolean>`not exists (select 1 from ${planogramSlots} earlier where earlier.machine_id = ${planogramSlots.machineId} and upper(earlier.code) = upper(${planogramSlots.code}) and earlier.started_at < ${planogramSlots.startedAt})`,
    })
    .from(planogramSlots)
    .leftJoin(products, eq(products.id, planogramSlots.productId))
    .where(and(eq(planogramSlots.machineId, machine.id), isNull(planogramSlots.endedAt)))
    .orderBy(asc(planogramSlots.position), asc(planogramSlots.id));

  const yearAgo = new Date(now.getTime() - 365 * 24 * 60 * 60_000);
  const fills = await ctx.db
    .select({ productId: restockRecords.productId, slotCode: restockRecords.slotCode, unitsLeft: restockRecords.unitsLeft, unitsFilled: restockRecords.unitsFilled, restockedAt: restockRecords.restockedAt })
    .from(restockRecords)
    .where(and(eq(restockRecords.machineId, machine.id), gt(restockRecords.restockedAt, yearAgo)))
    .orderBy(desc(restockRecords.restockedAt), desc(restockRecords.id));
  const [coverage] = await ctx.db.select({ through: max(machineSales.soldAt) }).from(machineSales).where(eq(machineSales.machineId, machine.id));
  const salesThrough = coverage?.through ? new Date(coverage.through) : null;

  const lastFills = new Map(slots.map((slot) => [slotKey(slot.code), fillOf(slot, slots, fills)]));
  const fillTimes = [...lastFills.values()].filter((fill) => fill !== null).map((fill) => fill.at.getTime());
  const sales: SaleSpan[] =
    salesThrough && fillTimes.length > 0
      ? await ctx.db
          .select({ code: machineSales.code, productId: machineSales.productId, quantity: machineSales.quantity, soldFrom: machineSales.soldFrom, soldAt: machineSales.soldAt })
          .from(machineSales)
          .where(and(eq(machineSales.machineId, machine.id), gt(machineSales.soldAt, new Date(Math.min(...fillTimes)))))
      : [];

  // The assumed fill: the operator's fill day, today included, at local midnight.
  const localToday = localClock(now, settings.timeZone).date;
  const assumedFillDay = addDays(localToday, daysToNextFill(new Date(`${localToday}T00:00:00Z`).getUTCDay(), settings.restockWeekday) - 7);
  const needVotes = slots.filter((slot) => {
    const fill = lastFills.get(slotKey(slot.code));
    return slot.productId !== null && !(fill && salesThrough && salesThrough > fill.at);
  });
  const upVotes = await upVotesSince(ctx, machine.id, needVotes, lastFills, assumedFillDay, settings.timeZone, now);
  const ratio = settings.assumedUnitsPerVote;

  const stock = slots.map((slot): SlotStock => {
    const base = { code: slot.code, productId: slot.productId, productName: slot.productName, capacity: slot.capacity, par: slot.par };
    if (slot.productId === null) return { ...base, stock: null, basis: 'empty-slot', lastFill: null, goneSinceFill: null, toPar: 0 };
    const fill = lastFills.get(slotKey(slot.code)) ?? null;
    let basis: SlotStock['basis'];
    let level: number;
    let gone: number;
    if (fill && salesThrough && salesThrough > fill.at) {
      basis = 'sales';
      level = fill.level;
      gone = soldSinceFill(slot, slots, fill.at, sales);
    } else {
      basis = fill ? 'votes' : 'assumed-fill';
      level = fill ? fill.level : slot.par;
      gone = (upVotes.get(slotKey(slot.code)) ?? 0) * ratio;
    }
    const left = Math.max(0, Math.round((level - gone) * 10) / 10);
    return {
      ...base,
      stock: left,
      basis,
      lastFill: fill ? { at: fill.at.toISOString(), level: fill.level } : null,
      goneSinceFill: Math.round(gone * 10) / 10,
      toPar: Math.max(0, slot.par - Math.floor(left)),
    };
  });
  return { machineId: machine.id, salesThrough: salesThrough?.toISOString() ?? null, assumedUnitsPerVote: ratio, slots: stock };
}

/**
 * Up-votes for each slot's product at the machine since the slot's fill (or the assumed fill day),
 * shared out among the slots that hold the same product.
 */
async function upVotesSince(ctx: AppContext, machineId: number, slots: CurrentSlot[], fills: Map<string, { at: Date } | null>, assumedFillDay: string, timeZone: string, now: Date) {
  const counts = new Map<string, number>();
  if (slots.length === 0) return counts;
  const pairs = slots.map((slot) => {
    const fill = fills.get(slotKey(slot.code));
    const since = fill ? sql`${fill.at.toISOString()}::timestamptz` : sql`(${assumedFillDay}::date::timestamp at time zone ${timeZone})`;
    return sql`(${slotKey(slot.code)}::text, ${slot.productId}::int, ${since})`;
  });
  const rows = await queryRows<{ code: string; votes: number }>(ctx.db, sql`
    select p.code, (select count(*) from votes v where v.machine_id = ${machineId} and v.product_id = p.product_id and v.vote_type = 'up'
      and v.created_at > p.since and v.created_at <= ${now.toISOString()}::timestamptz)::int as votes
    from (values ${sql.join(pairs, sql`, `)}) as p(code, product_id, since)`);
  const slotsOfProduct = new Map<number, number>();
  for (const slot of slots) slotsOfProduct.set(slot.productId!, (slotsOfProduct.get(slot.productId!) ?? 0) + 1);
  for (const row of rows) {
    const slot = slots.find((candidate) => slotKey(candidate.code) === row.code)!;
    counts.set(row.code, row.votes / (slotsOfProduct.get(slot.productId!) ?? 1));
  }
  return counts;
}
