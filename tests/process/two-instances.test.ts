import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openEventStream, type EventStreamClient } from '../support/event-stream.js';
import { createScratchDatabase, postgresAnswers, postgresServerUrl, withClient, type ScratchDatabase } from '../support/postgres-server.js';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../support/server-process.js';
import { pngBytes } from '../support/upload-files.js';

/*
 * Two real instances of the app on one PostgreSQL and one Redis, as behind a load balancer: a
 * browser's calls may land on either, and each point below must hold whichever one answers.
 */

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const serverAnswers = await postgresAnswers(postgresServerUrl);
const redisAnswers = await (async () => {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1_000, retryStrategy: () => null });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
})();
const unavailable = !serverAnswers ? `no PostgreSQL server answers at ${new URL(postgresServerUrl).host}` : !redisAnswers ? `no Redis answers at ${redisUrl}` : null;
if (unavailable) console.warn(`Skipping the two-instance tests: ${unavailable}`);

const DEMO_EMAIL = 'demo@vendvote.local';
const SWEEP_EVERY_MS = 10 * 60 * 1000;
/** The notification sweep's next ten-minute slot is made to fall this long after the instances start. */
const SLOT_AFTER_START_MS = 45_000;

let database: ScratchDatabase;
let dataDir: string;
let a: ServerProcess;
let b: ServerProcess;
let slot: Date;
const streams: EventStreamClient[] = [];

beforeAll(async () => {
  if (unavailable) return;
  database = await createScratchDatabase(postgresServerUrl);
  // One DATA_DIR on a shared volume: uploads, the mail outbox and the demo account's file.
  dataDir = mkdtempSync(join(tmpdir(), 'vendvote-shared-'));
  const slotAt = Date.now() + SLOT_AFTER_START_MS;
  slot = new Date(Math.ceil(slotAt / SWEEP_EVERY_MS) * SWEEP_EVERY_MS);
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    SESSION_SECRET: 'two-instances-session-secret-long-enough-0123456789',
    ENCRYPTION_KEY: 'two-instances-encryption-key-long-enough-0123456789',
    ADMIN_EMAILS: DEMO_EMAIL,
    NODE_OPTIONS: `--import ${new URL('../support/clock-offset.mjs', import.meta.url).pathname}`,
    VV_TEST_CLOCK_OFFSET_MS: String(slot.getTime() - slotAt),
  };
  // Started together, as an orchestrator starts replicas: one migrates and seeds, the other waits for it.
  [a, b] = await Promise.all([startServerProcess({ dataDir, env }), startServerProcess({ dataDir, env })]);
}, 120_000);

afterAll(async () => {
  for (const stream of streams) stream.close();
  await Promise.all([a, b].filter(Boolean).map((server) => stopServerProcess(server)));
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function demoPassword(): string {
  return (JSON.parse(readFileSync(join(dataDir, 'demo-account.json'), 'utf8')) as { password: string }).password;
}

async function signIn(server: ServerProcess): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_EMAIL, password: demoPassword() }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
}

const me = (server: ServerProcess, cookie: string) => fetch(`${server.url}/api/auth/me`, { headers: { cookie } });

async function demoMachineAndProduct(server: ServerProcess, cookie: string) {
  const machines = (await (await fetch(`${server.url}/api/machines`, { headers: { cookie } })).json()) as { id: number }[];
  const products = (await (await fetch(`${server.url}/api/products`, { headers: { cookie } })).json()) as { id: number }[];
  return { machineId: machines[0]!.id, productIds: products.map((product) => product.id) };
}

