import { sql } from 'drizzle-orm';
import type { VoteTrend } from '../../../shared/products.schemas.js';
import type { AppContext } from '../../context.js';
import { queryRows } from '../../db/client.js';
import type { VoteScope } from '../votes/vote-scope.js';

/**
 * Votes cast per day over the last `days` days of the owner's calendar (their time zone), up and
 * down apart, for one machine or all of the operator's machines. Like every dashboard figure it
 * counts the votes since the last reset; days without votes are there with zeros, so a chart
 * shows gaps as gaps.
 */
export async function getVoteTrend(ctx: AppContext, scope: VoteScope & { kind: 'machine' | 'operator' }, days: number): Promise<VoteTrend> {
  const machines =
    scope.kind === 'machine' ? sql`(${scope.machineId})` : sql`(select id from vending_machines where user_id = ${scope.ownerId})`;
  const rows = await queryRows<{ day: string; up: number; down: number }>(
    ctx.db,
    sql`with calendar as (
          select generate_series(
            (now() at time zone ${scope.timeZone})::date - (${days}::int - 1),
            (now() at time zone ${scope.timeZone})::date,
            interval '1 day')::date as day),
        counted as (
          select (v.created_at at time zone ${scope.timeZone})::date as day,
                 count(*) filter (where v.vote_type = 'up')::int as up,
                 count(*) filter (where v.vote_type = 'down')::int as down
          from votes v
          where v.machine_id in ${machines} and v.archived_at is null
            and v.created_at >= ((now() at time zone ${scope.timeZone})::date - (${days}::int - 1)) at time zone ${scope.timeZone}
          group by 1)
        select to_char(c.day, 'YYYY-MM-DD') as day, coalesce(n.up, 0)::int as up, coalesce(n.down, 0)::int as down
        from calendar c left join counted n on n.day = c.day
        order by c.day`,
  );
  return {
    timeZone: scope.timeZone,
    days: rows.map((row) => ({ date: row.day, up: Number(row.up), down: Number(row.down), votes: Number(row.up) + Number(row.down) })),
  };
}
