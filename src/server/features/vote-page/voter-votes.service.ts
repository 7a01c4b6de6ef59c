import { sql } from 'drizzle-orm';
import type { VoteType } from '../../../shared/products.schemas.js';
import type { VoterVotes } from '../../../shared/vote-page.js';
import type { AppContext } from '../../context.js';
import { queryRows } from '../../db/client.js';
import type { PageScope } from './vote-page.service.js';

/**
 * One voter's live votes in a page's scope, so the page shows what they voted. Archived votes
 * are left out: after a reset the voter may vote again. The one-vote-per-voter unique index
 * (voter_id first, live rows only) serves the lookup.
 */
export async function listVoterVotes(ctx: AppContext, scope: PageScope, voterId: string): Promise<VoterVotes> {
  const inScope =
    scope.kind === 'machine'
      ? sql`v.machine_id = ${scope.machineId}`
      : sql`v.machine_id is null and v.product_id in (select id from products where user_id = ${scope.ownerId})`;
  const rows = await queryRows<{ product_id: number; vote_type: VoteType }>(
    ctx.db,
    sql`select v.product_id, v.vote_type from votes v where v.voter_id = ${voterId} and v.archived_at is null and ${inScope}`,
  );
  const votes: VoterVotes = {};
  for (const row of rows) votes[Number(row.product_id)] = row.vote_type;
  return votes;
}
