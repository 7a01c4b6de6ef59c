import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { featureRequests } from '../../src/server/db/schema.js';
import { FeatureRequestMessages, type FeatureRequest } from '../../src/shared/feature-requests.schemas.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { api, expectJsonError, signIn } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A visitor of the board: its voter cookie comes from reading the board, as in a browser. */
async function visitor() {
  const read = await t.app.inject({ method: 'GET', url: '/api/feature-requests' });
  expect(read.statusCode).toBe(200);
  const cookie = read.cookies.find((candidate) => candidate.name === 'voter')!;
  return api(t, `voter=${cookie.value}`);
}

let address = 0;
/** Each test submits from its own network address, so the per-address limit is tested on purpose only. */
const fromNewAddress = () => ({ remoteAddress: `203.0.113.${++address}` });

async function submit(body: Record<string, unknown>, remoteAddress = fromNewAddress().remoteAddress) {
  return t.app.inject({ method: 'POST', url: '/api/feature-requests', payload: body, remoteAddress });
}

async function submitted(title: string, extra: Record<string, unknown> = {}) {
  const response = await submit({ title, description: `About ${title}`, ...extra });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as FeatureRequest;
}

const vote = (as: Awaited<ReturnType<typeof visitor>>, id: number, direction: 'up' | 'down') => as.post(`/api/feature-requests/${id}/vote`, { direction });

