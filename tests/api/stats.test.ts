import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createMachine, createProduct, createUser, insertVotes, type VoteRow } from '../../src/server/db/factories.js';
import { users } from '../../src/server/db/schema.js';
import { DEMO_OPERATOR_EMAIL } from '../../src/server/db/seed.js';
import { createTestApp, sessionCookieFrom, type TestApp } from '../support/index.js';
import { DAY_MS, HOUR_MS, expectJsonError, get, signIn } from './helpers.js';
import { expectCountersMatchVoteRows } from './vote-counters.js';

/**
 * The dashboard figures against fixtures counted by hand. The operator keeps Los Angeles time,
 * and votes sit a minute either side of local midnight: any other zone's day boundary lands
 * hours away and moves some of them to another day.
 */
const ZONE = 'America/Los_Angeles';
const MINUTE_MS = 60_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await waitIfMidnightIsNear(ZONE);
  await waitIfMidnightIsNear('America/New_York');
});
afterEach(() => expectCountersMatchVoteRows(t.database.db));
afterAll(() => t.close());

/** The wall-clock reading of an instant in a zone, as if it were UTC. */
function wallClockMs(timeZone: string, instant: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
}

/** The instant the local day containing `instant` began in `timeZone`. */
function startOfLocalDay(timeZone: string, instant: number): number {
  const wall = wallClockMs(timeZone, instant);
  const localMidnight = wall - (wall % DAY_MS);
  // Wall time minus offset; the offset is taken again at the result, in case DST changed between.
  const guess = localMidnight - (wall - Math.floor(instant / 1000) * 1000);
  return localMidnight - (wallClockMs(timeZone, guess) - guess);
}

/** A day boundary passing while the test runs would change what 'today' is; wait it out. */
async function waitIfMidnightIsNear(timeZone: string) {
  const untilMidnight = DAY_MS - (wallClockMs(timeZone, Date.now()) % DAY_MS);
  if (untilMidnight < 2 * MINUTE_MS) await new Promise((resolve) => setTimeout(resolve, untilMidnight + 1000));
}

