import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { queryRows } from '../../src/server/db/client.js';
import { createMachine, createProduct, createUser, insertVotes, recountVotes, type VoteRow } from '../../src/server/db/factories.js';
import { users, votes } from '../../src/server/db/schema.js';
import { DEMO_OPERATOR_EMAIL } from '../../src/server/db/seed.js';
import type { InlinedVotePage, VotePageData, VotePagePeriod } from '../../src/shared/vote-page.js';
import { en } from '../../src/shared/vote-page-messages/en.js';
import { createTranslator } from '../../src/shared/vote-page-messages/translate.js';
import { fieldErrorText, validateIssue, validateSuggestion, type FieldError } from '../../src/web/vote/lib/form-rules.js';
import { createTestApp, sessionCookieFrom, type TestApp } from '../support/index.js';
import { DAY_MS, expectJsonError, signIn } from './helpers.js';
import { postVote, voterCookieFrom } from './vote-counters.js';
import { voterCookieSetBy } from './voter.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const pageOf = (path: string, cookie?: string) => t.app.inject({ method: 'GET', url: path, headers: cookie ? { cookie } : {} });
async function votePage(path: string, cookie?: string): Promise<VotePageData> {
  const res = await pageOf(path, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Midnight today in a time zone, and now, both from the database clock the service uses. */
async function dayStart(timeZone: string) {
  const [row] = await queryRows<{ start: Date | string; now: Date | string }>(
    db(),
    sql`select (date_trunc('day', now() at time zone ${timeZone}) at time zone ${timeZone}) as start, now() as now`,
  );
  return { start: new Date(row!.start).getTime(), now: new Date(row!.now).getTime() };
}

/** Votes that a reset archived: kept for analytics, counted nowhere on the page. */
async function insertArchivedVotes(rows: VoteRow[]) {
  await db().insert(votes).values(rows.map((row) => ({ ...row, archivedAt: new Date() })));
  await recountVotes(db());
}

/**
 * Fixed fixtures, counted by hand. Operator A: machines M1 and M2, four products; operator B's
 * machine; the demo operator's two products. 'Today' is America/New_York (the default).
 */
const fx = {} as {
  m1: number; m2: number; mb: number; alpha: number; bravo: number; charlie: number; delta: number; demoOne: number; demoTwo: number;
  today: [Date, Date, Date]; ago: (days: number) => Date; operatorA: number; ownerEmail: string; ownerPassword: string;
};

beforeAll(async () => {
  const { user: demo } = await createUser(db(), { email: DEMO_OPERATOR_EMAIL });
  const { user: a, password: ownerPassword } = await createUser(db());
  const { user: b } = await createUser(db());
  const base = Date.now() - 60 * DAY_MS;
  const m1 = await createMachine(db(), a.id, { name: 'Lobby Snacks', location: 'Main lobby' });
  const m2 = await createMachine(db(), a.id);
  const mb = await createMachine(db(), b.id);
  const product = (owner: number, name: string, category: 'Chips' | 'Soda' | 'Sweets' | 'Nuts', offsetDays: number) =>
    createProduct(db(), owner, { name, brand: `${name} Co`, category, createdAt: new Date(base + offsetDays * DAY_MS) });
  const [alpha, bravo, charlie, delta, foreign, demoOne, demoTwo] = await Promise.all([
    product(a.id, 'Alpha Chips', 'Chips', 1),
    product(a.id, 'Bravo Cola', 'Soda', 2),
    product(a.id, 'Charlie Bar', 'Sweets', 3),
    product(a.id, 'Delta Nuts', 'Nuts', 4),
    product(b.id, 'Foreign Jerky', 'Chips', 1),
    product(demo.id, 'Demo One', 'Chips', 1),
    product(demo.id, 'Demo Two', 'Soda', 2),
  ]);
  const { start, now } = await dayStart('America/New_York');
  const today: [Date, Date, Date] = [1, 2, 3].map((k) => new Date(start + ((now - start) * k) / 4)) as [Date, Date, Date];
  const ago = (days: number) => new Date(now - days * DAY_MS);
  Object.assign(fx, {
    m1: m1.id, m2: m2.id, mb: mb.id, alpha: alpha.id, bravo: bravo.id, charlie: charlie.id, delta: delta.id,
    demoOne: demoOne.id, demoTwo: demoTwo.id, today, ago, operatorA: a.id, ownerEmail: a.email, ownerPassword,
  });
  const vote = (productId: number, machineId: number | null, voteType: 'up' | 'down', voterId: string, createdAt: Date): VoteRow =>
    ({ productId, machineId, voteType, voterId, createdAt });
  await insertArchivedVotes([
    vote(bravo.id, m1.id, 'up', 'v6', ago(3)),
    vote(demoTwo.id, null, 'up', 'w3', ago(1)),
  ]);
  await insertVotes(db(), [
    vote(charlie.id, m1.id, 'up', 'v5', ago(40)),
    vote(bravo.id, m1.id, 'up', 'v4', ago(10)),
    vote(alpha.id, m1.id, 'up', 'v1', ago(2)),
    vote(alpha.id, m1.id, 'up', 'v2', today[0]),
    vote(alpha.id, m1.id, 'down', 'v3', today[1]),
    vote(bravo.id, m1.id, 'up', 'v1', today[2]),
    vote(alpha.id, m2.id, 'up', 'v7', today[0]),
    vote(foreign.id, mb.id, 'up', 'u1', today[0]),
    vote(demoOne.id, null, 'up', 'w2', ago(5)),
    vote(demoOne.id, null, 'up', 'w1', today[0]),
    vote(demoTwo.id, null, 'up', 'w1', today[1]),
    // Operator A's product without a machine: not the demo page's, whatever its machine_id says.
    vote(alpha.id, null, 'up', 'z1', today[2]),
  ]);
});

describe('GET /api/vote-page/:id', () => {
  test("a machine's page: the machine, its figures and its counts, from hand-counted votes", async () => {
    const page = await votePage(`/api/vote-page/${fx.m1}`);
    expect(page.machine).toEqual({ id: fx.m1, name: 'Lobby Snacks', location: 'Main lobby' });
    // Since the reset: 6 live vote rows by v1-v5; today: v2, v3 on Alpha, v1 on Bravo.
    expect(page.stats).toEqual({ totalVotes: 6, products: 4, activeVoters: 5, votesToday: 3, votersToday: 3 });
    const row = (id: number, name: string, category: string, votes: number, votesToday: number, todayShare: number, voters: number) =>
      expect.objectContaining({ id, name, brand: `${name} Co`, category, votes, votesToday, todayShare, voters });
    expect(page.products).toEqual([
      row(fx.bravo, 'Bravo Cola', 'Soda', 2, 1, 33, 2),
      row(fx.alpha, 'Alpha Chips', 'Chips', 1, 2, 67, 3),
      row(fx.charlie, 'Charlie Bar', 'Sweets', 1, 0, 0, 1),
      row(fx.delta, 'Delta Nuts', 'Nuts', 0, 0, 0, 0),
    ]);
    expect(Object.keys(page.products[0]!).sort()).toEqual(['brand', 'category', 'createdAt', 'id', 'name', 'todayShare', 'voters', 'votes', 'votesToday']);
    expect(new Date(page.products[3]!.createdAt).getTime()).toBeGreaterThan(new Date(page.products[2]!.createdAt).getTime());
  });

  test('the leaderboard follows the period (net of up and down votes, positive only); the default is the week', async () => {
    const entry = (id: number, name: string, category: string, votes: number, upVotes: number, downVotes: number) =>
      ({ id, name, brand: `${name} Co`, category, votes, upVotes, downVotes });
    const alpha = (up: number, down: number) => entry(fx.alpha, 'Alpha Chips', 'Chips', up - down, up, down);
    const bravo = (up: number) => entry(fx.bravo, 'Bravo Cola', 'Soda', up, up, 0);
    const expected: Record<VotePagePeriod, Pick<VotePageData['leaderboard'], 'top' | 'categories'>> = {
      today: { top: [bravo(1)], categories: [{ category: 'Chips', votes: 2, share: 67 }, { category: 'Soda', votes: 1, share: 33 }] },
      // The archived vote for Bravo three days ago counts in no period. A tie goes to more up votes.
      week: { top: [alpha(2, 1), bravo(1)], categories: [{ category: 'Chips', votes: 3, share: 75 }, { category: 'Soda', votes: 1, share: 25 }] },
      month: { top: [bravo(2), alpha(2, 1)], categories: [{ category: 'Chips', votes: 3, share: 60 }, { category: 'Soda', votes: 2, share: 40 }] },
      all: {
        top: [bravo(2), alpha(2, 1), entry(fx.charlie, 'Charlie Bar', 'Sweets', 1, 1, 0)],
        categories: [{ category: 'Chips', votes: 3, share: 50 }, { category: 'Soda', votes: 2, share: 33 }, { category: 'Sweets', votes: 1, share: 17 }],
      },
    };
    for (const period of ['today', 'week', 'month', 'all'] as const) {
      const { leaderboard } = await votePage(`/api/vote-page/${fx.m1}?period=${period}`);
      expect({ period: leaderboard.period, top: leaderboard.top, categories: leaderboard.categories }, period).toEqual({ period, ...expected[period] });
    }
    expect((await votePage(`/api/vote-page/${fx.m1}`)).leaderboard.period).toBe('week');
  });

  test("recent activity: this machine's latest votes since the last reset, newest first", async () => {
    const { recent } = (await votePage(`/api/vote-page/${fx.m1}?period=today`)).leaderboard;
    expect(recent.map((vote) => [vote.productName, vote.voteType])).toEqual([
      ['Bravo Cola', 'up'],
      ['Alpha Chips', 'down'],
      ['Alpha Chips', 'up'],
      ['Alpha Chips', 'up'],
      ['Bravo Cola', 'up'],
      ['Charlie Bar', 'up'],
    ]);
    expect(recent[0]).toEqual({ productId: fx.bravo, productName: 'Bravo Cola', voteType: 'up', at: fx.today[2].toISOString() });
  });

  test("no foreign data: only the owner's catalogue, only this machine's votes", async () => {
    const page = await votePage(`/api/vote-page/${fx.m1}`);
    expect(JSON.stringify(page)).not.toMatch(/Foreign Jerky|Demo One|Demo Two/);
    const other = await votePage(`/api/vote-page/${fx.m2}`);
    expect(other.stats).toEqual({ totalVotes: 1, products: 4, activeVoters: 1, votesToday: 1, votersToday: 1 });
    expect(other.products.find((p) => p.id === fx.alpha)).toMatchObject({ votes: 1, voters: 1, votesToday: 1, todayShare: 100 });
    const foreign = await votePage(`/api/vote-page/${fx.mb}`);
    expect(foreign.products.map((p) => p.name)).toEqual(['Foreign Jerky']);
    expect(foreign.leaderboard.recent.map((v) => v.productName)).toEqual(['Foreign Jerky']);
  });

  test('public: the same answer signed out and signed in as another operator', async () => {
    const { cookie } = await signIn(t);
    expect(await votePage(`/api/vote-page/${fx.m1}`, cookie)).toEqual(await votePage(`/api/vote-page/${fx.m1}`));
  });

  test('a non-numeric or zero id is 400, an unknown one 404, an unknown period 400', async () => {
    for (const id of ['abc', '12x', '0', '-1', '1.5', '99999999999']) {
      expectJsonError(await pageOf(`/api/vote-page/${id}`), 400, 'Machine id must be a whole number');
    }
    expectJsonError(await pageOf('/api/vote-page/999999'), 404, 'Machine not found');
    expectJsonError(await pageOf(`/api/vote-page/${fx.m1}?period=year`), 400, 'Period must be today, week, month or all');
  });
});

describe('GET /api/vote-page/demo', () => {
  test("the demo operator's catalogue with the demo page's votes only, signed out or in", async () => {
    const page = await votePage('/api/vote-page/demo');
    expect(page.machine).toBeNull();
    expect(page.stats).toEqual({ totalVotes: 3, products: 2, activeVoters: 2, votesToday: 2, votersToday: 1 });
    expect(page.products.map((p) => [p.name, p.votes, p.votesToday, p.todayShare, p.voters])).toEqual([
      ['Demo One', 2, 1, 50, 2],
      ['Demo Two', 1, 1, 50, 1],
    ]);
    expect(page.leaderboard.top.map((e) => [e.name, e.votes])).toEqual([['Demo One', 2], ['Demo Two', 1]]);
    expect(page.leaderboard.categories).toEqual([{ category: 'Chips', votes: 2, share: 67 }, { category: 'Soda', votes: 1, share: 33 }]);
    expect(page.leaderboard.recent.map((v) => v.productName)).toEqual(['Demo Two', 'Demo One', 'Demo One']);
    // An operator who is signed in still sees the demo there, not their own catalogue.
    const { cookie } = await signIn(t);
    expect(await votePage('/api/vote-page/demo', cookie)).toEqual(page);
  });
});

describe('figures follow the votes', () => {
  test("'today' is the owner's day in their time zone", async () => {
    for (const timeZone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const { user } = await createUser(db());
      await db().update(users).set({ timeZone }).where(eq(users.id, user.id));
      const machine = await createMachine(db(), user.id);
      const product = await createProduct(db(), user.id);
      const local = await dayStart(timeZone);
      const utc = await dayStart('UTC');
      // Between the two midnights: today in exactly one of the two time zones.
      const at = new Date((local.start + utc.start) / 2);
      await insertVotes(db(), [{ productId: product.id, machineId: machine.id, voteType: 'up', voterId: `tz-${timeZone}`, createdAt: at }]);
      const page = await votePage(`/api/vote-page/${machine.id}`);
      expect(page.stats.votesToday, timeZone).toBe(local.start < utc.start ? 1 : 0);
      expect(page.stats.totalVotes).toBe(1);
    }
  });

  test('a live vote shows at once in counts, today, voters and recent activity', async () => {
    const { user } = await createUser(db());
    const machine = await createMachine(db(), user.id);
    const product = await createProduct(db(), user.id, { name: 'Fresh Pick' });
    const res = await postVote(t, product.id, { machineId: machine.id });
    expect(res.statusCode, res.body).toBe(201);
    const page = await votePage(`/api/vote-page/${machine.id}?period=today`);
    expect(page.stats).toEqual({ totalVotes: 1, products: 1, activeVoters: 1, votesToday: 1, votersToday: 1 });
    expect(page.products[0]).toMatchObject({ votes: 1, votesToday: 1, todayShare: 100, voters: 1 });
    expect(page.leaderboard.top.map((e) => e.name)).toEqual(['Fresh Pick']);
    expect(page.leaderboard.recent).toEqual([{ productId: product.id, productName: 'Fresh Pick', voteType: 'up', at: expect.any(String) }]);
  });

  test('after a reset every figure on the page starts afresh, so none contradicts a count of zero', async () => {
    const { user, cookie } = await signIn(t);
    const machine = await createMachine(db(), user.id);
    const product = await createProduct(db(), user.id, { name: 'Reset Me' });
    const { start, now } = await dayStart('America/New_York');
    await insertVotes(db(), [{ productId: product.id, machineId: machine.id, voteType: 'up', voterId: 'r1', createdAt: new Date((start + now) / 2) }]);
    const reset = await t.app.inject({ method: 'POST', url: '/api/votes/reset', headers: { cookie } });
    expect(reset.statusCode, reset.body).toBe(200);
    const page = await votePage(`/api/vote-page/${machine.id}?period=today`);
    expect(page.stats).toEqual({ totalVotes: 0, products: 1, activeVoters: 0, votesToday: 0, votersToday: 0 });
    expect(page.products[0]).toMatchObject({ votes: 0, voters: 0, votesToday: 0, todayShare: 0 });
    expect(page.leaderboard.top).toEqual([]);
    expect(page.leaderboard.recent).toEqual([]);
  });
});

describe("the voter's own votes", () => {
  test('the page answers the live votes of the asking voter in its scope only: product id to up or down', async () => {
    const { user, cookie: session } = await signIn(t);
    const [m1, m2] = [await createMachine(db(), user.id), await createMachine(db(), user.id)];
    const [up, down, untouched] = await Promise.all(['Up Pick', 'Down Pick', 'No Pick'].map((name) => createProduct(db(), user.id, { name })));
    const voter = voterCookieFrom(await postVote(t, up!.id, { machineId: m1.id }));
    expect((await postVote(t, down!.id, { machineId: m1.id, voteType: 'down', cookie: voter })).statusCode).toBe(201);
    expect((await postVote(t, untouched!.id, { machineId: m2.id, cookie: voter })).statusCode).toBe(201);
    // Someone else's vote on the same machine is not this voter's.
    expect((await postVote(t, untouched!.id, { machineId: m1.id })).statusCode).toBe(201);

    expect((await votePage(`/api/vote-page/${m1.id}`, voter)).myVotes).toEqual({ [up!.id]: 'up', [down!.id]: 'down' });
    expect((await votePage(`/api/vote-page/${m1.id}?period=all`, voter)).myVotes).toEqual({ [up!.id]: 'up', [down!.id]: 'down' });
    expect((await votePage(`/api/vote-page/${m2.id}`, voter)).myVotes).toEqual({ [untouched!.id]: 'up' });
    expect((await votePage(`/api/vote-page/${m1.id}`)).myVotes).toEqual({});

    // After Reset All Votes the voter may vote again, so nothing is theirs any more.
    expect((await t.app.inject({ method: 'POST', url: '/api/votes/reset', headers: { cookie: session } })).statusCode).toBe(200);
    expect((await votePage(`/api/vote-page/${m1.id}`, voter)).myVotes).toEqual({});
    expect((await postVote(t, down!.id, { machineId: m1.id, cookie: voter })).statusCode).toBe(201);
    expect((await votePage(`/api/vote-page/${m1.id}`, voter)).myVotes).toEqual({ [down!.id]: 'up' });
  });

  test("on the demo page: the voter's demo votes, not those at the demo operator's machines", async () => {
    const voter = voterCookieFrom(await postVote(t, fx.demoOne));
    const [demo] = await db().select({ id: users.id }).from(users).where(eq(users.email, DEMO_OPERATOR_EMAIL));
    const demoMachine = await createMachine(db(), demo!.id);
    expect((await postVote(t, fx.demoTwo, { machineId: demoMachine.id, voteType: 'down', cookie: voter })).statusCode).toBe(201);
    expect((await votePage('/api/vote-page/demo', voter)).myVotes).toEqual({ [fx.demoOne]: 'up' });
    expect((await votePage(`/api/vote-page/${demoMachine.id}`, voter)).myVotes).toEqual({ [fx.demoTwo]: 'down' });
  });
});

describe('the page forms check what the server checks', () => {
  // The rules name their messages by key; in English the page shows exactly the server's words.
  const english = createTranslator('en', en);
  const inEnglish = (errors: Record<string, FieldError | undefined>) =>
    Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, fieldErrorText(error, english)]));

  test('suggestion and issue rules give the same field messages as the API', async () => {
    const suggestion = { name: ' ', brand: '', category: '', suggestedBy: '', email: 'not-an-email' };
    const suggestionRes = await t.app.inject({ method: 'POST', url: `/api/suggestions?machineId=${fx.m1}`, payload: suggestion });
    expect(suggestionRes.statusCode).toBe(400);
    expect(inEnglish(validateSuggestion(suggestion))).toEqual(suggestionRes.json().errors);

    const issue = { customerName: '', customerEmail: 'not-an-email', productName: '', issueDescription: '' };
    const issueRes = await t.app.inject({ method: 'POST', url: '/api/vending-issues', payload: { ...issue, machineId: fx.m1 } });
    expect(issueRes.statusCode).toBe(400);
    expect(inEnglish(validateIssue(issue))).toEqual(issueRes.json().errors);
  });
});

