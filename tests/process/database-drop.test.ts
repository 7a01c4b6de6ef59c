import { afterEach, describe, expect, test } from 'vitest';
import { postgresAnswers, postgresServerUrl, createScratchDatabase, withClient } from '../support/postgres-server.js';
import { startThrowawayCluster, throwawayClusterUnavailable } from '../support/postgres-cluster.js';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../support/server-process.js';
import { demoProductIds, startVoteLoad, VOTE_LOAD_SECRET, type VoteOutcome } from '../support/vote-load.js';

const serverAnswers = await postgresAnswers(postgresServerUrl);
const clusterUnavailable = throwawayClusterUnavailable();
if (!serverAnswers) console.warn(`Skipping the database-drop tests: no PostgreSQL server answers at ${new URL(postgresServerUrl).host}`);
else if (clusterUnavailable) console.warn(`Skipping the PostgreSQL restart test: ${clusterUnavailable}`);

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start(databaseUrl: string): Promise<ServerProcess> {
  const server = await startServerProcess({ env: { DATABASE_URL: databaseUrl, TRUST_PROXY: 'true', SESSION_SECRET: VOTE_LOAD_SECRET } });
  cleanups.push(() => stopServerProcess(server, 'SIGKILL'));
  return server;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every vote answered 201 is in the database; `votes` ids the voters whose vote was acknowledged. */
async function expectAcknowledgedVotesStored(databaseUrl: string, outcomes: VoteOutcome[]) {
  const acknowledged = outcomes.filter((outcome) => outcome.status === 201).map((outcome) => outcome.voterId);
  expect(acknowledged.length).toBeGreaterThan(20);
  expect(acknowledged.every(Boolean)).toBe(true);
  const stored = await withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ voter_id: string }>('select voter_id from votes where voter_id = any($1::text[])', [acknowledged]);
    return new Set(rows.map((row) => row.voter_id));
  });
  expect(acknowledged.filter((voterId) => !stored.has(voterId))).toEqual([]);
}

/** Whatever was not a 201 is the usual 503: Retry-After and a message for people, never a 500 or a dead socket. */
function expectOnlyServiceUnavailable(outcomes: VoteOutcome[]) {
  const others = outcomes.filter((outcome) => outcome.status !== 201);
  expect(others.filter((outcome) => outcome.status !== 503)).toEqual([]);
  for (const outcome of others) {
    expect(outcome.retryAfter).toBe('5');
    expect(JSON.parse(outcome.body!)).toEqual({ message: 'The service is briefly unavailable. Please try again in a moment.' });
  }
}

/** How long after `since` the first vote was acknowledged again. */
function resumedAfter(outcomes: VoteOutcome[], since: number): number {
  const next = outcomes.filter((outcome) => outcome.status === 201 && outcome.at >= since).sort((a, b) => a.at - b.at)[0];
  return next ? next.at - since : Number.POSITIVE_INFINITY;
}

describe.skipIf(!serverAnswers)('the server when its PostgreSQL connections drop', { timeout: 180_000 }, () => {
  test('every connection of its database terminated three times under vote load: no crash, no acknowledged vote lost', async () => {
    const database = await createScratchDatabase(postgresServerUrl);
    cleanups.push(() => database.drop());
    const server = await start(database.url);
    const load = startVoteLoad(server.url, await demoProductIds(server.url));
    cleanups.push(() => load.stop());

    await sleep(1000);
    const cuts: number[] = [];
    for (let round = 0; round < 3; round++) {
      expect(server.child.exitCode, server.output()).toBeNull();
      expect(await database.terminateSessions()).toBeGreaterThan(0);
      cuts.push(Date.now());
      await sleep(1500);
    }
    await sleep(1000);
    await load.stop();

    expect(server.child.exitCode, server.output()).toBeNull();
    expect(load.outcomes.filter((outcome) => outcome.error)).toEqual([]);
    expectOnlyServiceUnavailable(load.outcomes);
    for (const cut of cuts) expect(resumedAfter(load.outcomes, cut)).toBeLessThanOrEqual(5000);
    await expectAcknowledgedVotesStored(database.url, load.outcomes);
    expect(server.output()).toMatch(/a database connection was lost|database unavailable/);
    expect(server.output()).not.toMatch(/postgres:\/\//);
    expect((await fetch(`${server.url}/api/auth/me`)).status).toBe(401);
  });

  test.skipIf(Boolean(clusterUnavailable))('a PostgreSQL crash and restart under vote load: 503 while it is away, votes again within 5 s of its return', async () => {
    const cluster = await startThrowawayCluster();
    cleanups.push(() => cluster.destroy());
    const server = await start(cluster.url);
    const load = startVoteLoad(server.url, await demoProductIds(server.url));
    cleanups.push(() => load.stop());

    await sleep(1000);
    await cluster.stop('immediate');
    const wentAway = Date.now();
    await sleep(2000);
    // The server may answer again before pg_ctl's start returns: "away" ends when the start begins.
    const restarting = Date.now();
    await cluster.start();
    const cameBack = Date.now();
    await sleep(5000);
    await load.stop();

    expect(server.child.exitCode, server.output()).toBeNull();
    expect(load.outcomes.filter((outcome) => outcome.error)).toEqual([]);
    expectOnlyServiceUnavailable(load.outcomes);
    const whileAway = load.outcomes.filter((outcome) => outcome.at > wentAway + 500 && outcome.at < restarting);
    expect(whileAway.length).toBeGreaterThan(0);
    expect(whileAway.every((outcome) => outcome.status === 503)).toBe(true);
    expect(resumedAfter(load.outcomes, cameBack)).toBeLessThanOrEqual(5000);
    await expectAcknowledgedVotesStored(cluster.url, load.outcomes);
  });
});
