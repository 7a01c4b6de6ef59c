import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createMachine, createProduct } from '../../src/server/db/factories.js';
import { products, votes } from '../../src/server/db/schema.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { api, get, signIn } from './helpers.js';
import { expectCountersMatchVoteRows, postVote, voteStateSnapshot } from './vote-counters.js';

/**
 * Products, votes and stats are private to their operator (DECISIONS 1): another operator's
 * ids answer like missing ones, lists and figures never include them, and nothing they do
 * changes this operator's data.
 */
let t: TestApp;
let a: Awaited<ReturnType<typeof operatorWithData>>;
let b: Awaited<ReturnType<typeof operatorWithData>>;

async function operatorWithData(role: 'operator' | 'admin', upVotes: number) {
  const operator = await signIn(t, { role });
  const machine = await createMachine(t.database.db, operator.user.id);
  const product = await createProduct(t.database.db, operator.user.id);
  for (let i = 0; i < upVotes; i++) expect((await postVote(t, product.id, { machineId: machine.id })).statusCode).toBe(201);
  return { ...operator, machine, product };
}

beforeAll(async () => {
  t = await createTestApp();
  a = await operatorWithData('operator', 3);
  // An admin is an operator too, and sees only their own catalogue and figures.
  b = await operatorWithData('admin', 2);
});
afterEach(() => expectCountersMatchVoteRows(t.database.db));
afterAll(() => t.close());

const ownerRowsOf = async (ownerId: number) => {
  const own = await t.database.db.select({ id: products.id }).from(products).where(eq(products.userId, ownerId));
  return t.database.db.select().from(votes).where(inArray(votes.productId, own.map((p) => p.id)));
};

describe("another operator's products, votes and figures", () => {
  test('lists and figures without a machine hold only the signed-in operator’s rows', async () => {
    const listedByB = (await get(t, '/api/products', b.cookie)).json();
    expect(listedByB.map((p: { id: number; votes: number }) => [p.id, p.votes])).toEqual([[b.product.id, 2]]);
    expect((await get(t, '/api/stats', b.cookie)).json()).toMatchObject({ totalVotes: 2, totalProducts: 1, activeVoters: 2 });
    expect((await get(t, '/api/stats', a.cookie)).json()).toMatchObject({ totalVotes: 3, totalProducts: 1, activeVoters: 3 });

    const machinesOfB = (await get(t, '/api/dashboard/machines', b.cookie)).json();
    expect(machinesOfB.map((m: { id: number }) => m.id)).toEqual([b.machine.id]);
    expect(machinesOfB[0].topProducts.map((p: { id: number }) => p.id)).toEqual([b.product.id]);
  });

  test("deleting A's product as B answers exactly like a missing product, and the product and its votes stay", async () => {
    const before = await voteStateSnapshot(t.database.db);
    const foreign = await api(t, b.cookie).delete(`/api/products/${a.product.id}`);
    const missing = await api(t, b.cookie).delete('/api/products/2000000000');
    expect(foreign.statusCode).toBe(404);
    expect([foreign.statusCode, foreign.json()]).toEqual([missing.statusCode, missing.json()]);
    expect(foreign.json()).toEqual({ message: 'Product not found' });
    expect(await voteStateSnapshot(t.database.db)).toEqual(before);
    expect((await get(t, '/api/products', a.cookie)).json().map((p: { id: number }) => p.id)).toEqual([a.product.id]);
  });

  test("voting for A's product at B's machine is refused like a missing product", async () => {
    const before = await voteStateSnapshot(t.database.db);
    const res = await postVote(t, a.product.id, { machineId: b.machine.id });
    expect([res.statusCode, res.json()]).toEqual([404, { message: 'Product not found' }]);
    expect(await voteStateSnapshot(t.database.db)).toEqual(before);
  });

  test("B's reset archives only B's votes; A's counts, totals, figures and rows are untouched", async () => {
    const aProducts = (await get(t, '/api/products', a.cookie)).json();
    const aAtMachine = (await get(t, `/api/products?machineId=${a.machine.id}`)).json();
    const aStats = (await get(t, '/api/stats', a.cookie)).json();
    const aMachines = (await get(t, '/api/dashboard/machines', a.cookie)).json();
    const aRows = await ownerRowsOf(a.user.id);

    const res = await api(t, b.cookie).post('/api/votes/reset');
    expect(res.json()).toEqual({ message: 'All vote counts have been reset to zero.', archivedVotes: 2 });

    expect((await get(t, '/api/products', a.cookie)).json()).toEqual(aProducts);
    expect((await get(t, `/api/products?machineId=${a.machine.id}`)).json()).toEqual(aAtMachine);
    expect((await get(t, '/api/stats', a.cookie)).json()).toEqual(aStats);
    expect((await get(t, '/api/dashboard/machines', a.cookie)).json()).toEqual(aMachines);
    expect(await ownerRowsOf(a.user.id)).toEqual(aRows);
    expect(aRows.every((row) => row.archivedAt === null)).toBe(true);
    expect((await ownerRowsOf(b.user.id)).every((row) => row.archivedAt !== null)).toBe(true);
    expect((await get(t, '/api/stats', b.cookie)).json()).toMatchObject({ totalVotes: 0, activeVoters: 0 });
  });
});
