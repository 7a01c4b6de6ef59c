import { DEMAND_WINDOW_DAYS, type MissingProduct, type StockOut, type UnmetDemand } from '../../../shared/demand.schemas.js';
import { pairKey, weeklyUnitsOf, type DemandInputs } from './demand-inputs.js';

/**
 * What customers want that the machines do not sell them: products voted for or suggested at a
 * machine that are not in its planogram, and slots estimated empty with the sales lost meanwhile.
 */

const DAY_MS = 24 * 60 * 60_000;
const tenth = (value: number) => Math.round(value * 10) / 10;

/** Each product's units per up-vote as the job measured them from its reported sales. */
function measuredRatios(inputs: DemandInputs): Map<number, number> {
  const ratios = new Map<number, number>();
  for (const forecast of inputs.forecasts.values()) if (forecast.unitsPerVote !== null) ratios.set(forecast.productId, forecast.unitsPerVote);
  return ratios;
}

/** Units per up-vote for a product a machine does not sell: measured from its sales elsewhere, else from its category's products there, else as the inventory page. */
function ratioFor(inputs: DemandInputs, measured: Map<number, number>, machineId: number, productId: number | null, category: string): { value: number; basis: MissingProduct['unitsPerVoteBasis'] } {
  const own = productId === null ? undefined : measured.get(productId);
  if (own !== undefined) return { value: own, basis: 'sales' };
  const similar = similarOf(inputs, machineId, category).flatMap((id) => (measured.has(id) ? [measured.get(id)!] : []));
  if (similar.length > 0) return { value: Math.round((similar.reduce((a, b) => a + b, 0) / similar.length) * 100) / 100, basis: 'similar' };
  // No product is ever -1: a suggestion outside the catalogue takes the machine's own measure or the assumption.
  return inputs.ratioOf(machineId, productId ?? -1);
}

/** Products of a category in the machine's planogram. */
function similarOf(inputs: DemandInputs, machineId: number, category: string): number[] {
  const ids = new Set((inputs.slots.get(machineId) ?? []).flatMap((slot) => (slot.productId === null ? [] : [slot.productId])));
  return [...ids].filter((id) => inputs.products.get(id)?.category === category);
}

export function missingProducts(inputs: DemandInputs, machineId: number, machineName: string, measured = measuredRatios(inputs)): MissingProduct[] {
  // Without a planogram, what the machine sells is not known: nothing can be said to be missing.
  if ((inputs.slots.get(machineId) ?? []).length === 0) return [];
  const stocked = new Set((inputs.slots.get(machineId) ?? []).flatMap((slot) => (slot.productId === null ? [] : [slot.productId])));
  const wanted = new Map<string, { productId: number | null; name: string; category: string; upVotes: number; suggestions: number }>();
  for (const [product, votes] of inputs.upVotes.get(machineId) ?? []) {
    const known = inputs.products.get(product);
    if (stocked.has(product) || !known) continue;
    wanted.set(`p${product}`, { productId: product, name: known.name, category: known.category, upVotes: votes, suggestions: 0 });
  }
  for (const suggestion of inputs.suggestions) {
    if (suggestion.machineId !== machineId || (suggestion.productId !== null && stocked.has(suggestion.productId))) continue;
    const key = suggestion.productId !== null ? `p${suggestion.productId}` : `n${suggestion.name.trim().toLowerCase()}`;
    const known = suggestion.productId === null ? undefined : inputs.products.get(suggestion.productId);
    const entry = wanted.get(key) ?? { productId: suggestion.productId, name: known?.name ?? suggestion.name, category: known?.category ?? suggestion.category, upVotes: 0, suggestions: 0 };
    entry.suggestions += 1;
    wanted.set(key, entry);
  }
  return [...wanted.values()].map((entry): MissingProduct => {
    const ratio = ratioFor(inputs, measured, machineId, entry.productId, entry.category);
    const forecast = entry.productId === null ? undefined : inputs.forecasts.get(pairKey(machineId, entry.productId));
    // Its forecast up-votes for the week, or the window's weekly average where it has no forecast.
    const weeklyVotes = forecast && forecast.basis === 'votes' ? forecast.week : (entry.upVotes * 7) / DEMAND_WINDOW_DAYS;
    const similar = similarOf(inputs, machineId, entry.category).flatMap((id) => {
      const forecastOf = inputs.forecasts.get(pairKey(machineId, id));
      return forecastOf?.basis === 'sales' ? [forecastOf.week] : [];
    });
    return {
      machineId,
      machineName,
      productId: entry.productId,
      productName: entry.name,
      category: entry.category,
      upVotes: entry.upVotes,
      suggestions: entry.suggestions,
      expectedWeeklyUnits: weeklyVotes > 0 ? tenth(weeklyVotes * ratio.value) : null,
      unitsPerVote: ratio.value,
      unitsPerVoteBasis: ratio.basis,
      similarWeeklyUnits: similar.length > 0 ? tenth(similar.reduce((a, b) => a + b, 0) / similar.length) : null,
      similarProducts: similar.length,
    };
  });
}

