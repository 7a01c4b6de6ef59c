import { and, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createMachine, createProduct, createUser } from '../../src/server/db/factories.js';
import { votes } from '../../src/server/db/schema.js';
import { DEMO_OPERATOR_EMAIL } from '../../src/server/db/seed.js';
import { VOTER_COOKIE_REQUIRED_MESSAGE, VOTES_PER_ADDRESS_PER_PRODUCT_PER_HOUR } from '../../src/shared/vote-rules.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { expectJsonError, signIn } from './helpers.js';
import { expectCountersMatchVoteRows, postVote, voteStateSnapshot, voterIdOf } from './vote-counters.js';
import { newVoter, voterCookieSetBy } from './voter.js';

/**
 * Anti-stuffing (DECISIONS 3), measured from both sides: what a script from one address lands,
 * and that real voters behind one address (a class on a school's Wi-Fi) all count. Each test uses
 * addresses of its own, since the limits count per address for the whole file.
 */
let t: TestApp;
let demoOperatorId: number;
beforeAll(async () => {
  t = await createTestApp();
  demoOperatorId = (await createUser(t.database.db, { email: DEMO_OPERATOR_EMAIL })).user.id;
});
afterEach(() => expectCountersMatchVoteRows(t.database.db));
afterAll(() => t.close());

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
const LIMIT = VOTES_PER_ADDRESS_PER_PRODUCT_PER_HOUR;

async function machineWithProducts(productCount: number, machineCount = 1) {
  const { user } = await signIn(t);
  const machines = [];
  for (let i = 0; i < machineCount; i++) machines.push(await createMachine(t.database.db, user.id));
  const products = [];
  for (let i = 0; i < productCount; i++) products.push(await createProduct(t.database.db, user.id, { name: `Snack ${i + 1}` }));
  return { machine: machines[0]!, machines, products };
}

const liveVotesOn = async (productId: number, machineId: number) =>
  (await t.database.db.select({ n: count() }).from(votes).where(and(eq(votes.productId, productId), eq(votes.machineId, machineId))))[0]!.n;

