import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createVendingIssue } from '../../src/server/db/feedback-factories.js';
import { createMachine, createUser } from '../../src/server/db/factories.js';
import { vendingIssues } from '../../src/server/db/schema.js';
import type { IssueStatus } from '../../src/shared/feedback.schemas.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { apiFrom, operatorWithMachine } from './feedback-helpers.js';
import { expectJsonError, signIn } from './helpers.js';

// The operator's side of vending issues: list, search, counts and the status rules on both paths.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = (cookie?: string, query = '') => apiFrom(t, { cookie }).get(`/api/vending-issues${query}`);
const counts = (cookie?: string) => apiFrom(t, { cookie }).get('/api/vending-issues/counts');
const statusPath = (id: number | string) => `/api/vending-issues/${id}/status`;
const barePath = (id: number | string) => `/api/vending-issues/${id}`;
const PATCH_PATHS = [
  ['PATCH /api/vending-issues/{id}/status (dashboard)', statusPath],
  ['PATCH /api/vending-issues/{id} (issues page)', barePath],
] as const;

const storedIssue = async (id: number) => (await t.database.db.select().from(vendingIssues).where(eq(vendingIssues.id, id)))[0];
const idsOf = (res: { json(): unknown }) => (res.json() as { id: number }[]).map((issue) => issue.id);
const NO_ISSUES = { total: 0, open: 0, investigating: 0, resolved: 0 };

describe('GET /api/vending-issues and /counts', () => {
  let operator: Awaited<ReturnType<typeof operatorWithMachine>>;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    operator = await operatorWithMachine(t, 'Library Annex');
    const db = t.database.db;
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    const seeds = [
      ['oldResolved', { status: 'resolved', productName: 'Snickers', customerName: 'Ada', createdAt: daysAgo(4) }],
      ['investigating', { status: 'investigating', productName: 'Red Bull', customerEmail: 'night.owl@example.test', createdAt: daysAgo(3) }],
      ['atMachine', { machineId: operator.machine.id, productName: 'Water', issueDescription: 'Bottle stuck', createdAt: daysAgo(2) }],
      ['percent', { productName: '100% Juice', issueDescription: null, createdAt: daysAgo(1) }],
      ['newest', { productName: 'DORITOS Cool Ranch', issueDescription: 'Charged twice', createdAt: new Date() }],
    ] as const;
    // Fixed addresses, so no random part can match a search by chance.
    for (const [key, seed] of seeds) ids[key] = (await createVendingIssue(db, operator.user.id, { customerEmail: `${key}@example.test`, ...seed })).id;
    const stranger = await createUser(db);
    await createVendingIssue(db, stranger.user.id, { productName: 'Doritos of a stranger', issueDescription: 'Charged twice' });
  });

  test('signed out: list and counts are 401 Unauthorized', async () => {
    expect(expectJsonError(await list(), 401)).toEqual({ message: 'Unauthorized' });
    expect(expectJsonError(await counts(), 401)).toEqual({ message: 'Unauthorized' });
  });

  test("the operator's issues, newest first, with machine names; never another operator's", async () => {
    const res = await list(operator.cookie);
    expect(res.statusCode).toBe(200);
    expect(idsOf(res)).toEqual([ids.newest, ids.percent, ids.atMachine, ids.investigating, ids.oldResolved]);
    const named = (res.json() as { id: number; machineName: string | null }[]).filter((issue) => issue.machineName);
    expect(named).toEqual([expect.objectContaining({ id: ids.atMachine, machineName: 'Library Annex' })]);
  });

  test.each([
    ['open', ['newest', 'percent', 'atMachine']],
    ['investigating', ['investigating']],
    ['resolved', ['oldResolved']],
  ])('status=%s lists only those', async (status, expected) => {
    expect(idsOf(await list(operator.cookie, `?status=${status}`))).toEqual(expected.map((key) => ids[key]));
  });

  test.each([
    ['doritos', ['newest'], 'product name, any case'],
    ['ADA', ['oldResolved'], 'customer name'],
    ['night.owl@', ['investigating'], 'customer email'],
    ['charged TWICE', ['newest'], 'description'],
    ['annex', ['atMachine'], 'machine name'],
    ['100%', ['percent'], '% matched literally'],
    ['_', [], '_ matched literally'],
    ['nothing like it', [], 'no match'],
  ])('search=%s finds %j (%s)', async (search, expected) => {
    expect(idsOf(await list(operator.cookie, `?search=${encodeURIComponent(search)}`))).toEqual(expected.map((key) => ids[key]));
  });

  test('search and status combine; a blank search lists everything', async () => {
    expect(idsOf(await list(operator.cookie, '?search=doritos&status=resolved'))).toEqual([]);
    expect(idsOf(await list(operator.cookie, '?search=doritos&status=open'))).toEqual([ids.newest]);
    expect(idsOf(await list(operator.cookie, '?search=%20%20'))).toHaveLength(5);
  });

  test('an unknown status filter, a repeated one, or an overlong search is a 400', async () => {
    expectJsonError(await list(operator.cookie, '?status=closed'), 400, 'Status must be open, investigating or resolved');
    expectJsonError(await list(operator.cookie, '?status=open&status=resolved'), 400);
    expectJsonError(await list(operator.cookie, `?search=${'s'.repeat(201)}`), 400, 'Must be at most 200 characters');
  });

  test('counts: total and per status, for this operator only', async () => {
    const res = await counts(operator.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ total: 5, open: 3, investigating: 1, resolved: 1 });
    const fresh = await signIn(t);
    expect((await counts(fresh.cookie)).json()).toEqual(NO_ISSUES);
  });
});