async function statsOf(query = '', cookie?: string) {
  const res = await get(t, `/api/stats${query}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('GET /api/stats', () => {
  let operator: Awaited<ReturnType<typeof signIn>>;
  let machineIds: number[];
  let productIds: Record<'cola' | 'almonds' | 'beefStick' | 'dates', number>;
  let fixtures: VoteRow[];
  let yesterdayStart: number;
  /** Yesterday's votes up to this time of day: what today so far is compared with. */
  const yesterdaySoFar = (machineId?: number) =>
    fixtures.filter(
      (row) =>
        (machineId === undefined || row.machineId === machineId) &&
        row.createdAt.getTime() >= yesterdayStart &&
        row.createdAt.getTime() < Date.now() - DAY_MS,
    ).length;

  beforeAll(async () => {
    operator = await signIn(t);
    await t.database.db.update(users).set({ timeZone: ZONE }).where(eq(users.id, operator.user.id));
    const now = Date.now();
    const today = startOfLocalDay(ZONE, now);
    const yesterday = startOfLocalDay(ZONE, today - 1);
    yesterdayStart = yesterday;
    const [m1, m2, m3] = [
      await createMachine(t.database.db, operator.user.id, { name: 'Lobby' }),
      await createMachine(t.database.db, operator.user.id, { name: 'Gym' }),
      await createMachine(t.database.db, operator.user.id, { name: 'Garage' }),
    ];
    machineIds = [m1.id, m2.id, m3.id];
    const db = t.database.db;
    const cola = await createProduct(db, operator.user.id, { name: 'Cola', brand: 'Coca-Cola', category: 'Soda', createdAt: new Date(now - 30 * DAY_MS) });
    const almonds = await createProduct(db, operator.user.id, { name: 'Almonds', brand: 'Blue Diamond', category: 'Nuts', createdAt: new Date(now - 10 * DAY_MS) });
    const beefStick = await createProduct(db, operator.user.id, { name: 'Beef Stick', category: 'Beef Jerky', createdAt: new Date(now - 2 * DAY_MS) });
    const dates = await createProduct(db, operator.user.id, { name: 'Dates', category: 'Sweets' });
    productIds = { cola: cola.id, almonds: almonds.id, beefStick: beefStick.id, dates: dates.id };

    const vote = (machineId: number, productId: number, voteType: 'up' | 'down', voterId: string, at: number): VoteRow => ({
      machineId,
      productId,
      voteType,
      voterId: `${operator.user.id}-${voterId}`,
      createdAt: new Date(at),
    });
    fixtures = [
      vote(m1.id, cola.id, 'up', 'v1', today + MINUTE_MS), // today
      vote(m1.id, almonds.id, 'up', 'v1', today - 30 * MINUTE_MS), // yesterday
      vote(m1.id, cola.id, 'up', 'v2', today - MINUTE_MS), // yesterday (today in New York)
      vote(m2.id, cola.id, 'up', 'v3', today + 3 * MINUTE_MS), // today
      vote(m2.id, cola.id, 'down', 'v6', today - 2 * MINUTE_MS), // yesterday
      vote(m1.id, cola.id, 'down', 'v4', yesterday - MINUTE_MS), // the day before, still this week
      vote(m1.id, almonds.id, 'up', 'v4', yesterday + MINUTE_MS), // yesterday
      vote(m2.id, cola.id, 'up', 'v5', now - 10 * DAY_MS), // last week
      vote(m1.id, cola.id, 'up', 'v7', now - 20 * DAY_MS), // before last week
      vote(m1.id, cola.id, 'up', 'v5', now - 9 * DAY_MS), // last week
      vote(m2.id, almonds.id, 'up', 'v2', today - 3 * 60 * MINUTE_MS), // yesterday (midnight in New York)
      vote(m1.id, beefStick.id, 'up', 'v7', now - 20 * DAY_MS), // before last week
      vote(m3.id, dates.id, 'down', 'v1', today + 4 * MINUTE_MS), // today
    ];
    await insertVotes(db, fixtures);
  });

  test("all of the operator's machines, with 'today' in the operator's time zone", async () => {
    expect(await statsOf('', operator.cookie)).toEqual({
      totalVotes: 13,
      totalProducts: 4,
      activeVoters: 7,
      avgEngagement: 1.9, // 13 / 7 = 1.857…
      votesToday: 3,
      votesYesterday: yesterdaySoFar(),
      newProductsThisWeek: 2,
      votersThisWeek: 5,
      votersLastWeek: 1,
    });
  });

  test('today so far is compared with yesterday up to the same time of day, not with all of yesterday', async () => {
    // Five votes fell yesterday; only those before this time of day count.
    const allOfYesterday = fixtures.filter((row) => row.createdAt.getTime() >= yesterdayStart && row.createdAt.getTime() < yesterdayStart + DAY_MS);
    expect(allOfYesterday).toHaveLength(5);
    const stats = await statsOf('', operator.cookie);
    expect(stats.votesYesterday).toBe(yesterdaySoFar());
    const late = await createProduct(t.database.db, operator.user.id);
    // An hour later in the day than now, yesterday: not yet comparable.
    await insertVotes(t.database.db, [
      { machineId: machineIds[0]!, productId: late.id, voteType: 'up', voterId: `${operator.user.id}-late`, createdAt: new Date(Date.now() - DAY_MS + HOUR_MS) },
    ]);
    expect((await statsOf('', operator.cookie)).votesYesterday).toBe(yesterdaySoFar());
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/products/${late.id}`, headers: { cookie: operator.cookie } });
    expect(removed.statusCode, removed.body).toBe(200);
  });

  test('one machine, as its owner: only its votes and voters, every figure; the catalogue figures stay the operator’s', async () => {
    const [m1, m2, m3] = machineIds as [number, number, number];
    expect(await statsOf(`?machineId=${m1}`, operator.cookie)).toEqual({
      totalVotes: 8,
      totalProducts: 4,
      activeVoters: 5,
      avgEngagement: 1.6,
      votesToday: 1,
      votesYesterday: yesterdaySoFar(m1),
      newProductsThisWeek: 2,
      votersThisWeek: 3,
      votersLastWeek: 1,
    });
    expect(await statsOf(`?machineId=${m2}`, operator.cookie)).toEqual({
      totalVotes: 4,
      totalProducts: 4,
      activeVoters: 4,
      avgEngagement: 1,
      votesToday: 1,
      votesYesterday: yesterdaySoFar(m2),
      newProductsThisWeek: 2,
      votersThisWeek: 3,
      votersLastWeek: 1,
    });
    expect(await statsOf(`?machineId=${m3}`, operator.cookie)).toMatchObject({ totalVotes: 1, activeVoters: 1, avgEngagement: 1, votesToday: 1, votesYesterday: 0 });
  });

  test("one machine, signed out or as another operator: only what its vote page shows, none of the owner's captions", async () => {
    const [m1, m2] = machineIds as [number, number, number];
    const publicM1 = { totalVotes: 8, totalProducts: 4, activeVoters: 5, avgEngagement: 1.6, votesToday: 1 };
    expect(await statsOf(`?machineId=${m1}`)).toEqual(publicM1);
    const other = await signIn(t);
    expect(await statsOf(`?machineId=${m1}`, other.cookie)).toEqual(publicM1);
    expect(await statsOf(`?machineId=${m2}`, other.cookie)).toEqual({ totalVotes: 4, totalProducts: 4, activeVoters: 4, avgEngagement: 1, votesToday: 1 });
    // The same figures as the machine's vote page.
    const page = (await get(t, `/api/vote-page/${m1}`)).json() as { stats: Record<string, number> };
    expect(page.stats).toMatchObject({ totalVotes: publicM1.totalVotes, products: publicM1.totalProducts, activeVoters: publicM1.activeVoters, votesToday: publicM1.votesToday });
  });

  test('GET /api/dashboard/machines: each machine with its votes today and its two most voted products above zero', async () => {
    const [m1, m2, m3] = machineIds as [number, number, number];
    const res = await get(t, '/api/dashboard/machines', operator.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const cola = { id: productIds.cola, name: 'Cola', brand: 'Coca-Cola' };
    const almonds = { id: productIds.almonds, name: 'Almonds', brand: 'Blue Diamond' };
    expect(res.json()).toEqual([
      // Beef Stick's 1 is third here, so it is left out.
      { id: m1, name: 'Lobby', location: 'Front lobby', status: 'active', votesToday: 1, topProducts: [{ ...cola, votes: 3 }, { ...almonds, votes: 2 }] },
      // A tie goes by name.
      { id: m2, name: 'Gym', location: 'Front lobby', status: 'active', votesToday: 1, topProducts: [{ ...almonds, votes: 1 }, { ...cola, votes: 1 }] },
      // A product at 0 is not a top product.
      { id: m3, name: 'Garage', location: 'Front lobby', status: 'active', votesToday: 1, topProducts: [] },
    ]);
  });

  test('after a reset every figure starts afresh: nothing counts the archived votes', async () => {
    const reset = await t.app.inject({ method: 'POST', url: '/api/votes/reset', headers: { cookie: operator.cookie } });
    expect(reset.json()).toMatchObject({ archivedVotes: 13 });
    expect(await statsOf('', operator.cookie)).toEqual({
      totalVotes: 0,
      totalProducts: 4,
      activeVoters: 0,
      avgEngagement: 0,
      votesToday: 0,
      votesYesterday: 0,
      newProductsThisWeek: 2,
      votersThisWeek: 0,
      votersLastWeek: 0,
    });
    const machines = (await get(t, '/api/dashboard/machines', operator.cookie)).json();
    expect(machines.map((m: { votesToday: number; topProducts: unknown[] }) => [m.votesToday, m.topProducts])).toEqual([
      [0, []],
      [0, []],
      [0, []],
    ]);
  });
});

