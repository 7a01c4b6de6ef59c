import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMachine, createProduct, insertVotes, type VoteRow } from '../../src/server/db/factories.js';
import { demandForecasts, jobs, notificationDeliveries, products, restockRecords, users, vendingMachines } from '../../src/server/db/schema.js';
import { computeAnalytics } from '../../src/server/features/inventory-analytics/compute-analytics.js';
import { enqueue } from '../../src/server/jobs/enqueue.js';
import type { InventoryAnalytics, Prediction } from '../../src/shared/analytics.schemas.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { api, DAY_MS, expectJsonError, mailsTo, signIn } from './helpers.js';

/**
 * The inventory analytics against histories with known answers. The figures are computed at NOW,
 * a fixed instant in the past (16:00 UTC yesterday: late morning in New York, the operator's zone),
 * so every vote sits on a known local day.
 */
let t: TestApp;
const today = new Date();
const NOW = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - 1, 16));
/** NOW's time of day, `daysAgo` local days before NOW's day. */
const noonDaysAgo = (daysAgo: number, minute = 0) => new Date(NOW.getTime() - daysAgo * DAY_MS + minute * 60_000);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let voterSerial = 0;
/** `count` up-votes (distinct voters) for each day in `days` (days ago, yesterday is 1). */
function upVotes(machineId: number, productId: number, perDay: (daysAgo: number) => number, days: number): VoteRow[] {
  const rows: VoteRow[] = [];
  for (let daysAgo = days; daysAgo >= 1; daysAgo--) {
    for (let n = 0; n < perDay(daysAgo); n++) {
      rows.push({ productId, machineId, voteType: 'up', voterId: `analytics-${++voterSerial}`, createdAt: noonDaysAgo(daysAgo, n % 50) });
    }
  }
  return rows;
}

/** An operator with a machine and products as old as a history of `days` days. */
async function operatorWithMachine(days = 70) {
  const signedIn = await signIn(t);
  const { db } = t.database;
  const machine = await createMachine(db, signedIn.user.id, { name: 'Lobby', location: 'Head office', address: '1 Main St, Springfield, IL 62701' });
  const since = new Date(NOW.getTime() - days * DAY_MS);
  await db.update(vendingMachines).set({ createdAt: since }).where(eq(vendingMachines.id, machine.id));
  const product = async (name: string, extra: { price?: string } = {}) => {
    const created = await createProduct(db, signedIn.user.id, { name, createdAt: since, ...extra });
    return created;
  };
  return { ...signedIn, machine, product };
}

