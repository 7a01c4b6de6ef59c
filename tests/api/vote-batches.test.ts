import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createMachine, createProduct, createUser } from '../../src/server/db/factories.js';
import { machineVoters, operatorVoters, products, users, votes } from '../../src/server/db/schema.js';
import { writeVoteBatch, type BatchEntry } from '../../src/server/features/votes/vote-counters.js';
import { MAX_BATCH, VoteWriter } from '../../src/server/features/votes/vote-writer.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../support/index.js';
import { expectCountersMatchVoteRows, storedCountAt } from './vote-counters.js';

/**
 * The batch statement on its own: several votes in one statement must count exactly as the same
 * votes one at a time would, whatever the batch mixes (scopes, duplicates, votes that may not
 * count), and the writer must settle every caller.
 */
let t: TestApp;
let voterSerial = 0;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => expectCountersMatchVoteRows(t.database.db));
afterAll(() => t.close());

async function operator() {
  const { user } = await createUser(t.database.db);
  const machine = await createMachine(t.database.db, user.id);
  const product = await createProduct(t.database.db, user.id);
  return { user, machine, product };
}

type Vote = Partial<BatchEntry> & Pick<BatchEntry, 'product_id'>;
const entries = (list: Vote[]): BatchEntry[] =>
  list.map((vote, n) => ({
    n,
    machine_id: null,
    vote_type: 'up',
    voter_id: `batch-voter-${++voterSerial}`,
    ip_hash: 'hash',
    device_class: 'phone',
    source: 'direct',
    demo_owner_id: null,
    ...vote,
  }));

const countAt = (machineId: number, productId: number) => storedCountAt(t.database.db, machineId, productId);
const productRow = async (id: number) => (await t.database.db.select().from(products).where(eq(products.id, id)))[0]!;

describe(`one batch of votes (${testDatabaseKind})`, () => {
  test('counts move vote by vote in the batch: a down vote at zero is held there, and each answer is the count just after it', async () => {
    const { machine, product } = await operator();
    const steps = ['down', 'up', 'up', 'down', 'down', 'down', 'up'] as const;
    const outcomes = await writeVoteBatch(t.database.db, entries(steps.map((vote_type) => ({ product_id: product.id, machine_id: machine.id, vote_type }))));
    expect(outcomes.map((outcome) => outcome.recorded)).toEqual(steps.map(() => true));
    expect(outcomes.map((outcome) => outcome.votes)).toEqual([0, 1, 2, 1, 0, 0, 1]);
    expect(await countAt(machine.id, product.id)).toEqual({ votes: 1, votesCast: 7 });
    expect((await productRow(product.id)).votes).toBe(1);

    // A second batch starts from the stored count: 1 → 0 → 0 → 1 → 2.
    const again = await writeVoteBatch(t.database.db, entries(['down', 'down', 'up', 'up'].map((vote_type) => ({ product_id: product.id, machine_id: machine.id, vote_type: vote_type as 'up' | 'down' }))));
    expect(again.map((outcome) => outcome.votes)).toEqual([0, 0, 1, 2]);
    expect(await countAt(machine.id, product.id)).toEqual({ votes: 2, votesCast: 11 });
    expect((await productRow(product.id)).votes).toBe(2);
  });

  test('several scopes of one product and the demo page in one batch: each scope counts apart, the total is their sum', async () => {
    const { user, machine, product } = await operator();
    const second = await createMachine(t.database.db, user.id);
    const outcomes = await writeVoteBatch(
      t.database.db,
      entries([
        { product_id: product.id, machine_id: machine.id },
        { product_id: product.id, machine_id: second.id, vote_type: 'down' },
        { product_id: product.id, demo_owner_id: user.id },
        { product_id: product.id, machine_id: machine.id },
        { product_id: product.id, demo_owner_id: user.id },
        { product_id: product.id, machine_id: second.id },
      ]),
    );
    expect(outcomes.map((outcome) => [outcome.recorded, outcome.owner_id, outcome.votes])).toEqual([
      [true, user.id, 1],
      [true, user.id, 0],
      [true, user.id, 1],
      [true, user.id, 2],
      [true, user.id, 2],
      [true, user.id, 1],
    ]);
    expect(await countAt(machine.id, product.id)).toEqual({ votes: 2, votesCast: 2 });
    expect(await countAt(second.id, product.id)).toEqual({ votes: 1, votesCast: 2 });
    expect(await productRow(product.id)).toMatchObject({ votes: 5, demoVotes: 2 });
  });

  test('the same voter twice in one batch: the first stands, the second is refused, and the tallies count one', async () => {
    const { user, machine, product } = await operator();
    const outcomes = await writeVoteBatch(
      t.database.db,
      entries([
        { product_id: product.id, machine_id: machine.id, voter_id: 'twice-in-a-batch' },
        { product_id: product.id, machine_id: machine.id, voter_id: 'twice-in-a-batch', vote_type: 'down' },
      ]),
    );
    expect(outcomes.map((outcome) => outcome.recorded)).toEqual([true, false]);
    expect(await countAt(machine.id, product.id)).toEqual({ votes: 1, votesCast: 1 });
    const voterRows = await t.database.db.select().from(machineVoters).where(eq(machineVoters.voterId, 'twice-in-a-batch'));
    expect(voterRows.map((row) => row.votesCast)).toEqual([1]);
    const operatorRows = await t.database.db.select().from(operatorVoters).where(eq(operatorVoters.userId, user.id));
    expect(operatorRows.map((row) => row.votesCast)).toEqual([1]);
  });

  test('votes that may not count are refused in the batch and leave the others counted', async () => {
    const { user, machine, product } = await operator();
    const other = await operator();
    const erased = await operator();
    await t.database.db.update(users).set({ eraseAfter: new Date(Date.now() + 86_400_000) }).where(eq(users.id, erased.user.id));
    const outcomes = await writeVoteBatch(
      t.database.db,
      entries([
        { product_id: product.id, machine_id: machine.id },
        // Another operator's product at this machine, and this product at their machine.
        { product_id: other.product.id, machine_id: machine.id },
        { product_id: product.id, machine_id: other.machine.id },
        // The demo page takes only the demo operator's products.
        { product_id: other.product.id, demo_owner_id: user.id },
        // An account being deleted: its vote pages are closed.
        { product_id: erased.product.id, machine_id: erased.machine.id },
        // No such product or machine.
        { product_id: 2_000_000_000, machine_id: machine.id },
        { product_id: product.id, machine_id: 2_000_000_000 },
        { product_id: product.id, machine_id: machine.id },
      ]),
    );
    expect(outcomes.map((outcome) => [outcome.recorded, outcome.owner_id])).toEqual([
      [true, user.id],
      [false, null],
      [false, null],
      [false, null],
      [false, null],
      [false, null],
      [false, null],
      [true, user.id],
    ]);
    expect(await countAt(machine.id, product.id)).toEqual({ votes: 2, votesCast: 2 });
    expect(await t.database.db.select().from(votes).where(eq(votes.productId, other.product.id))).toEqual([]);
    expect(await t.database.db.select().from(votes).where(eq(votes.productId, erased.product.id))).toEqual([]);
  });
});

