import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from './client.js';

/**
 * Each scope's (machine and product, or the demo page's product) count from its vote rows, taken
 * one at a time in id order: +1 up, −1 down, never below zero. With running sums S₁…Sₖ from zero,
 * that is Sₖ + max(0, −min(S₁…Sₖ)). Answers machine_id, product_id, cast_count and net.
 */
export function scopeCountsFromSteps(rows: SQL): SQL {
  return sql`
    select machine_id, product_id, count(*)::int as cast_count, (sum(step) + greatest(0, -min(running)))::int as net
    from (
      select machine_id, product_id, step, sum(step) over (partition by machine_id, product_id order by id) as running
      from (select id, machine_id, product_id, case when vote_type = 'up' then 1 else -1 end as step from (${rows}) r) steps
    ) running_sums
    group by machine_id, product_id`;
}

export interface CounterMismatch {
  counter: string;
  key: string;
  stored: number;
  recounted: number;
}

/**
 * Compares every vote counter with a recount of the live (not archived) vote rows. A scope's
 * count is recounted as the vote path moves it: in the order of the votes' ids, +1 up and −1 down
 * but never below zero (SCOPE_COUNT_FROM_STEPS); the votes cast and the distinct voters are counts.
 */
export async function findCounterMismatches(db: Database): Promise<CounterMismatch[]> {
  return queryRows<CounterMismatch>(
    db,
    sql`
    with live as (select * from votes where archived_at is null),
    machine_recount as (${scopeCountsFromSteps(sql`select * from live where machine_id is not null`)}),
    voters_recount as (select machine_id, voter_id, count(*)::int as cast_count from live where machine_id is not null group by 1, 2),
    operator_recount as (
      select m.user_id, l.voter_id, count(*)::int as cast_count
      from live l join vending_machines m on m.id = l.machine_id group by 1, 2)
    select 'machine_product_votes.votes_cast' as counter, c.machine_id || '/' || c.product_id as key,
           c.votes_cast as stored, coalesce(r.cast_count, 0) as recounted
    from machine_product_votes c left join machine_recount r using (machine_id, product_id)
    where c.votes_cast <> coalesce(r.cast_count, 0)
    union all
    select 'machine_product_votes.votes', r.machine_id || '/' || r.product_id, coalesce(c.votes, 0), r.net
    from machine_recount r left join machine_product_votes c using (machine_id, product_id)
    where coalesce(c.votes, 0) <> r.net
    union all
    select 'machine_voters.votes_cast', r.machine_id || '/' || r.voter_id, coalesce(v.votes_cast, 0), r.cast_count
    from voters_recount r full join machine_voters v using (machine_id, voter_id)
    where coalesce(v.votes_cast, 0) <> coalesce(r.cast_count, 0)
    union all
    select 'operator_voters.votes_cast', r.user_id || '/' || r.voter_id, coalesce(o.votes_cast, 0), coalesce(r.cast_count, 0)
    from operator_recount r full join operator_voters o using (user_id, voter_id)
    where coalesce(o.votes_cast, 0) <> coalesce(r.cast_count, 0)
    union all
    select 'products.votes', p.id::text, p.votes,
           (coalesce((select sum(votes) from machine_product_votes where product_id = p.id), 0) + p.demo_votes)::int
    from products p
    where p.votes <> coalesce((select sum(votes) from machine_product_votes where product_id = p.id), 0) + p.demo_votes`,
  );
}
