import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMachine, createProduct } from '../../src/server/db/factories.js';
import { STREAM_LIMITS } from '../../src/server/live/live-streams.js';
import { createTestApp, openEventStream, type EventStreamClient, type TestApp } from '../support/index.js';
import { apiFrom, newAddress, operatorWithMachine } from './feedback-helpers.js';
import { postVote } from './vote-counters.js';
import { newVoter } from './voter.js';

// Live updates over a real HTTP stream: the app listens on a port, as in production.
let t: TestApp;
let base: string;
const open: EventStreamClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const stream of open) stream.close();
  await t?.close();
});

async function stream(path: string, cookie?: string) {
  const client = await openEventStream(`${base}${path}`, cookie ? { cookie } : {});
  open.push(client);
  return client;
}

async function operatorWithProduct(machineName = 'Gym Lobby') {
  const operator = await operatorWithMachine(t, machineName);
  const product = await createProduct(t.database.db, operator.user.id, { name: 'Takis Fuego' });
  return { ...operator, product };
}

const idea = { name: 'Takis Fuego', brand: 'Barcel', category: 'Chips', suggestedBy: 'Sam' };
const issueAt = (machineId: number) => ({
  customerName: 'Riley Chen',
  customerEmail: 'riley@example.test',
  productName: 'Doritos Nacho',
  issueDescription: 'Paid but the coil did not turn.',
  machineId,
});

