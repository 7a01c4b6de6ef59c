import { and, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMachine, createProduct, insertVotes, type VoteRow } from '../../src/server/db/factories.js';
import { votes } from '../../src/server/db/schema.js';
import { computeAnalytics } from '../../src/server/features/inventory-analytics/compute-analytics.js';
import type { Demographics } from '../../src/shared/analytics.schemas.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { DAY_MS, expectJsonError, signIn } from './helpers.js';
import { newVoter } from './voter.js';

let t: TestApp;
const today = new Date();
/** 16:00 UTC yesterday: late morning or midday in New York, the operators' zone, so votes sit on known local days. */
const NOW = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - 1, 16));
/** The hour of NOW in New York: 11 in winter, 12 in summer. */
const NEW_YORK_HOUR = Number(new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: 'numeric', hourCycle: 'h23' }).format(NOW));
const noonDaysAgo = (daysAgo: number, minute = 0) => new Date(NOW.getTime() - daysAgo * DAY_MS + minute * 60_000);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const AGENTS = {
  phone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  tablet: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  desktop: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
};

async function demographics(cookie: string, query = ''): Promise<Demographics> {
  const res = await t.app.inject({ method: 'GET', url: `/api/analytics/demographics${query}`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

let serial = 0;
function dailyVotes(machineId: number, productId: number, perDay: (daysAgo: number) => number, days: number, voter?: (n: number) => string): VoteRow[] {
  const rows: VoteRow[] = [];
  for (let daysAgo = days; daysAgo >= 1; daysAgo--) {
    for (let n = 0; n < perDay(daysAgo); n++) {
      rows.push({ productId, machineId, voteType: 'up', voterId: voter ? voter(n) : `demo-${++serial}`, createdAt: noonDaysAgo(daysAgo, n % 50) });
    }
  }
  return rows;
}

describe('device classes', () => {
  test('each vote keeps only the class of its device, and the figures count them', async () => {
    const { user, cookie } = await signIn(t);
    const machine = await createMachine(t.database.db, user.id, { location: 'Gym' });
    const product = await createProduct(t.database.db, user.id);
    for (const [agent, header] of [...Object.entries(AGENTS), ['none', undefined] as const]) {
      const ip = `198.51.100.${++serial % 250}`;
      const voter = await newVoter(t, { machineId: machine.id, ip });
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/products/${product.id}/vote?machineId=${machine.id}`,
        payload: { voteType: 'up' },
        headers: { cookie: voter, ...(header ? { 'user-agent': header } : {}) },
        remoteAddress: ip,
      });
      expect(res.statusCode, `${agent}: ${res.body}`).toBe(201);
    }
    const rows = await t.database.db.select().from(votes).where(and(eq(votes.machineId, machine.id), eq(votes.productId, product.id)));
    expect(rows.map((row) => row.deviceClass).sort()).toEqual(['desktop', 'phone', 'tablet', null].sort());
    // Nothing of the agent itself is stored with the vote.
    expect(JSON.stringify(rows)).not.toMatch(/Mozilla|iPhone|Windows/);

    await computeAnalytics(t.database.db, user.id, new Date());
    const figures = await demographics(cookie, '?range=7d');
    expect(figures.behavior.devices).toEqual({ phone: 1, tablet: 1, desktop: 1, unknown: 1 });
    expect(figures.behavior.devicesByLocation).toEqual([{ location: 'Gym', phone: 1, tablet: 1, desktop: 1, unknown: 1 }]);
    expect(figures.behavior.totalVoters).toBe(4);
  });
});

describe('voting behavior', () => {
  test('voters, returning voters, votes per voter, peak hour and the weekly pattern in the operator zone', async () => {
    const { user, cookie } = await signIn(t);
    const machine = await createMachine(t.database.db, user.id);
    const [a, b] = await Promise.all([createProduct(t.database.db, user.id), createProduct(t.database.db, user.id)]);
    const rows: VoteRow[] = [
      // One voter on two days (returning), one voter twice on one day, one voter once.
      { productId: a.id, machineId: machine.id, voteType: 'up', voterId: 'back-again', createdAt: noonDaysAgo(3) },
      { productId: b.id, machineId: machine.id, voteType: 'up', voterId: 'back-again', createdAt: noonDaysAgo(2) },
      { productId: a.id, machineId: machine.id, voteType: 'up', voterId: 'busy', createdAt: noonDaysAgo(2, 5) },
      { productId: b.id, machineId: machine.id, voteType: 'down', voterId: 'busy', createdAt: noonDaysAgo(2, 6) },
      { productId: a.id, machineId: machine.id, voteType: 'up', voterId: 'once', createdAt: noonDaysAgo(1) },
    ];
    await insertVotes(t.database.db, rows);
    await computeAnalytics(t.database.db, user.id, NOW);
    const { behavior } = await demographics(cookie, '?range=7d');
    expect(behavior).toMatchObject({ totalVotes: 5, totalVoters: 3, returningVoters: 1, votesPerVoter: 1.7, peakHour: NEW_YORK_HOUR });
    expect(behavior.hourly[NEW_YORK_HOUR]!.votes).toBe(5);
    const weekday = (daysAgo: number) => ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][noonDaysAgo(daysAgo).getUTCDay()]!;
    const byDay = Object.fromEntries(behavior.daily.map((day) => [day.day, day.votes]));
    expect(behavior.daily.map((day) => day.day)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(byDay[weekday(2)]).toBe(3);
    expect(byDay[weekday(1)]).toBe(1);
  });
});

describe('regional preferences', () => {
  test('category shares with a margin by sample size; too few votes say not enough data; regions from addresses', async () => {
    const { user, cookie } = await signIn(t);
    const { db } = t.database;
    const office = await createMachine(db, user.id, { location: 'Office', address: '200 Market St, Springfield, IL 62701' });
    const school = await createMachine(db, user.id, { location: 'School', address: '5 Elm Rd, Austin, Texas' });
    const chips = await createProduct(db, user.id, { category: 'Chips' });
    const soda = await createProduct(db, user.id, { category: 'Soda' });
    await insertVotes(db, [
      // 300 up-votes at the office: 60 % chips.
      ...dailyVotes(office.id, chips.id, () => 9, 20),
      ...dailyVotes(office.id, soda.id, () => 6, 20),
      // 10 at the school: too few for a score.
      ...dailyVotes(school.id, chips.id, (daysAgo) => (daysAgo <= 10 ? 1 : 0), 20),
    ]);
    await computeAnalytics(db, user.id, NOW);
    const { regional, locations } = await demographics(cookie, '?range=30d');
    const officePlace = regional.locations.find((place) => place.name === 'Office')!;
    expect(officePlace).toMatchObject({ region: 'Illinois', sample: 300, enoughData: true });
    const margin = 1.96 * Math.sqrt((0.6 * 0.4) / 300) * 100;
    expect(officePlace.categories[0]).toEqual({ category: 'Chips', upVotes: 180, score: 60, margin: Math.round(margin * 10) / 10, confidence: 'medium' });
    const schoolPlace = regional.locations.find((place) => place.name === 'School')!;
    expect(schoolPlace).toMatchObject({ region: 'Texas', sample: 10, enoughData: false });
    expect(schoolPlace.categories).toEqual([{ category: 'Chips', upVotes: 10, score: null, margin: null, confidence: null }]);
    expect(regional.regions.map((region) => region.name).sort()).toEqual(['Illinois', 'Texas']);
    expect(locations.map((location) => [location.name, location.region])).toEqual([
      ['Office', 'Illinois'],
      ['School', 'Texas'],
    ]);

    // A location's own view holds only its machines.
    const schoolOnly = await demographics(cookie, '?range=30d&location=School');
    expect(schoolOnly.behavior.totalVotes).toBe(10);
    expect(schoolOnly.regional.locations.map((place) => place.name)).toEqual(['School']);
  });
});

describe('market insights', () => {
  test('seasonal multipliers once two seasons hold 28 days each, and not before', async () => {
    const { user, cookie } = await signIn(t);
    const { db } = t.database;
    const machine = await createMachine(db, user.id);
    const product = await createProduct(db, user.id, { price: '2.00' });
    const RATE: Record<string, number> = { Winter: 2, Spring: 4, Summer: 8, Fall: 6 };
    const seasonOf = (daysAgo: number) => {
      const month = noonDaysAgo(daysAgo).getUTCMonth() + 1;
      return month === 12 || month <= 2 ? 'Winter' : month <= 5 ? 'Spring' : month <= 8 ? 'Summer' : 'Fall';
    };
    await insertVotes(db, dailyVotes(machine.id, product.id, (daysAgo) => RATE[seasonOf(daysAgo)]!, 400));
    await computeAnalytics(db, user.id, NOW);
    const { insights } = await demographics(cookie, '?range=1y');
    expect(insights.seasonal.enoughHistory).toBe(true);
    // Each season's average against the mean of the four (5 a day).
    expect(Object.fromEntries(insights.seasonal.multipliers.map((season) => [season.season, season.multiplier]))).toEqual({ Winter: 0.4, Spring: 0.8, Summer: 1.6, Fall: 1.2 });
    expect(insights.notes.map((note) => note.kind)).toContain('peak-hour');
    // Revenue: the forecast week times the price.
    const [opportunity] = insights.opportunities;
    expect(opportunity!.productId).toBe(product.id);
    expect(Number(opportunity!.weeklyRevenue)).toBeCloseTo(opportunity!.predictedWeeklyVotes * 2, 0);

    const young = await signIn(t);
    const youngMachine = await createMachine(db, young.user.id);
    const youngProduct = await createProduct(db, young.user.id);
    await insertVotes(db, dailyVotes(youngMachine.id, youngProduct.id, () => 1, 20));
    await computeAnalytics(db, young.user.id, NOW);
    const youngInsights = (await demographics(young.cookie)).insights;
    expect(youngInsights.seasonal).toMatchObject({ enoughHistory: false, multipliers: [], historyDays: 20 });
    expect(youngInsights.notes).toEqual([{ kind: 'not-enough-data', text: 'Only 20 votes in this period: not enough data for insights yet.' }]);
  });

  test("View Detailed Report: a PDF of the tab's figures; another operator's scope answers 404", async () => {
    const { user, cookie } = await signIn(t);
    const machine = await createMachine(t.database.db, user.id, { name: 'Report Machine', location: 'Library' });
    const product = await createProduct(t.database.db, user.id, { name: 'Report Granola', price: '1.50' });
    await insertVotes(t.database.db, dailyVotes(machine.id, product.id, () => 4, 35));
    await computeAnalytics(t.database.db, user.id, NOW);
    const res = await t.app.inject({ method: 'GET', url: '/api/analytics/demographics/report.pdf?location=Library&range=30d', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="vendvote-market-insights-\d{4}-\d{2}-\d{2}\.pdf"$/);
    const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
    const { text } = await extractText(pdf, { mergePages: true });
    expect(text).toContain('Market insights');
    expect(text).toContain('Library · Last 30 Days');
    expect(text).toContain('Not enough history yet');
    expect(text).toContain('Report Granola');
    expect(text).toContain(`Votes peak between ${String(NEW_YORK_HOUR).padStart(2, '0')}:00 and ${NEW_YORK_HOUR + 1}:00`);

    const other = await signIn(t);
    expectJsonError(await t.app.inject({ method: 'GET', url: `/api/analytics/demographics/report.pdf?machineId=${machine.id}`, headers: { cookie: other.cookie } }), 404);
    expect((await t.app.inject({ method: 'GET', url: '/api/analytics/demographics/report.pdf' })).statusCode).toBe(401);
  });
});
