import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { demandForecasts } from '../../db/schema.js';
import { unitsPerVote, type RestockInterval } from './restock-model.js';

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

/**
 * The latest restock records of each product at each machine (within a year), each with the up-votes
 * from it to the next one (or to now), counted on the index of up-votes by machine, product and time:
 * the work grows with the votes in those few weeks, not with the product's votes everywhere.
 */
export async function restockHistory(db: Database, userId: number, machineId: number | undefined, now: Date) {
  return queryRows<{ machineId: number; productId: number; unitsLeft: number; unitsFilled: number; restockedAt: Date; upVotesAfter: number; isLatest: boolean }>(db, sql`
    with product_visits as (
      -- A visit recorded slot by slot has a line per slot; a product in two slots is one visit of the product.
      select r.machine_id, r.product_id, r.restocked_at, min(r.id) as id, sum(r.units_left)::int as units_left, sum(r.units_filled)::int as units_filled
      from restock_records r
      where r.user_id = ${userId} and r.restocked_at > ${now.toISOString()}::timestamptz - interval '365 days'
        ${machineId === undefined ? sql`` : sql`and r.machine_id = ${machineId}`}
      group by r.machine_id, r.product_id, r.restocked_at),
    latest as (
      select * from (
        select r.*, lead(r.restocked_at) over visits as next_at, row_number() over (partition by r.machine_id, r.product_id order by r.restocked_at desc, r.id desc) as recency
        from product_visits r
        window visits as (partition by r.machine_id, r.product_id order by r.restocked_at, r.id)
      ) ranked where recency <= ${RESTOCKS_MEASURED})
    select l.machine_id as "machineId", l.product_id as "productId", l.units_left as "unitsLeft", l.units_filled as "unitsFilled",
      l.restocked_at as "restockedAt", l.next_at is null as "isLatest",
      (select count(*) from votes v
        where v.machine_id = l.machine_id and v.product_id = l.product_id and v.vote_type = 'up'
          and v.created_at > l.restocked_at and v.created_at <= coalesce(l.next_at, ${now.toISOString()}::timestamptz))::int as "upVotesAfter"
    from latest l
    order by l.machine_id, l.product_id, l.restocked_at, l.id`);
}

export type RestockHistory = Awaited<ReturnType<typeof restockHistory>>;

/** The intervals between visits (pooled per machine: one product's visits are few) and each product's latest visit. */
export function visitsOf(history: RestockHistory) {
  const intervalsByMachine = new Map<number, RestockInterval[]>();
  const latest = new Map<string, RestockHistory[number]>();
  history.forEach((record, index) => {
    const next = history[index + 1];
    if (next && !record.isLatest && next.machineId === record.machineId && next.productId === record.productId) {
      const intervals = intervalsByMachine.get(record.machineId) ?? [];
      intervals.push({ stockAfter: record.unitsLeft + record.unitsFilled, leftAtNext: next.unitsLeft, upVotes: record.upVotesAfter });
      intervalsByMachine.set(record.machineId, intervals);
    }
    if (record.isLatest) latest.set(`${record.machineId}:${record.productId}`, record);
  });
  return { intervalsByMachine, latest };
}

export function ratioChain(measured: ReadonlyMap<number, number>, intervalsByMachine: ReadonlyMap<number, RestockInterval[]>, assumed: number): RatioOf {
  const machineRatios = new Map<number, ReturnType<typeof unitsPerVote>>();
  return (machineId, productId) => {
    const product = measured.get(productId);
    if (product !== undefined) return { value: product, basis: 'sales' };
    if (!machineRatios.has(machineId)) machineRatios.set(machineId, unitsPerVote(intervalsByMachine.get(machineId) ?? [], assumed));
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

/** The chain for one machine's (or every machine's) products, read fresh. */
export async function unitsPerVoteOf(db: Database, userId: number, machineId: number | undefined, now: Date, assumed: number): Promise<RatioOf> {
  const { intervalsByMachine } = visitsOf(await restockHistory(db, userId, machineId, now));
  return ratioChain(await measuredUnitsPerVote(db, userId), intervalsByMachine, assumed);
}