/** A phone at the machine: the page hands out the voter cookie, then the vote goes to `server`. */
async function voteAt(pageServer: ServerProcess, voteServer: ServerProcess, machineId: number, productId: number) {
  const page = await fetch(`${pageServer.url}/api/vote-page/${machineId}`);
  const voter = page.headers.getSetCookie().find((cookie) => cookie.startsWith('voter='))!.split(';')[0]!;
  const res = await fetch(`${voteServer.url}/api/products/${productId}/vote?machineId=${machineId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: voter },
    body: JSON.stringify({ voteType: 'up' }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

describe.skipIf(unavailable)('two instances on one PostgreSQL and one Redis', () => {
  test('started together, they seed the demo operator once', async () => {
    const count = await withClient(database.url, async (client) => (await client.query('select count(*)::int as n from users where email = $1', [DEMO_EMAIL])).rows[0].n);
    expect(count).toBe(1);
    expect(demoPassword()).toMatch(/^demo-/);
  });

  test('a session begun on one instance holds on the other, and ends on both', async () => {
    const cookie = await signIn(a);
    const onB = await me(b, cookie);
    expect(onB.status).toBe(200);
    expect(((await onB.json()) as { email: string }).email).toBe(DEMO_EMAIL);
    const out = await fetch(`${b.url}/api/logout`, { method: 'POST', headers: { cookie } });
    expect(out.status).toBe(200);
    expect((await me(a, cookie)).status).toBe(401);
  });

  test('rate limits count the calls of both instances together (Redis)', async () => {
    const email = `limited-${Date.now()}@example.test`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const server = i % 2 === 0 ? a : b;
      const res = await fetch(`${server.url}/api/auth/forgot-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      statuses.push(res.status);
    }
    // Five an hour per address: three calls to each instance alone would all pass.
    expect(statuses.slice(0, 5).every((status) => status === 200)).toBe(true);
    expect(statuses[5]).toBe(429);
  });

  test('a vote on one instance reaches a dashboard and a vote page streaming from the other', async () => {
    const cookie = await signIn(a);
    const { machineId, productIds } = await demoMachineAndProduct(a, cookie);
    const dashboard = await openEventStream(`${b.url}/api/live`, { cookie });
    const votePage = await openEventStream(`${a.url}/api/vote-page/${machineId}/live`);
    streams.push(dashboard, votePage);
    expect([dashboard.status, votePage.status]).toEqual([200, 200]);

    await voteAt(a, a, machineId, productIds[0]!);
    expect(await dashboard.next()).toEqual({ event: 'vote', data: { type: 'vote', machineId, productId: productIds[0] } });
    expect(await votePage.next()).toEqual({ event: 'vote', data: { type: 'vote', productId: productIds[0] } });

    await voteAt(b, b, machineId, productIds[1]!);
    expect((await votePage.next()).data).toEqual({ type: 'vote', productId: productIds[1] });
    expect((await dashboard.next()).data).toMatchObject({ productId: productIds[1] });
  });

  test('a file uploaded through one instance downloads from the other (shared DATA_DIR)', async () => {
    const cookie = await signIn(a);
    const form = new FormData();
    for (const [name, value] of Object.entries({ title: 'Lobby flyer', description: 'For lobbies', category: 'flyers', type: 'image' })) form.append(name, value);
    const png = pngBytes(8, 8);
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'flyer.png');
    const created = await fetch(`${a.url}/api/admin/marketing-resources`, { method: 'POST', headers: { cookie }, body: form });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const download = await fetch(`${b.url}/api/admin/marketing-resources/${id}/file`, { headers: { cookie } });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(png)).toBe(true);
  });

  test('a scheduled job runs once, though both instances keep its schedule', async () => {
    const key = `notifications.sweep@${slot.toISOString()}`;
    const rows = async () =>
      withClient(database.url, async (client) => (await client.query<{ state: string; attempts: number }>('select state, attempts from jobs where unique_key = $1', [key])).rows);
    await expect.poll(rows, { timeout: SLOT_AFTER_START_MS + 60_000, interval: 1_000 }).toEqual([{ state: 'done', attempts: 1 }]);
    // Both instances were there when the slot came, and both are still serving.
    expect((await fetch(`${a.url}/api/auth/me`)).status).toBe(401);
    expect((await fetch(`${b.url}/api/auth/me`)).status).toBe(401);
  }, 180_000);
});
