import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.js';
import { addDays, type Period } from './local-time.js';

/**
 * What each notice reports, read from the vote history, suggestions and issues of one operator.
 * Days are the operator's local dates; `startOf` turns one into the instant it begins there.
 * Vote counts start from the operator's products: the votes index on (product, time) then reads
 * only the span asked for, votes archived by a reset included (they are still history).
 */
type Db = Pick<Database, 'execute'>;

const startOf = (date: string, timeZone: string): SQL => sql`((${date}::date)::timestamp at time zone ${timeZone})`;

/** High votes: at least this many up-votes today, and at least this many times the usual daily average. */
export const HIGH_VOTES_MINIMUM = 10;
export const HIGH_VOTES_FACTOR = 3;
/** The usual daily votes are averaged over at most this many days before today… */
export const HIGH_VOTES_HISTORY_DAYS = 28;
/** …and a product at a machine for less than this has no usual yet. */
export const HIGH_VOTES_MIN_HISTORY_DAYS = 7;

export interface HighVotesHit {
  machineId: number;
  machineName: string;
  productId: number;
  productName: string;
  today: number;
  /** Up-votes in the `days` days before today. */
  before: number;
  days: number;
}

export async function findHighVotes(db: Db, userId: number, timeZone: string, today: string, now: Date): Promise<HighVotesHit[]> {
  const rows = await queryRows<{ machine_id: number; machine_name: string; product_id: number; product_name: string; today: number; before: number; days: number }>(
    db,
    sql`
      with today_votes as (
        select v.machine_id, v.product_id, count(*)::int as today
        from products p
        join votes v on v.product_id = p.id
        join vending_machines m on m.id = v.machine_id
        where p.user_id = ${userId} and m.user_id = ${userId} and v.vote_type = 'up'
          and v.created_at >= ${startOf(today, timeZone)} and v.created_at < ${now.toISOString()}::timestamptz
        group by v.machine_id, v.product_id
        having count(*) >= ${HIGH_VOTES_MINIMUM}
      ), pairs as (
        -- The usual is measured over the days both the machine and the product have existed.
        select t.*, least(${HIGH_VOTES_HISTORY_DAYS}::int, ${today}::date - (greatest(m.created_at, p.created_at) at time zone ${timeZone})::date) as days
        from today_votes t
        join vending_machines m on m.id = t.machine_id
        join products p on p.id = t.product_id
      )
      select t.machine_id, m.name as machine_name, t.product_id, p.name as product_name, t.today, t.days,
        (select count(*) from votes h
          where h.machine_id = t.machine_id and h.product_id = t.product_id and h.vote_type = 'up'
            and h.created_at >= ${startOf(addDays(today, -HIGH_VOTES_HISTORY_DAYS), timeZone)}
            and h.created_at < ${startOf(today, timeZone)})::int as before
      from pairs t
      join vending_machines m on m.id = t.machine_id
      join products p on p.id = t.product_id
      where t.days >= ${HIGH_VOTES_MIN_HISTORY_DAYS}
      order by t.machine_id, t.product_id`,
  );
  return rows
    .map((row) => ({
      machineId: row.machine_id,
      machineName: row.machine_name,
      productId: row.product_id,
      productName: row.product_name,
      today: Number(row.today),
      before: Number(row.before),
      days: Number(row.days),
    }))
    .filter((hit) => hit.today * hit.days >= HIGH_VOTES_FACTOR * hit.before);
}

/** Machine offline: quiet this long after a habit of daily votes… */
export const OFFLINE_QUIET_DAYS = 3;
/** …where the habit is votes on at least this many of the 7 days up to the last vote. */
export const OFFLINE_HABIT_DAYS = 6;
/** A quiet spell that began longer ago than this is old news, not told (e.g. when notices are first switched on). */
const OFFLINE_LOOKBACK_DAYS = 14;

export type OfflineSpell =
  | { kind: 'quiet'; machineId: number; machineName: string; location: string; lastVoteAt: Date }
  | { kind: 'status'; machineId: number; machineName: string; location: string; status: 'maintenance' | 'inactive'; since: Date };

