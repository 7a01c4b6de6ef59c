import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createMachine, createProduct, createUser } from '../../src/server/db/factories.js';
import { machineVoters, products, votes } from '../../src/server/db/schema.js';
import { DEMO_OPERATOR_EMAIL } from '../../src/server/db/seed.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../support/index.js';
import { signIn } from './helpers.js';
import { expectCountersMatchVoteRows, newAddress, postVote, voterCookieFrom, storedCountAt } from './vote-counters.js';
import { newVoter } from './voter.js';

// Requests sent at once. On PostgreSQL they run in parallel over the pool; on the embedded
// engine they interleave in one process. Either way each counter must equal a recount after.
let t: TestApp;
let demoOperatorId: number;
beforeAll(async () => {
  t = await createTestApp();
  demoOperatorId = (await createUser(t.database.db, { email: DEMO_OPERATOR_EMAIL })).user.id;
});
afterEach(() => expectCountersMatchVoteRows(t.database.db));
afterAll(() => t.close());

async function operatorWithMachines(machineCount: number) {
  const operator = await signIn(t);
  const machines = [];
  for (let i = 0; i < machineCount; i++) machines.push(await createMachine(t.database.db, operator.user.id));
  const product = await createProduct(t.database.db, operator.user.id);
  return { ...operator, machines, product };
}

const productRow = async (id: number) => (await t.database.db.select().from(products).where(eq(products.id, id)))[0]!;
const countAt = (machineId: number, productId: number) => storedCountAt(t.database.db, machineId, productId);
const voteRowCount = async (productId: number) =>
  (await t.database.db.select({ n: count() }).from(votes).where(and(eq(votes.productId, productId), isNull(votes.archivedAt))))[0]!.n;
const votersAt = async (machineId: number) =>
  (await t.database.db.select({ n: count() }).from(machineVoters).where(eq(machineVoters.machineId, machineId)))[0]!.n;
const statuses = (answers: { statusCode: number }[]) => answers.map((res) => res.statusCode).sort();
const atOnce = <T>(n: number, send: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => send(i)));
/** Voters who loaded the page first (each from an address of its own), so their votes can then go at once. */
const pageVoters = (n: number, machineIdOf: (i: number) => number | null = () => null) =>
  atOnce(n, async (i) => {
    const ip = newAddress();
    return { ip, cookie: await newVoter(t, { machineId: machineIdOf(i), ip }) };
  });

