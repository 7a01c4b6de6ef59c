import { count, eq, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createMachine, createProduct, createUser } from '../../src/server/db/factories.js';
import { machineProductVotes, machineVoters, products, votes } from '../../src/server/db/schema.js';
import { DEMO_OPERATOR_EMAIL } from '../../src/server/db/seed.js';
import { VOTER_COOKIE_REQUIRED_MESSAGE } from '../../src/shared/vote-rules.js';
import { createTestApp, sessionCookieFrom, type TestApp } from '../support/index.js';
import { expectJsonError, get, login, signIn } from './helpers.js';
import { expectCountersMatchVoteRows, postVote, voteStateSnapshot, voterCookieFrom, voterIdOf, storedCountAt } from './vote-counters.js';

let t: TestApp;
let demoOperatorId: number;
let demoPassword: string;
beforeAll(async () => {
  t = await createTestApp();
  const demo = await createUser(t.database.db, { email: DEMO_OPERATOR_EMAIL });
  demoOperatorId = demo.user.id;
  demoPassword = demo.password;
});
afterEach(() => expectCountersMatchVoteRows(t.database.db));
afterAll(() => t.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function operatorWithMachines(machineCount = 2) {
  const operator = await signIn(t);
  const machines = [];
  for (let i = 0; i < machineCount; i++) machines.push(await createMachine(t.database.db, operator.user.id));
  const product = await createProduct(t.database.db, operator.user.id, { name: 'Cola 20 oz', category: 'Soda' });
  return { ...operator, machines, product };
}

const productRow = async (id: number) => (await t.database.db.select().from(products).where(eq(products.id, id)))[0]!;
const countAt = (machineId: number, productId: number) => storedCountAt(t.database.db, machineId, productId);
const voteRowsOf = (productId: number) => t.database.db.select().from(votes).where(eq(votes.productId, productId));
const listedVotes = async (url: string, productId: number, cookie?: string) => {
  const res = await get(t, url, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: number; votes: number }[]).find((product) => product.id === productId)?.votes;
};