describe('GET /api/live', () => {
  test('signed out: 401, no stream', async () => {
    const res = await fetch(`${base}/api/live`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Unauthorized' });
  });

  test('an event stream, uncompressed and uncached, even when the browser accepts compression', async () => {
    const { cookie } = await operatorWithProduct();
    const live = await stream('/api/live', cookie);
    expect(live.status).toBe(200);
    expect(live.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(live.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(live.headers.get('content-encoding')).toBeNull();
  });

  test("a vote at the operator's machine reaches their tab, and only theirs", async () => {
    const owner = await operatorWithProduct();
    const other = await operatorWithProduct('Other Lobby');
    const ownerLive = await stream('/api/live', owner.cookie);
    const otherLive = await stream('/api/live', other.cookie);

    expect((await postVote(t, owner.product.id, { machineId: owner.machine.id })).statusCode).toBe(201);
    expect(await ownerLive.next()).toEqual({ event: 'vote', data: { type: 'vote', machineId: owner.machine.id, productId: owner.product.id } });
    await otherLive.none();

    // The other operator's stream works: their own vote is the first thing it hears.
    expect((await postVote(t, other.product.id, { machineId: other.machine.id })).statusCode).toBe(201);
    expect((await otherLive.next()).data).toMatchObject({ type: 'vote', productId: other.product.id });
    await ownerLive.none();
  });

  test('a refused second vote sends nothing', async () => {
    const owner = await operatorWithProduct();
    const live = await stream('/api/live', owner.cookie);
    const ip = newAddress();
    const cookie = await newVoter(t, { machineId: owner.machine.id, ip });
    expect((await postVote(t, owner.product.id, { machineId: owner.machine.id, ip, cookie })).statusCode).toBe(201);
    await live.next();
    expect((await postVote(t, owner.product.id, { machineId: owner.machine.id, ip, cookie })).statusCode).toBe(409);
    await live.none();
  });

  test('a suggestion made at a machine, then approved and declined, each tells the tab', async () => {
    const owner = await operatorWithProduct();
    const live = await stream('/api/live', owner.cookie);
    const made = await apiFrom(t).post(`/api/suggestions?machineId=${owner.machine.id}`, idea);
    expect(made.statusCode, made.body).toBe(201);
    const suggestionId = made.json().id as number;
    expect((await live.next()).data).toEqual({ type: 'suggestion', change: 'created', machineId: owner.machine.id, suggestionId });

    expect((await apiFrom(t, { cookie: owner.cookie }).post(`/api/suggestions/${suggestionId}/approve`)).statusCode).toBe(200);
    expect((await live.next()).data).toMatchObject({ type: 'suggestion', change: 'approved', suggestionId });

    const second = (await apiFrom(t).post(`/api/suggestions?machineId=${owner.machine.id}`, { ...idea, name: 'Hot Cheetos' })).json().id as number;
    expect((await live.next()).data).toMatchObject({ change: 'created', suggestionId: second });
    expect((await apiFrom(t, { cookie: owner.cookie }).post(`/api/suggestions/${second}/decline`)).statusCode).toBe(200);
    expect((await live.next()).data).toMatchObject({ change: 'declined', suggestionId: second });
  });

  test('a new issue carries what the notification shows; a status change follows', async () => {
    const owner = await operatorWithProduct('Library');
    const live = await stream('/api/live', owner.cookie);
    const reported = await apiFrom(t).post('/api/vending-issues', issueAt(owner.machine.id));
    expect(reported.statusCode, reported.body).toBe(201);
    const issueId = reported.json().id as number;
    const event = await live.next();
    expect(event).toEqual({
      event: 'issue',
      data: { type: 'issue', change: 'reported', issueId, machineId: owner.machine.id, status: 'open', productName: 'Doritos Nacho', machineName: 'Library' },
    });
    // Nothing of the customer travels: the name, email and description stay on the issue itself.
    expect(JSON.stringify(event)).not.toMatch(/Riley|riley@|coil/);

    const changed = await apiFrom(t, { cookie: owner.cookie }).patch(`/api/vending-issues/${issueId}/status`, { status: 'resolved' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await live.next()).data).toMatchObject({ type: 'issue', change: 'status', issueId, status: 'resolved' });
  });

  test(`at most ${STREAM_LIMITS.perOwner} streams per operator on one instance: then 429 with Retry-After`, async () => {
    const { cookie } = await operatorWithProduct();
    const streams = await Promise.all(Array.from({ length: STREAM_LIMITS.perOwner }, () => stream('/api/live', cookie)));
    expect(streams.every((s) => s.status === 200)).toBe(true);
    const refused = await fetch(`${base}/api/live`, { headers: { cookie } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('30');
    // A closed tab frees its place.
    streams[0]!.close();
    await expect.poll(async () => {
      const again = await fetch(`${base}/api/live`, { headers: { cookie } });
      if (again.status === 200) await again.body?.cancel();
      return again.status;
    }).toBe(200);
  });

  test('shutting down ends every stream, so browsers reconnect to another instance', async () => {
    const { cookie } = await operatorWithProduct();
    const live = await stream('/api/live', cookie);
    const before = t.app.liveStreams.size;
    expect(before).toBeGreaterThan(0);
    t.app.liveStreams.endAll();
    await live.ended;
    expect(t.app.liveStreams.size).toBe(0);
  });
});

describe('GET /api/vote-page/{id}/live', () => {
  test('an unknown machine: 404, no stream', async () => {
    const res = await fetch(`${base}/api/vote-page/987654/live`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Machine not found' });
  });

  test('hears only that a count at this machine moved: the product, nothing of the voter', async () => {
    const owner = await operatorWithProduct();
    const secondMachine = await createMachine(t.database.db, owner.user.id, { name: 'Second' });
    const page = await stream(`/api/vote-page/${owner.machine.id}/live`);
    expect(page.status).toBe(200);

    expect((await postVote(t, owner.product.id, { machineId: secondMachine.id })).statusCode).toBe(201);
    await page.none();
    expect((await postVote(t, owner.product.id, { machineId: owner.machine.id })).statusCode).toBe(201);
    expect(await page.next()).toEqual({ event: 'vote', data: { type: 'vote', productId: owner.product.id } });

    // Suggestions and issues are the operator's business, not the page's.
    await apiFrom(t).post(`/api/suggestions?machineId=${owner.machine.id}`, idea);
    await apiFrom(t).post('/api/vending-issues', issueAt(owner.machine.id));
    await page.none();
  });
});
