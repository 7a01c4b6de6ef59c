import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { ANALYTICS_RANGES, RANGE_DAYS, type AnalyticsRange } from '../../../shared/analytics.schemas.js';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { products, suggestions, users, vendingMachines } from '../../db/schema.js';
import { addDays, localClock } from '../notifications/local-time.js';
import { loadSalesSource, type SalesSource } from './sales-source.js';

/**
 * How many local days of history the analytics read: a year for the longest range, and the year
 * before it so 'Last Year' can be compared with the period before and seasons can be told apart.
 */
export const HISTORY_DAYS = 730;

export interface SourceMachine {
  id: number;
  name: string;
  location: string;
  address: string | null;
  /** Day index (see `AnalyticsSource.dayZero`) the machine was added, 0 when before the window. */
  createdDay: number;
}

export interface SourceProduct {
  id: number;
  name: string;
  category: string;
  price: string;
  unitCost: string | null;
  createdDay: number;
}

/** One product's votes at one machine, per day index. */
export interface VoteSeries {
  machineId: number;
  productId: number;
  up: Int32Array;
  down: Int32Array;
}

/** Distinct voters of one scope over one range. */
export interface VoterCounts {
  voters: number;
  /** Voters with votes on two or more different local days of the range. */
  returning: number;
  votes: number;
}

/**
 * Everything the analytics job reads about one operator, in a few grouped queries: votes by local
 * day (per machine and product), by hour and by device (per machine and day), and distinct voters
 * per scope and range (those cannot be added up from days). Days are indexes from `dayZero`;
 * `today` is the last index, `HISTORY_DAYS - 1`.
 */
export interface AnalyticsSource {
  userId: number;
  timeZone: string;
  currency: string;
  autoReorderThreshold: number;
  dayZero: string;
  today: string;
  machines: SourceMachine[];
  products: Map<number, SourceProduct>;
  /** machineId → day index of its first vote ever (negative when before `dayZero`). */
  firstVoteDay: Map<number, number>;
  /** `${machineId}:${productId}` → up-votes and down-votes per day index. */
  daily: Map<string, VoteSeries>;
  /** machineId → votes per (day index × 24 + local hour), for the last 365 days. */
  hourly: Map<number, Map<number, number>>;
  /** machineId → votes per day index and device class ('unknown' for votes without one), for the last 365 days. */
  devices: Map<number, Map<number, { phone: number; tablet: number; desktop: number; unknown: number }>>;
  /** range → 'all' | 'machine:{id}' | 'location:{name}' → distinct voters. */
  voters: Map<AnalyticsRange, Map<string, VoterCounts>>;
  /** Approved suggestions that became products, by machine (null: not made at a machine). */
  approvedSuggestions: { productId: number; machineId: number | null; processedAt: Date | null }[];
  /** What the machines reported selling (DEX audits, telemetry), by day, and the days it covers. */
  sales: SalesSource;
}

export const seriesKey = (machineId: number, productId: number) => `${machineId}:${productId}`;
export const machineScopeKey = (machineId: number) => `machine:${machineId}`;
export const locationScopeKey = (location: string) => `location:${location}`;

/** The first day index of a range ending today. */
export const rangeStart = (range: AnalyticsRange) => HISTORY_DAYS - RANGE_DAYS[range];

