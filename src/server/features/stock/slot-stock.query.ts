import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.js';

/**
 * Each current slot of an operator's machines (or one machine) with what its stock figure needs,
 * in one statement, so the stock of 200 machines of 40 slots reads as fast as one:
 * - its last fill: one recorded for the slot, or for its product at the machine when no other slot
 *   holds that product; a fill of another product, or from before the slot took its product (when
 *   the slot held another before), is not this slot's;
 * - the units the machine reported sold from it since that fill, where its reported sales reach past
 *   the fill: a span between two audits that straddles the fill counts for its part after the fill,
 *   and sales that name a product but no selection are shared among the slots holding it;
 * - otherwise the up-votes for its product at the machine since the fill (or since local midnight of
 *   the assumed fill day without one), shared among the slots holding it.
 */

export interface SlotStockRow {
  machineId: number;
  code: string;
  productId: number | null;
  productName: string | null;
  capacity: number;
  par: number;
  /** What a customer pays: the slot's price, else the product's. */
  price: string | null;
  fillAt: Date | null;
  fillLevel: number | null;
  /** The last moment the machine's reported sales reach; null without any. */
  salesThrough: Date | null;
  /** Units sold since the fill; null unless the reported sales reach past it. */
  sold: number | null;
  /** Up-votes since the fill or the assumed fill; null where sales are known. */
  upVotes: number | null;
}

export async function slotStockRows(db: Database, userId: number, machineId: number | undefined, now: Date, assumedFill: { day: string; timeZone: string }): Promise<SlotStockRow[]> {
  return db.transaction(async (tx) => {
    // The planner's estimate for a fleet's slots is high enough to switch on JIT compilation, which
    // costs a second to save milliseconds on a query that reads a few thousand rows by index.
    await tx.execute(sql`set local jit = off`);
    return queryRows<SlotStockRow>(tx, slotStockQuery(userId, machineId, now, assumedFill));
  });
}

export function slotStockQuery(userId: number, machineId: number | undefined, now: Date, assumedFill: { day: string; timeZone: string }) {
  const at = now.toISOString();
  const ofMachine = (column: string) => (machineId === undefined ? sql`` : sql`and ${sql.raw(column)} = ${machineId}`);
  // The part of a sale after the fill: all of a transaction or of a span after it, a share of one that straddles it.
  const afterFill = sql`case when x.sold_from is null or x.sold_from >= c.fill_at then 1
    else extract(epoch from x.sold_at - c.fill_at) / nullif(extract(epoch from x.sold_at - x.sold_from), 0) end`;
  return sql`
    with spells as (
      select machine_id, upper(code) as key, min(started_at) as first_started
      from planogram_slots where user_id = ${userId} ${ofMachine('machine_id')} group by 1, 2),
    slot as (
      select s.id, s.machine_id, s.code, upper(s.code) as key, s.product_id, s.capacity, s.par, s.price, s.position, s.started_at,
        s.started_at = sp.first_started as first_spell,
        count(*) over (partition by s.machine_id, s.product_id) as sharing
      from planogram_slots s
      join spells sp on sp.machine_id = s.machine_id and sp.key = upper(s.code)
      where s.user_id = ${userId} and s.ended_at is null ${ofMachine('s.machine_id')}),
    coverage as materialized (
      select m.id as machine_id, (select max(x.sold_at) from machine_sales x where x.machine_id = m.id and x.sold_at <= ${at}::timestamptz) as through
      from vending_machines m where m.user_id = ${userId} ${ofMachine('m.id')}),
    filled as (
      select slot.*, f.restocked_at as fill_at, f.level as fill_level, cv.through as sales_through,
        coalesce(f.restocked_at < cv.through, false) as covered
      from slot
      join coverage cv on cv.machine_id = slot.machine_id
      left join lateral (
        select r.restocked_at, r.units_left + r.units_filled as level from restock_records r
        where r.machine_id = slot.machine_id and r.product_id = slot.product_id and r.restocked_at <= ${at}::timestamptz
          and r.restocked_at > ${at}::timestamptz - interval '365 days'
          and (slot.first_spell or r.restocked_at >= slot.started_at)
          and (case when r.slot_code is null then slot.sharing = 1 else upper(r.slot_code) = slot.key end)
        order by r.restocked_at desc, r.id desc limit 1) f on slot.product_id is not null),
    counted as (select id, machine_id, key, product_id, sharing, fill_at from filled where covered),
    -- Each machine's sales since its earliest counted fill, read by range on the (machine, time) index.
    recent as (
      select m.machine_id, upper(x.code) as key, x.product_id, x.quantity, x.sold_from, x.sold_at
      from (select machine_id, min(fill_at) as since from counted group by machine_id) m
      cross join lateral (
        select x.code, x.product_id, x.quantity, x.sold_from, x.sold_at from machine_sales x
        where x.machine_id = m.machine_id and x.sold_at > m.since and x.sold_at <= ${at}::timestamptz
        -- Kept a subquery (not flattened into a join the planner would answer with a scan of every sale).
        offset 0) x),
    -- Sales of the slot's selection, and sales naming only its product (shared among its slots): each on equal keys, a hash join.
    by_code as (
      select c.id, sum(x.quantity * ${afterFill})::float8 as units
      from counted c join recent x on x.machine_id = c.machine_id and x.key = c.key and x.sold_at > c.fill_at
      group by c.id),
    by_product as (
      select c.id, sum(x.quantity::float8 / c.sharing * ${afterFill})::float8 as units
      from counted c join recent x on x.machine_id = c.machine_id and x.key is null and x.product_id = c.product_id and x.sold_at > c.fill_at
      group by c.id)
    select f.machine_id as "machineId", f.code, f.product_id as "productId", p.name as "productName", f.capacity, f.par,
      coalesce(f.price, p.price)::text as "price",
      f.fill_at as "fillAt", f.fill_level as "fillLevel", f.sales_through as "salesThrough",
      case when f.covered then coalesce(bc.units, 0) + coalesce(bp.units, 0) end as "sold",
      case when f.product_id is null or f.covered then null else
        ((select count(*) from votes v where v.machine_id = f.machine_id and v.product_id = f.product_id and v.vote_type = 'up'
          and v.created_at > coalesce(f.fill_at, (${assumedFill.day}::date::timestamp at time zone ${assumedFill.timeZone})) and v.created_at <= ${at}::timestamptz)::float8 / f.sharing) end as "upVotes"
    from filled f
    left join by_code bc on bc.id = f.id
    left join by_product bp on bp.id = f.id
    left join products p on p.id = f.product_id
    order by f.machine_id, f.position, f.id`;
}
