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
