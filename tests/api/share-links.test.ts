import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMachine, createProduct, insertVotes, type VoteRow } from '../../src/server/db/factories.js';
import { createSuggestion, createVendingIssue } from '../../src/server/db/feedback-factories.js';
import { machineShareLinks, users } from '../../src/server/db/schema.js';
import { NotFoundMessages } from '../../src/shared/ids.js';
import { ShareLinkMessages, type CreatedShareLink, type ShareView } from '../../src/shared/share-links.schemas.js';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../support/index.js';
import { api, DAY_MS, expectJsonError, HOUR_MS, sha256, signIn } from './helpers.js';

/** A read-only link per machine for the manager of the place where it stands. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const linkUrl = (machineId: number) => `/api/machines/${machineId}/share-link`;
const tokenOf = (url: string) => url.slice(`${TEST_PUBLIC_URL}/share/`.length);
const view = (token: string) => api(t).get(`/api/share/${token}`);
const ago = (ms: number) => new Date(Date.now() - ms);

async function share(session: Awaited<ReturnType<typeof signIn>>, machineId: number) {
  const res = await session.api.post(linkUrl(machineId));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as CreatedShareLink;
}

describe('making, reading and revoking a link', () => {
  test('the link is shown once; only its hash is kept; the status says a link is active', async () => {
    const owner = await signIn(t);
    const machine = await createMachine(t.database.db, owner.user.id);
    expect((await owner.api.get(linkUrl(machine.id))).json()).toEqual({ active: false, id: null, createdAt: null, lastViewedAt: null });

    const created = await share(owner, machine.id);
    expect(created.url).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/share/[A-Za-z0-9_-]{43}$`));
    const [row] = await t.database.db.select().from(machineShareLinks).where(eq(machineShareLinks.machineId, machine.id));
    expect(row?.tokenHash).toBe(sha256(tokenOf(created.url)));

    const status = await owner.api.get(linkUrl(machine.id));
    expect(status.json()).toEqual({ active: true, id: created.id, createdAt: created.createdAt, lastViewedAt: null });
    expect(status.body).not.toContain(tokenOf(created.url));
  });

  test('making a new link replaces the old one, which stops working at once', async () => {
    const owner = await signIn(t);
    const machine = await createMachine(t.database.db, owner.user.id);
    const first = await share(owner, machine.id);
    expect((await view(tokenOf(first.url))).statusCode).toBe(200);
    const second = await share(owner, machine.id);
    expect(second.url).not.toBe(first.url);
    expectJsonError(await view(tokenOf(first.url)), 404, ShareLinkMessages.inactive);
    expect((await view(tokenOf(second.url))).statusCode).toBe(200);
    expect(await t.database.db.select().from(machineShareLinks).where(eq(machineShareLinks.machineId, machine.id))).toHaveLength(1);
  });

  test('revoking answers 200 {id, deleted}; the link then answers 404 "no longer active"; revoking again 404', async () => {
    const owner = await signIn(t);
    const machine = await createMachine(t.database.db, owner.user.id);
    const created = await share(owner, machine.id);
    const revoked = await owner.api.delete(linkUrl(machine.id));
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ id: created.id, deleted: true });
    expectJsonError(await view(tokenOf(created.url)), 404, ShareLinkMessages.inactive);
    expectJsonError(await owner.api.delete(linkUrl(machine.id)), 404, ShareLinkMessages.noLink);
    expect((await owner.api.get(linkUrl(machine.id))).json()).toMatchObject({ active: false });
  });

  test('an unknown or junk token answers the same 404', async () => {
    expectJsonError(await view('A'.repeat(43)), 404, ShareLinkMessages.inactive);
    expectJsonError(await view('x'), 404, ShareLinkMessages.inactive);
  });

  test('the link dies with its machine', async () => {
    const owner = await signIn(t);
    const machine = await createMachine(t.database.db, owner.user.id);
    const created = await share(owner, machine.id);
    expect((await owner.api.delete(`/api/machines/${machine.id}`)).statusCode).toBe(200);
    expectJsonError(await view(tokenOf(created.url)), 404, ShareLinkMessages.inactive);
  });

  test('opening the page records when, at most once a minute', async () => {
    const owner = await signIn(t);
    const machine = await createMachine(t.database.db, owner.user.id);
    const created = await share(owner, machine.id);
    await view(tokenOf(created.url));
    const seen = (await owner.api.get(linkUrl(machine.id))).json().lastViewedAt;
    expect(Date.now() - Date.parse(seen)).toBeLessThan(10_000);
    await view(tokenOf(created.url));
    expect((await owner.api.get(linkUrl(machine.id))).json().lastViewedAt).toBe(seen);
  });

  test('the answer is not cached nor indexed', async () => {
    const owner = await signIn(t);
    const machine = await createMachine(t.database.db, owner.user.id);
    const res = await view(tokenOf((await share(owner, machine.id)).url));
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex');
  });
});

describe('the shared figures', () => {
  let body: ShareView;
  let raw: string;
  const secrets: string[] = [];

  beforeAll(async () => {
    const owner = await signIn(t, { firstName: 'Olivia', lastName: 'Operator' });
    await t.database.db.update(users).set({ company: 'Snack Stop LLC' }).where(eq(users.id, owner.user.id));
    secrets.push(owner.user.email);
    const db = t.database.db;
    const machine = await createMachine(db, owner.user.id, { name: 'Library Snacks', location: 'Main library, ground floor', serialNumber: 'SN-SECRET-42', address: '12 Hidden Rd' });
    const otherMachine = await createMachine(db, owner.user.id, { name: 'Gym Drinks (private)', location: 'Gym' });
    secrets.push('SN-SECRET-42', '12 Hidden Rd', 'Gym Drinks (private)');

    const chips = await createProduct(db, owner.user.id, { name: 'Sea Salt Chips', brand: 'Crunchy', category: 'Chips' });
    const bar = await createProduct(db, owner.user.id, { name: 'Oat Bar', brand: 'Grain Co', category: 'Nuts' });
    const soda = await createProduct(db, owner.user.id, { name: 'Lime Soda', brand: 'Fizz', category: 'Soda' });
    const up = (productId: number, machineId: number, voterId: string, createdAt: Date): VoteRow => ({ productId, machineId, voteType: 'up', voterId, createdAt });
    await insertVotes(db, [
      // Chips: 3 up-votes in the window; Oat Bar: 2, and one down-vote that is not counted; Soda: only at the other machine.
      up(chips.id, machine.id, 'voter-secret-a', ago(DAY_MS)),
      up(chips.id, machine.id, 'voter-secret-b', ago(10 * DAY_MS)),
      up(chips.id, machine.id, 'voter-secret-c', ago(89 * DAY_MS)),
      up(bar.id, machine.id, 'voter-secret-a', ago(2 * DAY_MS)),
      up(bar.id, machine.id, 'voter-secret-d', ago(3 * DAY_MS)),
      { productId: bar.id, machineId: machine.id, voteType: 'down', voterId: 'voter-secret-e', createdAt: ago(DAY_MS) },
      up(soda.id, otherMachine.id, 'voter-secret-f', ago(DAY_MS)),
      // Outside the window.
      up(bar.id, machine.id, 'voter-secret-g', ago(91 * DAY_MS)),
      up(bar.id, machine.id, 'voter-secret-h', ago(120 * DAY_MS)),
    ]);
    secrets.push('voter-secret');
    // A reset archives the votes; what customers asked for in the window still counts.
    expect((await owner.api.post('/api/votes/reset')).statusCode).toBe(200);

    const suggest = (name: string, seed: Parameters<typeof createSuggestion>[2] = {}) =>
      createSuggestion(db, owner.user.id, { machineId: machine.id, name, suggestedBy: 'Suggester Secret Sam', ...seed });
    await suggest('Mango Juice', { category: 'Soda' });
    await suggest('mango juice ', { category: 'Soda' });
    await suggest('Mango Juice', { category: 'Soda', status: 'approved' });
    await suggest('Trail Mix', { category: 'Nuts' });
    await suggest('Rude joke name', { status: 'declined' });
    await suggest('Old idea', { createdAt: ago(100 * DAY_MS) });
    await createSuggestion(db, owner.user.id, { machineId: otherMachine.id, name: 'Gym protein shake' });
    secrets.push('Suggester Secret Sam', 'Rude joke name', 'Gym protein shake');

    const issue = (seed: Parameters<typeof createVendingIssue>[2]) =>
      createVendingIssue(db, owner.user.id, { machineId: machine.id, customerName: 'Casey Secret', customerEmail: 'casey.secret@example.test', issueDescription: 'Secret complaint text', ...seed });
    // Resolved in 1, 2, 3, 4 and 10 hours: median 3 h; 90th percentile 4 + 0.6 × (10 − 4) = 7.6 h.
    for (const [hoursToFix, reportedDaysAgo] of [[1, 5], [2, 6], [3, 7], [4, 8], [10, 9]] as const) {
      const createdAt = ago(reportedDaysAgo * DAY_MS);
      await issue({ status: 'resolved', createdAt, resolvedAt: new Date(createdAt.getTime() + hoursToFix * HOUR_MS) });
    }
    await issue({ status: 'open', createdAt: ago(DAY_MS) });
    await issue({ status: 'open', createdAt: ago(2 * DAY_MS) });
    await issue({ status: 'investigating', createdAt: ago(3 * DAY_MS) });
    // Outside the window, and at the other machine: not counted.
    await issue({ status: 'resolved', createdAt: ago(95 * DAY_MS), resolvedAt: ago(94 * DAY_MS) });
    await createVendingIssue(db, owner.user.id, { machineId: otherMachine.id, status: 'open' });
    secrets.push('Casey Secret', 'casey.secret@example.test', 'Secret complaint text');

    const created = await share(owner, machine.id);
    const res = await view(tokenOf(created.url));
    expect(res.statusCode, res.body).toBe(200);
    body = res.json();
    raw = res.body;
  });

  test('name the machine, its place and who shared it', () => {
    expect(body.machine).toEqual({ name: 'Library Snacks', location: 'Main library, ground floor' });
    expect(body.sharedBy).toBe('Snack Stop LLC');
    expect(body.periodDays).toBe(90);
    expect(Date.parse(body.to) - Date.parse(body.from)).toBe(90 * DAY_MS);
  });

  test('rank the products by up-votes at this machine in the last 90 days', () => {
    expect(body.topProducts).toEqual([
      { name: 'Sea Salt Chips', brand: 'Crunchy', category: 'Chips', upVotes: 3 },
      { name: 'Oat Bar', brand: 'Grain Co', category: 'Nuts', upVotes: 2 },
    ]);
  });

  test('count suggestions by idea, spelling aside, leaving out declined and old ones', () => {
    expect(body.topSuggestions).toEqual([
      { name: 'Mango Juice', category: 'Soda', requests: 3 },
      { name: 'Trail Mix', category: 'Nuts', requests: 1 },
    ]);
  });

  test('count issues by status and time the fixes: median and 90th percentile', () => {
    expect(body.issues).toEqual({
      reported: 8,
      byStatus: { open: 2, investigating: 1, resolved: 5 },
      timeToFix: { resolved: 5, medianHours: 3, p90Hours: 7.6 },
    });
  });

  test('carry nothing that identifies customers, nor the operator’s other machines or account', () => {
    for (const secret of secrets) expect(raw, secret).not.toContain(secret);
    expect(Object.keys(body).sort()).toEqual(['from', 'issues', 'machine', 'periodDays', 'sharedBy', 'to', 'topProducts', 'topSuggestions']);
  });

  test('an operator without a company is named by name; no issues means no fix time', async () => {
    const owner = await signIn(t, { firstName: 'Pat', lastName: 'Quinn' });
    const machine = await createMachine(t.database.db, owner.user.id);
    const res = await view(tokenOf((await share(owner, machine.id)).url));
    expect(res.json()).toMatchObject({
      sharedBy: 'Pat Quinn',
      topProducts: [],
      topSuggestions: [],
      issues: { reported: 0, byStatus: { open: 0, investigating: 0, resolved: 0 }, timeToFix: null },
    });
  });
});

describe("another operator's machine", () => {
  test('cannot be shared, read or revoked: 404 exactly like a missing machine, and the link keeps working', async () => {
    const owner = await signIn(t);
    const intruder = await signIn(t);
    const machine = await createMachine(t.database.db, owner.user.id);
    const created = await share(owner, machine.id);
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const foreign = await intruder.api.send(method, linkUrl(machine.id));
      const missing = await intruder.api.send(method, linkUrl(999_999));
      expectJsonError(foreign, 404, NotFoundMessages.machine);
      expect(foreign.json()).toEqual(missing.json());
    }
    expect((await view(tokenOf(created.url))).statusCode).toBe(200);
    expect((await owner.api.get(linkUrl(machine.id))).json()).toMatchObject({ active: true, id: created.id });
  });
});

describe('a disabled account', () => {
  test("its links go quiet while it is disabled", async () => {
    const owner = await signIn(t);
    const machine = await createMachine(t.database.db, owner.user.id);
    const created = await share(owner, machine.id);
    await t.database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, owner.user.id));
    expectJsonError(await view(tokenOf(created.url)), 404, ShareLinkMessages.inactive);
  });
});

describe('signed out', () => {
  test('the operator calls answer 401', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await api(t).send(method, linkUrl(1));
      expect(res.statusCode).toBe(401);
    }
  });
});