describe('submitting', () => {
  test("a visitor's request starts proposed with 1 vote, by the given name or 'Anonymous'", async () => {
    const named = await submitted('Dark mode for the vote page', { author: '  Priya  ' });
    // The one vote is the author's own (a voter cookie is handed out with the answer when they had none).
    expect(named).toMatchObject({ author: 'Priya', votes: 1, status: 'proposed', myVote: 'up' });
    const unnamed = await submitted('Export votes', { author: '' });
    expect(unnamed.author).toBe('Anonymous');
  });

  test("the starting vote is the author's own: they cannot add a second, only take it back", async () => {
    const author = await visitor();
    const created = await author.post('/api/feature-requests', { title: 'My own idea', description: 'Please' }, fromNewAddress());
    expect(created.statusCode, created.body).toBe(201);
    const request = created.json() as FeatureRequest;
    expect(request).toMatchObject({ votes: 1, myVote: 'up' });

    const seenByAuthor = ((await author.get('/api/feature-requests')).json() as FeatureRequest[]).find((candidate) => candidate.id === request.id);
    expect(seenByAuthor).toMatchObject({ votes: 1, myVote: 'up' });
    const seenByOther = ((await (await visitor()).get('/api/feature-requests')).json() as FeatureRequest[]).find((candidate) => candidate.id === request.id);
    expect(seenByOther).toMatchObject({ votes: 1, myVote: null });

    // Up again is the same vote again: it is taken back, never counted twice.
    expect((await vote(author, request.id, 'up')).json()).toMatchObject({ votes: 0, myVote: null });
    expect((await vote(author, request.id, 'up')).json()).toMatchObject({ votes: 1, myVote: 'up' });
  });

  test('title and description are required, with their messages', async () => {
    const response = await submit({ title: ' ', description: '' });
    const body = expectJsonError(response, 400);
    expect(body.errors).toMatchObject({ title: FeatureRequestMessages.titleRequired, description: FeatureRequestMessages.descriptionRequired });
    expectJsonError(await submit({ title: 'x', description: 'y', email: 'not-an-email' }), 400, FeatureRequestMessages.emailInvalid);
    expectJsonError(await submit({ title: 'x'.repeat(121), description: 'y' }), 400);
  });

  test('the honeypot: a bot is answered like a person and nothing is kept', async () => {
    const before = (await t.database.db.select().from(featureRequests)).length;
    const response = await submit({ title: 'Cheap pills', description: 'Buy now', website: 'http://spam.example' });
    expect(response.statusCode).toBe(201);
    expect((await t.database.db.select().from(featureRequests)).length).toBe(before);
  });

  test('five requests an hour from one address, then 429', async () => {
    const { remoteAddress } = fromNewAddress();
    for (let index = 0; index < 5; index++) expect((await submit({ title: `Idea ${index}`, description: 'd' }, remoteAddress)).statusCode).toBe(201);
    const refused = await submit({ title: 'One more', description: 'd' }, remoteAddress);
    expectJsonError(refused, 429);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  test("the submitter's email is never shown", async () => {
    await submitted('Secret email', { email: 'fan@example.com' });
    const read = await t.app.inject({ method: 'GET', url: '/api/feature-requests' });
    expect(read.body).not.toContain('fan@example.com');
  });
});

describe('voting', () => {
  test('one vote per visitor: the same again takes it back, the other way switches it', async () => {
    const request = await submitted('Voting rules');
    const ana = await visitor();
    const ben = await visitor();
    expect((await vote(ana, request.id, 'up')).json()).toMatchObject({ votes: 2, myVote: 'up' });
    expect((await vote(ana, request.id, 'up')).json()).toMatchObject({ votes: 1, myVote: null });
    expect((await vote(ana, request.id, 'up')).json()).toMatchObject({ votes: 2, myVote: 'up' });
    expect((await vote(ana, request.id, 'down')).json()).toMatchObject({ votes: 0, myVote: 'down' });
    expect((await vote(ben, request.id, 'up')).json()).toMatchObject({ votes: 1, myVote: 'up' });
    const seenByAna = ((await ana.get('/api/feature-requests')).json() as FeatureRequest[]).find((candidate) => candidate.id === request.id)!;
    expect(seenByAna).toMatchObject({ votes: 1, myVote: 'down' });
  });

  test('never below 0: a down vote at 0 is refused and changes nothing', async () => {
    const request = await submitted('Never below zero');
    const ana = await visitor();
    const ben = await visitor();
    expect((await vote(ana, request.id, 'down')).json()).toMatchObject({ votes: 0 });
    expectJsonError(await vote(ben, request.id, 'down'), 409, FeatureRequestMessages.belowZero);
    const all = (await ben.get('/api/feature-requests')).json() as FeatureRequest[];
    expect(all.find((candidate) => candidate.id === request.id)).toMatchObject({ votes: 0, myVote: null });
  });

  test('taking back one\'s own up vote is allowed even when the count is at 0', async () => {
    const request = await submitted('Take it back');
    const ana = await visitor();
    const ben = await visitor();
    const cai = await visitor();
    await vote(ana, request.id, 'up'); // 2
    await vote(ben, request.id, 'down'); // 1
    await vote(cai, request.id, 'down'); // 0
    const back = await vote(ana, request.id, 'up');
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ votes: 0, myVote: null });
  });

  test('simultaneous down votes never take a count below 0', async () => {
    const request = await submitted('Race to the bottom');
    const voters = await Promise.all([1, 2, 3, 4].map(() => visitor()));
    const answers = await Promise.all(voters.map((as) => vote(as, request.id, 'down')));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(3);
  });

  test('a vote needs the cookie the board hands out (403), and a missing request is 404', async () => {
    const request = await submitted('Cookie needed');
    expect((await t.app.inject({ method: 'POST', url: `/api/feature-requests/${request.id}/vote`, payload: { direction: 'up' } })).statusCode).toBe(403);
    expectJsonError(await vote(await visitor(), 999_999, 'up'), 404, FeatureRequestMessages.notFound);
  });
});

describe('reading the board', () => {
  test('sorted by votes (the default) or newest, and filtered by status', async () => {
    const admin = await signIn(t, { role: 'admin' });
    const quiet = await submitted('Quiet idea');
    const popular = await submitted('Popular idea');
    for (const as of await Promise.all([1, 2].map(() => visitor()))) await vote(as, popular.id, 'up');
    await admin.api.patch(`/api/admin/feature-requests/${quiet.id}`, { status: 'completed' });

    const byVotes = (await t.app.inject({ method: 'GET', url: '/api/feature-requests' })).json() as FeatureRequest[];
    const votes = byVotes.map((request) => request.votes);
    expect(votes).toEqual([...votes].sort((a, b) => b - a));
    const newest = (await t.app.inject({ method: 'GET', url: '/api/feature-requests?sort=newest' })).json() as FeatureRequest[];
    expect(newest.findIndex((request) => request.id === popular.id)).toBeLessThan(newest.findIndex((request) => request.id === quiet.id));
    const completed = (await t.app.inject({ method: 'GET', url: '/api/feature-requests?status=completed' })).json() as FeatureRequest[];
    expect(completed.map((request) => request.id)).toContain(quiet.id);
    expect(completed.every((request) => request.status === 'completed')).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/feature-requests?status=done' })).statusCode).toBe(400);
  });
});