describe.each(PATCH_PATHS)('%s: the state machine', (_name, pathOf) => {
  let operator: Awaited<ReturnType<typeof signIn>>;
  beforeAll(async () => {
    operator = await signIn(t);
  });
  const change = (id: number | string, payload: unknown, cookie = operator.cookie) => apiFrom(t, { cookie }).patch(pathOf(id), payload);

  test.each([
    ['open', 'investigating'],
    ['open', 'resolved'],
    ['investigating', 'resolved'],
  ] as const)('%s → %s: 200 with the issue', async (from, to) => {
    const machine = await createMachine(t.database.db, operator.user.id, { name: 'Atrium' });
    const issue = await createVendingIssue(t.database.db, operator.user.id, { status: from, machineId: machine.id, createdAt: new Date(Date.now() - 60_000) });
    const res = await change(issue.id, { status: to });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: issue.id, status: to, machineId: machine.id, machineName: 'Atrium', createdAt: issue.createdAt.toISOString() });
    expect(new Date(body.updatedAt).getTime()).toBeGreaterThan(issue.updatedAt.getTime());
    if (to === 'resolved') expect(new Date(body.resolvedAt).getTime()).toBe(new Date(body.updatedAt).getTime());
    else expect(body.resolvedAt).toBeNull();
    expect(await storedIssue(issue.id)).toMatchObject({ status: to });
  });

  test.each([
    ['resolved', 'open', 'This issue is resolved and can no longer change.'],
    ['resolved', 'investigating', 'This issue is resolved and can no longer change.'],
    ['resolved', 'resolved', 'This issue is resolved and can no longer change.'],
    ['investigating', 'open', 'An issue under investigation cannot go back to new.'],
    ['investigating', 'investigating', 'This issue is already investigating.'],
    ['open', 'open', 'This issue is already new.'],
  ] as const)('%s → %s: 409 "%s", and nothing changes', async (from, to, message) => {
    const issue = await createVendingIssue(t.database.db, operator.user.id, { status: from });
    expect(expectJsonError(await change(issue.id, { status: to }), 409)).toEqual({ message });
    expect(await storedIssue(issue.id)).toMatchObject({ status: from, updatedAt: issue.updatedAt, resolvedAt: issue.resolvedAt });
  });

  test('bad bodies are 400 with their message, and nothing changes', async () => {
    const issue = await createVendingIssue(t.database.db, operator.user.id);
    const cases = [
      [{ status: 'closed' }, 'Status must be open, investigating or resolved'],
      [{ status: 7 }, 'Status must be open, investigating or resolved'],
      [{}, 'Status must be open, investigating or resolved'],
      [{ status: 'resolved', resolvedAt: '2020-01-01' }, 'Unknown field: resolvedAt'],
    ] as const;
    for (const [payload, message] of cases) expectJsonError(await change(issue.id, payload), 400, message);
    expect(await storedIssue(issue.id)).toMatchObject({ status: 'open', updatedAt: issue.updatedAt });
  });

  test("another operator's issue and a missing one are 404 \"Issue not found\"; nothing changes", async () => {
    const owner = await createUser(t.database.db);
    const foreign = await createVendingIssue(t.database.db, owner.user.id);
    for (const id of [foreign.id, 987_654_321]) {
      expect(expectJsonError(await change(id, { status: 'resolved' }), 404)).toEqual({ message: 'Issue not found' });
    }
    expectJsonError(await change(99_999_999_999, { status: 'resolved' }), 400, 'Issue id must be a whole number');
    expect(await storedIssue(foreign.id)).toMatchObject({ status: 'open', resolvedAt: null });
  });

  test('a non-numeric id is a 400; signed out is a 401 before the body is read', async () => {
    expectJsonError(await change('abc', { status: 'resolved' }), 400, 'Issue id must be a whole number');
    const issue = await createVendingIssue(t.database.db, operator.user.id);
    expect(expectJsonError(await change(issue.id, { status: 'resolved' }, ''), 401)).toEqual({ message: 'Unauthorized' });
    expectJsonError(await change(issue.id, { bogus: true }, ''), 401, 'Unauthorized');
    expect(await storedIssue(issue.id)).toMatchObject({ status: 'open' });
  });
});

