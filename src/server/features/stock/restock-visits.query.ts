import { sql, type SQL } from 'drizzle-orm';
import { intArray } from '../../db/sql-arrays.js';

/** How many of each product's latest visits at a machine measure its units per up-vote. */
export const RESTOCKS_MEASURED = 4;

/** Every machine of the operator, or only these. */
export type MachineScope = readonly number[] | undefined;

export const inScope = (column: SQL, machines: MachineScope) => (machines === undefined ? sql`` : sql`and ${column} = any(${intArray(machines)})`);

/**
 * Each product's latest restock records at each machine (within a year), one row per product and
 * machine: its last visit, the units gone between its last few visits, and its up-votes from the
 * first of them to the last ("upVotesBetween") and from the last to now ("upVotesAfter"), counted
 * in one range of the index of up-votes by machine, product and time. The work grows with the
 * products stocked, not with the visits or the votes.
 */
export function restockVisitsQuery(userId: number, machines: MachineScope, now: Date) {
  const at = now.toISOString();
  return sql`
    with product_visits as (
      -- A visit recorded slot by slot has a line per slot; a product in two slots is one visit of the product.
      select r.machine_id, r.product_id, r.restocked_at, sum(r.units_left)::int as units_left, sum(r.units_filled)::int as units_filled
      from restock_records r
      where r.user_id = ${userId} and r.restocked_at > ${at}::timestamptz - interval '365 days' ${inScope(sql`r.machine_id`, machines)}
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
      p.latest_at as "restockedAt", p.units_sold as "unitsSold", v.between::int as "upVotesBetween", v.after::int as "upVotesAfter"
    from pairs p
    cross join lateral (
      select count(*) filter (where x.created_at <= p.latest_at) as between, count(*) filter (where x.created_at > p.latest_at) as after
      from votes x
      where x.machine_id = p.machine_id and x.product_id = p.product_id and x.vote_type = 'up'
        and x.created_at > p.first_at and x.created_at <= ${at}::timestamptz) v`;
}

export interface RestockVisitsRow {
  machineId: number;
  productId: number;
  unitsLeft: number;
  unitsFilled: number;
  restockedAt: Date;
  unitsSold: number;
  upVotesBetween: number;
  upVotesAfter: number;
}
