import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMachine, createProduct } from '../../src/server/db/factories.js';
import { jobs } from '../../src/server/db/schema.js';
import { startMetricsServer, type MetricsServer } from '../../src/server/metrics/metrics-server.js';
import { WebhookReceiver } from '../fakes/webhook-receiver.js';
import { createTestApp, openEventStream, testDatabaseKind, type TestApp } from '../support/index.js';
import { labelValues, sampleOf, scrape, type Samples } from '../support/prometheus.js';
import { registration, signIn } from './helpers.js';
import { newAddress, postVote, voterCookieFrom } from './vote-counters.js';

/**
 * GET /metrics, scraped as Prometheus would from the metrics listener (METRICS_PORT), before and
 * after real traffic through the app, its jobs worker, a real SMTP server and a webhook receiver.
 */
let t: TestApp;
let receiver: WebhookReceiver;
let metricsServer: MetricsServer;
let base: string;

beforeAll(async () => {
  [t, receiver] = await Promise.all([createTestApp(), new WebhookReceiver().start()]);
  metricsServer = await startMetricsServer({ metrics: t.metrics, port: 0, host: '127.0.0.1' });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await metricsServer?.close();
  await t?.close();
  await receiver?.close();
});

const VOTE_ROUTE = '/api/products/:id/vote';
const requests = (samples: Samples, method: string, route: string, statusClass: string) =>
  sampleOf(samples, 'vendvote_http_request_duration_seconds_count', { method, route, status_class: statusClass }) ?? 0;
const refused = (samples: Samples, reason: string) => sampleOf(samples, 'vendvote_votes_refused_total', { reason });
const job = (samples: Samples, queue: string, state: string) => sampleOf(samples, 'vendvote_jobs', { queue, state });

