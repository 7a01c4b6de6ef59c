import { sql } from 'drizzle-orm';
import { queryRows, type Database } from './client.js';

export interface CounterMismatch {
  counter: string;
  key: string;
  stored: number;
  recounted: number;
}

/**
 * Compares every vote counter with a recount of the live (not archived) vote rows. Net counts
 * are compared as sums, which is exact while no scope's count was ever held at zero by a down
 * vote; the votes cast and the distinct voters are exact always.
 */
export async function findCounterMismatches(db: Database): Promise<CounterMismatch[]> {
  return queryRows<CounterMismatch>(
    db,
    sql`
    with live as (select * from votes where archived_at is null),
    machine_recount as (
      select machine_id, product_id, count(*)::int as cast_count,
             greatest(sum(case when vote_type = 'up' then 1 else -1 end), 0)::int as net
      from live where machine_id is not null group by 1, 2),
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
