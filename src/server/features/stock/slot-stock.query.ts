import { sql, type SQL } from 'drizzle-orm';
import { inScope, restockVisitsQuery, type MachineScope } from './restock-visits.query.js';

/**
 * Each current slot of an operator's machines (or one machine) with what its stock figure needs.
 * What changes only with the machine's fills, sales and planogram is worked out per machine and
 * stored (stock-state.ts, from `slotStateSelect` and `machineStateSelect` here), so the stock of 200
 * machines of 40 slots reads as one pass over the stored rows (`slotStockReadQuery`):
 * - its last fill: one recorded for the slot, or for its product at the machine when no other slot
 *   holds that product; a fill of another product, or from before the slot took its product (when
 *   the slot held another before), is not this slot's;
 * - the units the machine reported sold from it since that fill, where its reported sales reach past
 *   the fill: a span between two audits that straddles the fill counts for its part after the fill,
 *   and sales that name a product but no selection are shared among the slots holding it;
 * - otherwise the up-votes for its product at the machine since the fill (or since local midnight of
 *   the assumed fill day without one), shared among the slots holding it;
 * - when the machine's latest DEX audit reports it sold out (PA5) after that fill, with no sale of
 *   the selection since (which would mean a fill nobody recorded).
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
  /** ISO 8601 in UTC, as the API writes times (formatted by the database: parsing its own text form costs more than the read). */
  fillAt: string | null;
  fillLevel: number | null;
  /** The last moment the machine's reported sales reach, ISO 8601 in UTC; null without any. */
  salesThrough: string | null;
  /** Units sold since the fill; null unless the reported sales reach past it. */
  sold: number | null;
  /** When the machine reported the slot sold out after its last fill, ISO 8601 in UTC; null otherwise. */
  soldOutAt: string | null;
  /** Up-votes since the fill or the assumed fill; null where sales are known. */
  upVotes: number | null;
  /** The slot has no stored state yet: planned after its machine's figures were worked out. */
  stateMissing: boolean;
}

const isoTime = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The part of a sale after the fill: all of a transaction or of a span after it, a share of one that straddles it. */
const afterFill = sql`case when x.sold_from is null or x.sold_from >= c.fill_at then 1
  else extract(epoch from x.sold_at - c.fill_at) / nullif(extract(epoch from x.sold_at - x.sold_from), 0) end`;

/** Each current slot of the machines in scope with its last fill and, where the sales reach past it, the units sold since: what slot_stock_states holds. */
export function slotStateSelect(userId: number, machines: MachineScope, now: Date) {
  const at = now.toISOString();
  return sql`
    with spells as (
      select machine_id, upper(code) as key, min(started_at) as first_started
      from planogram_slots where user_id = ${userId} ${inScope(sql`machine_id`, machines)} group by 1, 2),
    slot as (
      select s.id, s.machine_id, upper(s.code) as key, s.product_id, s.started_at,
        s.started_at = sp.first_started as first_spell,
        count(*) over (partition by s.machine_id, s.product_id) as sharing
      from planogram_slots s
      join spells sp on sp.machine_id = s.machine_id and sp.key = upper(s.code)
      where s.user_id = ${userId} and s.ended_at is null ${inScope(sql`s.machine_id`, machines)}),
    coverage as materialized (${coverageSelect(userId, machines, now)}),
    filled as (
      select slot.*, f.restocked_at as fill_at, f.level as fill_level,
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
      group by c.id),
    -- What each machine's latest audit reports sold out (PA5), by its clock read in the operator's zone;
    -- a clock ahead of the read counts as the read.
    latest_audit as (
      select m.machine_id, a.read_at, a.sold_out
      from (select distinct machine_id from slot) m
      cross join lateral (
        select d.read_at, d.sold_out from dex_audits d
        where d.machine_id = m.machine_id and d.read_at <= ${at}::timestamptz order by d.read_at desc limit 1) a),
    reported as (
      select la.machine_id, upper(e->>'code') as key,
        least(la.read_at, (e->>'at')::timestamp at time zone (select time_zone from users where id = ${userId})) as at
      from latest_audit la cross join jsonb_array_elements(la.sold_out) e)
    select f.id as slot_id, f.machine_id, f.fill_at, f.fill_level,
      case when f.covered then coalesce(bc.units, 0) + coalesce(bp.units, 0) end as sold, f.sharing,
      rp.at as sold_out_at
    from filled f
    left join by_code bc on bc.id = f.id
    left join by_product bp on bp.id = f.id
    -- Sold out after the last fill, and nothing sold from the slot since: a sale after it means an unrecorded fill.
    left join reported rp on rp.machine_id = f.machine_id and rp.key = f.key and f.fill_at is not null and rp.at > f.fill_at
      and not exists (
        select 1 from machine_sales x
        where x.machine_id = f.machine_id and upper(x.code) = f.key and x.sold_at > rp.at and x.sold_at <= ${at}::timestamptz
          and coalesce(x.sold_from, x.sold_at) >= rp.at)`;
}