describe('a vote at a machine', () => {
  test('201 with {productId, machineId, voteType, votes}, by the voter of the page’s cookie, one row without the raw address', async () => {
    const { machines, product } = await operatorWithMachines();
    const res = await postVote(t, product.id, { machineId: machines[0]!.id, ip: '198.51.100.77' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ productId: product.id, machineId: machines[0]!.id, voteType: 'up', votes: 1 });
    // The page load gave the voter their cookie; the vote itself hands out none.
    expect(res.cookies.find((c) => c.name === 'voter')).toBeUndefined();
    const voterId = voterIdOf(voterCookieFrom(res));
    expect(voterId).toMatch(UUID);

    const [row] = await voteRowsOf(product.id);
    expect(row).toMatchObject({ machineId: machines[0]!.id, voteType: 'up', voterId, archivedAt: null });
    expect(row!.voterIpHash).toEqual(expect.any(String));
    expect(row!.voterIpHash).not.toContain('198.51.100.77');
    expect(await countAt(machines[0]!.id, product.id)).toMatchObject({ votes: 1, votesCast: 1 });
    expect(await productRow(product.id)).toMatchObject({ votes: 1, demoVotes: 0 });
    const voters = await t.database.db.select().from(machineVoters).where(eq(machineVoters.machineId, machines[0]!.id));
    expect(voters).toEqual([expect.objectContaining({ voterId, votesCast: 1 })]);
  });

  test('a voter who has the cookie keeps it: no new cookie, and the vote is theirs', async () => {
    const { machines, product } = await operatorWithMachines(1);
    const other = await createProduct(t.database.db, (await productRow(product.id)).userId);
    const cookie = voterCookieFrom(await postVote(t, other.id, { machineId: machines[0]!.id }));
    const res = await postVote(t, product.id, { machineId: machines[0]!.id, cookie });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.cookies.find((c) => c.name === 'voter')).toBeUndefined();
    expect((await voteRowsOf(product.id)).map((row) => row.voterId)).toEqual([voterIdOf(cookie)]);
    const [voter] = await t.database.db.select().from(machineVoters).where(eq(machineVoters.voterId, voterIdOf(cookie)));
    expect(voter).toMatchObject({ machineId: machines[0]!.id, votesCast: 2 });
  });

  test.each(['up', 'down'])('a second vote (%s) by the same voter on the same product and machine is a 409 "already voted"; nothing changes', async (second) => {
    const { machines, product } = await operatorWithMachines(1);
    const first = await postVote(t, product.id, { machineId: machines[0]!.id });
    expect(first.statusCode, first.body).toBe(201);
    const cookie = voterCookieFrom(first);
    const before = await voteStateSnapshot(t.database.db);

    const again = await postVote(t, product.id, { machineId: machines[0]!.id, voteType: second, cookie });
    expect(expectJsonError(again, 409).message).toContain('already voted');
    expect(await voteStateSnapshot(t.database.db)).toEqual(before);
  });

  test('the same voter may vote the same product at another machine of the owner', async () => {
    const { machines, product } = await operatorWithMachines(2);
    const first = await postVote(t, product.id, { machineId: machines[0]!.id });
    const cookie = voterCookieFrom(first);
    const second = await postVote(t, product.id, { machineId: machines[1]!.id, cookie });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toEqual({ productId: product.id, machineId: machines[1]!.id, voteType: 'up', votes: 1 });
    expect(await productRow(product.id)).toMatchObject({ votes: 2 });
    const rows = await voteRowsOf(product.id);
    expect(rows.map((row) => row.voterId)).toEqual([voterIdOf(cookie), voterIdOf(cookie)]);
  });

  test('a vote without a voter cookie, or with one not signed by us, is a 403 that says to open the page; nothing written', async () => {
    const { machines, product } = await operatorWithMachines(1);
    const cookie = voterCookieFrom(await postVote(t, product.id, { machineId: machines[0]!.id }));
    const voterId = voterIdOf(cookie);
    const before = await voteStateSnapshot(t.database.db);
    for (const forged of [null, `voter=${voterId}`, `voter=${voterId}.forgedsignature`, 'voter=not-a-voter', 'voter=']) {
      const res = await postVote(t, product.id, { machineId: machines[0]!.id, cookie: forged });
      expectJsonError(res, 403, VOTER_COOKIE_REQUIRED_MESSAGE);
      expect(res.cookies.find((c) => c.name === 'voter')).toBeUndefined();
    }
    expect(await voteStateSnapshot(t.database.db)).toEqual(before);
  });

  test('counts are per machine: a vote at one machine leaves the other machine as it was; the product total is the sum', async () => {
    const { machines, product, cookie } = await operatorWithMachines(2);
    const [first, second] = machines as [(typeof machines)[0], (typeof machines)[0]];
    for (let i = 0; i < 3; i++) expect((await postVote(t, product.id, { machineId: first.id })).statusCode).toBe(201);
    expect(await listedVotes(`/api/products?machineId=${second.id}`, product.id)).toBe(0);
    expect(await countAt(second.id, product.id)).toBeUndefined();

    for (let i = 0; i < 2; i++) expect((await postVote(t, product.id, { machineId: second.id })).statusCode).toBe(201);
    expect(await listedVotes(`/api/products?machineId=${first.id}`, product.id)).toBe(3);
    expect(await listedVotes(`/api/products?machineId=${second.id}`, product.id)).toBe(2);
    expect(await listedVotes('/api/products', product.id, cookie)).toBe(5);
    expect(await productRow(product.id)).toMatchObject({ votes: 5, demoVotes: 0 });
  });

  test('never below zero: a down vote on 0 is recorded (201) but the count and the total stay; a down after ups lowers by one', async () => {
    const { machines, product } = await operatorWithMachines(2);
    const [first, second] = machines as [(typeof machines)[0], (typeof machines)[0]];
    // The product has 2 votes elsewhere, so a wrong total would show.
    for (let i = 0; i < 2; i++) await postVote(t, product.id, { machineId: second.id });

    const down = await postVote(t, product.id, { machineId: first.id, voteType: 'down' });
    expect(down.statusCode, down.body).toBe(201);
    expect(down.json()).toEqual({ productId: product.id, machineId: first.id, voteType: 'down', votes: 0 });
    expect(await countAt(first.id, product.id)).toMatchObject({ votes: 0, votesCast: 1 });
    expect(await productRow(product.id)).toMatchObject({ votes: 2 });

    for (let i = 0; i < 2; i++) await postVote(t, product.id, { machineId: first.id });
    const lower = await postVote(t, product.id, { machineId: first.id, voteType: 'down' });
    expect(lower.json()).toMatchObject({ votes: 1 });
    expect(await countAt(first.id, product.id)).toMatchObject({ votes: 1, votesCast: 4 });
    expect(await productRow(product.id)).toMatchObject({ votes: 3 });

    await postVote(t, product.id, { machineId: first.id, voteType: 'down' });
    const belowZero = await postVote(t, product.id, { machineId: first.id, voteType: 'down' });
    expect(belowZero.json()).toMatchObject({ votes: 0 });
    expect(await countAt(first.id, product.id)).toMatchObject({ votes: 0, votesCast: 6 });
    expect(await productRow(product.id)).toMatchObject({ votes: 2 });
  });
});

