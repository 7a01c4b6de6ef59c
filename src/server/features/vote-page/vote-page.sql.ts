import { sql, type SQL } from 'drizzle-orm';
import type { VotePagePeriod } from '../../../shared/vote-page.js';
import type { VoteScope } from '../votes/vote-scope.js';

/** Midnight today in the owner's time zone, as a timestamptz. */
export function startOfToday(timeZone: string): SQL {
  return sql`(date_trunc('day', now() at time zone ${timeZone}) at time zone ${timeZone})`;
}

/**
 * Where a period starts: today is the owner's calendar day; a week and a month are the last 7 and
 * 30 days (the dashboard's 'this week' is rolling too); all time has no start.
 */
export function periodStart(period: VotePagePeriod, timeZone: string): SQL | null {
  switch (period) {
    case 'today':
      return startOfToday(timeZone);
    case 'week':
      return sql`(now() - interval '7 days')`;
    case 'month':
      return sql`(now() - interval '30 days')`;
    case 'all':
      return null;
  }
}

/**
 * The live vote rows (since the last reset) of a public page's scope, for a query over `votes v
 * join products p`. The machine_id condition comes first so the partial (machine_id, created_at,
 * voter_id) index of live votes serves it; the owner condition keeps a foreign product's row out
 * even if one were ever written there.
 */
export function votesInScope(scope: VoteScope & { kind: 'machine' | 'demo' }): SQL {
  const machine = scope.kind === 'machine' ? sql`v.machine_id = ${scope.machineId}` : sql`v.machine_id is null`;
  return sql`${machine} and v.archived_at is null and p.user_id = ${scope.ownerId}`;
}
