import { request as httpRequest } from 'node:http';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { queryRows, type Database } from '../../src/server/db/client.js';
import { codeMigrations } from '../../src/server/db/migration-head.js';
import { createPostgresPool } from '../../src/server/db/postgres-pool.js';
import * as schema from '../../src/server/db/schema.js';
import { READINESS_DATABASE_TIMEOUT_MS } from '../../src/server/features/health/readiness.js';
import { closeGracefully } from '../../src/server/plugins/graceful-close.js';
import type { Readiness } from '../../src/shared/health.schemas.js';
import { createTestApp, type TestApp } from '../support/index.js';

const SESSION_SECRET = 'health-test-session-secret-long-enough-0123456789';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The same app on another database (or none that answers), sharing the rest of the test app's context. */
async function appOn(db: Database): Promise<FastifyInstance> {
  return buildApp({ context: { ...t.app.ctx, db, metrics: undefined }, sessionSecret: SESSION_SECRET });
}

/** A database at an address where nothing listens: every query fails at once. */
function unreachableDatabase() {
  const pool = createPostgresPool('postgres://vendvote@127.0.0.1:9/none', 1);
  return { db: drizzle(pool, { schema }) as unknown as Database, close: () => pool.end() };
}

const readyz = async (app: FastifyInstance) => {
  const res = await app.inject({ method: 'GET', url: '/readyz' });
  return { status: res.statusCode, body: res.json() as Readiness, headers: res.headers };
};

describe('GET /healthz', () => {
  test('answers 200 while the process runs, without asking the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');

    const nowhere = unreachableDatabase();
    const app = await appOn(nowhere.db);
    try {
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      // Not even a referral link on the probe's address reaches the database.
      expect((await app.inject({ method: 'GET', url: '/healthz?ref=ABCD1234' })).statusCode).toBe(200);
      expect((await readyz(app)).status).toBe(503);
    } finally {
      await app.close();
      await nowhere.close();
    }
  });

  test('is public and never rate limited: past every per-address limit, each probe still answers 200', async () => {
    const route = (url: string) => t.app.routeTable.find((r) => r.url === url && r.method === 'GET');
    expect(route('/healthz')?.config?.scope).toBe('public');
    expect(route('/readyz')?.config?.scope).toBe('public');
    const statuses = new Set<number>();
    for (let i = 0; i < 650; i++) statuses.add((await t.app.inject({ method: 'GET', url: '/healthz', remoteAddress: '203.0.113.50' })).statusCode);
    for (let i = 0; i < 310; i++) statuses.add((await t.app.inject({ method: 'GET', url: '/readyz', remoteAddress: '203.0.113.50' })).statusCode);
    expect([...statuses]).toEqual([200]);
  });
});