describe('the state machine across both paths', () => {
  test('open → investigating on one path, → resolved on the other; then nothing moves it', async () => {
    const operator = await signIn(t);
    const { cookie } = operator;
    const created = await apiFrom(t, { cookie }).post('/api/vending-issues', { customerName: 'Jo', customerEmail: 'jo@example.test', productName: 'Gum' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    expect((await apiFrom(t, { cookie }).patch(statusPath(id), { status: 'investigating' })).json().status).toBe('investigating');
    expectJsonError(await apiFrom(t, { cookie }).patch(barePath(id), { status: 'open' }), 409, 'An issue under investigation cannot go back to new.');
    expect((await apiFrom(t, { cookie }).patch(barePath(id), { status: 'resolved' })).json().status).toBe('resolved');
    for (const path of [statusPath, barePath]) {
      for (const status of ['open', 'investigating', 'resolved']) {
        expectJsonError(await apiFrom(t, { cookie }).patch(path(id), { status }), 409, 'This issue is resolved and can no longer change.');
      }
    }
    expect((await counts(cookie)).json()).toEqual({ total: 1, open: 0, investigating: 0, resolved: 1 });
  });

  test('concurrent changes cannot step around the rule: one resolve wins, and resolved stays', async () => {
    const { user, cookie } = await signIn(t);
    const asked: IssueStatus[] = ['investigating', 'resolved', 'investigating', 'open', 'resolved'];
    for (let round = 0; round < 3; round++) {
      const issue = await createVendingIssue(t.database.db, user.id);
      const answers = await Promise.all(asked.map((status, i) => apiFrom(t, { cookie }).patch((i % 2 ? statusPath : barePath)(issue.id), { status })));
      expect(answers.map((res) => res.statusCode).every((code) => code === 200 || code === 409)).toBe(true);
      // Each success answers the issue as its own change left it.
      answers.forEach((res, i) => res.statusCode === 200 && expect(res.json().status).toBe(asked[i]));
      expect(answers[3]!.statusCode).toBe(409);
      expect(answers.filter((res, i) => asked[i] === 'resolved' && res.statusCode === 200)).toHaveLength(1);
      expect(await storedIssue(issue.id)).toMatchObject({ status: 'resolved', resolvedAt: expect.any(Date) });
    }
  });

  test("operator B cannot see A's issues in lists or counts, nor change them", async () => {
    const a = await operatorWithMachine(t, 'A site');
    const b = await signIn(t);
    const issue = await createVendingIssue(t.database.db, a.user.id, { machineId: a.machine.id, productName: 'A only' });
    expect((await list(b.cookie)).json()).toEqual([]);
    expect((await list(b.cookie, '?search=A%20only')).json()).toEqual([]);
    expect((await counts(b.cookie)).json()).toEqual(NO_ISSUES);
    expectJsonError(await apiFrom(t, { cookie: b.cookie }).patch(statusPath(issue.id), { status: 'investigating' }), 404, 'Issue not found');
    expectJsonError(await apiFrom(t, { cookie: b.cookie }).patch(barePath(issue.id), { status: 'resolved' }), 404, 'Issue not found');
    expect(await storedIssue(issue.id)).toMatchObject({ status: 'open' });
    expect(idsOf(await list(a.cookie))).toEqual([issue.id]);
  });
});
