import { rmSync } from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMachine, createProduct, insertVotes, type VoteRow } from '../../src/server/db/factories.js';
import { computeAnalytics } from '../../src/server/features/inventory-analytics/compute-analytics.js';
import type { InventoryAnalytics } from '../../src/shared/analytics.schemas.js';
import type { Product, Stats, VoteTrend } from '../../src/shared/products.schemas.js';
import type { ScanFunnel } from '../../src/shared/scan-funnel.schemas.js';
import { createTestApp, fakeWebBuild, type TestApp } from '../support/index.js';
import { newAddress } from './feedback-helpers.js';
import { api, DAY_MS, signIn } from './helpers.js';
import { postVote } from './vote-counters.js';
import { newVoter } from './voter.js';

/**
 * One operator, known votes, page views and a reset, read back through every screen's call: the
 * dashboard, its votes per day, the analytics' product performance, the scan funnel and the two
 * vote exports must tell the same story (docs/glossary.md), differing only where the glossary says
 * (the dashboard starts at the last reset; the demo page counts nowhere).
 */
let t: TestApp;
let webDir: string;

beforeAll(async () => {
  webDir = fakeWebBuild();
  t = await createTestApp({ webDir });
});
afterAll(async () => {
  await t?.close();
  rmSync(webDir, { recursive: true, force: true });
});

const ZONE = 'America/New_York';
const dayIn = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