/**
 * Slots empty: reported sold out by the machine (then empty since its report), or estimated so. How long, estimated: the time since the fill less the days its level lasts at the
 * forecast rate (sales stop at empty, so the count cannot tell); for a figure counted down by
 * up-votes, the up-votes past the level at that rate. Lost sales: those days at the forecast rate.
 */
export function stockOuts(inputs: DemandInputs, machineId: number, machineName: string): StockOut[] {
  const slots = inputs.slots.get(machineId) ?? [];
  return slots.flatMap((slot): StockOut[] => {
    if (slot.productId === null || slot.stock === null || slot.stock > 0 || slot.basis === 'empty-slot') return [];
    const sharing = slots.filter((other) => other.productId === slot.productId).length;
    const weekly = weeklyUnitsOf(inputs, machineId, slot.productId);
    const perDay = weekly === null ? null : weekly / 7 / sharing;
    const level = slot.lastFill?.level ?? slot.par;
    let daysEmpty: number | null = null;
    if (slot.soldOutAt !== null) {
      daysEmpty = Math.max(0, (inputs.now.getTime() - Date.parse(slot.soldOutAt)) / DAY_MS);
    } else if (perDay !== null && perDay > 0) {
      daysEmpty =
        slot.basis === 'sales' && slot.lastFill
          ? Math.max(0, (inputs.now.getTime() - Date.parse(slot.lastFill.at)) / DAY_MS - level / perDay)
          : Math.max(0, ((slot.goneSinceFill ?? level) - level) / perDay);
    }
    const lostUnits = daysEmpty === null || perDay === null ? 0 : tenth(daysEmpty * perDay);
    return [
      {
        machineId,
        machineName,
        code: slot.code,
        productId: slot.productId,
        productName: slot.productName ?? '',
        basis: slot.basis,
        reportedAt: slot.soldOutAt,
        daysEmpty: daysEmpty === null ? null : tenth(daysEmpty),
        lostUnits,
        lostValue: slot.price === null ? null : (lostUnits * Number(slot.price)).toFixed(2),
      },
    ];
  });
}

export function unmetDemandOf(inputs: DemandInputs): UnmetDemand {
  const measured = measuredRatios(inputs);
  const missing = inputs.machines.flatMap((machine) => missingProducts(inputs, machine.id, machine.name, measured));
  missing.sort((a, b) => (b.expectedWeeklyUnits ?? -1) - (a.expectedWeeklyUnits ?? -1) || b.upVotes + b.suggestions - (a.upVotes + a.suggestions) || a.productName.localeCompare(b.productName));
  const outs = inputs.machines.flatMap((machine) => stockOuts(inputs, machine.id, machine.name));
  outs.sort((a, b) => b.lostUnits - a.lostUnits || a.machineName.localeCompare(b.machineName) || a.code.localeCompare(b.code));
  const computed = [...inputs.forecasts.values()].map((forecast) => forecast.computedAt.getTime());
  return {
    windowDays: DEMAND_WINDOW_DAYS,
    currency: inputs.currency,
    machinesWithoutPlanogram: inputs.machines.filter((machine) => (inputs.slots.get(machine.id) ?? []).length === 0).length,
    computedAt: computed.length > 0 ? new Date(Math.max(...computed)).toISOString() : null,
    missing,
    stockOuts: outs,
    totals: {
      missingProducts: missing.length,
      missingWeeklyUnits: tenth(missing.reduce((total, product) => total + (product.expectedWeeklyUnits ?? 0), 0)),
      stockOuts: outs.length,
      lostUnits: tenth(outs.reduce((total, out) => total + out.lostUnits, 0)),
      lostValue: outs.reduce((total, out) => total + Number(out.lostValue ?? 0), 0).toFixed(2),
    },
  };
}