export async function findOfflineMachines(db: Db, userId: number, timeZone: string, now: Date): Promise<OfflineSpell[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const statusRows = await queryRows<{ id: number; name: string; location: string; status: 'maintenance' | 'inactive'; since: Date | string }>(
    db,
    sql`
      select id, name, location, status, status_changed_at as since
      from vending_machines
      where user_id = ${userId} and status in ('maintenance', 'inactive')
        and status_changed_at is not null and status_changed_at <= ${at}
        and status_changed_at > ${at} - make_interval(days => ${OFFLINE_QUIET_DAYS})
      order by id`,
  );
  const quietRows = await queryRows<{ id: number; name: string; location: string; last_vote_at: Date | string }>(
    db,
    sql`
      select m.id, m.name, m.location, last.at as last_vote_at
      from vending_machines m
      cross join lateral (
        select max(v.created_at) as at from votes v
        where v.machine_id = m.id and v.archived_at is null and v.created_at <= ${at}
      ) last
      where m.user_id = ${userId} and m.status = 'active'
        and last.at <= ${at} - make_interval(days => ${OFFLINE_QUIET_DAYS})
        and last.at > ${at} - make_interval(days => ${OFFLINE_LOOKBACK_DAYS})
        and (
          select count(distinct (v.created_at at time zone ${timeZone})::date) from votes v
          where v.machine_id = m.id and v.archived_at is null
            and v.created_at >= ((((last.at at time zone ${timeZone})::date - 6)::timestamp) at time zone ${timeZone})
            and v.created_at <= last.at
        ) >= ${OFFLINE_HABIT_DAYS}
      order by m.id`,
  );
  return [
    ...statusRows.map((row) => ({ kind: 'status' as const, machineId: row.id, machineName: row.name, location: row.location, status: row.status, since: new Date(row.since) })),
    ...quietRows.map((row) => ({ kind: 'quiet' as const, machineId: row.id, machineName: row.name, location: row.location, lastVoteAt: new Date(row.last_vote_at) })),
  ];
}

export interface MachineVotes {
  machineName: string;
  up: number;
  down: number;
}

export interface ProductChange {
  productName: string;
  current: number;
  previous: number;
}

export interface Titled {
  title: string;
  detail: string;
}

/** Up-votes of each product over all the operator's machines in one span and the span before. */
async function productChanges(db: Db, userId: number, timeZone: string, current: Period, previous: Period): Promise<ProductChange[]> {
  const rows = await queryRows<{ name: string; current: number; previous: number }>(
    db,
    sql`
      select p.name,
        count(*) filter (where v.created_at >= ${startOf(current.start, timeZone)})::int as current,
        count(*) filter (where v.created_at < ${startOf(current.start, timeZone)})::int as previous
      from products p
      join votes v on v.product_id = p.id
      join vending_machines m on m.id = v.machine_id
      where p.user_id = ${userId} and m.user_id = ${userId} and v.vote_type = 'up'
        and v.created_at >= ${startOf(previous.start, timeZone)} and v.created_at < ${startOf(current.end, timeZone)}
      group by p.id, p.name`,
  );
  return rows.map((row) => ({ productName: row.name, current: Number(row.current), previous: Number(row.previous) }));
}

const MOVERS_SHOWN = 3;

/** The products whose up-votes rose most and fell most, biggest change first; ties by name. */
export function risersAndFallers(changes: ProductChange[]): { risers: ProductChange[]; fallers: ProductChange[] } {
  const delta = (change: ProductChange) => change.current - change.previous;
  const byName = (a: ProductChange, b: ProductChange) => a.productName.localeCompare(b.productName);
  return {
    risers: changes.filter((c) => delta(c) > 0).sort((a, b) => delta(b) - delta(a) || byName(a, b)).slice(0, MOVERS_SHOWN),
    fallers: changes.filter((c) => delta(c) < 0).sort((a, b) => delta(a) - delta(b) || byName(a, b)).slice(0, MOVERS_SHOWN),
  };
}

async function votesPerMachine(db: Db, userId: number, timeZone: string, period: Period): Promise<MachineVotes[]> {
  const rows = await queryRows<{ name: string; up: number; down: number }>(
    db,
    sql`
      select m.name, coalesce(counted.up, 0)::int as up, coalesce(counted.down, 0)::int as down
      from vending_machines m
      left join (
        select v.machine_id,
          count(*) filter (where v.vote_type = 'up') as up,
          count(*) filter (where v.vote_type = 'down') as down
        from products p
        join votes v on v.product_id = p.id
        where p.user_id = ${userId}
          and v.created_at >= ${startOf(period.start, timeZone)} and v.created_at < ${startOf(period.end, timeZone)}
        group by v.machine_id
      ) counted on counted.machine_id = m.id
      where m.user_id = ${userId}
      order by m.name, m.id`,
  );
  return rows.map((row) => ({ machineName: row.name, up: Number(row.up), down: Number(row.down) }));
}

const LISTED = 5;

export interface DailySummary {
  machines: MachineVotes[];
  risers: ProductChange[];
  fallers: ProductChange[];
  suggestions: { count: number; listed: Titled[] };
  issues: { count: number; listed: Titled[] };
}