function csvRows(res: LightMyRequestResponse): Record<string, string>[] {
  expect(res.statusCode, res.body).toBe(200);
  const parsed = Papa.parse<Record<string, string>>(res.body.replace(/^\uFEFF/, ''), { header: true, newline: '\r\n', skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

describe('one name, one number', () => {
  test('the dashboard, votes per day, analytics, scan funnel and exports agree on the same votes, views and reset', async () => {
    const owner = await signIn(t);
    const { db } = t.database;
    const call = api(t, owner.cookie);
    const lobby = await createMachine(db, owner.user.id, { name: 'Lobby' });
    const gym = await createMachine(db, owner.user.id, { name: 'Gym' });
    const old = new Date(Date.now() - 40 * DAY_MS);
    const chips = await createProduct(db, owner.user.id, { name: 'Chips', createdAt: old });
    const soda = await createProduct(db, owner.user.id, { name: 'Soda', createdAt: old });
    const gum = await createProduct(db, owner.user.id, { name: 'Gum', createdAt: old });

    // History: 2 to 6 days ago at 17:00 UTC (late morning in New York), with the sources the QR codes carried.
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS);
    const history: VoteRow[] = [
      { productId: chips.id, machineId: lobby.id, voteType: 'up', voterId: 'h1', createdAt: at(6), source: 'magnet' },
      { productId: chips.id, machineId: lobby.id, voteType: 'up', voterId: 'h2', createdAt: at(5), source: 'magnet' },
      { productId: chips.id, machineId: lobby.id, voteType: 'down', voterId: 'h3', createdAt: at(4), source: 'sheet' },
      { productId: soda.id, machineId: lobby.id, voteType: 'up', voterId: 'h1', createdAt: at(4), source: 'magnet' },
      { productId: soda.id, machineId: gym.id, voteType: 'up', voterId: 'h4', createdAt: at(3), source: 'sheet' },
      { productId: gum.id, machineId: gym.id, voteType: 'up', voterId: 'h4', createdAt: at(2), source: 'sheet' },
      { productId: gum.id, machineId: gym.id, voteType: 'down', voterId: 'h5', createdAt: at(2), source: 'direct' },
    ];
    // A demo page vote (no machine) on the operator's product: it belongs to no machine and counts in no figure.
    const demoPage: VoteRow = { productId: chips.id, machineId: null, voteType: 'up', voterId: 'd1', createdAt: at(3) };
    await insertVotes(db, [...history, demoPage]);

    const reset = await call.post('/api/votes/reset');
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().archivedVotes).toBeGreaterThanOrEqual(history.length);

    // After the reset: page loads and votes today through the real page and vote calls.
    const openPage = (machineId: number, src: string) => t.app.inject({ method: 'GET', url: `/vote/${machineId}?src=${src}`, remoteAddress: newAddress() });
    for (const [machineId, src] of [[lobby.id, 'magnet'], [lobby.id, 'magnet'], [lobby.id, 'sheet'], [gym.id, 'magnet']] as const) {
      expect((await openPage(machineId, src)).statusCode).toBe(200);
    }
    const vote = async (machineId: number, productId: number, voteType: 'up' | 'down', voter?: string) => {
      const ip = newAddress();
      const cookie = voter ?? (await newVoter(t, { machineId, ip }));
      const res = await postVote(t, productId, { machineId: `${machineId}&src=magnet`, ip, cookie, voteType });
      expect(res.statusCode, res.body).toBe(201);
      return cookie;
    };
    const first = await vote(lobby.id, chips.id, 'up');
    await vote(lobby.id, soda.id, 'up', first);
    await vote(gym.id, chips.id, 'up');
    await vote(gym.id, gum.id, 'down');
    const live = { votes: 4, voters: 3, scores: { [chips.id]: 2, [soda.id]: 1, [gum.id]: 0 } };

    // The dashboard: since the reset.
    const stats: Stats = (await call.get('/api/stats')).json();
    expect({ votes: stats.totalVotes, voters: stats.activeVoters, engagement: stats.avgEngagement, today: stats.votesToday }).toEqual({
      votes: live.votes,
      voters: live.voters,
      engagement: 1.3,
      today: live.votes,
    });
    const trend: VoteTrend = (await call.get('/api/stats/daily')).json();
    expect(trend.timeZone).toBe(ZONE);
    expect(trend.days.reduce((sum, day) => sum + day.votes, 0)).toBe(live.votes);
    expect(trend.days.at(-1)).toMatchObject({ date: dayIn(new Date()), votes: live.votes });
    const catalogue: Product[] = (await call.get('/api/products')).json();
    expect(Object.fromEntries(catalogue.map((product) => [product.id, product.votes]))).toEqual(live.scores);

    // In a period (the last 30 days): every vote cast at the machines, archived ones too; never the demo page's.
    const allVotes = history.length + live.votes;
    await computeAnalytics(db, owner.user.id, new Date());
    const analytics: InventoryAnalytics = (await call.get('/api/analytics/inventory?range=30d')).json();
    expect(analytics.performance.totalVotes).toBe(allVotes);
    const ranked = Object.fromEntries(analytics.performance.products.map((row) => [row.productId, [row.votes, row.upVotes, row.downVotes]]));
    expect(ranked).toEqual({ [chips.id]: [5, 4, 1], [soda.id]: [3, 3, 0], [gum.id]: [3, 1, 2] });

    const funnel: ScanFunnel = (await call.get('/api/scan-funnel?days=30')).json();
    expect(funnel.timeZone).toBe(ZONE);
    expect(funnel.total).toMatchObject({ views: 4, votes: allVotes, voters: 5 + live.voters });
    const bySource = Object.fromEntries(funnel.sources.map((row) => [row.source, [row.views, row.votes]]));
    expect(bySource).toMatchObject({ magnet: [3, 3 + live.votes], sheet: [1, 3], direct: [0, 1] });
    // Per day, the funnel's votes are the trend's wherever no reset came between (today).
    expect(funnel.days.at(-1)).toMatchObject({ day: dayIn(new Date()), votes: live.votes });

    const period = `from=${dayIn(at(29))}&to=${dayIn(new Date())}`;
    const voteRows = csvRows(await call.get(`/api/exports/votes.csv?${period}`));
    expect(voteRows).toHaveLength(allVotes);
    expect(voteRows.every((row) => row.Machine === 'Lobby' || row.Machine === 'Gym')).toBe(true);
    // The stated difference from the dashboard: the rows a reset archived carry its time.
    expect(voteRows.filter((row) => row['Reset at (UTC)'] !== '')).toHaveLength(allVotes - stats.totalVotes);

    const productRows = csvRows(await call.get(`/api/exports/products.csv?${period}`));
    expect(Object.fromEntries(productRows.map((row) => [Number(row['Product ID']), Number(row['Current score'])]))).toEqual(live.scores);
    expect(productRows.reduce((sum, row) => sum + Number(row['Votes cast']), 0)).toBe(allVotes);
    const cast = Object.fromEntries(productRows.map((row) => [Number(row['Product ID']), [Number(row['Votes cast']), Number(row['Up votes']), Number(row['Down votes'])]]));
    expect(cast).toEqual(ranked);
  });
});
