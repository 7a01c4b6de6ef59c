import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { demandForecasts, products } from '../../db/schema.js';
import { unitsPerVote, type MeasuredVisits } from './restock-model.js';

/**
 * Units sold per up-vote, where up-votes stand in for sales, from the best source there is: the
 * product's reported sales against its up-votes (measured by the analytics job), else the machine's
 * recorded restocks (units gone between visits against the up-votes between them), else the
 * operator's assumption. The inventory page and a machine's slots read the same chain.
 */

export type RatioBasis = 'sales' | 'restocks' | 'assumed';
export type RatioOf = (machineId: number, productId: number) => { value: number; basis: RatioBasis };

/** How many of each product's latest visits at a machine measure its units per up-vote. */
const RESTOCKS_MEASURED = 4;

export interface ProductVisits {
  machineId: number;
  productId: number;
  /** The product's last visit at the machine (within a year). */
  latest: { unitsLeft: number; unitsFilled: number; restockedAt: Date };
  /** Up-votes since that visit. */
  upVotesAfter: number;
  /** What its latest few visits measure: units gone between them and up-votes from the first to the last. */
  measured: MeasuredVisits;
}

/**
 * Each product's latest restock records at each machine (within a year), one row per product and
 * machine: the units gone between its last few visits, and its up-votes from the first of them to
 * the last and from the last to now, counted in one range of the index of up-votes by machine,
 * product and time. The work grows with the products stocked, not with the visits or the votes.
 */
export async function restockHistory(db: Database, userId: number, machineId: number | undefined, now: Date): Promise<ProductVisits[]> {
  const at = now.toISOString();
  const rows = await queryRows<{
    machineId: number; productId: number; unitsLeft: number; unitsFilled: number; restockedAt: Date;
    firstAt: Date; unitsSold: number; upVotesBetween: number; upVotesAfter: number;
  }>(db, sql`
    with product_visits as (
      -- A visit recorded slot by slot has a line per slot; a product in two slots is one visit of the product.
      select r.machine_id, r.product_id, r.restocked_at, sum(r.units_left)::int as units_left, sum(r.units_filled)::int as units_filled
      from restock_records r
      where r.user_id = ${userId} and r.restocked_at > ${at}::timestamptz - interval '365 days'
        ${machineId === undefined ? sql`` : sql`and r.machine_id = ${machineId}`}
      group by r.machine_id, r.product_id, r.restocked_at),
    recent as (
      select * from (
        select v.*,
          row_number() over (partition by v.machine_id, v.product_id order by v.restocked_at desc) as recency,
          -- A refill recorded with more left than was there sold nothing, never a negative amount.
          greatest(0, v.units_left + v.units_filled - lead(v.units_left) over (partition by v.machine_id, v.product_id order by v.restocked_at)) as sold_to_next
        from product_visits v
      ) ranked where recency <= ${RESTOCKS_MEASURED}),
    pairs as (
      select machine_id, product_id, min(restocked_at) as first_at, max(restocked_at) as latest_at,
        coalesce(sum(sold_to_next) filter (where recency > 1), 0)::int as units_sold,
        (array_agg(units_left order by recency))[1] as units_left,
        (array_agg(units_filled order by recency))[1] as units_filled
      from recent group by machine_id, product_id)
    select p.machine_id as "machineId", p.product_id as "productId", p.units_left as "unitsLeft", p.units_filled as "unitsFilled",
      p.latest_at as "restockedAt", p.first_at as "firstAt", p.units_sold as "unitsSold",
      v.between::int as "upVotesBetween", v.after::int as "upVotesAfter"
    from pairs p
    cross join lateral (
      select count(*) filter (where x.created_at <= p.latest_at) as between, count(*) filter (where x.created_at > p.latest_at) as after
      from votes x
      where x.machine_id = p.machine_id and x.product_id = p.product_id and x.vote_type = 'up'
        and x.created_at > p.first_at and x.created_at <= ${at}::timestamptz) v
    order by p.machine_id, p.product_id`);
  return rows.map((row) => ({
    machineId: row.machineId,
    productId: row.productId,
    latest: { unitsLeft: row.unitsLeft, unitsFilled: row.unitsFilled, restockedAt: new Date(row.restockedAt) },
    upVotesAfter: row.upVotesAfter,
    measured: { unitsSold: row.unitsSold, upVotes: row.upVotesBetween },
  }));
}

/** Each machine's measured visits (pooled per machine: one product's visits are few) and each product's latest visit. */
export function visitsOf(history: ProductVisits[]) {
  const measuredByMachine = new Map<number, MeasuredVisits[]>();
  const latest = new Map<string, ProductVisits>();
  for (const visits of history) {
    measuredByMachine.set(visits.machineId, [...(measuredByMachine.get(visits.machineId) ?? []), visits.measured]);
    latest.set(`${visits.machineId}:${visits.productId}`, visits);
  }
  return { measuredByMachine, latest };
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
 * The chain for one machine's (or every machine's) products, read fresh. The restocks are read only
 * when some product of the catalogue has no measure from sales: at a fleet that reports all its
 * sales, they would be read for nothing.
 */
export async function unitsPerVoteOf(db: Database, userId: number, machineId: number | undefined, now: Date, assumed: number): Promise<RatioOf> {
  const measured = await measuredUnitsPerVote(db, userId);
  const catalogue = await db.select({ id: products.id }).from(products).where(eq(products.userId, userId));
  const needed = catalogue.some((product) => !measured.has(product.id));
  const { measuredByMachine } = needed ? visitsOf(await restockHistory(db, userId, machineId, now)) : { measuredByMachine: new Map<number, MeasuredVisits[]>() };
  return ratioChain(measured, measuredByMachine, assumed);
}