export async function loadAnalyticsSource(db: Database, userId: number, now: Date): Promise<AnalyticsSource | null> {
  const [owner] = await db
    .select({ timeZone: users.timeZone, currency: users.currency, autoReorderThreshold: users.autoReorderThreshold })
    .from(users)
    .where(eq(users.id, userId));
  if (!owner) return null;
  const { timeZone } = owner;
  const today = localClock(now, timeZone).date;
  const dayZero = addDays(today, -(HISTORY_DAYS - 1));
  // Local midnight of a day as an instant; votes are read up to `now`, so a recompute at a chosen
  // instant sees what was there then.
  const startOf = (date: string) => sql`(${date}::date::timestamp at time zone ${timeZone})`;
  const dayIndex = sql`((v.created_at at time zone ${timeZone})::date - ${dayZero}::date)`;
  const ownMachines = sql`(select id from ${vendingMachines} where user_id = ${userId})`;
  const window = (from: string) => sql`v.machine_id in ${ownMachines} and v.created_at >= ${startOf(from)} and v.created_at <= ${now.toISOString()}::timestamptz`;

  const machineRows = await db
    .select({
      id: vendingMachines.id,
      name: vendingMachines.name,
      location: vendingMachines.location,
      address: vendingMachines.address,
      createdDay: sql<number>`greatest(0, ((${vendingMachines.createdAt} at time zone ${timeZone})::date - ${dayZero}::date))::int`,
    })
    .from(vendingMachines)
    .where(eq(vendingMachines.userId, userId))
    .orderBy(vendingMachines.name, vendingMachines.id);
  const productRows = await db
    .select({
      id: products.id,
      name: products.name,
      category: products.category,
      price: products.price,
      unitCost: products.yourPrice,
      createdDay: sql<number>`greatest(0, ((${products.createdAt} at time zone ${timeZone})::date - ${dayZero}::date))::int`,
    })
    .from(products)
    .where(eq(products.userId, userId));

  const dailyRows = await queryRows<{ machineId: number; productId: number; day: number; up: number; down: number }>(db, sql`
    select v.machine_id as "machineId", v.product_id as "productId", ${dayIndex}::int as "day",
      (count(*) filter (where v.vote_type = 'up'))::int as "up", (count(*) filter (where v.vote_type = 'down'))::int as "down"
    from votes v where ${window(dayZero)}
    group by 1, 2, 3`);
  const daily: AnalyticsSource['daily'] = new Map();
  for (const row of dailyRows) {
    const key = seriesKey(row.machineId, row.productId);
    let series = daily.get(key);
    if (!series) {
      series = { machineId: row.machineId, productId: row.productId, up: new Int32Array(HISTORY_DAYS), down: new Int32Array(HISTORY_DAYS) };
      daily.set(key, series);
    }
    if (row.day < 0 || row.day >= HISTORY_DAYS) continue;
    series.up[row.day] = row.up;
    series.down[row.day] = row.down;
  }

  // Whether a machine's history reaches back before the window (so 'Last Year' can be compared).
  const firstRows = await queryRows<{ machineId: number; day: number }>(db, sql`
    select v.machine_id as "machineId", ((min(v.created_at) at time zone ${timeZone})::date - ${dayZero}::date)::int as "day"
    from votes v where v.machine_id in ${ownMachines} and v.created_at <= ${now.toISOString()}::timestamptz
    group by 1`);
  const firstVoteDay = new Map(firstRows.map((row) => [row.machineId, row.day]));

  const yearAgo = addDays(today, -(RANGE_DAYS['1y'] - 1));
  const hourRows = await queryRows<{ machineId: number; day: number; hour: number; votes: number }>(db, sql`
    select v.machine_id as "machineId", ${dayIndex}::int as "day", extract(hour from v.created_at at time zone ${timeZone})::int as "hour", count(*)::int as "votes"
    from votes v where ${window(yearAgo)}
    group by 1, 2, 3`);
  const hourly: AnalyticsSource['hourly'] = new Map();
  for (const row of hourRows) {
    const perMachine = hourly.get(row.machineId) ?? new Map<number, number>();
    perMachine.set(row.day * 24 + row.hour, row.votes);
    hourly.set(row.machineId, perMachine);
  }

  const deviceRows = await queryRows<{ machineId: number; day: number; device: string | null; votes: number }>(db, sql`
    select v.machine_id as "machineId", ${dayIndex}::int as "day", v.device_class as "device", count(*)::int as "votes"
    from votes v where ${window(yearAgo)}
    group by 1, 2, 3`);
  const devices: AnalyticsSource['devices'] = new Map();
  for (const row of deviceRows) {
    const perMachine = devices.get(row.machineId) ?? new Map();
    const counts = perMachine.get(row.day) ?? { phone: 0, tablet: 0, desktop: 0, unknown: 0 };
    const device = row.device === 'phone' || row.device === 'tablet' || row.device === 'desktop' ? row.device : 'unknown';
    counts[device] += row.votes;
    perMachine.set(row.day, counts);
    devices.set(row.machineId, perMachine);
  }

  const voters: AnalyticsSource['voters'] = new Map();
  for (const range of ANALYTICS_RANGES) {
    voters.set(range, await loadVoterCounts(db, timeZone, window(addDays(today, -(RANGE_DAYS[range] - 1)))));
  }

  const approvedSuggestions = await db
    .select({ productId: suggestions.productId, machineId: suggestions.machineId, processedAt: suggestions.processedAt })
    .from(suggestions)
    .where(and(eq(suggestions.userId, userId), eq(suggestions.status, 'approved'), isNotNull(suggestions.productId)));

  return {
    userId,
    timeZone,
    currency: owner.currency,
    autoReorderThreshold: owner.autoReorderThreshold,
    dayZero,
    today,
    machines: machineRows,
    products: new Map(productRows.map((product) => [product.id, product])),
    firstVoteDay,
    daily,
    hourly,
    devices,
    voters,
    approvedSuggestions: approvedSuggestions.map((row) => ({ ...row, productId: row.productId! })),
    sales: await loadSalesSource(db, userId, { timeZone, dayZero, historyDays: HISTORY_DAYS, now }),
  };
}

/**
 * Distinct voters per machine, per location and over all machines in one pass (grouping sets):
 * a voter who voted at two machines of a location is one voter there.
 */
async function loadVoterCounts(db: Database, timeZone: string, window: ReturnType<typeof sql>): Promise<Map<string, VoterCounts>> {
  const rows = await queryRows<{ machineId: number | null; location: string | null; level: number; voters: number; returning: number; votes: number }>(db, sql`
    with per_voter as (
      select v.machine_id, m.location, v.voter_id, count(*) as n,
        count(distinct (v.created_at at time zone ${timeZone})::date) as days,
        grouping(v.machine_id, m.location) as level
      from votes v join vending_machines m on m.id = v.machine_id
      where ${window}
      group by grouping sets ((v.machine_id, v.voter_id), (m.location, v.voter_id), (v.voter_id)))
    select machine_id as "machineId", location, level::int as "level", count(*)::int as "voters",
      (count(*) filter (where days > 1))::int as "returning", sum(n)::int as "votes"
    from per_voter group by machine_id, location, level`);
  const counts = new Map<string, VoterCounts>();
  for (const row of rows) {
    // grouping(machine_id, location): 1 when only location is grouped in, 2 only machine, 3 neither.
    const key = row.level === 1 ? machineScopeKey(row.machineId!) : row.level === 2 ? locationScopeKey(row.location!) : 'all';
    counts.set(key, { voters: row.voters, returning: row.returning, votes: row.votes });
  }
  return counts;
}
