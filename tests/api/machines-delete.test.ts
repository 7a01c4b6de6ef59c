import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMachine, createProduct, insertVotes, recountVotes, type VoteRow } from '../../src/server/db/factories.js';
import { machineProductVotes, products, suggestions, vendingIssues, vendingMachines, votes } from '../../src/server/db/schema.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { api, expectJsonError, signIn } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const remove = (id: number, cookie: string) => api(t, cookie).delete(`/api/machines/${id}`);

let voter = 0;
const start = Date.now() - 60 * 60 * 1000;
/** `ups` up votes then `downs` down votes, each by a voter of its own, in time order. */
function ballots(productId: number, machineId: number | null, ups: number, downs = 0): VoteRow[] {
  return [...Array(ups).fill('up'), ...Array(downs).fill('down')].map((voteType, i) => ({
    productId,
    machineId,
    voteType,
    voterId: `voter-${++voter}`,
    createdAt: new Date(start + voter * 1000 + i),
  }));
}

const totals = async (ids: number[]) =>
  Object.fromEntries(
    (await t.database.db.select({ id: products.id, votes: products.votes }).from(products).where(inArray(products.id, ids))).map((p) => [p.id, p.votes]),
  );

describe('DELETE /api/machines/:id', () => {
  test('answers {id, deleted: true}; the machine is gone and a second delete is a 404', async () => {
    const { user, cookie } = await signIn(t);
    const machine = await createMachine(t.database.db, user.id);
    const res = await remove(machine.id, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: machine.id, deleted: true });
    expect(await t.database.db.select().from(vendingMachines).where(eq(vendingMachines.id, machine.id))).toEqual([]);
    expectJsonError(await api(t, cookie).get(`/api/machines/${machine.id}`), 404, 'Machine not found');
    expectJsonError(await remove(machine.id, cookie), 404, 'Machine not found');
  });

  test('product totals lose exactly the deleted machine’s counts; its votes go, other scopes stay', async () => {
    const { user, cookie } = await signIn(t);
    const gone = await createMachine(t.database.db, user.id, { name: 'Gone' });
    const kept = await createMachine(t.database.db, user.id, { name: 'Kept' });
    const chips = await createProduct(t.database.db, user.id, { name: 'Chips' });
    const soda = await createProduct(t.database.db, user.id, { name: 'Soda', category: 'Soda' });
    await insertVotes(t.database.db, [
      ...ballots(chips.id, gone.id, 3),
      ...ballots(chips.id, kept.id, 2),
      ...ballots(chips.id, null, 1),
      ...ballots(soda.id, gone.id, 2, 1),
      ...ballots(soda.id, kept.id, 4),
    ]);
    expect(await totals([chips.id, soda.id])).toEqual({ [chips.id]: 6, [soda.id]: 5 });

    expect((await remove(gone.id, cookie)).statusCode).toBe(200);

    expect(await totals([chips.id, soda.id])).toEqual({ [chips.id]: 3, [soda.id]: 4 });
    // The same numbers a recount from the remaining vote rows gives.
    await recountVotes(t.database.db);
    expect(await totals([chips.id, soda.id])).toEqual({ [chips.id]: 3, [soda.id]: 4 });

    expect(await t.database.db.select().from(votes).where(eq(votes.machineId, gone.id))).toEqual([]);
    expect(await t.database.db.select().from(machineProductVotes).where(eq(machineProductVotes.machineId, gone.id))).toEqual([]);
    expect(await t.database.db.select().from(votes).where(eq(votes.machineId, kept.id))).toHaveLength(6);
  });

  test('its suggestions and vending issues stay, no longer tied to a machine', async () => {
    const { user, cookie } = await signIn(t);
    const machine = await createMachine(t.database.db, user.id);
    const [suggestion] = await t.database.db
      .insert(suggestions)
      .values({ userId: user.id, machineId: machine.id, name: 'Kombucha', category: 'Tea' })
      .returning();
    const [issue] = await t.database.db
      .insert(vendingIssues)
      .values({ userId: user.id, machineId: machine.id, customerName: 'Sam', customerEmail: 'sam@example.test', productName: 'Chips' })
      .returning();

    expect((await remove(machine.id, cookie)).statusCode).toBe(200);

    const [suggestionAfter] = await t.database.db.select().from(suggestions).where(eq(suggestions.id, suggestion!.id));
    const [issueAfter] = await t.database.db.select().from(vendingIssues).where(eq(vendingIssues.id, issue!.id));
    expect(suggestionAfter).toMatchObject({ name: 'Kombucha', machineId: null, userId: user.id });
    expect(issueAfter).toMatchObject({ customerName: 'Sam', machineId: null, userId: user.id });
  });

  test('another operator cannot delete it, and its counts stay in the totals', async () => {
    const owner = await signIn(t);
    const stranger = await signIn(t);
    const machine = await createMachine(t.database.db, owner.user.id);
    const product = await createProduct(t.database.db, owner.user.id);
    await insertVotes(t.database.db, ballots(product.id, machine.id, 2));

    expectJsonError(await remove(machine.id, stranger.cookie), 404, 'Machine not found');

    expect(await t.database.db.select().from(vendingMachines).where(eq(vendingMachines.id, machine.id))).toHaveLength(1);
    expect(await totals([product.id])).toEqual({ [product.id]: 2 });
  });
});
