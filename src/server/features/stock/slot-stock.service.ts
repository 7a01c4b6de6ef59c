import type { MachineSlotStock, SlotStock } from '../../../shared/slot-stock.schemas.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/client.js';
import { ownerSettings } from '../inventory-analytics/analytics-store.js';
import { daysToNextFill } from '../inventory-analytics/restock-model.js';
import { unitsPerVoteOf } from '../inventory-analytics/units-per-vote-source.js';
import { addDays, localClock } from '../notifications/local-time.js';
import { ownedMachine } from './restocks.service.js';
import type { SlotStockRow } from './slot-stock.query.js';
import { slotStockRows } from './stock-state.js';

/**
 * What is in each slot now (issue: planograms, DEX and true stock). A slot's last fill is the level
 * it was left at; from it go the units the machine reported sold since, or, where it reported none,
 * the up-votes since at the operator's units per up-vote, said so. A slot with no fill recorded is
 * assumed filled to par on the operator's fill day, said so too.
 */

const tenth = (value: number) => Math.round(value * 10) / 10;

/** The operator's last fill day, today included: without a recorded fill, a fill that day is assumed. */
function assumedFillDay(timeZone: string, restockWeekday: number, now: Date): string {
  const today = localClock(now, timeZone).date;
  return addDays(today, daysToNextFill(new Date(`${today}T00:00:00Z`).getUTCDay(), restockWeekday) - 7);
}

/** Built property by property: a fleet has thousands of slots, and spreading a shared part into each object cost ten times the rest. */
export function slotStockOf(row: SlotStockRow, unitsPerVote: number): SlotStock {
  if (row.productId === null) {
    return { code: row.code, productId: null, productName: row.productName, capacity: row.capacity, par: row.par, price: null, stock: null, basis: 'empty-slot', lastFill: null, goneSinceFill: null, unitsPerVote: null, toPar: 0, soldOutAt: null };
  }
  const fillAt = row.fillAt;
  const basis: SlotStock['basis'] = row.sold !== null ? 'sales' : fillAt ? 'votes' : 'assumed-fill';
  const level = fillAt ? row.fillLevel! : row.par;
  const gone = row.sold ?? (row.upVotes ?? 0) * unitsPerVote;
  // The machine's own report of a sold-out slot outweighs any estimate.
  const stock = row.soldOutAt !== null ? 0 : Math.max(0, tenth(level - gone));
  return {
    code: row.code,
    productId: row.productId,
    productName: row.productName,
    capacity: row.capacity,
    par: row.par,
    price: row.price,
    stock,
    basis,
    lastFill: fillAt ? { at: fillAt, level: row.fillLevel! } : null,
    goneSinceFill: tenth(gone),
    unitsPerVote: basis === 'sales' ? null : unitsPerVote,
    toPar: Math.max(0, row.par - Math.floor(stock)),
    soldOutAt: row.soldOutAt,
  };
}

/** Units per up-vote for a product at a machine, where up-votes stand in for sales. */
export type RatioOf = (machineId: number, productId: number) => number;

/** Every current slot of the operator's machines, or of one, by machine. */
export async function slotStocks(db: Database, userId: number, machineId: number | undefined, now: Date, ratioOf?: RatioOf) {
  const settings = await ownerSettings(db, userId);
  const assumedFill = { day: assumedFillDay(settings.timeZone, settings.restockWeekday, now), timeZone: settings.timeZone };
  const rows = await slotStockRows(db, userId, machineId, now, assumedFill);
  const byMachine = new Map<number, { salesThrough: string | null; slots: SlotStock[] }>();
  for (const row of rows) {
    const machine = byMachine.get(row.machineId) ?? { salesThrough: row.salesThrough, slots: [] };
    machine.slots.push(slotStockOf(row, row.productId === null ? settings.assumedUnitsPerVote : (ratioOf?.(row.machineId, row.productId) ?? settings.assumedUnitsPerVote)));
    byMachine.set(row.machineId, machine);
  }
  return { unitsPerVote: settings.assumedUnitsPerVote, byMachine };
}

export async function readSlotStock(ctx: AppContext, userId: number, machineId: number, now = new Date()): Promise<MachineSlotStock> {
  const machine = await ownedMachine(ctx.db, userId, machineId);
  const settings = await ownerSettings(ctx.db, userId);
  const ratioOf = await unitsPerVoteOf(ctx.db, userId, machine.id, now, settings.assumedUnitsPerVote);
  const { unitsPerVote, byMachine } = await slotStocks(ctx.db, userId, machine.id, now, (machineId, productId) => ratioOf(machineId, productId).value);
  const stock = byMachine.get(machine.id);
  return { machineId: machine.id, salesThrough: stock?.salesThrough ?? null, assumedUnitsPerVote: unitsPerVote, slots: stock?.slots ?? [] };
}