/** Yesterday (or any day) for the daily summary: votes per machine, movers against the day before, what customers sent. */
export async function loadDailySummary(db: Db, userId: number, timeZone: string, day: string): Promise<DailySummary> {
  const period = { start: day, end: addDays(day, 1) };
  const [machines, changes, suggestions, issues] = await Promise.all([
    votesPerMachine(db, userId, timeZone, period),
    productChanges(db, userId, timeZone, period, { start: addDays(day, -1), end: day }),
    queryRows<{ total: number; name: string; brand: string }>(
      db,
      sql`
        select count(*) over ()::int as total, s.name, s.brand from suggestions s
        where s.user_id = ${userId} and s.created_at >= ${startOf(period.start, timeZone)} and s.created_at < ${startOf(period.end, timeZone)}
        order by s.created_at, s.id limit ${LISTED}`,
    ),
    queryRows<{ total: number; product_name: string; machine_name: string | null }>(
      db,
      sql`
        select count(*) over ()::int as total, i.product_name, m.name as machine_name from vending_issues i
        left join vending_machines m on m.id = i.machine_id
        where i.user_id = ${userId} and i.created_at >= ${startOf(period.start, timeZone)} and i.created_at < ${startOf(period.end, timeZone)}
        order by i.created_at, i.id limit ${LISTED}`,
    ),
  ]);
  return {
    machines,
    ...risersAndFallers(changes),
    suggestions: { count: Number(suggestions[0]?.total ?? 0), listed: suggestions.map((s) => ({ title: s.name, detail: s.brand })) },
    issues: { count: Number(issues[0]?.total ?? 0), listed: issues.map((i) => ({ title: i.product_name, detail: i.machine_name ?? '' })) },
  };
}

export interface MachineTopProducts {
  machineName: string;
  products: { productName: string; upVotes: number }[];
}

export interface PeriodicReport {
  topProducts: MachineTopProducts[];
  risers: ProductChange[];
  fallers: ProductChange[];
  approvedSuggestions: { count: number; listed: Titled[] };
  resolvedIssues: { count: number; medianHours: number | null };
}

const TOP_PER_MACHINE = 3;

/** The periodic report over one whole period, against the period before it. */
export async function loadPeriodicReport(db: Db, userId: number, timeZone: string, period: Period, previous: Period): Promise<PeriodicReport> {
  const from = startOf(period.start, timeZone);
  const to = startOf(period.end, timeZone);
  const [top, changes, approved, resolved] = await Promise.all([
    queryRows<{ machine_id: number; machine_name: string; product_name: string; up: number }>(
      db,
      sql`
        select ranked.machine_id, m.name as machine_name, p.name as product_name, ranked.up
        from (
          select v.machine_id, v.product_id, count(*)::int as up,
            row_number() over (partition by v.machine_id order by count(*) desc, v.product_id) as place
          from products own
          join votes v on v.product_id = own.id
          join vending_machines vm on vm.id = v.machine_id
          where own.user_id = ${userId} and vm.user_id = ${userId} and v.vote_type = 'up' and v.created_at >= ${from} and v.created_at < ${to}
          group by v.machine_id, v.product_id
        ) ranked
        join vending_machines m on m.id = ranked.machine_id
        join products p on p.id = ranked.product_id
        where ranked.place <= ${TOP_PER_MACHINE}
        order by m.name, m.id, ranked.place`,
    ),
    productChanges(db, userId, timeZone, period, previous),
    queryRows<{ total: number; name: string; brand: string }>(
      db,
      sql`
        select count(*) over ()::int as total, s.name, s.brand from suggestions s
        where s.user_id = ${userId} and s.status = 'approved' and s.processed_at >= ${from} and s.processed_at < ${to}
        order by s.processed_at, s.id limit ${LISTED}`,
    ),
    queryRows<{ total: number; median_seconds: number | string | null }>(
      db,
      sql`
        select count(*)::int as total,
          percentile_cont(0.5) within group (order by extract(epoch from i.resolved_at - i.created_at)) as median_seconds
        from vending_issues i
        where i.user_id = ${userId} and i.status = 'resolved' and i.resolved_at >= ${from} and i.resolved_at < ${to}`,
    ),
  ]);
  // Rows come ordered by machine, so each machine's products are one run of rows.
  const topProducts: MachineTopProducts[] = [];
  let machineOfLast: number | null = null;
  for (const row of top) {
    const entry = { productName: row.product_name, upVotes: Number(row.up) };
    if (row.machine_id === machineOfLast) topProducts.at(-1)?.products.push(entry);
    else topProducts.push({ machineName: row.machine_name, products: [entry] });
    machineOfLast = row.machine_id;
  }
  const median = resolved[0]?.median_seconds;
  return {
    topProducts,
    ...risersAndFallers(changes),
    approvedSuggestions: { count: Number(approved[0]?.total ?? 0), listed: approved.map((s) => ({ title: s.name, detail: s.brand })) },
    resolvedIssues: { count: Number(resolved[0]?.total ?? 0), medianHours: median === null || median === undefined ? null : Number(median) / 3600 },
  };
}
