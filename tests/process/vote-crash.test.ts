import { randomBytes, randomUUID } from 'node:crypto';
import { sign } from '@fastify/cookie';
import { inArray } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { openDatabase, type DatabaseOptions } from '../../src/server/db/client.js';
import { votes } from '../../src/server/db/schema.js';
import { findCounterMismatches } from '../../src/server/db/vote-audit.js';
import { createScratchDatabase, postgresAnswers, postgresServerUrl, type ScratchDatabase } from '../support/postgres-server.js';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../support/server-process.js';

/*
 * Votes are written in batches, and a vote is answered only once its batch has committed. The
 * server is killed (kill -9) while votes pour in from many voters at once; the database, opened
 * afterwards as the next start would open it, must hold every vote that was answered 201, with
 * every counter equal to a recount of the rows.
 */

const SESSION_SECRET = randomBytes(32).toString('hex');
/** Votes sent at a time, each from a voter and an address of its own. */
const CONNECTIONS = 16;
/** Acknowledged votes to wait for before the kill, so it lands while batches are being written. */
const ACKNOWLEDGED_BEFORE_KILL = 300;

const postgresUp = await postgresAnswers(postgresServerUrl);

const running: ServerProcess[] = [];
const scratch: ScratchDatabase[] = [];
afterAll(async () => {
  for (const server of running) await stopServerProcess(server, 'SIGKILL');
  for (const database of scratch) await database.drop();
});

interface Acknowledged {
  voterId: string;
  productId: number;
}

/** Votes from fresh voters until the server stops answering; answers those it acknowledged. */
async function voteUntilKilled(server: ServerProcess, productIds: number[], kill: () => void): Promise<Acknowledged[]> {
  const acknowledged: Acknowledged[] = [];
  let sent = 0;
  let killed = false;
  const loop = async () => {
    for (;;) {
      const n = sent++;
      const voterId = randomUUID();
      const productId = productIds[n % productIds.length]!;
      let response: Response;
      try {
        response = await fetch(`${server.url}/api/products/${productId}/vote?machineId=${1 + (n % 2)}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            cookie: `voter=${encodeURIComponent(sign(voterId, SESSION_SECRET))}`,
            'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
          },
          body: JSON.stringify({ voteType: n % 7 === 0 ? 'down' : 'up' }),
        });
      } catch {
        return; // The server is gone.
      }
      if (response.status === 201) acknowledged.push({ voterId, productId });
      else expect(response.status, await response.text()).toBe(201);
      if (!killed && acknowledged.length >= ACKNOWLEDGED_BEFORE_KILL) {
        killed = true;
        kill();
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, loop));
  return acknowledged;
}

async function crashWhileVoting(databaseEnv: Record<string, string>, reopen: (server: ServerProcess) => DatabaseOptions) {
  const server = await startServerProcess({ env: { SESSION_SECRET, TRUST_PROXY: 'true', ...databaseEnv } });
  running.push(server);
  const productIds = ((await (await fetch(`${server.url}/api/products?machineId=1`)).json()) as { id: number }[]).map((product) => product.id);
  expect(productIds.length).toBeGreaterThan(0);

  const acknowledged = await voteUntilKilled(server, productIds, () => server.child.kill('SIGKILL'));
  await server.exited;
  expect(acknowledged.length).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_KILL);

  const database = await openDatabase(reopen(server));
  try {
    const stored = await database.db
      .select({ voterId: votes.voterId, productId: votes.productId })
      .from(votes)
      .where(inArray(votes.voterId, acknowledged.map((vote) => vote.voterId)));
    expect(stored.length, 'every acknowledged vote is stored').toBe(acknowledged.length);
    expect(new Set(stored.map((vote) => `${vote.voterId}/${vote.productId}`))).toEqual(new Set(acknowledged.map((vote) => `${vote.voterId}/${vote.productId}`)));
    expect(await findCounterMismatches(database.db)).toEqual([]);
  } finally {
    await database.close();
  }
}

describe('kill -9 while votes arrive', { timeout: 120_000 }, () => {
  test('embedded database: every acknowledged vote is there afterwards, and every count equals a recount', async () => {
    await crashWhileVoting({}, (server) => ({ dataDir: server.dataDir }));
  });

  test.skipIf(!postgresUp)('PostgreSQL: every acknowledged vote is there afterwards, and every count equals a recount', async () => {
    const database = await createScratchDatabase(postgresServerUrl);
    scratch.push(database);
    await crashWhileVoting({ DATABASE_URL: database.url }, () => ({ databaseUrl: database.url }));
  });
});
