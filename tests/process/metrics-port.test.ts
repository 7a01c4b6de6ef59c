import { afterEach, describe, expect, test } from 'vitest';
import { sampleOf, scrape, type Samples } from '../support/prometheus.js';
import { freePort, startServerProcess, stopServerProcess, type ServerProcess } from '../support/server-process.js';
import { demoProductIds, startVoteLoad, VOTE_LOAD_SECRET } from '../support/vote-load.js';

const running: ServerProcess[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) await stopServerProcess(server, 'SIGKILL');
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const VOTE_ROUTE = { method: 'POST', route: '/api/products/:id/vote', status_class: '2xx' };

describe('the metrics port', { timeout: 120_000 }, () => {
  test('METRICS_PORT serves GET /metrics on HOST, the figures follow real traffic, and the public port never serves them', async () => {
    const metricsPort = await freePort();
    const server = await startServerProcess({ env: { METRICS_PORT: String(metricsPort), TRUST_PROXY: 'true', SESSION_SECRET: VOTE_LOAD_SECRET } });
    running.push(server);
    const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    // The line may be written just after the public port answers: wait for it rather than read once.
    await expect.poll(() => server.output()).toContain(`Prometheus metrics are served at ${metricsUrl}`);

    for (const path of ['/metrics', '/metrics/', '/api/metrics']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain('vendvote_');
    }
    // The metrics port is no second door to the app.
    expect((await fetch(`http://127.0.0.1:${metricsPort}/api/auth/me`)).status).toBe(404);

    const before = await scrape(metricsUrl);
    expect(sampleOf(before, 'vendvote_database_info', { engine: 'embedded' })).toBe(1);
    expect(sampleOf(before, 'process_resident_memory_bytes')).toBeGreaterThan(0);

    // Votes through the real server, then a registration whose mail the jobs worker writes to the outbox.
    const load = startVoteLoad(server.url, await demoProductIds(server.url), 4);
    while (load.outcomes.length < 40) await sleep(20);
    await load.stop();
    const recorded = load.outcomes.filter((outcome) => outcome.status === 201).length;
    expect(recorded).toBe(load.outcomes.length);
    const email = `metrics-${Date.now()}@example.test`;
    const password = 'correct horse battery staple';
    const registered = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Ann', lastName: 'Lee', email, password, confirmPassword: password }),
    });
    expect(registered.status, await registered.text()).toBe(201);

    const sent = (samples: Samples) => sampleOf(samples, 'vendvote_mails_total', { outcome: 'sent' }) ?? 0;
    let after = await scrape(metricsUrl);
    for (const deadline = Date.now() + 10_000; sent(after) === sent(before) && Date.now() < deadline; await sleep(100)) after = await scrape(metricsUrl);

    expect(sampleOf(after, 'vendvote_votes_recorded_total')! - sampleOf(before, 'vendvote_votes_recorded_total')!).toBe(recorded);
    expect((sampleOf(after, 'vendvote_http_request_duration_seconds_count', VOTE_ROUTE) ?? 0) - (sampleOf(before, 'vendvote_http_request_duration_seconds_count', VOTE_ROUTE) ?? 0)).toBe(recorded);
    expect(sent(after) - sent(before)).toBe(1);
  });

  test('a METRICS_PORT equal to PORT is refused at start, naming the setting', async () => {
    const port = await freePort();
    const server = await startServerProcess({ env: { PORT: String(port), METRICS_PORT: String(port) }, waitUntilReady: false });
    running.push(server);
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/METRICS_PORT must differ from PORT/);
  });
});