describe(`concurrent votes (${testDatabaseKind})`, () => {
  test('40 distinct voters at once are all counted', async () => {
    const { machines, product } = await operatorWithMachines(1);
    const machine = machines[0]!;
    // Counts already there must be added to, not overwritten.
    await postVote(t, product.id, { machineId: machine.id });
    const totalBefore = (await productRow(product.id)).votes;
    const votersBefore = await votersAt(machine.id);

    const voters = await pageVoters(40, () => machine.id);
    const answers = await atOnce(40, (i) => postVote(t, product.id, { machineId: machine.id, ...voters[i] }));
    expect(statuses(answers)).toEqual(Array(40).fill(201));
    expect(new Set(answers.map(voterCookieFrom)).size).toBe(40);
    expect(answers.map((res) => res.json().votes).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 2));

    expect(await countAt(machine.id, product.id)).toEqual({ votes: 41, votesCast: 41 });
    expect((await productRow(product.id)).votes).toBe(totalBefore + 40);
    expect(await voteRowCount(product.id)).toBe(41);
    expect(await votersAt(machine.id)).toBe(votersBefore + 40);
  });

  test('one voter racing 15 requests at once counts once: one 201, fourteen 409, one row', async () => {
    const { machines, product, user } = await operatorWithMachines(1);
    const machine = machines[0]!;
    const warmUp = await createProduct(t.database.db, user.id);
    const cookie = voterCookieFrom(await postVote(t, warmUp.id, { machineId: machine.id }));

    const answers = await atOnce(15, (i) => postVote(t, product.id, { machineId: machine.id, cookie, voteType: i % 2 ? 'down' : 'up' }));
    expect(statuses(answers)).toEqual([201, ...Array(14).fill(409)]);
    for (const res of answers.filter((answer) => answer.statusCode === 409)) expect(res.json().message).toContain('already voted');
    expect(await voteRowCount(product.id)).toBe(1);
    expect((await countAt(machine.id, product.id))?.votesCast).toBe(1);
    const [voter] = await t.database.db.select().from(machineVoters).where(eq(machineVoters.machineId, machine.id));
    expect(voter?.votesCast).toBe(2);
  });

  test('10 voters voting down at once on a count of 3 end at 0, and the total only loses those 3', async () => {
    const { machines, product } = await operatorWithMachines(2);
    const [here, elsewhere] = machines as [(typeof machines)[0], (typeof machines)[0]];
    for (let i = 0; i < 3; i++) await postVote(t, product.id, { machineId: here.id });
    for (let i = 0; i < 2; i++) await postVote(t, product.id, { machineId: elsewhere.id });
    expect((await productRow(product.id)).votes).toBe(5);

    const voters = await pageVoters(10, () => here.id);
    const answers = await atOnce(10, (i) => postVote(t, product.id, { machineId: here.id, voteType: 'down', ...voters[i] }));
    expect(statuses(answers)).toEqual(Array(10).fill(201));
    for (const res of answers) expect(res.json().votes).toBeGreaterThanOrEqual(0);
    expect(await countAt(here.id, product.id)).toEqual({ votes: 0, votesCast: 13 });
    expect(await countAt(elsewhere.id, product.id)).toEqual({ votes: 2, votesCast: 2 });
    expect((await productRow(product.id)).votes).toBe(2);
  });

  test('10 down votes at once on a demo count of 3 end at 0; the demo page and machines keep their own counts', async () => {
    const product = await createProduct(t.database.db, demoOperatorId);
    const machine = await createMachine(t.database.db, demoOperatorId);
    for (let i = 0; i < 3; i++) await postVote(t, product.id);
    await postVote(t, product.id, { machineId: machine.id });

    const voters = await pageVoters(10);
    const answers = await atOnce(10, (i) => postVote(t, product.id, { voteType: 'down', ...voters[i] }));
    expect(statuses(answers)).toEqual(Array(10).fill(201));
    expect(await productRow(product.id)).toMatchObject({ votes: 1, demoVotes: 0 });
    expect(await countAt(machine.id, product.id)).toEqual({ votes: 1, votesCast: 1 });
  });

  test('votes at two machines and on the demo page at once: each scope counts its own, the total is the sum', async () => {
    const product = await createProduct(t.database.db, demoOperatorId);
    const first = await createMachine(t.database.db, demoOperatorId);
    const second = await createMachine(t.database.db, demoOperatorId);
    const scopes = [first.id, second.id, null];
    const voters = await pageVoters(45, (i) => scopes[i % 3]!);
    const answers = await atOnce(45, (i) => postVote(t, product.id, { machineId: scopes[i % 3], ...voters[i] }));
    expect(statuses(answers)).toEqual(Array(45).fill(201));
    expect(await countAt(first.id, product.id)).toEqual({ votes: 15, votesCast: 15 });
    expect(await countAt(second.id, product.id)).toEqual({ votes: 15, votesCast: 15 });
    expect(await productRow(product.id)).toMatchObject({ votes: 45, demoVotes: 15 });
  });

  test('a reset while votes arrive leaves every counter equal to a recount of the live rows', async () => {
    for (let round = 0; round < 8; round++) {
      const { machines, cookie, user } = await operatorWithMachines(3);
      const catalogue = await Promise.all(Array.from({ length: 4 }, () => createProduct(t.database.db, user.id)));
      // First votes of each product at each machine, so they create the count rows. One product
      // gets only down votes: ups and downs racing on one count have no single time order to
      // recount in, but downs alone on a zero count must stay zero whatever their order.
      const machineOf = (i: number) => machines[Math.floor(i / 4) % 3]!.id;
      const voters = await pageVoters(36, machineOf);
      const voting = atOnce(36, (i) => postVote(t, catalogue[i % 4]!.id, { machineId: machineOf(i), voteType: i % 4 === 3 ? 'down' : 'up', ...voters[i] }));
      const reset = t.app.inject({ method: 'POST', url: '/api/votes/reset', headers: { cookie } });
      const [answers, resetAnswer] = await Promise.all([voting, reset]);
      expect(statuses(answers)).toEqual(Array(36).fill(201));
      expect(resetAnswer.statusCode, resetAnswer.body).toBe(200);
      await expectCountersMatchVoteRows(t.database.db);
    }
  });

  test('deleting a product while votes for it arrive: each vote counts or is a 404, and the voter tallies follow', async () => {
    for (let round = 0; round < 5; round++) {
      const { machines, cookie, user } = await operatorWithMachines(2);
      const [doomed, kept] = await Promise.all([createProduct(t.database.db, user.id), createProduct(t.database.db, user.id)]);
      // Voters who also voted for the kept product stay voters of the machine; the others go.
      const voters = await Promise.all(Array.from({ length: 10 }, async (_, i) => voterCookieFrom(await postVote(t, kept.id, { machineId: machines[i % 2]!.id }))));
      const newcomers = await pageVoters(20, (i) => machines[i % 2]!.id);
      const voting = atOnce(30, (i) => postVote(t, doomed.id, { machineId: machines[i % 2]!.id, ...(i < 10 ? { cookie: voters[i] } : newcomers[i - 10]) }));
      const deletion = t.app.inject({ method: 'DELETE', url: `/api/products/${doomed.id}`, headers: { cookie } });
      const [answers, deleted] = await Promise.all([voting, deletion]);
      expect(deleted.statusCode, deleted.body).toBe(200);
      for (const res of answers) expect([201, 404], res.body).toContain(res.statusCode);
      await expectCountersMatchVoteRows(t.database.db);
    }
  });
});
