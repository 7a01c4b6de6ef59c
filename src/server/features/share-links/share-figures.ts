import { sql } from 'drizzle-orm';
import { SHARE_PERIOD_DAYS, SHARE_TOP_COUNT, type ShareView } from '../../../shared/share-links.schemas.js';
import type { AppContext } from '../../context.js';
import { queryRows } from '../../db/client.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const hours = (seconds: number | string) => Math.round((Number(seconds) / 3600) * 100) / 100;

/**
 * One machine's figures over the shared window, as counts only: what customers asked for, what went
 * wrong and how fast it was fixed. Nothing here names a customer, and every query is held to the
 * machine and its owner.
 */
export async function machineFigures(ctx: AppContext, ownerId: number, machineId: number, now: Date): Promise<Omit<ShareView, 'sharedBy' | 'machine'>> {
  const from = new Date(now.getTime() - SHARE_PERIOD_DAYS * DAY_MS);
  const [topProducts, topSuggestions, issues] = await Promise.all([
    // Up-votes cast in the window, archived ones included: a reset of the counts does not undo what was asked for.
    queryRows<{ name: string; brand: string; category: string; up_votes: number }>(
      ctx.db,
      sql`
        select p.name, p.brand, p.category, count(*)::int as up_votes
        from votes v
        join products p on p.id = v.product_id
        where v.machine_id = ${machineId} and p.user_id = ${ownerId} and v.vote_type = 'up' and v.created_at >= ${from}
        group by p.id, p.name, p.brand, p.category
        order by up_votes desc, p.name, p.id
        limit ${SHARE_TOP_COUNT}`,
    ),
    // The same idea typed twice is one request of two; the most common spelling names it. What the
    // operator declined (a joke, a name) is not passed on.
    queryRows<{ name: string; category: string; requests: number }>(
      ctx.db,
      sql`
        select mode() within group (order by s.name) as name, mode() within group (order by s.category) as category, count(*)::int as requests
        from suggestions s
        where s.machine_id = ${machineId} and s.user_id = ${ownerId} and s.status <> 'declined' and s.created_at >= ${from}
        group by lower(btrim(s.name))
        order by requests desc, name
        limit ${SHARE_TOP_COUNT}`,
    ),
    // Issues reported in the window, by their status now; the fix times of those since resolved.
    queryRows<{ reported: number; open: number; investigating: number; resolved: number; timed: number; median_s: number | string | null; p90_s: number | string | null }>(
      ctx.db,
      sql`
        select count(*)::int as reported,
          (count(*) filter (where i.status = 'open'))::int as open,
          (count(*) filter (where i.status = 'investigating'))::int as investigating,
          (count(*) filter (where i.status = 'resolved'))::int as resolved,
          (count(i.resolved_at) filter (where i.status = 'resolved'))::int as timed,
          percentile_cont(0.5) within group (order by greatest(0, extract(epoch from i.resolved_at - i.created_at)))
            filter (where i.status = 'resolved') as median_s,
          percentile_cont(0.9) within group (order by greatest(0, extract(epoch from i.resolved_at - i.created_at)))
            filter (where i.status = 'resolved') as p90_s
        from vending_issues i
        where i.machine_id = ${machineId} and i.user_id = ${ownerId} and i.created_at >= ${from}`,
    ),
  ]);
  const counts = issues[0];
  const timed = counts?.timed ?? 0;
  return {
    periodDays: SHARE_PERIOD_DAYS,
    from: from.toISOString(),
    to: now.toISOString(),
    topProducts: topProducts.map((row) => ({ name: row.name, brand: row.brand, category: row.category, upVotes: Number(row.up_votes) })),
    topSuggestions: topSuggestions.map((row) => ({ name: row.name, category: row.category, requests: Number(row.requests) })),
    issues: {
      reported: counts?.reported ?? 0,
      byStatus: { open: counts?.open ?? 0, investigating: counts?.investigating ?? 0, resolved: counts?.resolved ?? 0 },
      timeToFix:
        timed > 0 && counts?.median_s != null && counts.p90_s != null
          ? { resolved: timed, medianHours: hours(counts.median_s), p90Hours: hours(counts.p90_s) }
          : null,
    },
  };
}
