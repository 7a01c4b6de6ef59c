import { sql } from 'drizzle-orm';
import {
  LEADERBOARD_SIZE,
  RECENT_ACTIVITY_SIZE,
  type CategoryShare,
  type LeaderboardEntry,
  type VotePageLeaderboard,
  type VotePagePeriod,
} from '../../../shared/vote-page.js';
import type { VoteType } from '../../../shared/products.schemas.js';
import type { AppContext } from '../../context.js';
import { queryRows } from '../../db/client.js';
import type { VoteScope } from '../votes/vote-scope.js';
import { periodStart, votesInScope } from './vote-page.sql.js';

type PageScope = VoteScope & { kind: 'machine' | 'demo' };

interface PeriodRow {
  id: number;
  name: string;
  brand: string;
  category: string;
  up_votes: number;
  down_votes: number;
}

interface RecentRow {
  product_id: number;
  name: string;
  vote_type: VoteType;
  created_at: Date | string;
}

/**
 * The leaderboard over a period. Its ranking is the net of the period's votes (up minus down),
 * the same rule as a product's count; only products with a positive net are listed. Like every
 * figure on the page it counts the votes since the last reset.
 */
export async function loadLeaderboard(ctx: AppContext, scope: PageScope, period: VotePagePeriod): Promise<VotePageLeaderboard> {
  const start = periodStart(period, scope.timeZone);
  const inPeriod = start ? sql`and v.created_at >= ${start}` : sql``;
  const [rows, recent] = await Promise.all([
    queryRows<PeriodRow>(
      ctx.db,
      sql`select p.id, p.name, p.brand, p.category,
            count(*) filter (where v.vote_type = 'up')::int as up_votes,
            count(*) filter (where v.vote_type = 'down')::int as down_votes
          from votes v join products p on p.id = v.product_id
          where ${votesInScope(scope)} ${inPeriod}
          group by p.id, p.name, p.brand, p.category`,
    ),
    queryRows<RecentRow>(
      ctx.db,
      sql`select v.product_id, p.name, v.vote_type, v.created_at
          from votes v join products p on p.id = v.product_id
          where ${votesInScope(scope)}
          order by v.created_at desc, v.id desc limit ${RECENT_ACTIVITY_SIZE}`,
    ),
  ]);
  const entries = rows.map(toEntry);
  return {
    period,
    top: entries
      .filter((entry) => entry.votes > 0)
      .sort((a, b) => b.votes - a.votes || b.upVotes - a.upVotes || a.name.localeCompare(b.name) || a.id - b.id)
      .slice(0, LEADERBOARD_SIZE),
    categories: categoryShares(entries),
    recent: recent.map((row) => ({
      productId: Number(row.product_id),
      productName: row.name,
      voteType: row.vote_type,
      at: new Date(row.created_at).toISOString(),
    })),
  };
}

function toEntry(row: PeriodRow): LeaderboardEntry {
  const upVotes = Number(row.up_votes);
  const downVotes = Number(row.down_votes);
  return { id: Number(row.id), name: row.name, brand: row.brand, category: row.category, votes: upVotes - downVotes, upVotes, downVotes };
}

/** Votes cast per category (up and down alike), largest first, with whole-percent shares. */
function categoryShares(entries: LeaderboardEntry[]): CategoryShare[] {
  const perCategory = new Map<string, number>();
  let total = 0;
  for (const entry of entries) {
    const cast = entry.upVotes + entry.downVotes;
    perCategory.set(entry.category, (perCategory.get(entry.category) ?? 0) + cast);
    total += cast;
  }
  return [...perCategory]
    .map(([category, votes]) => ({ category, votes, share: total === 0 ? 0 : Math.round((votes / total) * 100) }))
    .sort((a, b) => b.votes - a.votes || a.category.localeCompare(b.category));
}