/** Scrapes until `moved` holds (the jobs worker counts after its own round trips), or fails with the last scrape. */
async function scrapeUntil(moved: (samples: Samples) => boolean, timeoutMs = 10_000): Promise<Samples> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const samples = await scrape(metricsServer.url);
    if (moved(samples) || Date.now() > deadline) return samples;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('GET /metrics on the metrics port', () => {
  test('the figures move by exactly what the traffic did', async () => {
    const owner = await signIn(t);
    const machine = await createMachine(t.database.db, owner.user.id, { name: 'Lobby' });
    const [chips, soda, water] = await Promise.all(['Chips', 'Soda', 'Water'].map((name) => createProduct(t.database.db, owner.user.id, { name })));
    const okPath = '/hooks/metrics-ok';
    const failPath = '/hooks/metrics-fail';
    receiver.alwaysAnswer(failPath, 500);
    const endpoints: number[] = [];
    for (const path of [okPath, failPath]) {
      const res = await owner.api.post('/api/webhooks', { url: `${receiver.url}${path}`, events: ['issue.created'] });
      expect(res.statusCode, res.body).toBe(201);
      endpoints.push((res.json() as { endpoint: { id: number } }).endpoint.id);
    }

    const before = await scrape(metricsServer.url);

    // Votes: three recorded, then one of each refusal.
    for (let i = 0; i < 3; i++) expect((await postVote(t, chips!.id, { machineId: machine.id })).statusCode).toBe(201);
    const first = await postVote(t, soda!.id, { machineId: machine.id });
    expect(first.statusCode).toBe(201);
    const voter = voterCookieFrom(first);
    expect((await postVote(t, soda!.id, { machineId: machine.id, cookie: voter })).statusCode).toBe(409);
    expect((await postVote(t, soda!.id, { machineId: machine.id, cookie: null })).statusCode).toBe(403);
    expect((await postVote(t, soda!.id, { machineId: machine.id, cookie: 'voter=not-a-voter.forged' })).statusCode).toBe(403);
    expect((await postVote(t, 987_654, { machineId: machine.id, cookie: voter })).statusCode).toBe(404);
    expect((await postVote(t, soda!.id, { machineId: 987_654, cookie: voter })).statusCode).toBe(404);
    // 60 attempts an hour from one address to one product: the first is recorded, 59 are second votes, the 61st is refused.
    const address = newAddress();
    const waterVoter = voterCookieFrom(await postVote(t, water!.id, { machineId: machine.id, ip: address }));
    for (let i = 0; i < 59; i++) expect((await postVote(t, water!.id, { machineId: machine.id, ip: address, cookie: waterVoter })).statusCode).toBe(409);
    expect((await postVote(t, water!.id, { machineId: machine.id, ip: address, cookie: waterVoter })).statusCode).toBe(429);
    // 600 a minute from one address: past them, refused before the cookie is even looked at.
    const busy = newAddress();
    for (let i = 0; i < 600; i++) expect((await postVote(t, chips!.id, { machineId: machine.id, ip: busy, cookie: null })).statusCode).toBe(403);
    expect((await postVote(t, chips!.id, { machineId: machine.id, ip: busy, cookie: null })).statusCode).toBe(429);

    // A mail: registering sends the verification mail through the jobs worker to the SMTP server.
    const account = registration();
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: account })).statusCode).toBe(201);
    await t.smtp.waitForMail(account.email as string, /Verify/);

    // Webhooks: a test event to a receiver that takes it and to one that answers 500.
    for (const id of endpoints) expect((await owner.api.post(`/api/webhooks/${id}/test`)).statusCode).toBe(202);

    // Jobs in each state, in a queue no worker takes, so they stay as they are put.
    const queue = 'metrics.probe';
    const ago = (seconds: number) => sql`now() - ${seconds} * interval '1 second'`;
    await t.database.db.insert(jobs).values([
      { name: queue, payload: {}, maxAttempts: 1, runAt: ago(90) },
      { name: queue, payload: {}, maxAttempts: 1, runAt: ago(10) },
      { name: queue, payload: {}, maxAttempts: 1, runAt: ago(-3600) },
      { name: queue, payload: {}, maxAttempts: 1, state: 'running', attempts: 1, lockedUntil: ago(-300) },
      { name: queue, payload: {}, maxAttempts: 1, state: 'dead', attempts: 1, finishedAt: ago(5) },
    ]);

    // Live streams: a customer on the vote page and the operator's dashboard.
    const page = await openEventStream(`${base}/api/vote-page/${machine.id}/live`);
    const dashboard = await openEventStream(`${base}/api/live`, { cookie: owner.cookie });
    expect([page.status, dashboard.status]).toEqual([200, 200]);

    const gained = (after: Samples, name: string, labels: Record<string, string> = {}) =>
      (sampleOf(after, name, labels) ?? 0) - (sampleOf(before, name, labels) ?? 0);
    const after = await scrapeUntil(
      (samples) =>
        (sampleOf(samples, 'vendvote_mails_total', { outcome: 'sent' }) ?? 0) > (sampleOf(before, 'vendvote_mails_total', { outcome: 'sent' }) ?? 0) &&
        (sampleOf(samples, 'vendvote_webhook_deliveries_total', { outcome: 'retrying' }) ?? 0) > (sampleOf(before, 'vendvote_webhook_deliveries_total', { outcome: 'retrying' }) ?? 0) &&
        (sampleOf(samples, 'vendvote_webhook_deliveries_total', { outcome: 'delivered' }) ?? 0) > (sampleOf(before, 'vendvote_webhook_deliveries_total', { outcome: 'delivered' }) ?? 0),
    );
    page.close();
    dashboard.close();

    expect(gained(after, 'vendvote_votes_recorded_total')).toBe(5);
    expect(Object.fromEntries(['duplicate', 'no_voter_cookie', 'bad_voter_cookie', 'unknown_product', 'unknown_machine', 'rate_limit_product', 'rate_limit_address'].map((reason) => [reason, (refused(after, reason) ?? NaN) - (refused(before, reason) ?? NaN)]))).toEqual({
      duplicate: 60,
      no_voter_cookie: 601,
      bad_voter_cookie: 1,
      unknown_product: 1,
      unknown_machine: 1,
      rate_limit_product: 1,
      rate_limit_address: 1,
    });

    // The request histogram: by route pattern and status class, never by the URL.
    expect(requests(after, 'POST', VOTE_ROUTE, '2xx') - requests(before, 'POST', VOTE_ROUTE, '2xx')).toBe(5);
    expect(requests(after, 'POST', VOTE_ROUTE, '4xx') - requests(before, 'POST', VOTE_ROUTE, '4xx')).toBe(60 + 601 + 1 + 1 + 1 + 1 + 1);
    expect(requests(after, 'POST', '/api/auth/register', '2xx') - requests(before, 'POST', '/api/auth/register', '2xx')).toBe(1);
    const routes = labelValues(after, 'vendvote_http_request_duration_seconds_count', 'route');
    expect(routes).toContain(VOTE_ROUTE);
    expect(routes.filter((route) => /\/\d+(\/|$)/.test(route))).toEqual([]);
    // Event streams last as long as the tab: counted by the stream gauge, not timed.
    expect(routes).not.toContain('/api/live');

    expect(gained(after, 'vendvote_mails_total', { outcome: 'sent' })).toBe(1);
    expect(gained(after, 'vendvote_mails_total', { outcome: 'failed' })).toBe(0);
    expect(gained(after, 'vendvote_webhook_deliveries_total', { outcome: 'delivered' })).toBe(1);
    expect(gained(after, 'vendvote_webhook_deliveries_total', { outcome: 'retrying' })).toBe(1);
    expect(receiver.to(okPath)).toHaveLength(1);
    expect(receiver.to(failPath)).toHaveLength(1);

    expect({
      waiting: job(after, queue, 'waiting'),
      scheduled: job(after, queue, 'scheduled'),
      running: job(after, queue, 'running'),
      dead: job(after, queue, 'dead'),
    }).toEqual({ waiting: 2, scheduled: 1, running: 1, dead: 1 });
    const oldest = sampleOf(after, 'vendvote_jobs_oldest_waiting_seconds', { queue })!;
    expect(oldest).toBeGreaterThanOrEqual(90);
    expect(oldest).toBeLessThan(150);
    // Every queue the app runs has its series before its first job.
    expect(job(before, 'mail.reset-password', 'dead')).toBe(0);
    expect(sampleOf(after, 'vendvote_jobs_oldest_waiting_seconds', { queue: 'mail.reset-password' })).toBe(0);
    expect(sampleOf(after, 'vendvote_database_up')).toBe(1);

    expect(gained(after, 'vendvote_live_streams_open', { audience: 'vote_page' })).toBe(1);
    expect(gained(after, 'vendvote_live_streams_open', { audience: 'operator' })).toBe(1);
    const closed = await scrapeUntil((samples) => sampleOf(samples, 'vendvote_live_streams_open', { audience: 'operator' }) === sampleOf(before, 'vendvote_live_streams_open', { audience: 'operator' }));
    expect(sampleOf(closed, 'vendvote_live_streams_open', { audience: 'vote_page' })).toBe(sampleOf(before, 'vendvote_live_streams_open', { audience: 'vote_page' }));
  });

  test('carries the process default metrics', async () => {
    const samples = await scrape(metricsServer.url);
    expect(sampleOf(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sampleOf(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(sampleOf(samples, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
  });

  test('counts the pool on a PostgreSQL server, and says there is none on the embedded database', async () => {
    if (testDatabaseKind === 'postgres') {
      const idle = await scrape(metricsServer.url);
      expect(sampleOf(idle, 'vendvote_database_info', { engine: 'postgres' })).toBe(1);
      expect(sampleOf(idle, 'vendvote_db_pool_max')).toBe(5);
      // A transaction holds its connection while the scrape runs.
      const held = await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        return scrape(metricsServer.url);
      });
      expect(sampleOf(held, 'vendvote_db_pool_connections', { state: 'in_use' })).toBeGreaterThanOrEqual(1);
      expect(sampleOf(held, 'vendvote_db_pool_waiting')).toBe(0);
    } else {
      const samples = await scrape(metricsServer.url);
      expect(sampleOf(samples, 'vendvote_database_info', { engine: 'embedded' })).toBe(1);
      expect([...samples.keys()].filter((key) => key.startsWith('vendvote_db_pool'))).toEqual([]);
      const text = await (await fetch(metricsServer.url)).text();
      expect(text).toMatch(/# HELP vendvote_database_info .*embedded \(PGlite .*no pool, so no vendvote_db_pool_\* figures\)/);
    }
  });

  test('serves nothing else, and the public port does not serve it', async () => {
    expect((await fetch(metricsServer.url.replace('/metrics', '/'))).status).toBe(404);
    expect((await fetch(metricsServer.url.replace('/metrics', '/api/auth/me'))).status).toBe(404);
    for (const url of [`${base}/metrics`, `${base}/api/metrics`]) {
      const res = await fetch(url);
      expect(res.status, url).toBe(404);
      expect(await res.text()).not.toContain('vendvote_');
    }
    const injected = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(injected.statusCode).toBe(404);
    expect(t.app.routeTable.map((route) => route.url)).not.toContain('/metrics');
  });

  test('each app keeps figures of its own, so many apps live in one process', async () => {
    const other = await createTestApp();
    try {
      const otherServer = await startMetricsServer({ metrics: other.metrics, port: 0, host: '127.0.0.1' });
      try {
        const [mine, theirs] = await Promise.all([scrape(metricsServer.url), scrape(otherServer.url)]);
        const owner = await signIn(other);
        const product = await createProduct(other.database.db, owner.user.id, { name: 'Gum' });
        const machine = await createMachine(other.database.db, owner.user.id, { name: 'Hall' });
        expect((await postVote(other, product.id, { machineId: machine.id })).statusCode).toBe(201);
        const [mineAfter, theirsAfter] = await Promise.all([scrape(metricsServer.url), scrape(otherServer.url)]);
        expect(sampleOf(theirsAfter, 'vendvote_votes_recorded_total')! - sampleOf(theirs, 'vendvote_votes_recorded_total')!).toBe(1);
        expect(sampleOf(mineAfter, 'vendvote_votes_recorded_total')).toBe(sampleOf(mine, 'vendvote_votes_recorded_total'));
      } finally {
        await otherServer.close();
      }
    } finally {
      await other.close();
    }
  });
});