describe('a vote that cannot be counted', () => {
  test('an unknown machine: 404 Machine not found, nothing written', async () => {
    const { product } = await operatorWithMachines(1);
    const before = await voteStateSnapshot(t.database.db);
    expectJsonError(await postVote(t, product.id, { machineId: 2_000_000_000 }), 404, 'Machine not found');
    expect(await voteStateSnapshot(t.database.db)).toEqual(before);
  });

  test("a product that is not the machine owner's, or does not exist: 404 Product not found, nothing written", async () => {
    const a = await operatorWithMachines(1);
    const b = await operatorWithMachines(1);
    const before = await voteStateSnapshot(t.database.db);
    expectJsonError(await postVote(t, b.product.id, { machineId: a.machines[0]!.id }), 404, 'Product not found');
    expectJsonError(await postVote(t, a.product.id, { machineId: b.machines[0]!.id, voteType: 'down' }), 404, 'Product not found');
    expectJsonError(await postVote(t, 2_000_000_000, { machineId: a.machines[0]!.id }), 404, 'Product not found');
    expect(await voteStateSnapshot(t.database.db)).toEqual(before);
  });

  test.each([
    ['a vote type that is neither up nor down', { body: { voteType: 'sideways' } }, 'voteType', 'Vote type must be up or down'],
    ['an upper-case vote type', { body: { voteType: 'UP' } }, 'voteType', 'Vote type must be up or down'],
    ['no vote type', { body: {} }, 'voteType', 'Vote type must be up or down'],
    ['a null vote type', { body: { voteType: null } }, 'voteType', 'Vote type must be up or down'],
    ['an unknown body field', { body: { voteType: 'up', votes: 100 } }, 'votes', 'Unknown field: votes'],
    ['a body that is an array', { body: [{ voteType: 'up' }] }, undefined, undefined],
    ['a non-numeric machine id', { machineId: 'abc' }, 'machineId', 'Machine id must be a whole number'],
    ['machine id 0', { machineId: '0' }, 'machineId', undefined],
    ['a negative machine id', { machineId: '-4' }, 'machineId', undefined],
    ['a fractional machine id', { machineId: '1.5' }, 'machineId', undefined],
    ['a machine id past the largest id', { machineId: '99999999999' }, 'machineId', undefined],
  ])('%s: 400 naming the field, nothing written', async (_label, options, field, message) => {
    const { machines, product } = await operatorWithMachines(1);
    const before = await voteStateSnapshot(t.database.db);
    const res = await postVote(t, product.id, { machineId: machines[0]!.id, ...options });
    const body = expectJsonError(res, 400, message);
    if (field) expect(Object.keys(body.errors ?? {})).toContain(field);
    expect(res.cookies.find((c) => c.name === 'voter')).toBeUndefined();
    expect(await voteStateSnapshot(t.database.db)).toEqual(before);
  });

  test.each(['abc', '0', '-1', '2.5', '99999999999'])('product id %s: 400, nothing written', async (id) => {
    const { machines } = await operatorWithMachines(1);
    const before = await voteStateSnapshot(t.database.db);
    const body = expectJsonError(await postVote(t, id, { machineId: machines[0]!.id }), 400);
    expect(Object.keys(body.errors ?? {})).toContain('id');
    expect(await voteStateSnapshot(t.database.db)).toEqual(before);
  });

  test('a body that is not JSON, or not sent as JSON: a 4xx, nothing written', async () => {
    const { machines, product } = await operatorWithMachines(1);
    const before = await voteStateSnapshot(t.database.db);
    const url = `/api/products/${product.id}/vote?machineId=${machines[0]!.id}`;
    const broken = await t.app.inject({ method: 'POST', url, payload: '{"voteType":', headers: { 'content-type': 'application/json' } });
    expectJsonError(broken, 400, 'The request body is not valid JSON.');
    const asText = await t.app.inject({ method: 'POST', url, payload: '{"voteType":"up"}', headers: { 'content-type': 'text/plain' } });
    expectJsonError(asText, 415);
    const empty = await t.app.inject({ method: 'POST', url });
    expectJsonError(empty, 400);
    expect(await voteStateSnapshot(t.database.db)).toEqual(before);
  });
});

