import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createMachine, createProduct } from '../../src/server/db/factories.js';
import { jobs, webhookDeliveries, webhookEndpoints } from '../../src/server/db/schema.js';
import { DeliveryErrors, deliverWebhookJob, WEBHOOK_MAX_ATTEMPTS } from '../../src/server/features/webhooks/webhook-delivery.job.js';
import { webhookSecretContext } from '../../src/server/features/webhooks/webhook-settings.js';
import { signWebhookPayload, verifyWebhookSignature } from '../../src/server/features/webhooks/webhook-signature.js';
import { createMailer } from '../../src/server/integrations/mail/mailer.js';
import { seal, unseal } from '../../src/server/sealing.js';
import { MAX_WEBHOOK_ENDPOINTS, WEBHOOK_SECRET_PREFIX, WebhookMessages, type CreatedWebhook, type WebhookDelivery } from '../../src/shared/webhooks.schemas.js';
import { WebhookReceiver, type ReceivedWebhook } from '../fakes/webhook-receiver.js';
import { createTestApp, TEST_WEBHOOKS, type TestApp } from '../support/index.js';
import { api, expectJsonError, signIn } from './helpers.js';
import { postVote } from './vote-counters.js';

/** Outgoing webhooks, end to end: the API, the events, the jobs worker and a real receiver on loopback. */
const silent = pino({ level: 'silent' });
let t: TestApp;
let receiver: WebhookReceiver;
beforeAll(async () => {
  [t, receiver] = await Promise.all([createTestApp(), new WebhookReceiver().start()]);
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

type Session = Awaited<ReturnType<typeof signIn>>;
let pathCounter = 0;
/** Each endpoint gets its own path on the receiver, so tests never read each other's requests. */
const newPath = (label: string) => `/hooks/${label}-${++pathCounter}`;

async function register(owner: Session, path: string, events: string[], extra: Record<string, unknown> = {}): Promise<CreatedWebhook> {
  const res = await owner.api.post('/api/webhooks', { url: `${receiver.url}${path}`, events, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as CreatedWebhook;
}

/** Checks the signature and the headers every delivery carries; answers the parsed body. */
function verified(request: ReceivedWebhook, secret: string) {
  expect(verifyWebhookSignature(secret, request.headers['vendvote-signature'] as string, request.rawBody)).toBe(true);
  expect(request.method).toBe('POST');
  expect(request.headers['content-type']).toBe('application/json');
  expect(request.headers['user-agent']).toBe('VendVote-Webhooks/1');
  const body = JSON.parse(request.rawBody) as { id: string; type: string; createdAt: string; data: Record<string, unknown> };
  expect(request.headers['vendvote-event']).toBe(body.type);
  expect(request.headers['vendvote-delivery']).toBe(body.id);
  return body;
}

const deliveriesOf = async (owner: Session, endpointId: number) => {
  const res = await owner.api.get(`/api/webhooks/${endpointId}/deliveries`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as WebhookDelivery[];
};

/** Retries wait for the worker's backoff (5 s and more); a test makes the delivery's next attempt due now. */
const hurryRetry = (deliveryId: number) =>
  t.database.db
    .update(jobs)
    .set({ runAt: new Date() })
    .where(and(eq(jobs.name, 'webhooks.deliver'), eq(jobs.state, 'pending'), sql`(${jobs.payload}->>'deliveryId')::bigint = ${deliveryId}`));

const jobOf = async (deliveryId: number) =>
  (await t.database.db.select().from(jobs).where(and(eq(jobs.name, 'webhooks.deliver'), sql`(${jobs.payload}->>'deliveryId')::bigint = ${deliveryId}`)))[0]!;

async function machineOf(owner: Session, name = 'Lobby') {
  return createMachine(t.database.db, owner.user.id, { name });
}

describe('registering an endpoint', () => {
  test('answers the secret once; it is stored only sealed, and the list never shows it', async () => {
    const owner = await signIn(t);
    const path = newPath('register');
    const created = await register(owner, path, ['issue.created', 'suggestion.created'], { description: '  Our help desk  ' });
    expect(created.signingSecret.startsWith(WEBHOOK_SECRET_PREFIX)).toBe(true);
    expect(created.signingSecret.length).toBeGreaterThan(40);
    // Stored in WEBHOOK_EVENTS order, whatever order was sent.
    expect(created.endpoint).toMatchObject({
      url: `${receiver.url}${path}`,
      description: 'Our help desk',
      events: ['suggestion.created', 'issue.created'],
      enabled: true,
      lastDeliveryAt: null,
      lastStatus: null,
      lastError: null,
    });

    const [row] = await t.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.endpoint.id));
    expect(JSON.stringify(row)).not.toContain(created.signingSecret.slice(WEBHOOK_SECRET_PREFIX.length));
    expect(unseal(TEST_WEBHOOKS.secretKey, row!.secretSealed, webhookSecretContext(owner.user.id))).toBe(created.signingSecret);

    const list = await owner.api.get('/api/webhooks');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([created.endpoint]);
    expect(list.body).not.toContain(created.signingSecret.slice(WEBHOOK_SECRET_PREFIX.length));
  });

  test('refuses bad URLs, no events and unknown events with clear messages', async () => {
    const owner = await signIn(t);
    const bad = async (body: unknown, field: string, message: string) => {
      const error = expectJsonError(await owner.api.post('/api/webhooks', body), 400);
      expect(error.errors).toMatchObject({ [field]: message });
    };
    await bad({ url: '', events: ['issue.created'] }, 'url', WebhookMessages.urlRequired);
    await bad({ url: 'not a url', events: ['issue.created'] }, 'url', WebhookMessages.urlInvalid);
    await bad({ url: 'ftp://example.com/x', events: ['issue.created'] }, 'url', WebhookMessages.urlInvalid);
    await bad({ url: 'https://user:pass@example.com/x', events: ['issue.created'] }, 'url', WebhookMessages.urlCredentials);
    await bad({ url: 'https://example.com/x', events: [] }, 'events', WebhookMessages.eventsRequired);
    await bad({ url: 'https://example.com/x' }, 'events', WebhookMessages.eventsRequired);
    await bad({ url: 'https://example.com/x', events: ['vote.cast'] }, 'events.0', WebhookMessages.eventInvalid);
    expectJsonError(await owner.api.patch('/api/webhooks/1', {}), 400, WebhookMessages.nothingToChange);
    expect((await owner.api.get('/api/webhooks')).json()).toEqual([]);
  });

  test(`allows ${MAX_WEBHOOK_ENDPOINTS} endpoints; deleting one makes room`, async () => {
    const owner = await signIn(t);
    const made = [];
    for (let i = 0; i < MAX_WEBHOOK_ENDPOINTS; i++) made.push(await register(owner, newPath('limit'), ['issue.created']));
    expectJsonError(await owner.api.post('/api/webhooks', { url: `${receiver.url}/x`, events: ['issue.created'] }), 409, WebhookMessages.tooMany);
    const deleted = await owner.api.delete(`/api/webhooks/${made[0]!.endpoint.id}`);
    expect(deleted.json()).toEqual({ id: made[0]!.endpoint.id, deleted: true });
    expect((await owner.api.post('/api/webhooks', { url: `${receiver.url}/x`, events: ['issue.created'] })).statusCode).toBe(201);
  });

  test('edits, rolls the secret (the old one no longer signs) and deletes; foreign ids answer 404', async () => {
    const owner = await signIn(t);
    const other = await signIn(t);
    const path = newPath('edit');
    const { endpoint, signingSecret: secret } = await register(owner, path, ['issue.created']);
    const edited = await owner.api.patch(`/api/webhooks/${endpoint.id}`, { description: 'Renamed', events: ['issue.status_changed', 'vote.milestone'] });
    expect(edited.json()).toMatchObject({ description: 'Renamed', events: ['vote.milestone', 'issue.status_changed'] });

    const rolled = await owner.api.post(`/api/webhooks/${endpoint.id}/roll-secret`);
    expect(rolled.statusCode, rolled.body).toBe(200);
    const { signingSecret: newSecret } = rolled.json() as { signingSecret: string };
    expect(newSecret).not.toBe(secret);
    expect((await owner.api.post(`/api/webhooks/${endpoint.id}/test`)).statusCode).toBe(202);
    const [ping] = await receiver.waitFor(path);
    expect(verifyWebhookSignature(newSecret, ping!.headers['vendvote-signature'] as string, ping!.rawBody)).toBe(true);
    expect(verifyWebhookSignature(secret, ping!.headers['vendvote-signature'] as string, ping!.rawBody)).toBe(false);

    for (const call of [
      () => other.api.patch(`/api/webhooks/${endpoint.id}`, { enabled: false }),
      () => other.api.post(`/api/webhooks/${endpoint.id}/roll-secret`),
      () => other.api.post(`/api/webhooks/${endpoint.id}/test`),
      () => other.api.get(`/api/webhooks/${endpoint.id}/deliveries`),
      () => other.api.delete(`/api/webhooks/${endpoint.id}`),
    ]) {
      expectJsonError(await call(), 404, WebhookMessages.notFound);
    }
    expect((await other.api.get('/api/webhooks')).json()).toEqual([]);

    expect((await owner.api.delete(`/api/webhooks/${endpoint.id}`)).statusCode).toBe(200);
    expect((await owner.api.get('/api/webhooks')).json()).toEqual([]);
    expect(await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id))).toEqual([]);
  });

  test('a read-only API token may list endpoints but not add one; a read-write token may', async () => {
    const owner = await signIn(t);
    const tokenOf = async (access: string) => ((await owner.api.post('/api/settings/api-tokens', { name: access, access })).json() as { token: string }).token;
    const body = { url: `${receiver.url}${newPath('token')}`, events: ['issue.created'] };
    const readOnly = api(t, undefined, { headers: { authorization: `Bearer ${await tokenOf('read-only')}` } });
    expect((await readOnly.get('/api/webhooks')).statusCode).toBe(200);
    expectJsonError(await readOnly.post('/api/webhooks', body), 403);
    const readWrite = api(t, undefined, { headers: { authorization: `Bearer ${await tokenOf('read-write')}` } });
    expect((await readWrite.post('/api/webhooks', body)).statusCode).toBe(201);
  });
});

describe('events', () => {
  test('a new suggestion is delivered, signed, with its data; not the voter’s address or anything else', async () => {
    const owner = await signIn(t);
    const machine = await machineOf(owner, 'Gym entrance');
    const path = newPath('suggestion');
    const { endpoint, signingSecret: secret } = await register(owner, path, ['suggestion.created']);
    const sent = await api(t).post(`/api/suggestions?machineId=${machine.id}`, { name: 'Takis', brand: 'Barcel', category: 'Chips', suggestedBy: 'Sam' });
    expect(sent.statusCode, sent.body).toBe(201);
    const suggestion = sent.json();

    const [request] = await receiver.waitFor(path);
    const body = verified(request!, secret);
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'suggestion.created',
      createdAt: expect.any(String),
      data: {
        id: suggestion.id,
        machineId: machine.id,
        machineName: 'Gym entrance',
        name: 'Takis',
        brand: 'Barcel',
        category: 'Chips',
        suggestedBy: 'Sam',
        createdAt: suggestion.createdAt,
      },
    });
    await vi.waitFor(async () => expect(await deliveriesOf(owner, endpoint.id)).toMatchObject([{ eventType: 'suggestion.created', eventId: body.id, status: 'succeeded', attempts: 1, responseStatus: 200, error: null }]));
    const [listed] = (await owner.api.get('/api/webhooks')).json();
    expect(listed).toMatchObject({ lastStatus: 200, lastError: null, lastDeliveryAt: expect.any(String) });
  });

  test('a new issue and its status changes are delivered with what the operator sees, and from → to', async () => {
    const owner = await signIn(t);
    const machine = await machineOf(owner, 'Library');
    const path = newPath('issue');
    const { signingSecret: secret } = await register(owner, path, ['issue.created', 'issue.status_changed']);
    const reported = await api(t).post('/api/vending-issues', {
      machineId: machine.id,
      customerName: 'Pat',
      customerEmail: 'pat@example.test',
      productName: 'Cheetos',
      issueDescription: 'Stuck in the coil',
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const issue = reported.json();
    const [created] = await receiver.waitFor(path);
    expect(verified(created!, secret)).toMatchObject({
      type: 'issue.created',
      data: {
        id: issue.id,
        machineId: machine.id,
        machineName: 'Library',
        productName: 'Cheetos',
        description: 'Stuck in the coil',
        status: 'open',
        customerName: 'Pat',
        customerEmail: 'pat@example.test',
        createdAt: issue.createdAt,
      },
    });

    expect((await owner.api.patch(`/api/vending-issues/${issue.id}/status`, { status: 'investigating' })).statusCode).toBe(200);
    const resolved = await owner.api.patch(`/api/vending-issues/${issue.id}`, { status: 'resolved' });
    expect(resolved.statusCode).toBe(200);
    // A refused change (resolved is final) sends nothing.
    expect((await owner.api.patch(`/api/vending-issues/${issue.id}`, { status: 'investigating' })).statusCode).toBe(409);
    const requests = await receiver.waitFor(path, 3);
    const changes = requests.slice(1).map((request) => verified(request, secret));
    expect(changes.map((change) => change.data).sort((a, b) => String(a.to).localeCompare(String(b.to)))).toEqual([
      { id: issue.id, machineId: machine.id, machineName: 'Library', productName: 'Cheetos', from: 'open', to: 'investigating', changedAt: expect.any(String) },
      { id: issue.id, machineId: machine.id, machineName: 'Library', productName: 'Cheetos', from: 'investigating', to: 'resolved', changedAt: resolved.json().updatedAt },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.to(path)).toHaveLength(3);
  });

  test('a product reaching 10 votes at a machine is announced once, even when it drops to 9 and comes back', async () => {
    const owner = await signIn(t);
    const machine = await machineOf(owner);
    const product = await createProduct(t.database.db, owner.user.id, { name: 'Doritos' });
    const path = newPath('milestone');
    const { signingSecret: secret } = await register(owner, path, ['vote.milestone']);
    for (let i = 0; i < 9; i++) {
      const vote = await postVote(t, product.id, { machineId: machine.id });
      expect(vote.statusCode, vote.body).toBe(201);
    }
    expect(await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.userId, owner.user.id))).toEqual([]);
    const tenth = await postVote(t, product.id, { machineId: machine.id });
    expect(tenth.json()).toMatchObject({ votes: 10 });

    const [request] = await receiver.waitFor(path);
    expect(verified(request!, secret)).toMatchObject({
      type: 'vote.milestone',
      data: { machineId: machine.id, machineName: 'Lobby', productId: product.id, productName: 'Doritos', milestone: 10, reachedAt: expect.any(String) },
    });
    expect((await postVote(t, product.id, { machineId: machine.id, voteType: 'down' })).json()).toMatchObject({ votes: 9 });
    expect((await postVote(t, product.id, { machineId: machine.id })).json()).toMatchObject({ votes: 10 });
    expect(await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.userId, owner.user.id))).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.to(path)).toHaveLength(1);
  });

  test('only subscribed, enabled endpoints of the owner receive an event; another operator’s events never arrive', async () => {
    const owner = await signIn(t);
    const other = await signIn(t);
    const mine = await machineOf(owner);
    const theirs = await machineOf(other);
    const listening = newPath('listening');
    const off = newPath('off');
    const otherEvents = newPath('other-events');
    await register(owner, listening, ['suggestion.created']);
    const disabled = await register(owner, off, ['suggestion.created']);
    await register(owner, otherEvents, ['issue.created']);
    expect((await owner.api.patch(`/api/webhooks/${disabled.endpoint.id}`, { enabled: false })).json()).toMatchObject({ enabled: false });

    expect((await api(t).post(`/api/suggestions?machineId=${theirs.id}`, { name: 'Not for owner', category: 'Chips' })).statusCode).toBe(201);
    expect((await api(t).post(`/api/suggestions?machineId=${mine.id}`, { name: 'For owner', category: 'Chips' })).statusCode).toBe(201);
    const [request] = await receiver.waitFor(listening);
    expect(JSON.parse(request!.rawBody).data.name).toBe('For owner');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.to(listening)).toHaveLength(1);
    expect(receiver.to(off)).toEqual([]);
    expect(receiver.to(otherEvents)).toEqual([]);
    expect(await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.userId, other.user.id))).toEqual([]);
  });

  test('a delivery whose endpoint was turned off before it went is marked failed, not sent', async () => {
    const owner = await signIn(t);
    const path = newPath('turned-off');
    const { endpoint } = await register(owner, path, ['issue.created']);
    // Queued without a job, then run by hand once the endpoint is off: no worker races the switch.
    const [delivery] = await t.database.db
      .insert(webhookDeliveries)
      .values({ endpointId: endpoint.id, userId: owner.user.id, eventType: 'ping', eventId: crypto.randomUUID(), payload: {} })
      .returning();
    await owner.api.patch(`/api/webhooks/${endpoint.id}`, { enabled: false });
    const deps = { db: t.database.db, mailer: createMailer({ from: 'x <x@x.test>', outboxDir: '', log: silent }), log: silent, webhooks: TEST_WEBHOOKS };
    await deliverWebhookJob.handle({ deliveryId: delivery!.id }, deps, { attempt: 1, maxAttempts: WEBHOOK_MAX_ATTEMPTS });
    expect(await deliveriesOf(owner, endpoint.id)).toMatchObject([{ status: 'failed', attempts: 0, error: DeliveryErrors.endpointDisabled }]);
    expect(receiver.to(path)).toEqual([]);
    expectJsonError(await owner.api.post(`/api/webhooks/${endpoint.id}/test`), 409, WebhookMessages.disabledTest);
  });
});

