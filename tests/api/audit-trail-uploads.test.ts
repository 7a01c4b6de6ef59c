import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createAffiliate } from '../../src/server/db/factories.js';
import { auditEvents } from '../../src/server/db/schema.js';
import { createLocalFileStore } from '../../src/server/integrations/file-store/index.js';
import type { AuditAction } from '../../src/shared/audit.schemas.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { pngBytes } from '../support/upload-files.js';
import { multipartFiles, SAMPLE_FILE } from './donation-hub-helpers.js';
import { signIn, uniqueEmail } from './helpers.js';

// The admin actions that arrive as uploads, and the affiliate switch: each leaves one entry.
let t: TestApp;
let uploads: string;
let admin: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  uploads = mkdtempSync(join(tmpdir(), 'vendvote-audit-uploads-'));
  t = await createTestApp({ fileStore: createLocalFileStore(uploads) });
  admin = await signIn(t, { role: 'admin' });
});
afterAll(async () => {
  await t?.close();
  rmSync(uploads, { recursive: true, force: true });
});

const newestId = async () => (await t.database.db.select({ id: max(auditEvents.id) }).from(auditEvents))[0]?.id ?? 0;
async function onlyEntry(before: number, action: AuditAction) {
  const rows = await t.database.db.select().from(auditEvents).where(and(gt(auditEvents.id, before), eq(auditEvents.action, action)));
  expect(rows, action).toHaveLength(1);
  return rows[0]!;
}

/** A multipart body as a browser's FormData sends it: the fields in order, then the file. */
async function resourceUpload(fields: Record<string, string>, file: { bytes: Buffer; name: string }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: 'image/png' }), file.name);
  const request = new Request('http://local/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

describe('uploads and affiliate changes', () => {
  test('a marketing resource uploaded, edited and deleted: one entry each, naming the file', async () => {
    let before = await newestId();
    const { payload, headers } = await resourceUpload({ title: 'Audit flyer', description: 'For lobbies', category: 'flyers', type: 'image' }, { bytes: pngBytes(), name: 'flyer.png' });
    const created = await admin.api.post('/api/admin/marketing-resources', payload, { headers });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const entry = await onlyEntry(before, 'marketing_resource.created');
    expect(entry).toMatchObject({ actorUserId: admin.user.id, targetType: 'marketing_resource', targetId: String(id), details: { title: 'Audit flyer', type: 'image', file: 'flyer.png' } });

    before = await newestId();
    expect((await admin.api.patch(`/api/admin/marketing-resources/${id}`, { title: 'Audit flyer 2' })).statusCode).toBe(200);
    expect(await onlyEntry(before, 'marketing_resource.updated')).toMatchObject({ actorUserId: admin.user.id, targetId: String(id) });

    before = await newestId();
    expect((await admin.api.delete(`/api/admin/marketing-resources/${id}`)).statusCode).toBe(200);
    expect(await onlyEntry(before, 'marketing_resource.deleted')).toMatchObject({ actorUserId: admin.user.id, targetId: String(id) });
  });

  test('a charity import records the files and counts', async () => {
    const before = await newestId();
    const { payload, headers } = await multipartFiles([{ name: 'eo_xx.csv', text: readFileSync(SAMPLE_FILE, 'utf8') }]);
    const res = await admin.api.post('/api/admin/charities/import', payload, { headers });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as { imported: number; updated: number };
    expect(await onlyEntry(before, 'charities.imported')).toMatchObject({
      actorUserId: admin.user.id,
      targetType: 'charity_directory',
      details: { files: 'eo_xx.csv', imported: report.imported, updated: report.updated, partial: false },
    });
  });

  test('an affiliate switched off records who did it to which affiliate', async () => {
    const affiliate = await createAffiliate(t.database.db, { email: uniqueEmail('affiliate') });
    const before = await newestId();
    const res = await admin.api.patch(`/api/admin/affiliates/${affiliate.user.id}`, { isActive: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(await onlyEntry(before, 'affiliate.updated')).toMatchObject({ actorUserId: admin.user.id, targetType: 'affiliate', targetId: String(affiliate.user.id), details: { isActive: false } });
  });
});
