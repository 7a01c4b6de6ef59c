import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../src/server/db/client.js';

/**
 * What the seed test asks of the demo's planograms, sales and visits, as SQL over the stored rows,
 * so each figure is counted the way a screen reading the tables would count it.
 */

/** Per machine with votes: its current slots, distinct products, products in two slots or more, and slots whose product changed. */
export function planogramShape(db: Database) {
  return queryRows<{ machineId: number; slots: number; products: number; doubled: number; changed: number; badUnits: number; unpriced: number }>(db, sql`
    select m.id as "machineId",
      count(s.id) filter (where s.ended_at is null)::int as slots,
      count(distinct s.product_id) filter (where s.ended_at is null)::int as products,
      (select count(*) from (select product_id from planogram_slots d where d.machine_id = m.id and d.ended_at is null group by 1 having count(*) > 1) x)::int as doubled,
      count(s.id) filter (where s.ended_at is not null)::int as changed,
      count(s.id) filter (where s.par > s.capacity or s.par < 1)::int as "badUnits",
      count(s.id) filter (where s.price is null)::int as unpriced
    from vending_machines m
    left join planogram_slots s on s.machine_id = m.id
    where exists (select 1 from votes v where v.machine_id = m.id)
    group by m.id order by m.id`);
}

/** Per machine: where the most up-voted product not in its current planogram ranks among all it has up-votes for. */
export function unstockedRanks(db: Database) {
  return queryRows<{ machineId: number; bestRank: number; voted: number }>(db, sql`
    with ups as (select machine_id, product_id, count(*) as n from votes where vote_type = 'up' and machine_id is not null group by 1, 2),
    ranked as (select *, rank() over (partition by machine_id order by n desc) as r, count(*) over (partition by machine_id) as total from ups)
    select machine_id as "machineId", min(r)::int as "bestRank", max(total)::int as voted from ranked r
    where not exists (select 1 from planogram_slots s where s.machine_id = r.machine_id and s.product_id = r.product_id and s.ended_at is null)
    group by 1 order by 1`);
}

/** Sales whose product is not the one their slot held when the audit was read. */
export function salesOffPlanogram(db: Database) {
  return queryRows(db, sql`
    select x.id from machine_sales x
    where x.product_id is null or not exists (select 1 from planogram_slots s
      where s.machine_id = x.machine_id and s.code = x.code and s.product_id = x.product_id
        and s.started_at <= x.sold_at and (s.ended_at is null or x.sold_at < s.ended_at))`);
}

/** Units sold and up-votes over each machine's audited span, for products in the same slots throughout; whether they ever sold out. */
export function unitsAndUpVotes(db: Database) {
  return queryRows<{ machineId: number; productId: number; units: number; upVotes: number; soldOut: boolean }>(db, sql`
    with span as (select machine_id, min(read_at) as first, max(read_at) as last from dex_audits group by 1),
    kept as (select machine_id, product_id from planogram_slots group by 1, 2 having bool_and(ended_at is null))
    select k.machine_id as "machineId", k.product_id as "productId",
      (select coalesce(sum(x.quantity), 0) from machine_sales x where x.machine_id = k.machine_id and x.product_id = k.product_id)::int as units,
      (select count(*) from votes v where v.machine_id = k.machine_id and v.product_id = k.product_id and v.vote_type = 'up'
        and v.created_at > span.first and v.created_at <= span.last)::int as "upVotes",
      exists (select 1 from restock_records r where r.machine_id = k.machine_id and r.product_id = k.product_id and r.units_left = 0
        and r.restocked_at > (select min(restocked_at) from restock_records f where f.machine_id = k.machine_id)) as "soldOut"
    from kept k join span on span.machine_id = k.machine_id`);
}

/**
 * Visit lines that break what a visit can be: no slot, a product other than the slot's then, more
 * than the slot holds, or more left than the slot's previous visit left it with.
 */
export function impossibleVisits(db: Database) {
  return queryRows(db, sql`
    with lines as (
      select r.*, lag(r.units_left + r.units_filled) over (partition by r.machine_id, r.slot_code, r.product_id order by r.restocked_at) as level_before
      from restock_records r)
    select l.id from lines l
    where l.slot_code is null or l.units_left < 0 or l.units_filled < 0
      or (l.level_before is not null and l.units_left > l.level_before)
      or not exists (select 1 from planogram_slots s where s.machine_id = l.machine_id and s.code = l.slot_code and s.product_id = l.product_id
        and s.started_at <= l.restocked_at and (s.ended_at is null or l.restocked_at < s.ended_at) and l.units_left + l.units_filled <= s.capacity)`);
}

/** Visit lines that found a slot empty after it had been filled: it sold out before the driver came back. */
export function soldOutSlots(db: Database) {
  return queryRows<{ id: number }>(db, sql`
    select id from (
      select r.id, r.units_left, lag(r.units_left + r.units_filled) over (partition by r.machine_id, r.slot_code, r.product_id order by r.restocked_at) as level_before
      from restock_records r) l
    where l.units_left = 0 and l.level_before > 0`);
}

/** Things that must never repeat: a sale of one selection at one audit, a visit line of one slot at one time. */
export function repeatedRows(db: Database) {
  return queryRows(db, sql`
    select 'sale' as kind from machine_sales group by machine_id, code, sold_at having count(*) > 1
    union all
    select 'visit' from restock_records group by machine_id, slot_code, restocked_at having count(*) > 1`);
}