describe('retries', () => {
  test('answered 500 twice, then 200: succeeded on the third attempt, with the same event id each time', async () => {
    const owner = await signIn(t);
    const path = newPath('retry');
    receiver.answerNext(path, 500, 500);
    const { endpoint, signingSecret: secret } = await register(owner, path, ['issue.created']);
    const queued = await owner.api.post(`/api/webhooks/${endpoint.id}/test`);
    expect(queued.statusCode, queued.body).toBe(202);
    const { deliveryId } = queued.json() as { deliveryId: number };

    await receiver.waitFor(path, 1);
    await vi.waitFor(async () => expect(await deliveriesOf(owner, endpoint.id)).toMatchObject([{ status: 'pending', attempts: 1, responseStatus: 500 }]));
    // Found by its payload now: a done job drops its payload.
    const jobId = (await jobOf(deliveryId)).id;
    const [listed] = (await owner.api.get('/api/webhooks')).json();
    expect(listed).toMatchObject({ lastStatus: 500, lastError: 'The endpoint answered 500 Internal Server Error.' });
    await hurryRetry(deliveryId);
    await receiver.waitFor(path, 2);
    await vi.waitFor(async () => expect((await deliveriesOf(owner, endpoint.id))[0]).toMatchObject({ attempts: 2 }));
    await hurryRetry(deliveryId);
    const requests = await receiver.waitFor(path, 3);

    await vi.waitFor(async () =>
      expect(await deliveriesOf(owner, endpoint.id)).toMatchObject([{ id: deliveryId, eventType: 'ping', status: 'succeeded', attempts: 3, responseStatus: 200, error: null, deliveredAt: expect.any(String) }]),
    );
    expect(requests.map((request) => request.answeredWith)).toEqual([500, 500, 200]);
    const bodies = requests.map((request) => verified(request, secret));
    expect(new Set(bodies.map((body) => body.id)).size).toBe(1);
    expect(bodies[0]).toMatchObject({ type: 'ping', data: { endpointId: endpoint.id } });
    expect((await owner.api.get('/api/webhooks')).json()[0]).toMatchObject({ lastStatus: 200, lastError: null });
    await vi.waitFor(async () => expect((await t.database.db.select().from(jobs).where(eq(jobs.id, jobId)))[0]).toMatchObject({ state: 'done', attempts: 3 }));
  });

  test(`after the last of ${WEBHOOK_MAX_ATTEMPTS} attempts the delivery is failed and its job dead; redirects are not followed`, async () => {
    const owner = await signIn(t);
    const path = newPath('dead');
    receiver.alwaysAnswer(path, 302);
    const { endpoint } = await register(owner, path, ['issue.created']);
    const { deliveryId } = (await owner.api.post(`/api/webhooks/${endpoint.id}/test`)).json() as { deliveryId: number };
    await receiver.waitFor(path, 1);
    await vi.waitFor(async () => expect((await jobOf(deliveryId)).state).toBe('pending'));
    expect(await jobOf(deliveryId)).toMatchObject({ maxAttempts: WEBHOOK_MAX_ATTEMPTS, attempts: 1 });
    // As if the job had already been tried all but twice.
    await t.database.db.update(jobs).set({ attempts: WEBHOOK_MAX_ATTEMPTS - 2, runAt: new Date() }).where(eq(jobs.id, (await jobOf(deliveryId)).id));
    await receiver.waitFor(path, 2);
    await vi.waitFor(async () => expect((await jobOf(deliveryId)).state).toBe('pending'));
    expect((await deliveriesOf(owner, endpoint.id))[0]).toMatchObject({ status: 'pending', attempts: 2 });
    await hurryRetry(deliveryId);
    await receiver.waitFor(path, 3);

    await vi.waitFor(async () => expect((await jobOf(deliveryId)).state).toBe('dead'));
    const [delivery] = await deliveriesOf(owner, endpoint.id);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 3, responseStatus: 302, deliveredAt: null });
    expect(delivery!.error).toMatch(/^The endpoint answered 302 Found, a redirect\. Webhooks do not follow redirects/);
    // Neither the redirect's target nor the receiver's body was fetched or kept.
    expect(receiver.to(`${path}/elsewhere`)).toEqual([]);
    expect(JSON.stringify(await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId)))).not.toContain('receiver-body-not-stored');
  });
});