describe('the voter cookie comes from the vote page', () => {
  test("the page's data call gives a new phone a signed, HttpOnly cookie for a year; a phone that has one keeps it", async () => {
    const { machine } = await machineWithProducts(1);
    const first = await t.app.inject({ method: 'GET', url: `/api/vote-page/${machine.id}` });
    expect(first.statusCode, first.body).toBe(200);
    const cookie = first.cookies.find((c) => c.name === 'voter')!;
    expect(cookie).toMatchObject({ httpOnly: true, maxAge: ONE_YEAR_SECONDS, path: '/', sameSite: 'Lax' });
    const header = voterCookieSetBy(first)!;
    expect(voterIdOf(header)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(cookie.value.length).toBeGreaterThan(voterIdOf(header).length + 10);

    const again = await t.app.inject({ method: 'GET', url: '/api/vote-page/demo', headers: { cookie: header } });
    expect(again.statusCode).toBe(200);
    expect(voterCookieSetBy(again)).toBeNull();
    // A cookie we did not sign is replaced by a new voter.
    const forged = await t.app.inject({ method: 'GET', url: '/api/vote-page/demo', headers: { cookie: `voter=${voterIdOf(header)}` } });
    expect(voterIdOf(voterCookieSetBy(forged)!)).not.toBe(voterIdOf(header));
  });

  test('a plain loop that never loads the page lands nothing: every vote is a 403 saying to open the page', async () => {
    const { machine, products } = await machineWithProducts(1);
    const before = await voteStateSnapshot(t.database.db);
    for (let i = 0; i < 20; i++) {
      const res = await postVote(t, products[0]!.id, { machineId: machine.id, ip: '192.0.2.10', cookie: null });
      expectJsonError(res, 403, VOTER_COOKIE_REQUIRED_MESSAGE);
    }
    expectJsonError(await postVote(t, products[0]!.id, { ip: '192.0.2.10', cookie: null }), 403, VOTER_COOKIE_REQUIRED_MESSAGE);
    expect(await voteStateSnapshot(t.database.db)).toEqual(before);
  });
});

describe('one address adds at most 60 votes an hour to one product at one machine', () => {
  test('a loop that loads the page for a fresh voter before each vote lands 60; then 429 with Retry-After and a friendly message', async () => {
    const { machines, products } = await machineWithProducts(2, 2);
    const [machine, otherMachine] = machines as [(typeof machines)[0], (typeof machines)[0]];
    const [target, other] = products as [(typeof products)[0], (typeof products)[0]];
    const ip = '192.0.2.20';
    const answers = [];
    for (let i = 0; i < LIMIT + 15; i++) answers.push(await postVote(t, target.id, { machineId: machine.id, ip }));
    expect(answers.slice(0, LIMIT).map((res) => res.statusCode)).toEqual(Array(LIMIT).fill(201));
    for (const blocked of answers.slice(LIMIT)) {
      // A full hour left reads '1 hour'; a second less, '60 minutes'.
      expectJsonError(blocked, 429, /^Lots of votes for this product have come from your network in the last hour\. Please try again in (1 hour|60 minutes|59 minutes)\.$/);
      const retryAfter = Number(blocked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(3500);
      expect(retryAfter).toBeLessThanOrEqual(3600);
    }
    expect(await liveVotesOn(target.id, machine.id)).toBe(LIMIT);

    // The rule is per product, per machine and per address: the same loop elsewhere still counts.
    expect((await postVote(t, other.id, { machineId: machine.id, ip })).statusCode).toBe(201);
    expect((await postVote(t, target.id, { machineId: otherMachine.id, ip })).statusCode).toBe(201);
    expect((await postVote(t, target.id, { machineId: machine.id, ip: '192.0.2.21' })).statusCode).toBe(201);
    expect(await liveVotesOn(target.id, machine.id)).toBe(LIMIT + 1);
  });

  test('the demo page is a scope of its own', async () => {
    const product = await createProduct(t.database.db, demoOperatorId, { name: 'Demo Limit' });
    const machine = await createMachine(t.database.db, demoOperatorId);
    const ip = '192.0.2.30';
    for (let i = 0; i < LIMIT; i++) expect((await postVote(t, product.id, { ip })).statusCode).toBe(201);
    expectJsonError(await postVote(t, product.id, { ip }), 429);
    expect((await postVote(t, product.id, { machineId: machine.id, ip })).statusCode).toBe(201);
  });

  test('a class of 40 behind one school address, voting for the same snack in one break, all count', async () => {
    const { machine, products } = await machineWithProducts(1);
    const ip = '192.0.2.40';
    const pupils = [];
    for (let i = 0; i < 40; i++) pupils.push(await newVoter(t, { machineId: machine.id, ip }));
    // All up: a down vote racing ahead of the ups would be held at zero, which the recount check
    // (sums of the rows) cannot tell from a lost vote.
    const answers = await Promise.all(pupils.map((cookie) => postVote(t, products[0]!.id, { machineId: machine.id, ip, cookie, voteType: 'up' })));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(40).fill(201));
    expect(await liveVotesOn(products[0]!.id, machine.id)).toBe(40);
  });

  test('200 voters behind one address on 24 products all count', async () => {
    const { machine, products } = await machineWithProducts(24);
    const ip = '192.0.2.50';
    const answers = [];
    for (let i = 0; i < 200; i++) {
      const cookie = await newVoter(t, { machineId: machine.id, ip });
      answers.push(await postVote(t, products[i % 24]!.id, { machineId: machine.id, ip, cookie }));
    }
    expect(answers.filter((res) => res.statusCode !== 201).map((res) => res.body)).toEqual([]);
    let counted = 0;
    for (const product of products) counted += await liveVotesOn(product.id, machine.id);
    expect(counted).toBe(200);
  });
});

describe('one address casts at most 600 votes a minute', () => {
  test('600 from 50 voters on 12 products all count; the 601st is a 429 with Retry-After and writes nothing', async () => {
    const { machine, products } = await machineWithProducts(13);
    const ip = '192.0.2.60';
    const voters = [];
    for (let i = 0; i < 50; i++) voters.push(await newVoter(t, { machineId: machine.id, ip }));
    const ballots = voters.flatMap((cookie) => products.slice(0, 12).map((product) => ({ cookie, productId: product.id })));
    const answers = [];
    for (let sent = 0; sent < ballots.length; sent += 25) {
      const batch = ballots.slice(sent, sent + 25);
      answers.push(...(await Promise.all(batch.map(({ cookie, productId }) => postVote(t, productId, { machineId: machine.id, ip, cookie })))));
    }
    expect(answers.filter((res) => res.statusCode !== 201).map((res) => res.body)).toEqual([]);

    const before = await voteStateSnapshot(t.database.db);
    const blocked = await postVote(t, products[12]!.id, { machineId: machine.id, ip, cookie: voters[0]! });
    expectJsonError(blocked, 429, /^Too many attempts\. Please try again in .+\.$/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(await voteStateSnapshot(t.database.db)).toEqual(before);
    // Another address is not held back by this one.
    expect((await postVote(t, products[12]!.id, { machineId: machine.id, ip: '192.0.2.61' })).statusCode).toBe(201);
  });
});