describe('other scopes', () => {
  test('a voter of both weeks counts in each; one who voted twice in a week counts once', async () => {
    const operator = await signIn(t);
    const db = t.database.db;
    const machine = await createMachine(db, operator.user.id);
    const [first, second] = [await createProduct(db, operator.user.id), await createProduct(db, operator.user.id)];
    const now = Date.now();
    const vote = (productId: number, voter: string, daysAgo: number): VoteRow => ({
      machineId: machine.id,
      productId,
      voteType: 'up',
      voterId: `${operator.user.id}-${voter}`,
      createdAt: new Date(now - daysAgo * DAY_MS),
    });
    await insertVotes(db, [
      vote(first.id, 'both-weeks', 2),
      vote(second.id, 'both-weeks', 10),
      vote(first.id, 'last-week-twice', 9),
      vote(second.id, 'last-week-twice', 8),
      vote(second.id, 'this-week', 3),
      vote(second.id, 'long-ago', 15),
    ]);
    expect(await statsOf('', operator.cookie)).toMatchObject({ votersThisWeek: 2, votersLastWeek: 2 });
  });

  test('an operator with nothing: every figure 0, avgEngagement 0; no machines on the dashboard', async () => {
    const empty = await signIn(t);
    expect(await statsOf('', empty.cookie)).toEqual({
      totalVotes: 0,
      totalProducts: 0,
      activeVoters: 0,
      avgEngagement: 0,
      votesToday: 0,
      votesYesterday: 0,
      newProductsThisWeek: 0,
      votersThisWeek: 0,
      votersLastWeek: 0,
    });
    const res = await get(t, '/api/dashboard/machines', empty.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([]);
  });

  test("signed out without a machine: the demo page's public figures, in the demo operator's time zone", async () => {
    const { user: demo, password: demoPassword } = await createUser(t.database.db, { email: DEMO_OPERATOR_EMAIL });
    const zone = demo.timeZone;
    expect(zone).toBe('America/New_York');
    const now = Date.now();
    const today = startOfLocalDay(zone, now);
    const fresh = await createProduct(t.database.db, demo.id);
    const older = await createProduct(t.database.db, demo.id, { createdAt: new Date(now - 8 * DAY_MS) });
    const machine = await createMachine(t.database.db, demo.id);
    const vote = (machineId: number | null, productId: number, voteType: 'up' | 'down', voterId: string, at: number): VoteRow => ({
      machineId,
      productId,
      voteType,
      voterId,
      createdAt: new Date(at),
    });
    await insertVotes(t.database.db, [
      vote(null, fresh.id, 'up', 'w1', today + MINUTE_MS),
      vote(null, older.id, 'up', 'w1', today + 2 * MINUTE_MS),
      vote(null, fresh.id, 'up', 'w2', today - MINUTE_MS),
      vote(null, older.id, 'up', 'w3', now - 10 * DAY_MS),
      vote(null, older.id, 'down', 'w2', today - 2 * 60 * MINUTE_MS),
      // At a demo machine: not the demo page's.
      vote(machine.id, fresh.id, 'up', 'w4', today + 3 * MINUTE_MS),
    ]);

    // Public: what the demo page shows, not the demo operator's captions.
    expect(await statsOf()).toEqual({
      totalVotes: 5,
      totalProducts: 2,
      activeVoters: 3,
      avgEngagement: 1.7, // 5 / 3 = 1.666…
      votesToday: 2,
    });
    expect(await statsOf(`?machineId=${machine.id}`)).toMatchObject({ totalVotes: 1, activeVoters: 1, votesToday: 1 });

    // The demo operator's own "all machines" leave the demo page out: they are the sum of the machines.
    const session = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: DEMO_OPERATOR_EMAIL, password: demoPassword } });
    expect(session.statusCode, session.body).toBe(200);
    const cookie = sessionCookieFrom(session);
    expect(await statsOf('', cookie)).toMatchObject({ totalVotes: 1, activeVoters: 1, votesToday: 1 });
    const catalogue = (await get(t, '/api/products', cookie)).json() as { id: number; votes: number }[];
    expect(Object.fromEntries(catalogue.map((p) => [p.id, p.votes]))).toEqual({ [fresh.id]: 1, [older.id]: 0 });
    const atMachine = (await get(t, `/api/products?machineId=${machine.id}`, cookie)).json() as { id: number; votes: number }[];
    expect(Object.fromEntries(atMachine.map((p) => [p.id, p.votes]))).toEqual({ [fresh.id]: 1, [older.id]: 0 });
  });

  test.each([
    ['2000000000', 404, 'Machine not found'],
    ['abc', 400, 'Machine id must be a whole number'],
    ['0', 400, 'Machine id must be a whole number'],
    ['99999999999', 400, 'Machine id must be a whole number'],
  ])('machineId=%s: %i %s', async (machineId, status, message) => {
    expectJsonError(await get(t, `/api/stats?machineId=${machineId}`), status, message);
  });

  test('GET /api/dashboard/machines signed out: 401 Unauthorized', async () => {
    expectJsonError(await get(t, '/api/dashboard/machines'), 401, 'Unauthorized');
  });
});