describe('addresses that are not on the public internet', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp({ webhooks: { ...TEST_WEBHOOKS, allowPrivateUrls: false } });
  });
  afterAll(() => strict.close());

  test('are refused at registration: http, loopback, private, link-local, CGNAT and names resolving to them', async () => {
    const owner = await signIn(strict);
    const refusals: [string, string][] = [
      ['http://example.com/hook', WebhookMessages.urlNotHttps],
      [`${receiver.url}/hook`, WebhookMessages.urlNotHttps],
      ['https://127.0.0.1/hook', WebhookMessages.urlPrivate('127.0.0.1')],
      ['https://10.1.2.3/hook', WebhookMessages.urlPrivate('10.1.2.3')],
      ['https://192.168.0.10/hook', WebhookMessages.urlPrivate('192.168.0.10')],
      ['https://169.254.169.254/latest/meta-data/', WebhookMessages.urlPrivate('169.254.169.254')],
      ['https://100.64.0.1/hook', WebhookMessages.urlPrivate('100.64.0.1')],
      ['https://0.0.0.0/hook', WebhookMessages.urlPrivate('0.0.0.0')],
      ['https://[::1]/hook', WebhookMessages.urlPrivate('::1')],
      ['https://[::ffff:10.0.0.1]/hook', WebhookMessages.urlPrivate('::ffff:a00:1')],
      ['https://2130706433/hook', WebhookMessages.urlPrivate('127.0.0.1')],
      ['https://localhost/hook', WebhookMessages.urlPrivate('localhost')],
    ];
    for (const [url, message] of refusals) {
      const error = expectJsonError(await api(strict, owner.cookie).post('/api/webhooks', { url, events: ['issue.created'] }), 400, message);
      expect(error.errors).toEqual({ url: message });
    }
    expect((await api(strict, owner.cookie).get('/api/webhooks')).json()).toEqual([]);
  });

  test('are refused again when a delivery connects, literal or by name', async () => {
    const owner = await signIn(strict);
    const port = new URL(receiver.url).port;
    for (const host of ['127.0.0.1', 'localhost']) {
      const path = newPath(`strict-${host}`);
      // Saved while allowed (or before its name moved): the check at delivery time still holds.
      const [endpoint] = await strict.database.db
        .insert(webhookEndpoints)
        .values({ userId: owner.user.id, url: `https://${host}:${port}${path}`, events: ['issue.created'], secretSealed: seal(TEST_WEBHOOKS.secretKey, 'whsec_x', webhookSecretContext(owner.user.id)) })
        .returning();
      expect((await api(strict, owner.cookie).post(`/api/webhooks/${endpoint!.id}/test`)).statusCode).toBe(202);
      await vi.waitFor(async () => {
        const [delivery] = (await api(strict, owner.cookie).get(`/api/webhooks/${endpoint!.id}/deliveries`)).json() as WebhookDelivery[];
        expect(delivery).toMatchObject({ status: 'pending', attempts: 1, responseStatus: null, error: WebhookMessages.urlPrivate(host) });
      });
      expect(receiver.to(path)).toEqual([]);
    }
  });
});

