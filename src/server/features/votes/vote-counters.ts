import { sql, type SQL } from 'drizzle-orm';
import { runPrepared, type Database } from '../../db/client.js';
import { machineProductVotes, machineVoters, operatorVoters, products, vendingMachines, votes } from '../../db/schema.js';
import { scopeCountsFromSteps } from '../../db/vote-audit.js';
import { ENSURE_COUNT_ROWS, WRITE_VOTE_BATCH } from './vote-statements.js';

/**
 * The one writer of the vote counters (docs/decisions/0005): per machine and product
 * (`machine_product_votes`), each machine's and each operator's distinct voters, and the product
 * totals (`products.votes`, `products.demo_votes`). Every change to them goes through here, so the
 * invariant "counters = a recount of the live vote rows" is kept in one place;
 * tests/lint/vote-counter-writers.test.ts holds every other file to reading them only.
 *
 * Locking order, shared by everything that changes counts: product rows first, in id order, then
 * count rows. The batch statement locks its products before writing, so votes, resets and deletes
 * never deadlock on them.
 */

type Tx = Pick<Database, 'execute'>;

/** One vote of a batch as the batch statement takes it (vote-statements.ts). */
export interface BatchEntry {
  n: number;
  product_id: number;
  machine_id: number | null;
  vote_type: 'up' | 'down';
  voter_id: string;
  ip_hash: string;
  device_class: string | null;
  source: string;
  demo_owner_id: number | null;
}

/** What became of one entry: recorded or not, the scope's owner where the vote may count, the count after it. */
export interface BatchOutcome {
  n: number;
  recorded: boolean;
  owner_id: number | null;
  votes: number | null;
}

/**
 * The (machine, product) count rows known to exist. A count row is never deleted but with its
 * machine or product, after which no vote for it may count, so once made it can be skipped.
 */
export type KnownCountRows = Set<string>;
/** Past this many remembered rows the memory is dropped and rebuilt as batches come. */
const MAX_KNOWN_COUNT_ROWS = 100_000;

/**
 * Records a batch of votes and moves every counter they touch: one statement to make any count
 * row the batch needs for the first time (skipped when `known` holds them all), one to record
 * and count (see vote-statements.ts).
 */
export async function writeVoteBatch(db: Database, entries: BatchEntry[], known: KnownCountRows = new Set()): Promise<BatchOutcome[]> {
  const batch = JSON.stringify(entries);
  const needed = entries.filter((entry) => entry.machine_id !== null).map((entry) => `${entry.machine_id}/${entry.product_id}`);
  if (needed.some((key) => !known.has(key))) {
    await runPrepared(db, 'vote-count-rows', ENSURE_COUNT_ROWS, [batch]);
    if (known.size > MAX_KNOWN_COUNT_ROWS) known.clear();
    for (const key of needed) known.add(key);
  }
  return runPrepared<BatchOutcome>(db, 'vote-batch', WRITE_VOTE_BATCH, [batch]);
}

/** Reset All Votes: every count of the operator to zero, their voters forgotten. */
export async function zeroCountersOf(tx: Tx, ownerId: number) {
  // Waits for the votes in flight on these products and holds new ones back until the reset
  // is done; otherwise a vote that creates a count row could keep its count while its row is
  // archived.
  await tx.execute(sql`select id from ${products} where user_id = ${ownerId} order by id for update`);
  const machinesOfOwner = sql`(select id from ${vendingMachines} where user_id = ${ownerId})`;
  await tx.execute(sql`update ${machineProductVotes} set votes = 0, votes_cast = 0 where machine_id in ${machinesOfOwner}`);
  await tx.execute(sql`delete from ${machineVoters} where machine_id in ${machinesOfOwner}`);
  await tx.execute(sql`delete from ${operatorVoters} where user_id = ${ownerId}`);
  await tx.execute(sql`update ${products} set votes = 0, demo_votes = 0, updated_at = now() where user_id = ${ownerId}`);
}

/**
 * Before a machine is deleted (its count rows then go by cascade): product totals lose the
 * machine's counts, so they stay the sum of the scopes that remain, and the operator's voter
 * tally loses its votes. The caller holds the machine row locked.
 */
