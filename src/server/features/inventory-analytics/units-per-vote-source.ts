import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { demandForecasts, products } from '../../db/schema.js';
import { restockVisitsQuery, type MachineScope, type RestockVisitsRow } from '../stock/restock-visits.query.js';
import { freshenStockStates } from '../stock/stock-state.js';
import { unitsPerVote, type MeasuredVisits } from './restock-model.js';

/**
 * Units sold per up-vote, where up-votes stand in for sales, from the best source there is: the
 * product's reported sales against its up-votes (measured by the analytics job), else the machine's
 * recorded restocks (units gone between visits against the up-votes between them), else the
 * operator's assumption. The inventory page and a machine's slots read the same chain.
 */

export type RatioBasis = 'sales' | 'restocks' | 'assumed';
export type RatioOf = (machineId: number, productId: number) => { value: number; basis: RatioBasis };

export interface ProductVisits {
  machineId: number;
  productId: number;
  /** The product's last visit at the machine (within a year). */
  latest: { unitsLeft: number; unitsFilled: number; restockedAt: Date };
  /** Up-votes since that visit. */
  upVotesAfter: number;
}

/** Each product's last visit at each machine in scope and the up-votes since, read fresh (stock/restock-visits.query.ts); what the visits measure is stored per machine (restockMeasures). */
export async function restockHistory(db: Database, userId: number, machines: MachineScope, now: Date): Promise<ProductVisits[]> {
  const rows = await queryRows<RestockVisitsRow>(db, sql`${restockVisitsQuery(userId, machines, now)} order by 1, 2`);
  return rows.map((row) => ({
    machineId: row.machineId,
    productId: row.productId,
    latest: { unitsLeft: row.unitsLeft, unitsFilled: row.unitsFilled, restockedAt: new Date(row.restockedAt) },
    upVotesAfter: row.upVotesAfter,
  }));
}

/** Each product's latest visit at its machine, by `${machineId}:${productId}`. */
export function latestVisits(history: ProductVisits[]): Map<string, ProductVisits> {
  return new Map(history.map((visits) => [`${visits.machineId}:${visits.productId}`, visits]));
}

export function ratioChain(measured: ReadonlyMap<number, number>, measuredByMachine: ReadonlyMap<number, MeasuredVisits[]>, assumed: number): RatioOf {
  const machineRatios = new Map<number, ReturnType<typeof unitsPerVote>>();
  return (machineId, productId) => {
    const product = measured.get(productId);
    if (product !== undefined) return { value: product, basis: 'sales' };
    if (!machineRatios.has(machineId)) machineRatios.set(machineId, unitsPerVote(measuredByMachine.get(machineId) ?? [], assumed));
    const machine = machineRatios.get(machineId)!;
    return { value: machine.value, basis: machine.measured ? 'restocks' : 'assumed' };
  };
}

/** Each product's units per up-vote as the analytics job last measured them from reported sales. */
export async function measuredUnitsPerVote(db: Database, userId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectDistinctOn([demandForecasts.productId], { productId: demandForecasts.productId, ratio: sql<number>`(${demandForecasts.forecast}->>'unitsPerVote')::float8` })
    .from(demandForecasts)
    .where(and(eq(demandForecasts.userId, userId), isNotNull(sql`${demandForecasts.forecast}->'unitsPerVote'`), sql`jsonb_typeof(${demandForecasts.forecast}->'unitsPerVote') = 'number'`));
  return new Map(rows.map((row) => [row.productId, Number(row.ratio)]));
}

/**
 * Each machine's restock measure (its products' measured visits pooled), as its stored stock state
 * holds it: worked out again first where a visit or time has made it stale.
 */
export async function restockMeasures(db: Database, userId: number, machineId: number | undefined, now: Date): Promise<Map<number, MeasuredVisits[]>> {
  await freshenStockStates(db, userId, machineId, now);
  const rows = await queryRows<{ machineId: number; unitsSold: number; upVotes: number }>(db, sql`
    select s.machine_id as "machineId", s.restock_units_sold as "unitsSold", s.restock_up_votes as "upVotes"
    from machine_stock_states s join vending_machines m on m.id = s.machine_id
    where m.user_id = ${userId} ${machineId === undefined ? sql`` : sql`and m.id = ${machineId}`}`);
  return new Map(rows.map((row) => [row.machineId, [{ unitsSold: row.unitsSold, upVotes: row.upVotes }]]));
}

/**
 * The chain for one machine's (or every machine's) products. The restocks are read only when some
 * product of the catalogue has no measure from sales: at a fleet that reports all its sales, they
 * would be read for nothing.
 */
export async function unitsPerVoteOf(db: Database, userId: number, machineId: number | undefined, now: Date, assumed: number): Promise<RatioOf> {
  const measured = await measuredUnitsPerVote(db, userId);
  const catalogue = await db.select({ id: products.id }).from(products).where(eq(products.userId, userId));
  const needed = catalogue.some((product) => !measured.has(product.id));
  return ratioChain(measured, needed ? await restockMeasures(db, userId, machineId, now) : new Map(), assumed);
}
