import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accountExports } from '../../src/server/db/schema.js';
import { createLocalFileStore } from '../../src/server/integrations/file-store/index.js';
import { enqueue } from '../../src/server/jobs/enqueue.js';
import { AccountDataMessages, type AccountExportStatus } from '../../src/shared/account-data.schemas.js';
import { createTestApp, linkFrom, type TestApp } from '../support/index.js';
import { ownedWorld } from './account-data-helpers.js';
import { api, DAY_MS, expectJsonError, signIn } from './helpers.js';

let t: TestApp;
let uploads: string;
beforeAll(async () => {
  uploads = mkdtempSync(join(tmpdir(), 'vendvote-account-export-'));
  t = await createTestApp({ fileStore: createLocalFileStore(uploads) });
});
afterAll(async () => {
  await t.close();
  rmSync(uploads, { recursive: true, force: true });
});

/** Asks for a copy and follows the mailed link's address (the path and token, as the app serves it). */
async function requestAndReceive(operator: Awaited<ReturnType<typeof signIn>>) {
  const started = await operator.api.post('/api/account/data-export');
  expect(started.statusCode, started.body).toBe(202);
  const mail = await t.smtp.waitForMail(operator.user.email, /ready to download/, 20_000);
  const link = new URL(linkFrom(mail, '/api/account/data-export/'));
  return { exportId: (started.json() as { exportId: number }).exportId, path: `${link.pathname}${link.search}`, mail };
}

const csvLines = (text: string) => text.trim().split(/\r?\n/);

describe('Download my data', () => {
  test('builds a ZIP of everything the account owns, mails a link, and only its owner may download it', async () => {
    const operator = await signIn(t);
    const world = await ownedWorld(t, operator.user.id, 40);
    const { exportId, path, mail } = await requestAndReceive(operator);
    expect(mail.text).toMatch(/works until/);

    const res = await operator.api.get(path);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="vendvote-data-\d{4}-\d{2}-\d{2}\.zip"/);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const text = (name: string) => strFromU8(files[name]!);

    const expected = ['README.txt', 'account.json', 'billing.json', 'machines.csv', 'products.csv', 'votes.csv', 'suggestions.csv', 'vending-issues.csv', 'restocks.csv', 'purchase-list.csv', 'donations.csv', 'donation-lines.csv', 'charities.csv', 'magnet-orders.csv', 'planograms.csv', 'sales-imports.csv', 'dex-audits.csv', 'machine-sales.csv', 'telemetry-mappings.csv'];
    for (const name of expected) {
      expect(Object.keys(files)).toContain(name);
      if (name !== 'README.txt') expect(text('README.txt')).toContain(`\r\n${name} `);
    }
    const account = JSON.parse(text('account.json')) as Record<string, unknown>;
    expect(account).toMatchObject({ id: operator.user.id, email: operator.user.email, firstName: operator.user.firstName });
    expect(text('account.json')).not.toMatch(/password|argon2|twoFactorSecret/i);
    expect(csvLines(text('votes.csv'))).toHaveLength(1 + 40);
    expect(text('machines.csv')).toContain(world.names.machine);
    expect(text('products.csv')).toContain(world.names.product);
    expect(text('suggestions.csv')).toContain(world.names.suggestion);
    expect(text('vending-issues.csv')).toContain(world.names.customer);
    expect(csvLines(text('restocks.csv'))).toHaveLength(2);
    expect(text('donations.csv')).toContain(world.names.charity);
    expect(csvLines(text('donation-lines.csv'))[1]).toContain(String(world.donation.id));
    const receipts = Object.keys(files).filter((name) => name.startsWith('receipts/'));
    expect(receipts).toHaveLength(1);
    expect(strFromU8(files[receipts[0]!]!.slice(0, 5))).toBe('%PDF-');

    const status = (await operator.api.get('/api/account/data-export')).json() as AccountExportStatus;
    expect(status.latest).toMatchObject({ id: exportId, state: 'ready', expired: false });
    expect(new Date(status.latest!.expiresAt!).getTime() - new Date(status.latest!.readyAt!).getTime()).toBe(7 * DAY_MS);

    const stranger = await signIn(t);
    expectJsonError(await stranger.api.get(path), 404, AccountDataMessages.exportNotFound);
    expect((await api(t).get(path)).statusCode).toBe(401);
    expectJsonError(await operator.api.get(path.replace(/token=[^&]+/, 'token=not-the-token')), 404, AccountDataMessages.exportNotFound);
  });

  test('an expired link answers 410 with what to do next', async () => {
    const operator = await signIn(t);
    const { exportId, path } = await requestAndReceive(operator);
    await t.database.db.update(accountExports).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(accountExports.id, exportId));
    expectJsonError(await operator.api.get(path), 410, AccountDataMessages.exportExpired);
    expect(((await operator.api.get('/api/account/data-export')).json() as AccountExportStatus).latest).toMatchObject({ expired: true });

    // The hourly job then removes the expired ZIP from the file store.
    const [row] = await t.database.db.select().from(accountExports).where(eq(accountExports.id, exportId));
    expect(readdirSync(join(uploads, 'account-exports'))).toContain(row!.fileKey!.split('/')[1]);
    await enqueue(t.database.db, 'account-data.prune-exports', { at: new Date().toISOString() });
    await expect.poll(async () => (await t.database.db.select().from(accountExports).where(eq(accountExports.id, exportId)))[0]!.fileKey, { timeout: 10_000 }).toBeNull();
    expect(readdirSync(join(uploads, 'account-exports'))).not.toContain(row!.fileKey!.split('/')[1]);
  });

  test('one copy is built at a time; the file lives in the file store', async () => {
    const operator = await signIn(t);
    const before = readdirSync(join(uploads, 'account-exports'), { withFileTypes: true }).length;
    await t.database.db.insert(accountExports).values({ userId: operator.user.id, tokenHash: 'x'.repeat(64) });
    expectJsonError(await operator.api.post('/api/account/data-export'), 409, AccountDataMessages.exportAlreadyBuilding);
    expect(readdirSync(join(uploads, 'account-exports')).length).toBe(before);
  });

  test('signed out, nothing is started', async () => {
    expect((await api(t).post('/api/account/data-export')).statusCode).toBe(401);
    expect((await api(t).get('/api/account/data-export')).statusCode).toBe(401);
  });
});
