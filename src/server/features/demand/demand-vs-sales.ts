import { and, eq, gt, lte, max, sql } from 'drizzle-orm';
import { DEMAND_WINDOW_DAYS, MIN_VOTES_MEASURED_HERE, type DemandRow, type DemandVsSales, type Swap } from '../../../shared/demand.schemas.js';
import { formatMoney, type Currency } from '../../../shared/money.js';
import type { Database } from '../../db/client.js';
import { machineSales } from '../../db/schema.js';
import { upVotesOf, weeklyUnitsOf, type DemandInputs } from './demand-inputs.js';
import { missingProducts } from './unmet-demand.js';

/**
 * One machine's demand set against its sales over the window: for each product in its planogram
 * or asked for there, up-votes, units sold, units per up-vote and the gap between its share of
 * the up-votes and its share of the sales; and one suggested swap, the slowest seller out for the
 * most wanted product it lacks, with the change in weekly sales it would bring.
 */

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

export async function demandVsSalesOf(db: Database, inputs: DemandInputs, machineId: number): Promise<DemandVsSales> {
  const since = new Date(inputs.now.getTime() - DEMAND_WINDOW_DAYS * 24 * 60 * 60_000);
  const [coverage] = await db.select({ through: max(machineSales.soldAt) }).from(machineSales).where(and(eq(machineSales.machineId, machineId), lte(machineSales.soldAt, inputs.now)));
  const salesThrough = coverage?.through ? new Date(coverage.through) : null;
  // Reports that end inside the window say what sold in it; a machine without any says nothing.
  const covered = salesThrough !== null && salesThrough > since;
  const soldRows = covered
    ? await db
        .select({ productId: machineSales.productId, units: sql<number>`sum(${machineSales.quantity})::int` })
        .from(machineSales)
        .where(and(eq(machineSales.machineId, machineId), gt(machineSales.soldAt, since), lte(machineSales.soldAt, inputs.now)))
        .groupBy(machineSales.productId)
    : [];
  const sold = new Map(soldRows.flatMap((row) => (row.productId === null ? [] : [[row.productId, Number(row.units)] as const])));

  const slots = inputs.slots.get(machineId) ?? [];
  const suggested = new Map<number, number>();
  for (const suggestion of inputs.suggestions) {
    if (suggestion.machineId === machineId && suggestion.productId !== null) suggested.set(suggestion.productId, (suggested.get(suggestion.productId) ?? 0) + 1);
  }
  const ids = new Set<number>([...slots.flatMap((slot) => (slot.productId === null ? [] : [slot.productId])), ...suggested.keys(), ...sold.keys()]);
  for (const productId of inputs.upVotes.get(machineId)?.keys() ?? []) ids.add(productId);

  const totalVotes = [...ids].reduce((total, id) => total + upVotesOf(inputs, machineId, id), 0);
  const totalSold = [...sold.values()].reduce((a, b) => a + b, 0);
  const rows = [...ids].flatMap((productId): DemandRow[] => {
    const product = inputs.products.get(productId);
    if (!product) return [];
    const own = slots.filter((slot) => slot.productId === productId);
    const upVotes = upVotesOf(inputs, machineId, productId);
    const unitsSold = covered ? (sold.get(productId) ?? 0) : null;
    const voteShare = totalVotes === 0 ? 0 : upVotes / totalVotes;
    const salesShare = unitsSold === null || totalSold === 0 ? null : unitsSold / totalSold;
    const weekly = weeklyUnitsOf(inputs, machineId, productId);
    return [
      {
        productId,
        productName: product.name,
        category: product.category,
        slots: own.length,
        upVotes,
        suggestions: suggested.get(productId) ?? 0,
        unitsSold,
        unitsPerVote: unitsSold !== null && unitsSold > 0 && upVotes >= MIN_VOTES_MEASURED_HERE ? round(unitsSold / upVotes, 2) : null,
        voteShare: round(voteShare, 3),
        salesShare: salesShare === null ? null : round(salesShare, 3),
        gap: salesShare === null ? null : round((voteShare - salesShare) * 100, 1),
        weeklyUnits: weekly === null ? null : round(weekly, 1),
        price: own[0]?.price ?? product.price,
      },
    ];
  });
  rows.sort((a, b) => (b.gap ?? -Infinity) - (a.gap ?? -Infinity) || b.upVotes - a.upVotes || a.productName.localeCompare(b.productName));
  return { machineId, windowDays: DEMAND_WINDOW_DAYS, currency: inputs.currency, salesThrough: salesThrough?.toISOString() ?? null, rows, swap: swapOf(inputs, machineId, rows) };
}

/** The slowest seller in the planogram out, the most wanted product it lacks in, when that one would sell more. */
function swapOf(inputs: DemandInputs, machineId: number, rows: DemandRow[]): Swap | null {
  const machine = inputs.machines.find((candidate) => candidate.id === machineId);
  const slots = inputs.slots.get(machineId) ?? [];
  const selling = rows.filter((row) => row.slots > 0 && row.weeklyUnits !== null);
  if (!machine || selling.length < 2) return null;
  const slowest = selling.reduce((low, row) => (row.weeklyUnits! < low.weeklyUnits! ? row : low));
  const wanted = missingProducts(inputs, machineId, machine.name)
    .filter((product) => product.expectedWeeklyUnits !== null && product.expectedWeeklyUnits > slowest.weeklyUnits!)
    .sort((a, b) => b.expectedWeeklyUnits! - a.expectedWeeklyUnits!)[0];
  if (!wanted) return null;
  const slot = slots.filter((candidate) => candidate.productId === slowest.productId).sort((a, b) => a.code.localeCompare(b.code))[0]!;
  const inPrice = wanted.productId === null ? null : (inputs.products.get(wanted.productId)?.price ?? null);
  const outPrice = slot.price;
  const effect = inPrice === null || outPrice === null ? null : (wanted.expectedWeeklyUnits! * Number(inPrice) - slowest.weeklyUnits! * Number(outPrice)).toFixed(2);
  const money = (amount: string) => formatMoney(amount, inputs.currency as Currency);
  return {
    out: { productId: slowest.productId, productName: slowest.productName, code: slot.code, weeklyUnits: slowest.weeklyUnits!, price: outPrice },
    in: { productId: wanted.productId, productName: wanted.productName, weeklyUnits: wanted.expectedWeeklyUnits, price: inPrice },
    weeklyEffect: effect,
    reason:
      `${slowest.productName} in ${slot.code} is forecast to sell about ${slowest.weeklyUnits} a week${slowest.unitsSold === null ? '' : ` (${slowest.unitsSold} sold in ${DEMAND_WINDOW_DAYS} days)`}; ${wanted.productName}, which this machine lacks, drew ${wanted.upVotes} up-votes` +
      `${wanted.suggestions > 0 ? ` and ${wanted.suggestions} ${wanted.suggestions === 1 ? 'suggestion' : 'suggestions'}` : ''} in ${DEMAND_WINDOW_DAYS} days and would sell about ${wanted.expectedWeeklyUnits} a week` +
      ` (${wanted.unitsPerVote} units per up-vote${wanted.unitsPerVoteBasis === 'assumed' ? ', assumed' : ''})${effect === null ? '' : `: ${Number(effect) >= 0 ? '+' : '−'}${money(Math.abs(Number(effect)).toFixed(2))} a week`}.`,
  };
}