describe('read limit', () => {
  test('300 page reads a minute from one address, across machines and the demo; the 301st is a 429 with Retry-After', async () => {
    const remoteAddress = '198.51.100.77';
    const read = (url: string, from = remoteAddress) => t.app.inject({ method: 'GET', url, remoteAddress: from });
    for (let i = 0; i < 300; i++) {
      // Unknown machines still count: the limit is on reads, whatever they find.
      const res = await read(i % 2 ? '/api/vote-page/demo' : `/api/vote-page/${900_000 + i}`);
      expect(res.statusCode, `read ${i + 1}`).toBe(i % 2 ? 200 : 404);
    }
    const blocked = await read('/api/vote-page/demo?period=week');
    expectJsonError(blocked, 429, /^The voting page was opened very often from your network\. Please try again in .+\.$/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held up.
    expect((await read('/api/vote-page/demo', '198.51.100.78')).statusCode).toBe(200);
  });
});

describe('serving the page (built web app present)', () => {
  const SESSION_SECRET = 'test-session-secret-that-is-long-enough-0123456789';
  const SCRIPT = 'console.log("vote page");'.repeat(200);
  let webDir: string;
  let site: FastifyInstance;
  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), 'vendvote-web-'));
    mkdirSync(join(webDir, 'assets'));
    const source = readFileSync(new URL('../../vote.html', import.meta.url), 'utf8');
    writeFileSync(join(webDir, 'vote.html'), source.replace('/src/web/vote/main.tsx', '/assets/vote-test.js'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>operator app</title>');
    writeFileSync(join(webDir, 'assets', 'vote-test.js'), SCRIPT);
    site = await buildApp({ context: t.app.ctx, sessionSecret: SESSION_SECRET, webDir });
    await site.ready();
  });
  afterAll(async () => {
    await site.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const open = (url: string, headers: Record<string, string> = {}) => site.inject({ method: 'GET', url, headers });
  function inlined(html: string): InlinedVotePage {
    const match = /<script id="vote-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
    expect(match, 'inlined data').not.toBeNull();
    return JSON.parse(match![1]!);
  }

  test("/vote/{id}: vote.html with the page's data inlined and the machine's name in the header", async () => {
    const res = await open(`/vote/${fx.m1}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<h1 class="mt-3 text-2xl font-bold">Lobby Snacks</h1>');
    expect(res.body).toContain('src="/assets/vote-test.js"');
    expect(inlined(res.body)).toEqual({ status: 'ok', signedIn: false, isOwner: false, data: await votePage(`/api/vote-page/${fx.m1}`) });
    const { cookie } = await signIn(t);
    expect(inlined((await open(`/vote/${fx.m1}`, { cookie })).body)).toMatchObject({ signedIn: true, isOwner: false });
    // The machine's owner, who alone is told how to add products to the page.
    const owner = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: fx.ownerEmail, password: fx.ownerPassword } });
    expect(owner.statusCode, owner.body).toBe(200);
    expect(inlined((await open(`/vote/${fx.m1}`, { cookie: sessionCookieFrom(owner) })).body)).toMatchObject({ signedIn: true, isOwner: true });
  });

  test("the page's HTML hands a new phone its voter cookie and inlines the voter's own votes", async () => {
    const first = await open(`/vote/${fx.m1}`);
    const voter = voterCookieSetBy(first);
    expect(voter).not.toBeNull();
    expect(first.cookies.find((c) => c.name === 'voter')).toMatchObject({ httpOnly: true, path: '/', sameSite: 'Lax' });
    const page = inlined(first.body);
    expect(page.status === 'ok' && page.data.myVotes).toEqual({});

    expect((await postVote(t, fx.delta, { machineId: fx.m1, voteType: 'down', cookie: voter })).statusCode).toBe(201);
    const again = await open(`/vote/${fx.m1}`, { cookie: voter! });
    expect(voterCookieSetBy(again)).toBeNull();
    const reloaded = inlined(again.body);
    expect(reloaded.status === 'ok' && reloaded.data.myVotes).toEqual({ [fx.delta]: 'down' });
  });

  test('the HTML shares the read limit of the data call: 300 reads a minute from one address, then a readable 429 page', async () => {
    const remoteAddress = '198.51.100.90';
    for (let i = 0; i < 300; i++) {
      const url = i % 3 === 0 ? '/api/vote-page/demo' : i % 3 === 1 ? `/vote/${fx.m1}` : '/vote';
      const res = await site.inject({ method: 'GET', url, remoteAddress });
      expect(res.statusCode, `read ${i + 1}`).toBe(200);
    }
    const blocked = await site.inject({ method: 'GET', url: `/vote/${fx.m1}`, remoteAddress });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.body).toMatch(/<h1>Please wait a moment<\/h1>/);
    expect(blocked.body).toMatch(/<p>The voting page was opened very often from your network\. Please try again in (\d+ seconds?|1 minute)\.<\/p>/);
    expect(blocked.body).not.toContain('Lobby Snacks');
    expect(voterCookieSetBy(blocked)).toBeNull();
    expectJsonError(await site.inject({ method: 'GET', url: '/api/vote-page/demo', remoteAddress }), 429);
    expect((await site.inject({ method: 'GET', url: '/vote', remoteAddress: '198.51.100.91' })).statusCode).toBe(200);
  });

  test('/vote is the demo; invalid ids and unknown machines answer 404 with the page saying why', async () => {
    const demo = await open('/vote');
    expect(demo.statusCode).toBe(200);
    expect(inlined(demo.body)).toMatchObject({ status: 'ok', data: { machine: null } });
    for (const path of ['/vote/abc', '/vote/12x', '/vote/0', '/vote/1/extra']) {
      const res = await open(path);
      expect(res.statusCode, path).toBe(404);
      expect(inlined(res.body), path).toEqual({ status: 'invalid', signedIn: false });
    }
    const unknown = await open('/vote/999999');
    expect(unknown.statusCode).toBe(404);
    expect(inlined(unknown.body)).toEqual({ status: 'not-found', signedIn: false });
    expect(unknown.body).not.toContain('<header');
    expect((await open('/dashboard')).body).toContain('operator app');
  });

  test("a machine's name cannot break out of the page", async () => {
    const { user } = await createUser(db());
    const name = '</script><script>alert(1)</script> $& <b>';
    const machine = await createMachine(db(), user.id, { name });
    const res = await open(`/vote/${machine.id}`);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; $&amp; &lt;b&gt;');
    const page = inlined(res.body);
    expect(page.status === 'ok' && page.data.machine?.name).toBe(name);
  });

  test('compressed for clients that accept it: the page and its assets', async () => {
    const page = await open(`/vote/${fx.m1}`, { 'accept-encoding': 'gzip, deflate' });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.rawPayload).toString()).toContain('Lobby Snacks');

    const gzipped = await open('/assets/vote-test.js', { 'accept-encoding': 'gzip' });
    expect(gzipped.statusCode).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gzipped.rawPayload.length).toBeLessThan(SCRIPT.length / 10);
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(SCRIPT);
    const brotli = await open('/assets/vote-test.js', { 'accept-encoding': 'br, gzip' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(SCRIPT);
    const plain = await open('/assets/vote-test.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });
});
