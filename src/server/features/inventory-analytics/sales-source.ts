import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.js';

/**
 * What the machines reported selling, by local day, for the forecasts: units per machine, product
 * and day over the last year, and for each machine the days its reports cover whole. Units sold
 * between two audits are spread over the days of the span in proportion to the hours of each, so a
 * weekly audit does not look like one day of sales and six of none.
 */

export interface SalesSeries {
  machineId: number;
  productId: number;
  /** Units per day index of the analytics window (the same index as the vote series). */
  units: Float32Array;
}

export interface SalesSource {
  /** `${machineId}:${productId}` → units per day. */
  series: Map<string, SalesSeries>;
  /**
   * machineId → the first and last day index its reports cover whole: the day after the start of
   * its first reported span, to the day before its latest report. Days outside know no sales.
   */
  coverage: Map<number, { from: number; to: number }>;
}

/** How many days of sales are read: the forecasts learn from at most a year. */
export const SALES_HISTORY_DAYS = 366;

export async function loadSalesSource(
  db: Database,
  userId: number,
  window: { timeZone: string; dayZero: string; historyDays: number; now: Date },
): Promise<SalesSource> {
  const { timeZone, dayZero, historyDays } = window;
  const now = window.now.toISOString();
  const firstDay = historyDays - SALES_HISTORY_DAYS;
  const dayStart = (day: ReturnType<typeof sql>) => sql`((${dayZero}::date + ${day})::timestamp at time zone ${timeZone})`;
  const dayOf = (instant: ReturnType<typeof sql>) => sql`((${instant} at time zone ${timeZone})::date - ${dayZero}::date)`;

  const rows = await queryRows<{ machineId: number; productId: number; day: number; units: number }>(db, sql`
    select s.machine_id as "machineId", s.product_id as "productId", d.day::int as "day",
      sum(case when s.sold_from is null or s.sold_at <= s.sold_from then s.quantity::float8
        else s.quantity * extract(epoch from least(s.sold_at, d.day_end) - greatest(s.sold_from, d.day_start)) / extract(epoch from s.sold_at - s.sold_from) end)::float8 as "units"
    from machine_sales s
    cross join lateral (
      select g as day, ${dayStart(sql`g`)} as day_start, ${dayStart(sql`g + 1`)} as day_end
      from generate_series(greatest(${firstDay}, ${dayOf(sql`coalesce(s.sold_from, s.sold_at)`)}), ${dayOf(sql`s.sold_at`)}) g) d
    where s.user_id = ${userId} and s.product_id is not null
      and s.sold_at > ${dayStart(sql`${firstDay}::int`)} and s.sold_at <= ${now}::timestamptz
    group by 1, 2, 3`);
  const series = new Map<string, SalesSeries>();
  for (const row of rows) {
    if (row.day < 0 || row.day >= historyDays || row.units <= 0) continue;
    const key = `${row.machineId}:${row.productId}`;
    let entry = series.get(key);
    if (!entry) {
      entry = { machineId: row.machineId, productId: row.productId, units: new Float32Array(historyDays) };
      series.set(key, entry);
    }
    entry.units[row.day] = row.units;
  }

  // The first and latest report of each machine, each found on the (machine, time) index.
  const spans = await queryRows<{ machineId: number; firstDay: number | null; lastDay: number | null }>(db, sql`
    select m.id as "machineId", ${dayOf(sql`f.start`)}::int as "firstDay", ${dayOf(sql`l.sold_at`)}::int as "lastDay"
    from vending_machines m
    cross join lateral (select coalesce(x.sold_from, x.sold_at) as start from machine_sales x where x.machine_id = m.id order by x.sold_at limit 1) f
    cross join lateral (select x.sold_at from machine_sales x where x.machine_id = m.id and x.sold_at <= ${now}::timestamptz order by x.sold_at desc limit 1) l
    where m.user_id = ${userId}`);
  const coverage = new Map<number, { from: number; to: number }>();
  for (const span of spans) {
    if (span.firstDay === null || span.lastDay === null) continue;
    const from = Math.max(firstDay, span.firstDay + 1);
    const to = Math.min(historyDays - 1, span.lastDay - 1);
    if (from <= to) coverage.set(span.machineId, { from, to });
  }
  return { series, coverage };
}