describe('verifyWebhookSignature', () => {
  const secret = `${WEBHOOK_SECRET_PREFIX}test-secret`;
  const body = '{"id":"e1","type":"ping","createdAt":"2025-01-01T00:00:00.000Z","data":{}}';
  const now = 1_750_000_000;

  test('accepts the signature of the exact body within the tolerance, and nothing else', () => {
    const header = signWebhookPayload(secret, body, now);
    expect(header).toMatch(/^t=1750000000,v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(secret, header, body, 300, now + 299)).toBe(true);
    expect(verifyWebhookSignature(secret, header, Buffer.from(body), 300, now)).toBe(true);
    expect(verifyWebhookSignature(secret, header, `${body} `, 300, now)).toBe(false);
    expect(verifyWebhookSignature(`${secret}x`, header, body, 300, now)).toBe(false);
    expect(verifyWebhookSignature(secret, header, body, 300, now + 301)).toBe(false);
    expect(verifyWebhookSignature(secret, header.replace('t=1750000000', 't=1750000001'), body, 300, now)).toBe(false);
    expect(verifyWebhookSignature(secret, `t=${now},v1=${'0'.repeat(64)},${header.split(',')[1]}`, body, 300, now)).toBe(true);
    for (const broken of [undefined, '', 'v1=abc', `t=${now}`, 'garbage']) expect(verifyWebhookSignature(secret, broken, body, 300, now)).toBe(false);
  });
});
