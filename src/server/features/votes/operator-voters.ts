import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';

/**
 * Takes the live votes that match `which` (of one operator: a product or a machine about to be
 * deleted) out of the operator's voter tally, and forgets voters left with none, so 'Unique
 * Voters' stays the count of people with a live vote.
 */
export async function forgetVotesOf(tx: Pick<Database, 'execute'>, ownerId: number, which: SQL) {
  await tx.execute(sql`
    update operator_voters ov set votes_cast = ov.votes_cast - gone.n
    from (select voter_id, count(*)::int as n from votes
          where ${which} and machine_id is not null and archived_at is null group by voter_id) gone
    where ov.user_id = ${ownerId} and ov.voter_id = gone.voter_id`);
  await tx.execute(sql`delete from operator_voters where user_id = ${ownerId} and votes_cast <= 0`);
}