describe(`the vote writer (${testDatabaseKind})`, () => {
  test('votes that arrive together go in one batch, a larger burst in full batches, and every caller hears of its own vote', async () => {
    const { machine, product } = await operator();
    const writer = new VoteWriter(t.database.db);
    const burst = MAX_BATCH + 20;
    const list = entries(Array.from({ length: burst }, (_, i) => ({ product_id: product.id, machine_id: machine.id, vote_type: i % 4 === 3 ? 'down' : 'up' })));
    const outcomes = await Promise.all(list.map(({ n: _n, ...entry }) => writer.write(entry)));
    expect(outcomes.every((outcome) => outcome.recorded)).toBe(true);
    // Three up to every down, never at zero on the way: each answer is the count just after its vote.
    expect(outcomes.map((outcome) => outcome.votes)).toEqual(list.map((_, i) => Math.floor(i / 4) * 2 + [1, 2, 3, 2][i % 4]!));
    // One statement is one transaction, so its rows share one time: two batches, the first full.
    const times = await t.database.db.select({ at: votes.createdAt }).from(votes).where(eq(votes.productId, product.id));
    const perTime = new Map<number, number>();
    for (const { at } of times) perTime.set(at.getTime(), (perTime.get(at.getTime()) ?? 0) + 1);
    expect([...perTime.values()].sort((a, b) => b - a)).toEqual([MAX_BATCH, 20]);
  });

  test('a vote the database refuses fails alone: the rest of its batch is written one by one', async () => {
    const { machine, product } = await operator();
    const writer = new VoteWriter(t.database.db);
    const good = entries(Array.from({ length: 5 }, () => ({ product_id: product.id, machine_id: machine.id })));
    // An id past PostgreSQL's integer range fails the whole statement it is in.
    const [bad] = entries([{ product_id: 2 ** 40, machine_id: machine.id }]);
    const settled = await Promise.allSettled([...good, bad!].map(({ n: _n, ...entry }) => writer.write(entry)));
    expect(settled.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'rejected']);
    expect(await countAt(machine.id, product.id)).toEqual({ votes: 5, votesCast: 5 });
  });
});
