import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMachine, createProduct } from '../../src/server/db/factories.js';
import { queryRows } from '../../src/server/db/client.js';
import { renderQrPng } from '../../src/server/integrations/qr.js';
import type { ScanFunnel } from '../../src/shared/scan-funnel.schemas.js';
import { createTestApp, fakeWebBuild, type TestApp } from '../support/index.js';
import { apiFrom, newAddress, operatorWithMachine } from './feedback-helpers.js';
import { expectJsonError, signIn } from './helpers.js';
import { postVote } from './vote-counters.js';
import { newVoter } from './voter.js';

let t: TestApp;
let webDir: string;

beforeAll(async () => {
  // The vote page's HTML route is served only with a build; a stand-in is enough here.
  webDir = fakeWebBuild();
  t = await createTestApp({ webDir });
});
afterAll(async () => {
  await t?.close();
  rmSync(webDir, { recursive: true, force: true });
});

const openPage = (machineId: number, query = '', cookie?: string) =>
  t.app.inject({ method: 'GET', url: `/vote/${machineId}${query}`, remoteAddress: newAddress(), headers: cookie ? { cookie } : {} });

const funnel = async (cookie: string, query = '') => {
  const res = await apiFrom(t, { cookie }).get(`/api/scan-funnel${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ScanFunnel;
};

const sourceOf = (result: ScanFunnel, source: string) => result.sources.find((row) => row.source === source)!;

async function voteFrom(machineId: number, productId: number, src: string, cookie?: string) {
  const ip = newAddress();
  const voter = cookie ?? (await newVoter(t, { machineId, ip }));
  const res = await postVote(t, productId, { machineId: `${machineId}&src=${src}`, ip, cookie: voter });
  expect(res.statusCode, res.body).toBe(201);
  return voter;
}

describe('the scan-to-vote funnel', () => {
  test('counts page loads, voters, votes, suggestions and issues per source; nothing else', async () => {
    const owner = await operatorWithMachine(t, 'Library');
    const [chips, soda] = [await createProduct(t.database.db, owner.user.id, { name: 'Chips' }), await createProduct(t.database.db, owner.user.id, { name: 'Soda' })];
    const machineId = owner.machine.id;

    for (const query of ['?src=magnet', '?src=magnet', '?src=sheet', '', '?src=not-a-source']) expect((await openPage(machineId, query)).statusCode).toBe(200);
    // The owner looking at their own page is not a customer.
    expect((await openPage(machineId, '?src=magnet', owner.cookie)).statusCode).toBe(200);

    const regular = await voteFrom(machineId, chips.id, 'magnet');
    await voteFrom(machineId, soda.id, 'magnet', regular);
    await voteFrom(machineId, chips.id, 'magnet');
    await voteFrom(machineId, chips.id, 'sheet');
    expect((await apiFrom(t).post(`/api/suggestions?machineId=${machineId}&src=magnet`, { name: 'Takis', brand: 'Barcel', category: 'Chips', suggestedBy: 'Sam' })).statusCode).toBe(201);
    const issue = { customerName: 'Riley', customerEmail: 'riley@example.test', productName: 'Soda', issueDescription: 'Stuck', machineId };
    expect((await apiFrom(t).post('/api/vending-issues?src=sheet', issue)).statusCode).toBe(201);

    const result = await funnel(owner.cookie);
    expect(sourceOf(result, 'magnet')).toEqual({ source: 'magnet', views: 2, voters: 2, votes: 3, suggestions: 1, issues: 0 });
    expect(sourceOf(result, 'sheet')).toEqual({ source: 'sheet', views: 1, voters: 1, votes: 1, suggestions: 0, issues: 1 });
    expect(sourceOf(result, 'direct')).toEqual({ source: 'direct', views: 2, voters: 0, votes: 0, suggestions: 0, issues: 0 });
    expect(result.total).toEqual({ views: 5, voters: 3, votes: 4, suggestions: 1, issues: 1 });
    expect(result.days).toHaveLength(30);
    expect(result.days.at(-1)).toEqual({ day: result.to, views: 5, voters: 3, votes: 4, suggestions: 1, issues: 1 });
    expect(result.days.slice(0, -1).every((day) => day.views + day.votes === 0)).toBe(true);
    expect(result.source).toBeNull();

    // The daily figures of one source; the per-source table still lists them all.
    const magnetOnly = await funnel(owner.cookie, '?source=magnet');
    expect(magnetOnly.source).toBe('magnet');
    expect(magnetOnly.days.at(-1)).toEqual({ day: result.to, views: 2, voters: 2, votes: 3, suggestions: 1, issues: 0 });
    expect(magnetOnly.sources).toEqual(result.sources);

    // What is kept for the first step: a count per machine, source and day, no more.
    const columns = await queryRows<{ column_name: string }>(
      t.database.db,
      (await import('drizzle-orm')).sql`select column_name from information_schema.columns where table_name = 'vote_page_views' order by column_name`,
    );
    expect(columns.map((row) => row.column_name)).toEqual(['day', 'machine_id', 'source', 'views']);
  });

  test('one machine, a shorter period, and only the operator’s own', async () => {
    const owner = await operatorWithMachine(t, 'Gym');
    const second = await createMachine(t.database.db, owner.user.id, { name: 'Pool' });
    const product = await createProduct(t.database.db, owner.user.id, { name: 'Water' });
    await openPage(owner.machine.id, '?src=screen');
    await openPage(second.id, '?src=screen');
    await voteFrom(second.id, product.id, 'screen');

    const one = await funnel(owner.cookie, `?machineId=${owner.machine.id}&days=7`);
    expect(one.machineId).toBe(owner.machine.id);
    expect(one.days).toHaveLength(7);
    expect(one.total).toMatchObject({ views: 1, votes: 0 });
    expect((await funnel(owner.cookie)).total).toMatchObject({ views: 2, voters: 1, votes: 1 });

    const stranger = await signIn(t);
    expect((await funnel(stranger.cookie)).total).toEqual({ views: 0, voters: 0, votes: 0, suggestions: 0, issues: 0 });
    expect(expectJsonError(await apiFrom(t, { cookie: stranger.cookie }).get(`/api/scan-funnel?machineId=${owner.machine.id}`), 404)).toEqual({ message: 'Machine not found' });
  });

  test('bad input: 400 with a message; signed out: 401', async () => {
    const { cookie } = await signIn(t);
    expectJsonError(await apiFrom(t, { cookie }).get('/api/scan-funnel?days=5'), 400, /7, 30 or 90/);
    expectJsonError(await apiFrom(t, { cookie }).get('/api/scan-funnel?machineId=abc'), 400);
    expectJsonError(await apiFrom(t, { cookie }).get('/api/scan-funnel?source=billboard'), 400);
    expectJsonError(await apiFrom(t).get('/api/scan-funnel'), 401);
  });

  test('the on-screen QR code carries its source', async () => {
    const owner = await operatorWithMachine(t, 'Atrium');
    const res = await apiFrom(t, { cookie: owner.cookie }).post('/api/qr-code/generate', { machineId: owner.machine.id, customText: 'Vote here' });
    expect(res.statusCode).toBe(200);
    const expected = await renderQrPng(`http://vendvote.test/vote/${owner.machine.id}?src=screen`, 'Vote here');
    expect(res.rawPayload.equals(expected)).toBe(true);
  });
});
