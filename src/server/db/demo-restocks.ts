import { eq, max, sql } from 'drizzle-orm';
import { addDays, localClock } from '../features/notifications/local-time.js';
import { queryRows, type Database } from './client.js';
import { restockRecords, users } from './schema.js';

/** How far back the demo's recorded visits reach: three weekly visits are enough to measure units per up-vote. */
const VISIT_WEEKS = 3;
/** The demo's driver visits at nine in the morning of the fill day. */
const VISIT_HOUR = 9;
/**
 * How much each product at each machine is filled to, in weeks of its usual demand: most with room
 * to spare, and one in sixteen short (a case ran out at the warehouse), so by the end of the week the
 * demo's stock figures show every urgency, each for a reason a person would believe.
 */
const FILL_WEEKS = [2, 1.6, 1.4, 2.5, 1.8, 0.7, 2.2, 1.5, 1.9, 2, 1.7, 3, 1.4, 2.4, 1.6, 2];

/**
 * The demo operator's recorded restock visits: every product with up-votes at each machine, on each
 * fill day of the last weeks, filled to its par level, the units left counted as what the previous
 * visit left less what its up-votes sold since. Later starts add the fill days that have passed, so
 * the demo's stock never runs down for want of visits.
 */
export async function recordDemoRestocks(db: Database, ownerId: number, now: Date) {
  const [owner] = await db.select({ timeZone: users.timeZone, fillDay: users.restockWeekday }).from(users).where(eq(users.id, ownerId));
  if (!owner) return;
  const { timeZone, fillDay } = owner;
  const today = localClock(now, timeZone).date;
  const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
  const [latest] = await db.select({ at: max(restockRecords.restockedAt) }).from(restockRecords).where(eq(restockRecords.userId, ownerId));
  const first = latest?.at ? addDays(localClock(latest.at, timeZone).date, 1) : addDays(today, -7 * VISIT_WEEKS);
  const visits: string[] = [];
  const visitedToday = localClock(now, timeZone).hour >= VISIT_HOUR;
  for (let day = first; day <= today; day = addDays(day, 1)) {
    if (weekday(day) === fillDay && (day < today || visitedToday)) visits.push(day);
  }
  const visitAt = (day: string) => sql`((${day}::date + make_interval(hours => ${VISIT_HOUR}))::timestamp at time zone ${timeZone})`;

  for (const day of visits) {
    // Each pair's usual week, its last visit's stock and the up-votes since, as of this visit.
    const pairs = await queryRows<{ machineId: number; productId: number; weekly: number; stockAfter: number | null; upSince: number }>(db, sql`
      with last_visit as (
        select distinct on (machine_id, product_id) machine_id, product_id, units_left + units_filled as stock_after, restocked_at
        from restock_records where user_id = ${ownerId} and restocked_at < ${visitAt(day)}
        order by machine_id, product_id, restocked_at desc)
      select v.machine_id as "machineId", v.product_id as "productId",
        (count(*) filter (where v.created_at >= ${visitAt(day)} - interval '28 days') / 4.0)::float8 as "weekly",
        max(l.stock_after)::int as "stockAfter",
        (count(*) filter (where v.created_at > l.restocked_at))::int as "upSince"
      from votes v
      join vending_machines m on m.id = v.machine_id and m.user_id = ${ownerId}
      left join last_visit l on l.machine_id = v.machine_id and l.product_id = v.product_id
      where v.vote_type = 'up' and v.created_at < ${visitAt(day)}
      group by 1, 2`);
    const rows = pairs
      .filter((pair) => pair.weekly > 0)
      .map((pair) => {
        const fillWeeks = FILL_WEEKS[(pair.productId * 7 + pair.machineId * 3) % FILL_WEEKS.length]!;
        const par = Math.max(2, Math.ceil(pair.weekly * fillWeeks));
        const left = pair.stockAfter === null ? 0 : Math.max(0, pair.stockAfter - pair.upSince);
        return { machineId: pair.machineId, productId: pair.productId, unitsLeft: left, unitsFilled: Math.max(0, par - left) };
      });
    for (let start = 0; start < rows.length; start += 500) {
      await db.insert(restockRecords).values(rows.slice(start, start + 500).map((row) => ({ ...row, userId: ownerId, restockedAt: visitAt(day) })));
    }
  }
}
