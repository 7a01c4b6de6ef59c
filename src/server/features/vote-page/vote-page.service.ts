import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { PublicMachine } from '../../../shared/machines.schemas.js';
import type { VotePageData, VotePagePeriod, VotePageProduct } from '../../../shared/vote-page.js';
import type { AppContext } from '../../context.js';
import { queryRows } from '../../db/client.js';
import { users, vendingMachines } from '../../db/schema.js';
import { notFound } from '../../http-errors.js';
import { listProducts } from '../products/products.service.js';
import { demoScope, type VoteScope } from '../votes/vote-scope.js';
import { loadLeaderboard } from './leaderboard.service.js';
import { startOfToday, votesInScope } from './vote-page.sql.js';
import { NotFoundMessages } from '../../../shared/ids.js';
import { listVoterVotes } from './voter-votes.service.js';

/** The scopes a public page can show: one machine, or the demo page. */
export type PageScope = VoteScope & { kind: 'machine' | 'demo' };

export interface VotePageTarget {
  scope: PageScope;
  machine: PublicMachine | null;
}

/** The machine's public label and its owner's scope, in one query. */
export async function machinePageTarget(ctx: AppContext, machineId: number): Promise<VotePageTarget> {
  const [row] = await ctx.db
    .select({
      id: vendingMachines.id,
      name: vendingMachines.name,
      location: vendingMachines.location,
      ownerId: vendingMachines.userId,
      timeZone: users.timeZone,
    })
    .from(vendingMachines)
    .innerJoin(users, eq(users.id, vendingMachines.userId))
    // A machine of an account its owner deleted is gone for customers at once, not after the grace period.
    .where(and(eq(vendingMachines.id, machineId), isNull(users.eraseAfter)))
    .limit(1);
  if (!row) throw notFound(NotFoundMessages.machine);
  return {
    machine: { id: row.id, name: row.name, location: row.location },
    scope: { kind: 'machine', machineId: row.id, ownerId: row.ownerId, timeZone: row.timeZone },
  };
}

export async function demoPageTarget(ctx: AppContext): Promise<VotePageTarget> {
  return { machine: null, scope: await demoScope(ctx) };
}

interface ProductActivity {
  product_id: number;
  voters: number;
  votes_today: number;
}

/**
 * Per product: distinct voters since the last reset and votes cast today. One voter votes once per
 * product and scope, so a product's voters are its live (not archived) vote rows; at a machine
 * that number is already kept as `votes_cast`, so only today's rows are read.
 */
function productActivitySql(scope: PageScope): SQL {
  const today = startOfToday(scope.timeZone);
  if (scope.kind === 'machine') {
    return sql`
      select product_id, sum(voters)::int as voters, sum(votes_today)::int as votes_today from (
        select product_id, votes_cast as voters, 0 as votes_today from machine_product_votes where machine_id = ${scope.machineId}
        union all
        select product_id, 0, count(*) from votes
        where machine_id = ${scope.machineId} and archived_at is null and created_at >= ${today} group by product_id
      ) activity group by product_id`;
  }
  return sql`
    select v.product_id,
      count(*)::int as voters,
      count(*) filter (where v.created_at >= ${today})::int as votes_today
    from votes v join products p on p.id = v.product_id
    where ${votesInScope(scope)} group by v.product_id`;
}

/** Distinct voters in the scope since the last reset, and today. */
function scopeVotersSql(scope: PageScope): SQL {
  const today = startOfToday(scope.timeZone);
  if (scope.kind === 'machine') {
    return sql`select
      (select count(*) from machine_voters where machine_id = ${scope.machineId})::int as active_voters,
      (select count(distinct voter_id) from votes
       where machine_id = ${scope.machineId} and archived_at is null and created_at >= ${today})::int as voters_today`;
  }
  return sql`select
      count(distinct v.voter_id)::int as active_voters,
      count(distinct v.voter_id) filter (where v.created_at >= ${today})::int as voters_today
    from votes v join products p on p.id = v.product_id where ${votesInScope(scope)}`;
}

const percentOf = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));

/**
 * Everything the public vote page shows, for one machine or the demo page, and the asking
 * voter's own votes there (none to look up for a voter whose cookie was just made). Every
 * figure counts the votes since the last reset, so nothing on the page contradicts a count that a
 * reset set to zero. 'Today' is the owner's day in their time zone.
 */
export async function loadVotePage(
  ctx: AppContext,
  target: VotePageTarget,
  period: VotePagePeriod,
  voter: { voterId: string; isNew: boolean },
): Promise<VotePageData> {
  const { scope } = target;
  const [catalogue, activity, [voters], leaderboard, myVotes, nowStocked] = await Promise.all([
    listProducts(ctx, scope),
    queryRows<ProductActivity>(ctx.db, productActivitySql(scope)),
    queryRows<{ active_voters: number; voters_today: number }>(ctx.db, scopeVotersSql(scope)),
    loadLeaderboard(ctx, scope, period),
    voter.isNew ? {} : listVoterVotes(ctx, scope, voter.voterId),
    scope.kind === 'machine' ? listNowStocked(ctx, scope.machineId) : [],
  ]);
  const activityOf = new Map(activity.map((row) => [Number(row.product_id), row]));
  let totalVotes = 0;
  let votesToday = 0;
  for (const row of activity) {
    totalVotes += Number(row.voters);
    votesToday += Number(row.votes_today);
  }
  const products: VotePageProduct[] = catalogue.map((product) => {
    const row = activityOf.get(product.id);
    const productToday = Number(row?.votes_today ?? 0);
    return {
      id: product.id,
      name: product.name,
      brand: product.brand,
      category: product.category,
      votes: Number(product.votes),
      votesToday: productToday,
      todayShare: percentOf(productToday, votesToday),
      voters: Number(row?.voters ?? 0),
      createdAt: product.createdAt,
    };
  });
  return {
    machine: target.machine,
    stats: {
      totalVotes,
      products: products.length,
      activeVoters: Number(voters?.active_voters ?? 0),
      votesToday,
      votersToday: Number(voters?.voters_today ?? 0),
    },
    products,
    leaderboard,
    myVotes,
    nowStocked,
  };
}

/** How long the vote page tells customers that a product they suggested here is now stocked. */
export const NOW_STOCKED_DAYS = 14;

/**
 * Products suggested at this machine that reached it in the last two weeks (a restock recorded
 * there, or the operator marking them stocked), under their catalogue name: the vote page tells
 * customers they were heard. Approval alone puts a product on the list, not in the machine.
 */
async function listNowStocked(ctx: AppContext, machineId: number): Promise<{ productId: number; name: string }[]> {
  const rows = await queryRows<{ product_id: number; name: string }>(
    ctx.db,
    sql`select product_id, name from (
          select distinct on (p.id) p.id as product_id, p.name, s.stocked_at
          from suggestions s join products p on p.id = s.product_id and p.user_id = s.user_id
          where s.machine_id = ${machineId} and s.status = 'approved'
            and s.stocked_at > now() - make_interval(days => ${NOW_STOCKED_DAYS})
          order by p.id, s.stocked_at desc
        ) stocked
        order by stocked_at desc
        limit 5`,
  );
  return rows
    .map((row) => ({ productId: Number(row.product_id), name: row.name }));
}