export async function subtractMachineCounts(tx: Tx, ownerId: number, machineId: number) {
  await tx.execute(sql`
    select id from ${products}
    where id in (select product_id from ${machineProductVotes} where machine_id = ${machineId})
    order by id for update`);
  await tx.execute(sql`
    update ${products} p
    set votes = greatest(p.votes - mpv.votes, 0)
    from ${machineProductVotes} mpv
    where mpv.machine_id = ${machineId} and mpv.product_id = p.id and p.user_id = ${ownerId}`);
  await forgetOperatorVotes(tx, ownerId, sql`machine_id = ${machineId}`);
}

/**
 * Before a product is deleted (its count rows then go by cascade): the machines' and the
 * operator's voter tallies lose its votes, and a voter whose only votes were for it is no longer
 * a voter. The caller holds the product row locked.
 */
export async function subtractProductCounts(tx: Tx, ownerId: number, productId: number) {
  await tx.execute(sql`
    update ${machineVoters} mv set votes_cast = mv.votes_cast - gone.n
    from (select machine_id, voter_id, count(*)::int as n from ${votes}
          where product_id = ${productId} and machine_id is not null and archived_at is null
          group by machine_id, voter_id) gone
    where mv.machine_id = gone.machine_id and mv.voter_id = gone.voter_id`);
  await tx.execute(sql`
    delete from ${machineVoters}
    where votes_cast <= 0 and machine_id in (select id from ${vendingMachines} where user_id = ${ownerId})`);
  await forgetOperatorVotes(tx, ownerId, sql`product_id = ${productId}`);
}

/** Takes the live votes matching `which` out of the operator's voter tally; voters left with none go. */
async function forgetOperatorVotes(tx: Tx, ownerId: number, which: SQL) {
  await tx.execute(sql`
    update ${operatorVoters} ov set votes_cast = ov.votes_cast - gone.n
    from (select voter_id, count(*)::int as n from ${votes}
          where ${which} and machine_id is not null and archived_at is null group by voter_id) gone
    where ov.user_id = ${ownerId} and ov.voter_id = gone.voter_id`);
  await tx.execute(sql`delete from ${operatorVoters} where user_id = ${ownerId} and votes_cast <= 0`);
}

/**
 * Recomputes every counter from the vote rows that are not archived, as the vote path would have
 * moved them (scopeCountsFromSteps): per-machine counts and votes cast, each machine's and
 * operator's distinct voters, and product totals (the sum over all scopes). For vote rows written
 * in bulk (the demo history, benchmarks, tests).
 */
export async function recountVotes(db: Tx) {
  await db.execute(sql`
    insert into ${machineProductVotes} (machine_id, product_id, votes, votes_cast)
    select machine_id, product_id, net, cast_count
    from (${scopeCountsFromSteps(sql`select * from ${votes} where machine_id is not null and archived_at is null`)}) counts
    on conflict (machine_id, product_id) do update set votes = excluded.votes, votes_cast = excluded.votes_cast`);
  await db.execute(sql`
    insert into ${machineVoters} (machine_id, voter_id, votes_cast, first_vote_at, last_vote_at)
    select machine_id, voter_id, count(*), min(created_at), max(created_at)
    from ${votes} where machine_id is not null and archived_at is null
    group by machine_id, voter_id
    on conflict (machine_id, voter_id) do update
      set votes_cast = excluded.votes_cast, first_vote_at = excluded.first_vote_at, last_vote_at = excluded.last_vote_at`);
  await db.execute(sql`
    insert into ${operatorVoters} (user_id, voter_id, votes_cast)
    select m.user_id, v.voter_id, count(*)
    from ${votes} v join ${vendingMachines} m on m.id = v.machine_id
    where v.archived_at is null
    group by m.user_id, v.voter_id
    on conflict (user_id, voter_id) do update set votes_cast = excluded.votes_cast`);
  await db.execute(sql`
    update ${products} p set votes = coalesce(m.total, 0) + coalesce(d.total, 0), demo_votes = coalesce(d.total, 0)
    from ${products} p2
    left join (select product_id, sum(votes) as total from ${machineProductVotes} group by product_id) m on m.product_id = p2.id
    left join (select product_id, net as total
               from (${scopeCountsFromSteps(sql`select * from ${votes} where machine_id is null and archived_at is null`)}) demo) d on d.product_id = p2.id
    where p.id = p2.id`);
}
