import { urgencyOf, type Prediction } from '../../../shared/analytics.schemas.js';
import type { SlotStock } from '../../../shared/slot-stock.schemas.js';
import type { Database } from '../../db/client.js';
import { slotStocks } from '../stock/slot-stock.service.js';
import { daysUntil } from './restock-model.js';
import type { RatioOf } from './units-per-vote-source.js';

/**
 * Stock figures of a product that sits in the machine's planogram: the sum of its slots. A visit
 * fills each slot to its par, so the recommended stock is the sum of the pars and the order is
 * what each slot lacks of its par.
 */

/** `${machineId}:${productId}` → the product's slots at the machine; and the machines that have a planogram. */
export async function productSlots(db: Database, userId: number, machineId: number | undefined, now: Date, ratioOf: RatioOf) {
  const { byMachine } = await slotStocks(db, userId, machineId, now, (machine, product) => ratioOf(machine, product).value);
  const slots = new Map<string, SlotStock[]>();
  for (const [id, machine] of byMachine) {
    for (const slot of machine.slots) {
      if (slot.productId === null) continue;
      const key = `${id}:${slot.productId}`;
      slots.set(key, [...(slots.get(key) ?? []), slot]);
    }
  }
  return { slots, planogramMachines: new Set(byMachine.keys()) };
}

/** A product the machine's planogram does not hold: it has a forecast (customers want it) and no stock to keep. */
export const NOT_STOCKED = {
  recommendedStock: 0,
  suggestedOrder: 0,
  estimatedStock: null,
  stockBasis: 'not-stocked' as const,
  daysOfCover: null,
  urgency: 'normal' as const,
  slots: 0,
  lastFillAt: null,
};

/** A slot's basis, the weakest of them when a product's slots differ. */
function stockBasisOf(slots: readonly SlotStock[]): Prediction['stockBasis'] {
  if (slots.some((slot) => slot.basis === 'assumed-fill')) return 'assumed-weekly-fill';
  if (slots.some((slot) => slot.basis === 'votes')) return 'restock-record';
  return 'sales';
}

export function slotFigures(slots: readonly SlotStock[], dailyForecast: number[], unitsPerDemand: number, daysToNextVisit: number) {
  const stock = slots.reduce((total, slot) => total + (slot.stock ?? 0), 0);
  const stockBasis = stockBasisOf(slots);
  const daysOfCover = daysUntil(stock, 0, dailyForecast, unitsPerDemand);
  const fills = slots.flatMap((slot) => (slot.lastFill ? [slot.lastFill.at] : [])).sort();
  return {
    recommendedStock: slots.reduce((total, slot) => total + slot.par, 0),
    suggestedOrder: slots.reduce((total, slot) => total + slot.toPar, 0),
    estimatedStock: Math.round(stock * 10) / 10,
    stockBasis,
    daysOfCover,
    urgency: urgencyOf(daysOfCover, daysToNextVisit, stockBasis === 'assumed-weekly-fill'),
    slots: slots.length,
    lastFillAt: fills.at(-1) ?? null,
  };
}