describe('GET /readyz', () => {
  test('answers 200 when the database answers, its migrations are the code\'s, and the instance is not stopping', async () => {
    const { status, body, headers } = await readyz(t.app);
    expect(status).toBe(200);
    expect(body).toEqual({ ready: true, failed: [], checks: { draining: 'ok', database: 'ok', migrations: 'ok' } });
    expect(headers['cache-control']).toBe('no-store');
  });

  test('answers 503 naming the database when it cannot be reached, without the driver\'s words', async () => {
    const nowhere = unreachableDatabase();
    const app = await appOn(nowhere.db);
    try {
      const { status, body } = await readyz(app);
      expect(status).toBe(503);
      expect(body).toEqual({ ready: false, failed: ['database'], checks: { draining: 'ok', database: 'unavailable', migrations: 'not checked' } });
      expect(JSON.stringify(body)).not.toMatch(/127\.0\.0\.1|ECONNREFUSED/);
    } finally {
      await app.close();
      await nowhere.close();
    }
  });

  test('answers 503 after a second when the database is too slow to answer', async () => {
    // A transaction that holds the migrations table (and, on the embedded database, its one connection) until let go.
    let letGo!: () => void;
    const gate = new Promise<void>((resolve) => (letGo = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holding = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table drizzle.__drizzle_migrations in access exclusive mode`);
      locked();
      await gate;
    });
    await lockTaken;
    const started = Date.now();
    const { status, body } = await readyz(t.app);
    const tookMs = Date.now() - started;
    letGo();
    await holding;
    expect(status).toBe(503);
    expect(body.failed).toEqual(['database']);
    expect(body.checks.database).toBe('no answer within 1 s');
    expect(tookMs).toBeGreaterThanOrEqual(READINESS_DATABASE_TIMEOUT_MS - 50);
    expect(tookMs).toBeLessThan(READINESS_DATABASE_TIMEOUT_MS + 1_000);
    expect((await readyz(t.app)).status).toBe(200);
  });

  test('answers 503 naming the migrations when the database lacks the code\'s newest, or has one newer', async () => {
    const newest = codeMigrations().at(-1)!;
    const previous = codeMigrations().at(-2)!;
    const db = t.database.db;
    const [row] = await queryRows<{ id: number; hash: string; created_at: string }>(
      db,
      sql`delete from drizzle.__drizzle_migrations where created_at = ${newest.when} returning id, hash, created_at::text`,
    );
    expect(row).toBeDefined();
    try {
      const { status, body } = await readyz(t.app);
      expect(status).toBe(503);
      expect(body.failed).toEqual(['migrations']);
      expect(body.checks).toEqual({ draining: 'ok', database: 'ok', migrations: `behind: the database has ${previous.tag}, the code needs ${newest.tag}` });
    } finally {
      await db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row!.id}, ${row!.hash}, ${row!.created_at})`);
    }
    expect((await readyz(t.app)).status).toBe(200);

    await db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-release', ${newest.when + 1000})`);
    try {
      const { status, body } = await readyz(t.app);
      expect(status).toBe(503);
      expect(body.failed).toEqual(['migrations']);
      expect(body.checks.migrations).toMatch(/^ahead: /);
    } finally {
      await db.execute(sql`delete from drizzle.__drizzle_migrations where hash = 'from-a-newer-release'`);
    }
    expect((await readyz(t.app)).status).toBe(200);
  });
});

/** One GET on a fresh connection: its status, or the socket error's code (ECONNREFUSED once the listener is closed). */
function probe(url: string): Promise<{ status?: number; error?: string; body?: string }> {
  return new Promise((resolve) => {
    const req = httpRequest(url, { agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode, body }));
    });
    req.on('error', (error: Error & { code?: string }) => resolve({ error: error.code ?? error.message }));
    req.end();
  });
}

describe('a graceful stop', () => {
  test('turns /readyz to 503 while the port still serves, and only then refuses connections', async () => {
    const app = await appOn(t.database.db);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    expect((await probe(`${base}/readyz`)).status).toBe(200);

    const startedAt = Date.now();
    const closing = closeGracefully(app, { drainMs: 1_500 });
    const during = await probe(`${base}/readyz`);
    expect(during.status).toBe(503);
    expect(JSON.parse(during.body!)).toEqual({
      ready: false,
      failed: ['draining'],
      checks: { draining: 'the instance is stopping', database: 'not checked', migrations: 'not checked' },
    });
    // The process still answers, and requests are still served, while balancers take it out.
    expect((await probe(`${base}/healthz`)).status).toBe(200);
    expect((await probe(`${base}/api/auth/me`)).status).toBe(401);

    await closing;
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1_500);
    expect((await probe(`${base}/readyz`)).error).toBe('ECONNREFUSED');
  });

  test('a second signal cuts the drain short', async () => {
    const app = await appOn(t.database.db);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const skip = new AbortController();
    const startedAt = Date.now();
    const closing = closeGracefully(app, { drainMs: 20_000, skipDrain: skip.signal });
    expect((await probe(`${base}/readyz`)).status).toBe(503);
    skip.abort();
    await closing;
    expect(Date.now() - startedAt).toBeLessThan(10_000);
    expect((await probe(`${base}/readyz`)).error).toBe('ECONNREFUSED');
  });
});