describe('the demo page (no machine)', () => {
  test("counts in the demo operator's demo scope: products.demo_votes and the total, no machine count", async () => {
    const product = await createProduct(t.database.db, demoOperatorId, { name: 'Demo Chips' });
    const res = await postVote(t, product.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ productId: product.id, machineId: null, voteType: 'up', votes: 1 });
    voterCookieFrom(res);
    await postVote(t, product.id);
    expect(await productRow(product.id)).toMatchObject({ votes: 2, demoVotes: 2 });
    expect(await t.database.db.select().from(machineProductVotes).where(eq(machineProductVotes.productId, product.id))).toEqual([]);
    const [row] = await voteRowsOf(product.id);
    expect(row).toMatchObject({ machineId: null, voteType: 'up' });
    expect(await listedVotes('/api/products', product.id)).toBe(2);
  });

  test('the demo page and each demo machine are separate scopes; a second vote in one scope is a 409', async () => {
    const product = await createProduct(t.database.db, demoOperatorId, { name: 'Demo Soda', category: 'Soda' });
    const machine = await createMachine(t.database.db, demoOperatorId);
    const first = await postVote(t, product.id, { machineId: machine.id });
    const cookie = voterCookieFrom(first);
    const onDemoPage = await postVote(t, product.id, { cookie });
    expect(onDemoPage.statusCode, onDemoPage.body).toBe(201);
    expect(onDemoPage.json()).toMatchObject({ machineId: null, votes: 1 });
    expect(expectJsonError(await postVote(t, product.id, { cookie, voteType: 'down' }), 409).message).toContain('already voted');
    expect(expectJsonError(await postVote(t, product.id, { cookie, machineId: machine.id }), 409).message).toContain('already voted');

    expect(await productRow(product.id)).toMatchObject({ votes: 2, demoVotes: 1 });
    expect(await listedVotes('/api/products', product.id)).toBe(1);
    expect(await listedVotes(`/api/products?machineId=${machine.id}`, product.id)).toBe(1);
  });

  test('a down vote never takes the demo count below zero, nor the total', async () => {
    const product = await createProduct(t.database.db, demoOperatorId, { name: 'Demo Jerky', category: 'Beef Jerky' });
    const machine = await createMachine(t.database.db, demoOperatorId);
    await postVote(t, product.id, { machineId: machine.id });
    const down = await postVote(t, product.id, { voteType: 'down' });
    expect(down.statusCode, down.body).toBe(201);
    expect(down.json()).toMatchObject({ machineId: null, votes: 0 });
    expect(await productRow(product.id)).toMatchObject({ votes: 1, demoVotes: 0 });

    await postVote(t, product.id);
    await postVote(t, product.id);
    expect((await postVote(t, product.id, { voteType: 'down' })).json()).toMatchObject({ votes: 1 });
    expect(await productRow(product.id)).toMatchObject({ votes: 2, demoVotes: 1 });
  });

  test("another operator's product without a machine: 404 Product not found, nothing written", async () => {
    const { product } = await operatorWithMachines(1);
    const before = await voteStateSnapshot(t.database.db);
    expectJsonError(await postVote(t, product.id), 404, 'Product not found');
    expect(await voteStateSnapshot(t.database.db)).toEqual(before);
  });
});