describe('managing the board (admins)', () => {
  test("an admin's request is by 'Admin' with 0 votes; status, delete and reset work, and operators may not", async () => {
    const admin = await signIn(t, { role: 'admin' });
    const operator = await signIn(t);
    const added = await admin.api.post('/api/admin/feature-requests', { title: 'Roadmap item', description: 'Planned' });
    expect(added.statusCode, added.body).toBe(201);
    const request = added.json() as FeatureRequest;
    expect(request).toMatchObject({ author: 'Admin', votes: 0, status: 'proposed' });
    expectJsonError(await admin.api.post('/api/admin/feature-requests', { title: '', description: '' }), 400, FeatureRequestMessages.titleRequired);

    for (const [method, url, payload] of [
      ['POST', '/api/admin/feature-requests', { title: 'x', description: 'y' }],
      ['PATCH', `/api/admin/feature-requests/${request.id}`, { status: 'completed' }],
      ['DELETE', `/api/admin/feature-requests/${request.id}`, undefined],
      ['POST', '/api/admin/feature-requests/reset-votes', undefined],
    ] as const) {
      expect((await operator.api.send(method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
    }

    expect((await admin.api.patch(`/api/admin/feature-requests/${request.id}`, { status: 'in-progress' })).json()).toMatchObject({ status: 'in-progress' });
    expectJsonError(await admin.api.patch(`/api/admin/feature-requests/${request.id}`, { status: 'shipped' }), 400);
    expect((await admin.api.delete(`/api/admin/feature-requests/${request.id}`)).json()).toEqual({ id: request.id, deleted: true });
    expectJsonError(await admin.api.delete(`/api/admin/feature-requests/${request.id}`), 404);
    expectJsonError(await admin.api.patch(`/api/admin/feature-requests/${request.id}`, { status: 'completed' }), 404);
  });

  test('reset all votes: every count back to 0 and every visitor free to vote again', async () => {
    const admin = await signIn(t, { role: 'admin' });
    const request = await submitted('Reset me');
    const ana = await visitor();
    await vote(ana, request.id, 'up');
    const reset = await admin.api.post('/api/admin/feature-requests/reset-votes');
    expect(reset.statusCode, reset.body).toBe(200);
    expect((reset.json() as { reset: number }).reset).toBeGreaterThan(0);
    const all = (await ana.get('/api/feature-requests')).json() as FeatureRequest[];
    expect(all.every((candidate) => candidate.votes === 0 && candidate.myVote === null)).toBe(true);
    expect((await vote(ana, request.id, 'up')).json()).toMatchObject({ votes: 1, myVote: 'up' });
  });

  test('the submitter who left an email hears of each status change, once per change', async () => {
    const admin = await signIn(t, { role: 'admin' });
    const request = await submitted('Tell me when', { email: 'Watcher@Example.com' });
    await admin.api.patch(`/api/admin/feature-requests/${request.id}`, { status: 'in-progress' });
    await admin.api.patch(`/api/admin/feature-requests/${request.id}`, { status: 'in-progress' });
    const mail = await t.smtp.waitForMail('watcher@example.com', /^Your VendVote feature request is now In progress$/);
    expect(mail.text).toContain('Tell me when');
    expect(mail.text).toContain('/feature-requests');
    await admin.api.patch(`/api/admin/feature-requests/${request.id}`, { status: 'completed' });
    await t.smtp.waitForMail('watcher@example.com', /^Your VendVote feature request is now Completed$/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.smtp.received.filter((received) => received.to.includes('watcher@example.com'))).toHaveLength(2);
  });
});
