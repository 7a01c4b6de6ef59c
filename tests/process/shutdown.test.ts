import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, test } from 'vitest';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../support/server-process.js';
import { demoProductIds, startVoteLoad, VOTE_LOAD_SECRET, type VoteOutcome } from '../support/vote-load.js';

const running: ServerProcess[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) await stopServerProcess(server, 'SIGKILL');
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A request fails when it was sent and got no proper answer: a reset or a hang-up (above all on a
 * reused keep-alive socket), or an answer of 500 or more. A connection refused was never sent:
 * the client knows nothing happened and may go to another instance.
 */
function failed(outcome: VoteOutcome): boolean {
  if (outcome.error) return outcome.reusedSocket === true || outcome.error !== 'ECONNREFUSED';
  return outcome.status !== 201;
}

describe('shutting down under load', { timeout: 120_000 }, () => {
  test('SIGTERM during keep-alive vote load: every request is answered or refused before being sent, and the process exits 0', async () => {
    const server = await startServerProcess({ env: { TRUST_PROXY: 'true', SESSION_SECRET: VOTE_LOAD_SECRET } });
    running.push(server);
    const load = startVoteLoad(server.url, await demoProductIds(server.url), 16);
    while (load.outcomes.length < 300) await sleep(50);

    const signalledAt = Date.now();
    const exit = stopServerProcess(server, 'SIGTERM');
    const code = await Promise.race([exit, sleep(20_000).then(() => 'still running')]);
    const shutdownMs = Date.now() - signalledAt;
    await load.stop();

    expect(code, server.output()).toBe(0);
    expect(shutdownMs).toBeLessThan(10_000);
    const answeredWhileClosing = load.outcomes.filter((outcome) => outcome.status === 201 && outcome.at >= signalledAt);
    expect(answeredWhileClosing.length).toBeGreaterThan(0);
    expect(load.outcomes.filter(failed)).toEqual([]);
  });
});

/** One GET on a fresh connection (as a balancer's health check makes it): its status, or the socket error's code. */
function probe(url: string): Promise<{ status?: number; error?: string }> {
  return new Promise((resolve) => {
    const req = httpRequest(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    req.end();
  });
}

describe('draining for a load balancer', { timeout: 120_000 }, () => {
  test('on SIGTERM /readyz answers 503 while the port still serves, for DRAIN_SECONDS, and only then are connections refused', async () => {
    const server = await startServerProcess({ env: { DRAIN_SECONDS: '2' } });
    running.push(server);
    expect(await probe(`${server.url}/readyz`)).toEqual({ status: 200 });

    const signalledAt = Date.now();
    const exit = stopServerProcess(server, 'SIGTERM');
    // A balancer's view: /readyz again and again, each on a connection of its own, until one is refused.
    const seen: { at: number; status?: number; error?: string; healthz?: number }[] = [];
    while (Date.now() - signalledAt < 15_000) {
      const answer = await probe(`${server.url}/readyz`);
      const healthz = answer.status === 503 ? (await probe(`${server.url}/healthz`)).status : undefined;
      seen.push({ at: Date.now() - signalledAt, ...answer, healthz });
      if (answer.error) break;
      await sleep(50);
    }
    const code = await Promise.race([exit, sleep(20_000).then(() => 'still running')]);
    expect(code, server.output()).toBe(0);

    const refusedAt = seen.findIndex((probed) => probed.error);
    expect(refusedAt, JSON.stringify(seen)).toBeGreaterThan(0);
    expect(seen[refusedAt]!.error).toBe('ECONNREFUSED');
    const answered = seen.slice(0, refusedAt);
    const first503 = answered.findIndex((probed) => probed.status === 503);
    expect(first503, JSON.stringify(seen)).toBeGreaterThanOrEqual(0);
    // Ready until the signal is handled, then not ready (never ready again) until the port closes...
    expect(answered.slice(0, first503).every((probed) => probed.status === 200)).toBe(true);
    expect(answered.slice(first503).every((probed) => probed.status === 503)).toBe(true);
    // ...for the drain time, while the process still answers /healthz.
    expect(seen[refusedAt]!.at - answered[first503]!.at).toBeGreaterThanOrEqual(1_500);
    expect(answered[first503]!.at).toBeLessThan(500);
    expect(answered.slice(first503).map((probed) => probed.healthz)).toEqual(answered.slice(first503).map(() => 200));
    expect(server.output()).toMatch(/SIGTERM received: \/readyz answers 503 and requests are still served for 2 s/);
  });
});