describe('POST /api/votes/reset', () => {
  const reset = (cookie?: string) => t.app.inject({ method: 'POST', url: '/api/votes/reset', headers: cookie ? { cookie } : {} });
  const stats = async (cookie?: string, query = '') => {
    const res = await get(t, `/api/stats${query}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Record<string, number>;
  };
  const liveRows = async () => (await t.database.db.select({ n: count() }).from(votes).where(isNull(votes.archivedAt)))[0]!.n;

  test("zeroes this operator's counts only, keeps the rows archived, and lets the same voters vote again", async () => {
    const a = await operatorWithMachines(2);
    const b = await operatorWithMachines(1);
    const aOther = await createProduct(t.database.db, a.user.id, { name: 'Trail Mix', category: 'Nuts' });
    const [m1, m2] = a.machines as [(typeof a.machines)[0], (typeof a.machines)[0]];
    const voter = voterCookieFrom(await postVote(t, a.product.id, { machineId: m1.id }));
    await postVote(t, a.product.id, { machineId: m2.id, cookie: voter });
    await postVote(t, aOther.id, { machineId: m1.id, cookie: voter });
    await postVote(t, aOther.id, { machineId: m1.id, voteType: 'down' });
    await postVote(t, b.product.id, { machineId: b.machines[0]!.id });
    await postVote(t, b.product.id, { machineId: b.machines[0]!.id });
    const bProducts = (await get(t, '/api/products', b.cookie)).json();
    const bStats = await stats(b.cookie);
    const bMachineStats = await stats(undefined, `?machineId=${b.machines[0]!.id}`);
    expect(bStats).toMatchObject({ totalVotes: 2, activeVoters: 2 });
    const aRowsBefore = (await voteRowsOf(a.product.id)).length + (await voteRowsOf(aOther.id)).length;
    const totalRowsBefore = (await t.database.db.select({ n: count() }).from(votes))[0]!.n;
    const liveBefore = await liveRows();

    const res = await reset(a.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'All vote counts have been reset to zero.', archivedVotes: 4 });
    expect(aRowsBefore).toBe(4);

    // A's counts are zero everywhere; the rows are kept, archived.
    for (const product of [a.product, aOther]) {
      expect(await productRow(product.id)).toMatchObject({ votes: 0, demoVotes: 0 });
      expect(await listedVotes('/api/products', product.id, a.cookie)).toBe(0);
      expect(await listedVotes(`/api/products?machineId=${m1.id}`, product.id)).toBe(0);
      for (const row of await voteRowsOf(product.id)) expect(row.archivedAt).toBeInstanceOf(Date);
    }
    expect(await stats(a.cookie)).toMatchObject({ totalVotes: 0, activeVoters: 0, avgEngagement: 0 });
    expect(await stats(undefined, `?machineId=${m1.id}`)).toMatchObject({ totalVotes: 0, activeVoters: 0 });
    expect((await t.database.db.select({ n: count() }).from(votes))[0]!.n).toBe(totalRowsBefore);
    expect(await liveRows()).toBe(liveBefore - 4);

    // B is untouched.
    expect((await get(t, '/api/products', b.cookie)).json()).toEqual(bProducts);
    expect(await stats(b.cookie)).toEqual(bStats);
    expect(await stats(undefined, `?machineId=${b.machines[0]!.id}`)).toEqual(bMachineStats);
    expect((await voteRowsOf(b.product.id)).every((row) => row.archivedAt === null)).toBe(true);

    // The same voter may vote again, and it counts from zero.
    const again = await postVote(t, a.product.id, { machineId: m1.id, cookie: voter });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ votes: 1 });
    expect(await stats(a.cookie)).toMatchObject({ totalVotes: 1, activeVoters: 1, avgEngagement: 1 });

    const second = await reset(a.cookie);
    expect(second.json()).toEqual({ message: 'All vote counts have been reset to zero.', archivedVotes: 1 });
    expect((await reset(a.cookie)).json()).toMatchObject({ archivedVotes: 0 });
  });

  test('the demo scope resets with its operator', async () => {
    const product = await createProduct(t.database.db, demoOperatorId);
    const cookie = voterCookieFrom(await postVote(t, product.id));
    const demoSession = sessionCookieFrom(await login(t, DEMO_OPERATOR_EMAIL, demoPassword));
    expect((await reset(demoSession)).statusCode).toBe(200);
    expect(await productRow(product.id)).toMatchObject({ votes: 0, demoVotes: 0 });
    expect((await postVote(t, product.id, { cookie })).json()).toMatchObject({ votes: 1 });
  });

  test('signed out: 401 Unauthorized; an affiliate: 403; nothing changes', async () => {
    const a = await operatorWithMachines(1);
    await postVote(t, a.product.id, { machineId: a.machines[0]!.id });
    const before = await voteStateSnapshot(t.database.db);
    expectJsonError(await reset(), 401, 'Unauthorized');
    const affiliate = await signIn(t, { role: 'affiliate' });
    expectJsonError(await reset(affiliate.cookie), 403);
    expect(await voteStateSnapshot(t.database.db)).toEqual(before);
  });
});
