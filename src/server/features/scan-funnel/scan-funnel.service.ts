import { sql, type SQL } from 'drizzle-orm';
import type { FunnelSteps, ScanFunnel, ScanFunnelQuery } from '../../../shared/scan-funnel.schemas.js';
import { SCAN_SOURCES, scanSourceOf, type ScanSource } from '../../../shared/scan-sources.js';
import type { AppContext } from '../../context.js';
import { queryRows } from '../../db/client.js';
import { getOwnedMachine } from '../machines/machines.service.js';
import { ownerPreferences } from '../stock/purchase-list.service.js';

const zero = (): FunnelSteps => ({ views: 0, voters: 0, votes: 0, suggestions: 0, issues: 0 });
type StepRow = { key: string; n: number; m?: number };

/**
 * The scan-to-vote funnel of one operator's machines (or one machine) over the last `days` days of
 * their calendar: vote page loads per source, then who voted, their votes, suggestions and issue
 * reports that came through the same source. Everything is counted from rows we keep anyway; the
 * only addition is the source a QR code or link carried.
 */
export async function loadScanFunnel(ctx: AppContext, ownerId: number, query: ScanFunnelQuery): Promise<ScanFunnel> {
  if (query.machineId !== undefined) await getOwnedMachine(ctx, ownerId, query.machineId);
  const { timeZone } = await ownerPreferences(ctx, ownerId);
  const [period] = await queryRows<{ from: string; to: string }>(
    ctx.db,
    sql`select ((now() at time zone ${timeZone})::date - ${query.days - 1}::int)::text as "from", (now() at time zone ${timeZone})::date::text as "to"`,
  );
  const { from, to } = period!;

  const machines = query.machineId === undefined ? sql`m.user_id = ${ownerId}` : sql`m.user_id = ${ownerId} and m.id = ${query.machineId}`;
  const inPeriod = (column: SQL) =>
    sql`${column} >= (${from}::date)::timestamp at time zone ${timeZone} and ${column} < ((${to}::date + 1)::timestamp at time zone ${timeZone})`;
  const dayOf = (column: SQL) => sql`((${column}) at time zone ${timeZone})::date::text`;

  // The daily series may be narrowed to one source; the per-source totals never are.
  const narrowed = (key: SQL) => (query.source !== undefined && key === byDay ? sql`and t.source = ${query.source}` : sql``);
  const grouped = (key: SQL, table: 'votes' | 'suggestions' | 'vending_issues', counts: SQL) =>
    queryRows<StepRow>(
      ctx.db,
      sql`select ${key} as key, ${counts}
          from ${sql.raw(table)} t join vending_machines m on m.id = t.machine_id
          where ${machines} and ${inPeriod(sql`t.created_at`)} ${narrowed(key)}
          group by 1`,
    );
  const votes = sql`count(*)::int as n, count(distinct t.voter_id)::int as m`;
  const rows = sql`count(*)::int as n`;
  const bySource = sql`t.source`;
  const byDay = dayOf(sql`t.created_at`);
  const viewDay = sql`t.day::text`;
  const views = (key: SQL) =>
    queryRows<StepRow>(
      ctx.db,
      sql`select ${key} as key, sum(t.views)::int as n
          from vote_page_views t join vending_machines m on m.id = t.machine_id
          where ${machines} and t.day between ${from}::date and ${to}::date
            ${query.source !== undefined && key === viewDay ? sql`and t.source = ${query.source}` : sql``}
          group by 1`,
    );

  const [viewsBySource, viewsByDay, votesBySource, votesByDay, votesTotal, suggestionsBySource, suggestionsByDay, issuesBySource, issuesByDay] =
    await Promise.all([
      views(bySource),
      views(viewDay),
      grouped(bySource, 'votes', votes),
      grouped(byDay, 'votes', votes),
      grouped(sql`'all'`, 'votes', votes),
      grouped(bySource, 'suggestions', rows),
      grouped(byDay, 'suggestions', rows),
      grouped(bySource, 'vending_issues', rows),
      grouped(byDay, 'vending_issues', rows),
    ]);

  const sources = new Map<ScanSource, FunnelSteps>(SCAN_SOURCES.map((source) => [source, zero()]));
  const days = new Map<string, FunnelSteps>(periodDays(from, to).map((day) => [day, zero()]));
  const add = (target: Map<string, FunnelSteps>, keyOf: (key: string) => string, list: StepRow[], apply: (steps: FunnelSteps, row: StepRow) => void) => {
    for (const row of list) {
      const steps = target.get(keyOf(row.key));
      if (steps) apply(steps, row);
    }
  };
  const asSource = (key: string) => scanSourceOf(key);
  const same = (key: string) => key;
  add(sources, asSource, viewsBySource, (s, r) => (s.views += Number(r.n)));
  add(days, same, viewsByDay, (s, r) => (s.views += Number(r.n)));
  add(sources, asSource, votesBySource, (s, r) => ((s.votes += Number(r.n)), (s.voters += Number(r.m))));
  add(days, same, votesByDay, (s, r) => ((s.votes += Number(r.n)), (s.voters += Number(r.m))));
  add(sources, asSource, suggestionsBySource, (s, r) => (s.suggestions += Number(r.n)));
  add(days, same, suggestionsByDay, (s, r) => (s.suggestions += Number(r.n)));
  add(sources, asSource, issuesBySource, (s, r) => (s.issues += Number(r.n)));
  add(days, same, issuesByDay, (s, r) => (s.issues += Number(r.n)));

  const total = zero();
  for (const steps of sources.values()) {
    total.views += steps.views;
    total.votes += steps.votes;
    total.suggestions += steps.suggestions;
    total.issues += steps.issues;
  }
  // A voter who came through two sources is one voter: the period's distinct count, not a sum.
  total.voters = Number(votesTotal[0]?.m ?? 0);

  return {
    machineId: query.machineId ?? null,
    source: query.source ?? null,
    from,
    to,
    timeZone,
    sources: [...sources].map(([source, steps]) => ({ source, ...steps })),
    total,
    days: [...days].map(([day, steps]) => ({ day, ...steps })),
  };
}

/** Every calendar day from `from` to `to`, both included (dates as UTC noon, so no zone shifts them). */
function periodDays(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = new Date(`${from}T12:00:00Z`); day.toISOString().slice(0, 10) <= to; day.setUTCDate(day.getUTCDate() + 1)) {
    days.push(day.toISOString().slice(0, 10));
  }
  return days;
}