async function inventory(cookie: string, query = ''): Promise<InventoryAnalytics> {
  const res = await t.app.inject({ method: 'GET', url: `/api/analytics/inventory${query}`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Today's weekday (0 Sunday) on the operators' calendar (New York, the default zone). */
const weekdayToday = () => new Date(`${new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date())}T12:00:00Z`).getUTCDay();
/** Sets the operator's fill day so the next visit is `days` days from today. */
const visitInDays = (userId: number, days: number) =>
  t.database.db.update(users).set({ restockWeekday: (weekdayToday() + days) % 7 }).where(eq(users.id, userId));

const cardOf = (figures: InventoryAnalytics, productId: number): Prediction => figures.predictions.find((card) => card.productId === productId)!;

describe('demand predictions', () => {
  test('a steady product: 5 up-votes a day forecast as 35 for the week with full confidence; stock from the rule', async () => {
    const { user, cookie, machine, product } = await operatorWithMachine();
    const steady = await product('Steady Chips');
    const weekly = await product('Weekday Soda');
    // Weekdays 8, weekends 2: a pure weekly pattern.
    const pattern = (daysAgo: number) => {
      const weekday = new Date(noonDaysAgo(daysAgo).getTime()).getUTCDay();
      return weekday === 0 || weekday === 6 ? 2 : 8;
    };
    await insertVotes(t.database.db, [...upVotes(machine.id, steady.id, () => 5, 56), ...upVotes(machine.id, weekly.id, pattern, 56)]);
    await computeAnalytics(t.database.db, user.id, NOW);

    const figures = await inventory(cookie);
    expect(figures.computedAt).toBe(NOW.toISOString());
    expect(figures.summary.totalPredictions).toBe(2);
    const card = cardOf(figures, steady.id);
    expect(card.predictedDemand).toBe(35);
    expect(card.confidence).toBe(100);
    expect(card.trend).toBe('stable');
    expect(card.seasonal).toBe(false);
    // How the forecast was made is left to the card's explanation, which reads it on its own.
    expect(card).not.toHaveProperty('forecast');
    const detailUrl = `/api/analytics/forecasts/${machine.id}/${steady.id}`;
    const detail = await t.app.inject({ method: 'GET', url: detailUrl, headers: { cookie } });
    expect(detail.statusCode, detail.body).toBe(200);
    const { forecast } = detail.json();
    expect(detail.json()).toMatchObject({ machineId: machine.id, productId: steady.id, computedAt: NOW.toISOString() });
    expect(forecast.folds).toBeGreaterThan(0);
    expect(forecast.historyDays).toBe(56);
    expect(forecast.daily).toHaveLength(7);
    // Confidence is the chosen method's weekly error in the back-test, which the explanation shows.
    expect(card.confidence).toBe(Math.round(100 * Math.max(0, 1 - forecast.weeklyError)));
    const tried: { method: string; weeklyError: number }[] = forecast.candidates;
    expect(tried.map((candidate) => candidate.method)).toContain('seasonal-naive');
    expect(tried.map((candidate) => candidate.method)).toContain(forecast.method);
    expect(tried.find((candidate) => candidate.method === 'seasonal-naive')!.weeklyError).toBe(forecast.baselineWeeklyError);
    // The stored inputs of the stock figures are not part of the explanation.
    expect(forecast).not.toHaveProperty('recentUpVotes');
    // Another operator, or a pair without a forecast, is told the same: not found.
    const stranger = await signIn(t);
    const foreign = await t.app.inject({ method: 'GET', url: detailUrl, headers: { cookie: stranger.cookie } });
    const missing = await t.app.inject({ method: 'GET', url: `/api/analytics/forecasts/${machine.id}/${steady.id + 1000}`, headers: { cookie } });
    expect([foreign.statusCode, missing.statusCode]).toEqual([404, 404]);
    expect(foreign.json()).toEqual(missing.json());
    expect(missing.json()).toMatchObject({ message: 'Forecast not found' });
    const weeklyCard = cardOf(figures, weekly.id);
    expect(weeklyCard.predictedDemand).toBeCloseTo(44, 0);
    expect(weeklyCard.confidence).toBeGreaterThanOrEqual(95);
    expect(weeklyCard.seasonal).toBe(true);
    expect(figures.summary.seasonalItems).toBe(1);
    expect(figures.summary.highConfidence).toBe(2);

    // The rule: threshold (20 by default) plus the product's share of the machine's predicted week.
    expect(figures.rule).toMatchObject({ autoReorderThreshold: 20, fillTargetDays: 7, restockWeekday: 1, assumedUnitsPerVote: 1 });
    expect(card.demandShare).toBeCloseTo(35 / (35 + weeklyCard.predictedDemand), 3);
    expect(card.recommendedStock).toBe(20 + 35);
    expect(card.stockBasis).toBe('assumed-weekly-fill');
    expect(card.unitsPerVote).toBe(1);
    expect(card.unitsPerVoteMeasured).toBe(false);
    // The range's up-votes: the last 30 days include today, which has none yet.
    expect(card.currentVotes).toBe(29 * 5);
  });

  test('restock records drive the stock figures: units left plus filled, less what sold since', async () => {
    const { user, cookie, machine, product } = await operatorWithMachine();
    const steady = await product('Recorded Candy');
    await insertVotes(t.database.db, upVotes(machine.id, steady.id, () => 5, 56));
    await computeAnalytics(t.database.db, user.id, NOW);
    // Two days ago, after that day's votes: 3 left, 40 filled; one day of 5 sold since.
    await t.database.db.insert(restockRecords).values({
      userId: user.id,
      machineId: machine.id,
      productId: steady.id,
      unitsLeft: 3,
      unitsFilled: 40,
      restockedAt: new Date(noonDaysAgo(2).getTime() + 3_600_000),
    });
    const card = cardOf(await inventory(cookie), steady.id);
    expect(card.stockBasis).toBe('restock-record');
    expect(card.estimatedStock).toBe(38);
    // 38 units at 5 a day: 33 left after today, then 28, 23, 18, 13, 8, 3, and gone on the eighth day.
    expect(card.daysOfCover).toBe(7);
    expect(card.urgency).toBe('normal');
    expect(card.suggestedOrder).toBe(card.recommendedStock - 38);
  });

  test('urgency is days of cover against the next visit: ten weeks of cover is not urgent, running out before the visit is, an assumption never is', async () => {
    const { user, cookie, machine, product } = await operatorWithMachine();
    const slow = await product('Slow Mints');
    const fast = await product('Fast Cola');
    const unrecorded = await product('Unrecorded Cola');
    // Two up-votes a week for eight weeks; ten a day for the fast ones.
    await insertVotes(t.database.db, [
      ...upVotes(machine.id, slow.id, (daysAgo) => (daysAgo % 7 === 1 || daysAgo % 7 === 4 ? 1 : 0), 56),
      ...upVotes(machine.id, fast.id, () => 10, 56),
      ...upVotes(machine.id, unrecorded.id, () => 10, 56),
    ]);
    await computeAnalytics(t.database.db, user.id, NOW);
    // Counted a minute ago: 20 mints (the reorder threshold: the old rule said 'Restock now'), 15 colas.
    const justNow = new Date(Date.now() - 60_000);
    await t.database.db.insert(restockRecords).values([
      { userId: user.id, machineId: machine.id, productId: slow.id, unitsLeft: 20, unitsFilled: 0, restockedAt: justNow },
      { userId: user.id, machineId: machine.id, productId: fast.id, unitsLeft: 15, unitsFilled: 0, restockedAt: justNow },
    ]);
    const call = api(t, cookie);
    const settings = (await call.get('/api/settings')).json();
    const visitIn = async (days: number) => {
      const saved = await call.patch('/api/settings/preferences', { ...settings.preferences, restockWeekday: (weekdayToday() + days) % 7 });
      expect(saved.statusCode, saved.body).toBe(200);
      return inventory(cookie);
    };

    const inThreeDays = await visitIn(3);
    expect(inThreeDays.rule).toMatchObject({ daysToNextVisit: 3, restockWeekday: (weekdayToday() + 3) % 7, assumedUnitsPerVote: 1 });
    const mints = cardOf(inThreeDays, slow.id);
    expect(mints.daysOfCover).toBeGreaterThan(60);
    expect(mints.urgency).toBe('normal');
    // 15 colas at 10 a day: 5 left after today, gone tomorrow; the visit is in three days.
    expect(cardOf(inThreeDays, fast.id)).toMatchObject({ stockBasis: 'restock-record', daysOfCover: 1, urgency: 'urgent' });
    const assumed = cardOf(inThreeDays, unrecorded.id);
    expect(assumed.stockBasis).toBe('assumed-weekly-fill');
    expect(assumed.urgency).not.toBe('urgent');
    expect(inThreeDays.summary.needRestocking).toBe(inThreeDays.predictions.filter((card) => card.urgency !== 'normal').length);

    // With the visit tomorrow the colas last until it: that visit fills them.
    expect(cardOf(await visitIn(1), fast.id)).toMatchObject({ daysOfCover: 1, urgency: 'this-week' });
  });

  test('two recorded visits measure units sold per up-vote, pooled over the machine', async () => {
    const { user, cookie, machine, product } = await operatorWithMachine();
    const steady = await product('Measured Cookies');
    await insertVotes(t.database.db, upVotes(machine.id, steady.id, () => 3, 56));
    await computeAnalytics(t.database.db, user.id, NOW);
    const after = (daysAgo: number) => new Date(noonDaysAgo(daysAgo).getTime() + 3_600_000);
    await t.database.db.insert(restockRecords).values([
      // 45 in the machine nine days ago; 10 left seven days later: 35 units sold against 21 up-votes.
      { userId: user.id, machineId: machine.id, productId: steady.id, unitsLeft: 5, unitsFilled: 40, restockedAt: after(9) },
      { userId: user.id, machineId: machine.id, productId: steady.id, unitsLeft: 10, unitsFilled: 50, restockedAt: after(2) },
    ]);
    const card = cardOf(await inventory(cookie), steady.id);
    expect(card.unitsPerVoteMeasured).toBe(true);
    expect(card.unitsPerVote).toBe(1.67);
    // 60 after the last visit, less one day of 3 up-votes at 1.67 units each.
    expect(card.estimatedStock).toBe(55);
    expect(card.recommendedStock).toBe(20 + Math.ceil(21 * 1.67));
    expect(card.lastRestockAt).toBe(after(2).toISOString());
  });

  test('only the latest four visits measure it, and a visit recorded with more left than was there sold nothing', async () => {
    const { user, cookie, machine, product } = await operatorWithMachine();
    const steady = await product('Recounted Crackers');
    await insertVotes(t.database.db, upVotes(machine.id, steady.id, () => 3, 56));
    await computeAnalytics(t.database.db, user.id, NOW);
    const after = (daysAgo: number) => new Date(noonDaysAgo(daysAgo).getTime() + 3_600_000);
    const visit = (daysAgo: number, unitsLeft: number, unitsFilled: number) => ({ userId: user.id, machineId: machine.id, productId: steady.id, unitsLeft, unitsFilled, restockedAt: after(daysAgo) });
    await t.database.db.insert(restockRecords).values([
      // Older than the latest four: its 100 units sold would make the ratio 1.61.
      visit(30, 0, 100),
      visit(23, 0, 40),
      // 50 left of 40: a recount, not -10 sold (which would make the ratio 0.4).
      visit(16, 50, 0),
      visit(9, 29, 11),
      visit(2, 26, 14),
    ]);
    const card = cardOf(await inventory(cookie), steady.id);
    // 0 + 21 + 14 units against 21 days of 3 up-votes.
    expect(card).toMatchObject({ unitsPerVote: 0.56, unitsPerVoteMeasured: true, unitsPerVoteBasis: 'restocks', lastRestockAt: after(2).toISOString() });
    // 40 after the last visit, less one day of 3 up-votes at 0.56 units each.
    expect(card.estimatedStock).toBe(38.3);
  });

  test('a threshold from settings moves the recommended stock', async () => {
    const { user, cookie, machine, product } = await operatorWithMachine();
    const steady = await product('Threshold Mints');
    await insertVotes(t.database.db, upVotes(machine.id, steady.id, () => 2, 40));
    await t.database.db.update(users).set({ autoReorderThreshold: 5 }).where(eq(users.id, user.id));
    await computeAnalytics(t.database.db, user.id, NOW);
    const card = cardOf(await inventory(cookie), steady.id);
    expect(card.recommendedStock).toBe(5 + 14);
  });

  test('an operator never computed before gets figures computed on the first visit', async () => {
    const { cookie, machine, product } = await operatorWithMachine();
    const steady = await product('First Visit Gum');
    await insertVotes(t.database.db, upVotes(machine.id, steady.id, () => 3, 30));
    const figures = await inventory(cookie);
    expect(figures.predictions.map((card) => card.productId)).toEqual([steady.id]);
    expect(Date.parse(figures.computedAt)).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('refresh', () => {
  test('queues a recompute that the jobs worker runs; pressing again within 10 minutes queues nothing and says when it may', async () => {
    const { user, cookie, machine, product } = await operatorWithMachine();
    const steady = await product('Refreshed Pretzels');
    await insertVotes(t.database.db, upVotes(machine.id, steady.id, () => 4, 30));
    await computeAnalytics(t.database.db, user.id, NOW);
    const pressed = Date.now();
    const first = await t.app.inject({ method: 'POST', url: '/api/analytics/refresh', headers: { cookie } });
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json().computedAt).toBe(NOW.toISOString());
    const nextRefreshAt = Date.parse(first.json().nextRefreshAt);
    expect(nextRefreshAt - pressed).toBeGreaterThanOrEqual(10 * 60_000 - 1000);
    expect(nextRefreshAt - pressed).toBeLessThanOrEqual(10 * 60_000 + 5000);
    const second = await t.app.inject({ method: 'POST', url: '/api/analytics/refresh', headers: { cookie } });
    expect(Date.parse(second.json().nextRefreshAt)).toBe(nextRefreshAt);
    await expect.poll(async () => (await inventory(cookie)).computedAt, { timeout: 15_000 }).not.toBe(NOW.toISOString());
    const refreshJobs = await t.database.db.select().from(jobs).where(and(eq(jobs.name, 'analytics.compute'), like(jobs.uniqueKey, `analytics.refresh:${user.id}:%`)));
    expect(refreshJobs).toHaveLength(1);
    expect((await inventory(cookie)).refreshQueued).toBe(false);
  });

  test('the nightly job queues a compute for each operator with votes', async () => {
    const { user, machine, product } = await operatorWithMachine();
    const steady = await product('Nightly Nuts');
    await insertVotes(t.database.db, upVotes(machine.id, steady.id, () => 4, 30));
    await enqueue(t.database.db, 'analytics.nightly', { at: NOW.toISOString() });
    await expect
      .poll(async () => (await t.database.db.select().from(demandForecasts).where(eq(demandForecasts.userId, user.id))).length, { timeout: 15_000 })
      .toBe(1);
  });
});

describe('time zones', () => {
  test('the figures say the zone they were counted in, and a new zone in settings recomputes them', async () => {
    const { user, cookie, api: call, machine, product } = await operatorWithMachine();
    const steady = await product('Zoned Chips');
    await insertVotes(t.database.db, upVotes(machine.id, steady.id, () => 2, 30));
    await computeAnalytics(t.database.db, user.id, NOW);
    const settings = (await call.get('/api/settings')).json();
    const saved = await call.patch('/api/settings/preferences', { ...settings.preferences, timezone: 'America/Los_Angeles' });
    expect(saved.statusCode, saved.body).toBe(200);
    await expect.poll(async () => (await inventory(cookie)).timeZone, { timeout: 15_000 }).toBe('America/Los_Angeles');
    expect((await inventory(cookie)).computedAt).not.toBe(NOW.toISOString());
    // Saving the same zone again queues nothing.
    const before = await t.database.db.select().from(jobs).where(eq(jobs.name, 'analytics.compute'));
    await call.patch('/api/settings/preferences', { ...settings.preferences, timezone: 'America/Los_Angeles' });
    expect(await t.database.db.select().from(jobs).where(eq(jobs.name, 'analytics.compute'))).toHaveLength(before.length);
  });
});

describe('tenancy and input', () => {
  test("another operator's machine answers 404; a bad range 400; signed out 401", async () => {
    const owner = await operatorWithMachine();
    const other = await signIn(t);
    expectJsonError(await t.app.inject({ method: 'GET', url: `/api/analytics/inventory?machineId=${owner.machine.id}`, headers: { cookie: other.cookie } }), 404, 'Machine not found');
    expectJsonError(await t.app.inject({ method: 'GET', url: `/api/analytics/demographics?machineId=${owner.machine.id}`, headers: { cookie: other.cookie } }), 404, 'Machine not found');
    expectJsonError(await t.app.inject({ method: 'GET', url: '/api/analytics/demographics?location=Head%20office', headers: { cookie: other.cookie } }), 404, 'Location not found');
    expectJsonError(await t.app.inject({ method: 'GET', url: '/api/analytics/inventory?range=2y', headers: { cookie: other.cookie } }), 400, /Range must be one of/);
    expect((await t.app.inject({ method: 'GET', url: '/api/analytics/inventory' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/analytics/refresh' })).statusCode).toBe(401);
    // The other operator's own figures hold nothing of the owner's.
    const steady = await owner.product('Private Chips');
    await insertVotes(t.database.db, upVotes(owner.machine.id, steady.id, () => 4, 20));
    await computeAnalytics(t.database.db, owner.user.id, NOW);
    await computeAnalytics(t.database.db, other.user.id, NOW);
    const theirs = await inventory(other.cookie);
    expect(theirs.predictions).toEqual([]);
    expect(theirs.performance.products).toEqual([]);
  });
});

describe('product performance and stock optimization', () => {
  test('ranks by votes with shares; a falling product is cut; a slow one gives way to a requested product', async () => {
    const { user, cookie, machine, product } = await operatorWithMachine();
    const { db } = t.database;
    const leaders = await Promise.all(['Cola', 'Water', 'Juice', 'Tea'].map((name) => product(name)));
    const slow = await product('Dusty Crackers');
    await db.update(products).set({ yourPrice: '0.50' }).where(eq(products.id, slow.id));
    const falling = await product('Fading Bar');
    const requested = await product('Requested Kombucha');
    const rows = [
      ...leaders.flatMap((leader, index) => upVotes(machine.id, leader.id, () => 6 + index, 65)),
      ...upVotes(machine.id, slow.id, (daysAgo) => (daysAgo % 7 === 0 ? 1 : 0), 65),
      // 12 a day until ten days ago, then 3 a day.
      ...upVotes(machine.id, falling.id, (daysAgo) => (daysAgo > 10 ? 12 : 3), 65),
      ...upVotes(machine.id, requested.id, (daysAgo) => (daysAgo <= 10 ? 1 : 0), 65),
    ];
    await insertVotes(db, rows);
    const { suggestions } = await import('../../src/server/db/schema.js');
    await db.insert(suggestions).values({ userId: user.id, machineId: machine.id, name: 'Requested Kombucha', category: 'Beverages', status: 'approved', productId: requested.id });
    await computeAnalytics(db, user.id, NOW);

    const figures = await inventory(cookie, '?range=30d');
    const ranked = figures.performance.products;
    // 65 days of votes cover the 30 days before the range: changes are compared where there were votes.
    expect(ranked.filter((row) => row.previousVotes > 0).every((row) => row.change !== null)).toBe(true);
    expect(ranked.find((row) => row.productName === 'Requested Kombucha')!.change).toBeNull();
    expect(ranked[0]!.productName).toBe('Tea');
    expect(ranked.map((row) => row.rank)).toEqual(ranked.map((_, index) => index + 1));
    const total = ranked.reduce((sum, row) => sum + row.votes, 0);
    expect(figures.performance.totalVotes).toBe(total);
    expect(ranked[0]!.share).toBeCloseTo((ranked[0]!.votes / total) * 100, 1);
    expect(figures.performance.fallers.map((row) => row.productName)).toContain('Fading Bar');

    const swap = figures.optimization.recommendations.find((recommendation) => recommendation.kind === 'swap');
    expect(swap).toMatchObject({ productName: 'Dusty Crackers', replacementName: 'Requested Kombucha', orderProductId: requested.id });
    // Without the replacement's cost the saving is unknown; with it, the difference of the two.
    expect(swap!.costSaved).toBeNull();
    await db.update(products).set({ yourPrice: '0.30' }).where(eq(products.id, requested.id));
    const priced = (await inventory(cookie, '?range=30d')).optimization;
    const pricedSwap = priced.recommendations.find((recommendation) => recommendation.kind === 'swap')!;
    expect(pricedSwap.costSaved).toBe((pricedSwap.unitsCut * (0.5 - 0.3)).toFixed(2));
    expect(priced.totalCostSaved).toBe(pricedSwap.costSaved);
    const cut = figures.optimization.recommendations.find((recommendation) => recommendation.kind === 'reduce');
    expect(cut).toMatchObject({ productName: 'Fading Bar', costSaved: null });
    expect(figures.optimization.recommendationsWithoutCost).toBeGreaterThanOrEqual(2);
    expect(figures.optimization.totalCostSaved).toBe('0.00');
    // Last 90 days reach before the first vote: no change is claimed.
    const longer = await inventory(cookie, '?range=90d');
    expect(longer.performance.products.every((row) => row.change === null)).toBe(true);
    expect(longer.performance.risers).toEqual([]);
    expect(longer.performance.fallers).toEqual([]);
    expect(figures.optimization.swapsOnMachinePages).toBe(0);

    // Once the machine has a planogram, its swap is the one its page works out from what it sells:
    // none is recommended here, and the tab says where it is. A falling product is still cut.
    const { planogramSlots } = await import('../../src/server/db/schema.js');
    const stocked = [...leaders, slow, falling];
    await db.insert(planogramSlots).values(stocked.map((item, index) => ({ userId: user.id, machineId: machine.id, code: `A${index + 1}`, productId: item.id, capacity: 20, par: 15, startedAt: new Date(NOW.getTime() - 70 * DAY_MS) })));
    const planned = (await inventory(cookie, '?range=30d')).optimization;
    expect(planned.swapsOnMachinePages).toBe(1);
    expect(planned.recommendations.filter((recommendation) => recommendation.kind === 'swap')).toEqual([]);
    expect(planned.recommendations.find((recommendation) => recommendation.kind === 'reduce')).toMatchObject({ productName: 'Fading Bar' });
    expect((await inventory(cookie, `?range=30d&machineId=${machine.id}`)).optimization.swapsOnMachinePages).toBe(1);
  });
});

describe('the low-inventory notice', () => {
  const sweepNow = () => enqueue(t.database.db, 'notifications.sweep', { at: new Date().toISOString() });
  const lowInventoryRows = (userId: number) =>
    t.database.db.select().from(notificationDeliveries).where(and(eq(notificationDeliveries.userId, userId), eq(notificationDeliveries.kind, 'lowInventory')));

  test('mails once per product and machine per restock when recorded stock runs out before the next visit', async () => {
    const { user, machine, product } = await operatorWithMachine();
    await visitInDays(user.id, 6);
    const due = await product('Due Soon Chips');
    const later = await product('Plenty Pretzels');
    const assumed = await product('Never Recorded Gum');
    await insertVotes(t.database.db, [
      ...upVotes(machine.id, due.id, () => 5, 56),
      ...upVotes(machine.id, later.id, () => 5, 56),
      ...upVotes(machine.id, assumed.id, () => 5, 56),
    ]);
    await computeAnalytics(t.database.db, user.id, NOW);
    const restockedAt = new Date(noonDaysAgo(1).getTime() + 3_600_000);
    await t.database.db.insert(restockRecords).values([
      // 25 units at 5 a day: gone in 4 days, before the visit in 6.
      { userId: user.id, machineId: machine.id, productId: due.id, unitsLeft: 5, unitsFilled: 20, restockedAt },
      // 120 units: 23 days of stock.
      { userId: user.id, machineId: machine.id, productId: later.id, unitsLeft: 20, unitsFilled: 100, restockedAt },
    ]);

    await sweepNow();
    const mail = await t.smtp.waitForMail(user.email, /^Restock Due Soon Chips at Lobby soon$/, 15_000);
    expect(mail.text).toContain('Due Soon Chips at Lobby: about 25 units left, running out within 4 days');
    expect(mail.text).toContain('run out before your next visit');
    expect(mail.text).not.toContain('Plenty Pretzels');
    // An assumed weekly fill is never mailed about.
    expect(mail.text).not.toContain('Never Recorded Gum');
    expect(mail.text).toContain('/resources/inventory-analytics');
    expect(await lowInventoryRows(user.id)).toHaveLength(1);

    // The next sweep tells nothing new; a new restock starts a new spell.
    await sweepNow();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await lowInventoryRows(user.id)).toHaveLength(1);
    await t.database.db
      .insert(restockRecords)
      .values({ userId: user.id, machineId: machine.id, productId: due.id, unitsLeft: 2, unitsFilled: 21, restockedAt: new Date(Date.now() - 60_000) });
    await sweepNow();
    await expect.poll(async () => (await lowInventoryRows(user.id)).length, { timeout: 15_000 }).toBe(2);
    await expect.poll(() => mailsTo(t, user.email).filter((received) => /^Restock Due Soon Chips/.test(received.subject ?? '')).length, { timeout: 15_000 }).toBe(2);
  });

  test('an operator who turned the notice off is not told', async () => {
    const { user, machine, product } = await operatorWithMachine();
    const due = await product('Quiet Chips');
    await insertVotes(t.database.db, upVotes(machine.id, due.id, () => 5, 30));
    await computeAnalytics(t.database.db, user.id, NOW);
    await t.database.db.update(users).set({ lowInventoryAlerts: false }).where(eq(users.id, user.id));
    await t.database.db.insert(restockRecords).values({ userId: user.id, machineId: machine.id, productId: due.id, unitsLeft: 1, unitsFilled: 20, restockedAt: new Date(Date.now() - 60_000) });
    await sweepNow();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await lowInventoryRows(user.id)).toHaveLength(0);
  });
});