/** The last moment each machine's reported sales reach. */
function coverageSelect(userId: number, machines: MachineScope, now: Date) {
  return sql`
    select m.id as machine_id, (select max(x.sold_at) from machine_sales x where x.machine_id = m.id and x.sold_at <= ${now.toISOString()}::timestamptz) as through
    from vending_machines m where m.user_id = ${userId} ${inScope(sql`m.id`, machines)}`;
}

/**
 * Each machine in scope: how far its sales reach, its products' measured visits pooled (units gone
 * and up-votes between them), and when its figures come due again without any change: the first
 * sale, audit or visit dated after `now` (sent early by a machine's clock), or the year after its oldest
 * visit that the figures look back on, when that visit drops out of them.
 */
export function machineStateSelect(userId: number, machines: MachineScope, now: Date) {
  const at = now.toISOString();
  return sql`
    with coverage as (${coverageSelect(userId, machines, now)}),
    measured as (
      select v."machineId" as machine_id, sum(v."unitsSold")::int as units_sold, sum(v."upVotesBetween")::int as up_votes
      from (${restockVisitsQuery(userId, machines, now)}) v group by 1)
    select cv.machine_id, cv.through as sales_through, coalesce(ms.units_sold, 0) as restock_units_sold, coalesce(ms.up_votes, 0) as restock_up_votes,
      least(
        (select min(x.sold_at) from machine_sales x where x.machine_id = cv.machine_id and x.sold_at > ${at}::timestamptz),
        (select min(d.read_at) from dex_audits d where d.machine_id = cv.machine_id and d.read_at > ${at}::timestamptz),
        (select min(r.restocked_at) from restock_records r where r.machine_id = cv.machine_id and r.restocked_at > ${at}::timestamptz),
        (select min(r.restocked_at) from restock_records r where r.machine_id = cv.machine_id and r.restocked_at > ${at}::timestamptz - interval '365 days') + interval '365 days'
      ) as recheck_at
    from coverage cv left join measured ms on ms.machine_id = cv.machine_id`;
}

/**
 * The current slots of the operator's machines (or one) with their stored state; the up-votes since
 * the fill (or since local midnight of the assumed fill day without one) are counted as read, for
 * the slots whose sales do not reach past their fill, shared among the slots holding the product.
 * A slot without a stored state (planned after it was worked out) reads `stateMissing`.
 */
export function slotStockReadQuery(userId: number, machineId: number | undefined, now: Date, assumedFill: { day: string; timeZone: string }) {
  const at = now.toISOString();
  return sql`
    select s.machine_id as "machineId", s.code, s.product_id as "productId", p.name as "productName", s.capacity, s.par,
      coalesce(s.price, p.price)::text as "price",
      ${isoTime(sql`st.fill_at`)} as "fillAt", st.fill_level as "fillLevel", ${isoTime(sql`ms.sales_through`)} as "salesThrough", st.sold,
      ${isoTime(sql`st.sold_out_at`)} as "soldOutAt",
      case when s.product_id is null or st.sold is not null then null else
        ((select count(*) from votes v where v.machine_id = s.machine_id and v.product_id = s.product_id and v.vote_type = 'up'
          and v.created_at > coalesce(st.fill_at, (${assumedFill.day}::date::timestamp at time zone ${assumedFill.timeZone})) and v.created_at <= ${at}::timestamptz)::float8
          / coalesce(st.sharing, 1)) end as "upVotes",
      st.slot_id is null as "stateMissing"
    from planogram_slots s
    left join slot_stock_states st on st.slot_id = s.id
    left join machine_stock_states ms on ms.machine_id = s.machine_id
    left join products p on p.id = s.product_id
    where s.user_id = ${userId} and s.ended_at is null ${machineId === undefined ? sql`` : sql`and s.machine_id = ${machineId}`}
    order by s.machine_id, s.position, s.id`;
}
