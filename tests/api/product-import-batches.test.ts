import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { IMPORT_BATCH_KEEP_MS, pruneImportBatches } from '../../src/server/features/product-import/import-batches.js';
import { productImportBatches, products } from '../../src/server/db/schema.js';
import { createMailer } from '../../src/server/integrations/mail/mailer.js';
import { appJobs } from '../../src/server/jobs/app-jobs.js';
import { ImportMessages } from '../../src/shared/product-import.schemas.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { expectJsonError, signIn } from './helpers.js';

/** The batch keys of POST /api/products/import: what a key answers when it comes again, and how long it is kept. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MINUTE_MS = 60_000;
const row = (n: number, overrides: Record<string, unknown> = {}) => ({ row: n, name: `Product ${n}`, brand: 'Brand', category: 'Chips', ...overrides });
const batch = (rows: unknown[], overrides: Record<string, unknown> = {}) => ({ batchKey: randomUUID(), existing: 'skip', rows, ...overrides });
const productNames = async (userId: number) =>
  (await t.database.db.select({ name: products.name }).from(products).where(eq(products.userId, userId)).orderBy(products.id)).map((p) => p.name);
const batchRow = async (userId: number, batchKey: string) =>
  (await t.database.db.select().from(productImportBatches).where(and(eq(productImportBatches.userId, userId), eq(productImportBatches.batchKey, batchKey))))[0];
const ageBatch = (userId: number, batchKey: string, createdAt: Date) =>
  t.database.db.update(productImportBatches).set({ createdAt }).where(and(eq(productImportBatches.userId, userId), eq(productImportBatches.batchKey, batchKey)));

describe('a batch key sent again', () => {
  test('with the same rows (spelt differently, normalised alike) answers the stored result; with other rows 409, nothing imported', async () => {
    const operator = await signIn(t);
    const payload = batch([row(2), row(3, { price: '1.5' })]);
    const first = await operator.api.post('/api/products/import', payload);
    expect(first.statusCode, first.body).toBe(200);
    expect((await batchRow(operator.user.id, payload.batchKey))!.requestHash).toMatch(/^[0-9a-f]{64}$/);

    const sameRows = { ...payload, rows: [{ category: 'Chips', brand: ' Brand ', name: 'Product 2', row: 2 }, row(3, { price: '1.5' })] };
    const replayed = await operator.api.post('/api/products/import', sameRows);
    expect(replayed.statusCode, replayed.body).toBe(200);
    expect(replayed.json()).toEqual({ ...first.json(), replayed: true });

    const otherRows = { ...payload, rows: [row(2), row(3, { name: 'Sneaked In' })] };
    expectJsonError(await operator.api.post('/api/products/import', otherRows), 409, ImportMessages.batchKeyReused);
    const fewerRows = { ...payload, rows: [row(2)] };
    expectJsonError(await operator.api.post('/api/products/import', fewerRows), 409, ImportMessages.batchKeyReused);
    const otherChoice = { ...payload, existing: 'update' };
    expectJsonError(await operator.api.post('/api/products/import', otherChoice), 409, ImportMessages.batchKeyReused);
    expect(await productNames(operator.user.id)).toEqual(['Product 2', 'Product 3']);
  });

  test('a batch stored before hashes were kept answers its stored result as before', async () => {
    const operator = await signIn(t);
    const payload = batch([row(2)]);
    const first = await operator.api.post('/api/products/import', payload);
    expect(first.statusCode, first.body).toBe(200);
    await t.database.db
      .update(productImportBatches)
      .set({ requestHash: null })
      .where(and(eq(productImportBatches.userId, operator.user.id), eq(productImportBatches.batchKey, payload.batchKey)));
    const again = await operator.api.post('/api/products/import', { ...payload, rows: [row(2, { name: 'Different' })] });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ ...first.json(), replayed: true });
    expect(await productNames(operator.user.id)).toEqual(['Product 2']);
  });
});

describe('pruning batch keys', () => {
  test('a key is kept for 7 days, then forgotten, and the same key imports afresh', async () => {
    const operator = await signIn(t);
    const payload = batch([row(2)]);
    expect((await operator.api.post('/api/products/import', payload)).statusCode).toBe(200);
    const { createdAt } = (await batchRow(operator.user.id, payload.batchKey))!;
    expect(IMPORT_BATCH_KEEP_MS).toBe(7 * 24 * 60 * MINUTE_MS);

    await pruneImportBatches(t.database.db, new Date(createdAt.getTime() + IMPORT_BATCH_KEEP_MS - MINUTE_MS));
    expect(await batchRow(operator.user.id, payload.batchKey)).toBeDefined();
    expect(await pruneImportBatches(t.database.db, new Date(createdAt.getTime() + IMPORT_BATCH_KEEP_MS + MINUTE_MS))).toBeGreaterThanOrEqual(1);
    expect(await batchRow(operator.user.id, payload.batchKey)).toBeUndefined();

    const afterPruning = await operator.api.post('/api/products/import', payload);
    expect(afterPruning.json()).toMatchObject({ replayed: false, skipped: 1 });
  });

  test('the nightly jobs.prune job removes batches older than 7 days and keeps younger ones', async () => {
    const operator = await signIn(t);
    const old = batch([row(2)]);
    const young = batch([row(3)]);
    for (const payload of [old, young]) expect((await operator.api.post('/api/products/import', payload)).statusCode).toBe(200);
    const now = Date.now();
    await ageBatch(operator.user.id, old.batchKey, new Date(now - IMPORT_BATCH_KEEP_MS - 60 * MINUTE_MS));
    await ageBatch(operator.user.id, young.batchKey, new Date(now - IMPORT_BATCH_KEEP_MS + 60 * MINUTE_MS));

    const log = pino({ level: 'silent' });
    await appJobs['jobs.prune'].handle({}, { db: t.database.db, mailer: createMailer({ from: 'x <x@x.test>', outboxDir: '', log }), log });
    expect(await batchRow(operator.user.id, old.batchKey)).toBeUndefined();
    expect(await batchRow(operator.user.id, young.batchKey)).toBeDefined();
  });
});
