import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MarketingResourceMessages as M, RESOURCE_FILE_LIMITS, RESOURCE_MAX_UNPACKED_BYTES, type MarketingResource } from '../../src/shared/marketing-resources.schemas.js';
import { createLocalFileStore } from '../../src/server/integrations/file-store/index.js';
import { createTestApp, sessionCookieFrom, type TestApp } from '../support/index.js';
import { docxBytes, HTML_BYTES, MP4_BYTES, PDF_BYTES, pngBytes, SVG_BYTES, xlsxBytes } from '../support/upload-files.js';
import { createAffiliate } from '../../src/server/db/factories.js';
import { api, expectJsonError, login, signIn } from './helpers.js';

const URL = '/api/admin/marketing-resources';
let t: TestApp;
let uploads: string;
let admin: Awaited<ReturnType<typeof signIn>>;
let operator: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  uploads = mkdtempSync(join(tmpdir(), 'vendvote-uploads-'));
  t = await createTestApp({ fileStore: createLocalFileStore(uploads) });
  [admin, operator] = await Promise.all([signIn(t, { role: 'admin' }), signIn(t)]);
});
afterAll(async () => {
  await t?.close();
  rmSync(uploads, { recursive: true, force: true });
});

/** Every file in the store's folder, partial ones included. */
function storedFiles(dir = uploads): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** A multipart body as a browser's FormData sends it: the fields in order, then the file. */
async function multipart(fields: Record<string, string>, file?: { bytes: Buffer; name: string; type?: string }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  const request = new Request('http://local/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

async function create(fields: Record<string, string>, file?: { bytes: Buffer; name: string; type?: string }, cookie = admin.cookie) {
  const { payload, headers } = await multipart(fields, file);
  return api(t, cookie).post(URL, payload, { headers });
}

const base = { title: 'Summer flyer', description: 'For lobbies', category: 'flyers' };

describe('creating resources', () => {
  test.each([
    ['image', 'png', () => pngBytes(), 'image/png', 'flyer.png'],
    ['video', 'mp4', () => MP4_BYTES, 'video/mp4', 'clip.mp4'],
    ['document', 'pdf', () => PDF_BYTES, 'application/pdf', 'guide.pdf'],
    ['document', 'docx', () => docxBytes(), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'guide.docx'],
  ] as const)('a %s (%s) is stored with its sniffed type, size and clean name', async (type, _ext, bytes, mime, name) => {
    const body = bytes();
    const res = await create({ ...base, type }, { bytes: body, name: `../../${name}` });
    expect(res.statusCode, res.body).toBe(201);
    const resource = res.json<MarketingResource>();
    expect(resource).toMatchObject({ title: 'Summer flyer', type, category: 'flyers', content: null, isActive: true, fileUrl: `${URL}/${resource.id}/file` });
    expect(resource.file).toEqual({ name, mime, size: body.length });
  });

  test('an xlsx is a document, recognised by its content', async () => {
    const res = await create({ ...base, type: 'document' }, { bytes: await xlsxBytes(), name: 'prices' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<MarketingResource>().file).toMatchObject({ name: 'prices.xlsx', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  });

  test('an email template keeps its body and has no file', async () => {
    const res = await create({ title: 'Welcome mail', type: 'email_template', category: 'email', content: 'Hi {{name}}, vote for your snacks!', isActive: 'false' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ type: 'email_template', content: 'Hi {{name}}, vote for your snacks!', fileUrl: null, file: null, isActive: false, description: '' });
  });

  test('missing title, type and category answer field errors and the spec message', async () => {
    const before = storedFiles().length;
    const body = expectJsonError(await create({ description: 'nothing else' }), 400, M.fillRequired);
    expect(body.errors).toMatchObject({ title: M.titleRequired, type: M.typeRequired, category: M.categoryRequired });
    const blank = expectJsonError(await create({ title: '   ', type: 'image', category: 'general' }, { bytes: pngBytes(), name: 'a.png' }), 400);
    expect(blank.errors).toMatchObject({ title: M.titleRequired });
    expect(storedFiles()).toHaveLength(before);
  });

  test('an email template without content, or with a file, is refused', async () => {
    const empty = expectJsonError(await create({ title: 'Mail', type: 'email_template', category: 'email', content: '  ' }), 400);
    expect(empty.errors).toEqual({ content: M.contentRequired });
    const withFile = expectJsonError(await create({ title: 'Mail', type: 'email_template', category: 'email', content: 'Hi' }, { bytes: pngBytes(), name: 'a.png' }), 400);
    expect(withFile.errors).toEqual({ file: M.fileNotForTemplate });
  });

  test('a file type without a file, or with content, is refused', async () => {
    expect(expectJsonError(await create({ ...base, type: 'image' }), 400).errors).toEqual({ file: M.fileRequired });
    const withContent = expectJsonError(await create({ ...base, type: 'document', content: 'text' }, { bytes: PDF_BYTES, name: 'a.pdf' }), 400);
    expect(withContent.errors).toMatchObject({ content: M.contentOnlyForTemplate });
  });

  test.each([
    ['a PNG named .pdf, sent as a document', 'document', () => pngBytes(), 'brochure.pdf', 'application/pdf'],
    ['an SVG named .png', 'image', () => SVG_BYTES, 'logo.png', 'image/png'],
    ['HTML named .png', 'image', () => HTML_BYTES, 'photo.png', 'image/png'],
    ['a PDF sent as a video', 'video', () => PDF_BYTES, 'clip.mp4', 'video/mp4'],
  ] as const)('%s is refused by its content, and nothing is stored', async (_label, type, bytes, name, claimed) => {
    const before = storedFiles().length;
    const body = expectJsonError(await create({ ...base, type }, { bytes: bytes(), name, type: claimed }), 400);
    expect(body.errors).toEqual({ file: M.wrongContent(type) });
    expect(storedFiles()).toHaveLength(before);
  });

  test('a file over its type limit answers 413 and leaves nothing on disk', async () => {
    const before = storedFiles().length;
    const big = Buffer.concat([pngBytes(), randomBytes(RESOURCE_FILE_LIMITS.image)]);
    const body = expectJsonError(await create({ ...base, type: 'image' }, { bytes: big, name: 'huge.png' }), 413, M.tooLarge('image'));
    expect(body.errors).toEqual({ file: M.tooLarge('image') });
    expect(storedFiles()).toHaveLength(before);
  });

  test('an Office file that declares 512 MiB unpacked (a zip bomb) is refused and nothing is stored', async () => {
    const bomb = declaringUnpackedSize(docxBytes(), 'word/document.xml', 512 * 1024 * 1024);
    const before = storedFiles().length;
    const body = expectJsonError(await create({ ...base, type: 'document' }, { bytes: bomb, name: 'bomb.docx' }), 400);
    expect(body.errors).toEqual({ file: M.unpacksTooLarge });
    expect(storedFiles()).toHaveLength(before);
    // One a little under the cap is an ordinary document.
    const large = declaringUnpackedSize(docxBytes(), 'word/document.xml', RESOURCE_MAX_UNPACKED_BYTES - 1024);
    expect((await create({ ...base, type: 'document' }, { bytes: large, name: 'large.docx' })).statusCode).toBe(201);
  });

  test('a JSON body, a second file or an unknown field is refused', async () => {
    expectJsonError(await api(t, admin.cookie).post(URL, { ...base, type: 'email_template', content: 'x' }), 415, M.notMultipart);
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...base, type: 'image' })) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(pngBytes())]), 'a.png');
    form.append('file', new Blob([new Uint8Array(pngBytes())]), 'b.png');
    const request = new Request('http://local/', { method: 'POST', body: form });
    const before = storedFiles().length;
    const twoFiles = await api(t, admin.cookie).post(URL, Buffer.from(await request.arrayBuffer()), { headers: { 'content-type': request.headers.get('content-type')! } });
    expectJsonError(twoFiles, 413, M.tooManyParts);
    expect(storedFiles()).toHaveLength(before);
    expect(expectJsonError(await create({ ...base, type: 'email_template', content: 'x', owner: '1' }), 400).errors).toMatchObject({ owner: 'Unknown field: owner' });
  });
});

describe('reading, changing and deleting', () => {
  test('the list holds every resource, newest first; a download returns the same bytes as an attachment', async () => {
    const bytes = pngBytes(7, 5);
    const created = (await create({ ...base, title: 'Download me', type: 'image' }, { bytes, name: 'Café: Deal?.png' })).json<MarketingResource>();
    const list = (await api(t, admin.cookie).get(URL)).json<MarketingResource[]>();
    expect(list[0]?.id).toBe(created.id);
    const file = await api(t, admin.cookie).get(created.fileUrl!);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(bytes)).toBe(true);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-length']).toBe(String(bytes.length));
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="Cafe Deal.png"; filename*=UTF-8''Caf%C3%A9%20Deal.png`);
  });

  test('PATCH changes the active flag and the texts, not the type', async () => {
    const created = (await create({ title: 'Mail', type: 'email_template', category: 'email', content: 'Hi' })).json<MarketingResource>();
    const res = await api(t, admin.cookie).patch(`${URL}/${created.id}`, { isActive: false, title: 'Renamed', category: 'general' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, isActive: false, title: 'Renamed', category: 'general', content: 'Hi' });
    expectJsonError(await api(t, admin.cookie).patch(`${URL}/${created.id}`, { type: 'image' }), 400);
    expectJsonError(await api(t, admin.cookie).patch(`${URL}/${created.id}`, {}), 400);
  });

  test('DELETE removes the row and its stored file', async () => {
    const before = storedFiles().length;
    const created = (await create({ ...base, type: 'document' }, { bytes: PDF_BYTES, name: 'gone.pdf' })).json<MarketingResource>();
    expect(storedFiles()).toHaveLength(before + 1);
    const res = await api(t, admin.cookie).delete(`${URL}/${created.id}`);
    expect(res.json()).toEqual({ id: created.id, deleted: true });
    expect(storedFiles()).toHaveLength(before);
    expectJsonError(await api(t, admin.cookie).get(created.fileUrl!), 404, M.notFound);
  });

  test('unknown ids answer 404 on every route; an email template has no file', async () => {
    const missing = 999_999;
    expectJsonError(await api(t, admin.cookie).patch(`${URL}/${missing}`, { isActive: true }), 404, M.notFound);
    expectJsonError(await api(t, admin.cookie).delete(`${URL}/${missing}`), 404, M.notFound);
    expectJsonError(await api(t, admin.cookie).get(`${URL}/${missing}/file`), 404, M.notFound);
    const template = (await create({ title: 'Mail', type: 'email_template', category: 'email', content: 'Hi' })).json<MarketingResource>();
    expectJsonError(await api(t, admin.cookie).get(`${URL}/${template.id}/file`), 404, M.notFound);
    expectJsonError(await api(t, admin.cookie).get(`${URL}/abc/file`), 400);
  });
});

describe('access', () => {
  const routes = (id: number) =>
    [
      ['GET', URL],
      ['POST', URL],
      ['PATCH', `${URL}/${id}`],
      ['DELETE', `${URL}/${id}`],
      ['GET', `${URL}/${id}/file`],
    ] as const;

  test('an operator is refused with 403 on every route, and signed out with 401', async () => {
    const created = (await create({ ...base, type: 'image' }, { bytes: pngBytes(), name: 'a.png' })).json<MarketingResource>();
    const { payload, headers } = await multipart({ ...base, type: 'image' }, { bytes: pngBytes(), name: 'b.png' });
    const before = storedFiles().length;
    for (const [method, url] of routes(created.id)) {
      const extra = method === 'POST' ? { headers } : method === 'PATCH' ? {} : {};
      const body = method === 'POST' ? payload : method === 'PATCH' ? { isActive: false } : undefined;
      expect((await api(t, operator.cookie).send(method, url, body, extra)).statusCode, `${method} ${url}`).toBe(403);
      expectJsonError(await api(t).send(method, url, body, extra), 401, 'Unauthorized');
    }
    expect(storedFiles()).toHaveLength(before);
    expect((await api(t, admin.cookie).get(created.fileUrl!)).statusCode).toBe(200);
  });

  test('affiliates see only the active resources, download them through their own route, and change nothing', async () => {
    const shown = (await create({ ...base, title: 'For affiliates', type: 'image' }, { bytes: pngBytes(3, 3), name: 'shown.png' })).json<MarketingResource>();
    const hidden = (await create({ ...base, title: 'Withdrawn', type: 'image' }, { bytes: pngBytes(4, 4), name: 'hidden.png' })).json<MarketingResource>();
    await api(t, admin.cookie).patch(`${URL}/${hidden.id}`, { isActive: false });
    const template = (await create({ ...base, title: 'Intro mail', type: 'email_template', category: 'email', content: 'Hi {{name}},' })).json<MarketingResource>();
    const affiliate = await createAffiliate(t.database.db);
    const cookie = sessionCookieFrom(await login(t, affiliate.user.email, affiliate.password));
    const list = (await api(t, cookie).get('/api/affiliate/resources')).json<MarketingResource[]>();
    expect(list.map((resource) => resource.id)).toContain(shown.id);
    expect(list.map((resource) => resource.id)).not.toContain(hidden.id);
    expect(list.find((resource) => resource.id === template.id)).toMatchObject({ content: 'Hi {{name}},', fileUrl: null });
    const mine = list.find((resource) => resource.id === shown.id)!;
    expect(mine.fileUrl).toBe(`/api/affiliate/resources/${shown.id}/file`);
    const file = await api(t, cookie).get(mine.fileUrl!);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pngBytes(3, 3))).toBe(true);
    expect((await api(t, cookie).get(`/api/affiliate/resources/${hidden.id}/file`)).statusCode).toBe(404);
    for (const [method, url] of routes(shown.id)) expect((await api(t, cookie).send(method, url, method === 'PATCH' ? { isActive: false } : undefined)).statusCode, `${method} ${url}`).toBe(403);
    expect((await api(t, operator.cookie).get(mine.fileUrl!)).statusCode).toBe(403);
  });

  test('without a file store, uploads answer 503 rather than losing the file', async () => {
    const bare = await createTestApp();
    try {
      const { cookie } = await signIn(bare, { role: 'admin' });
      const { payload, headers } = await multipart({ ...base, type: 'image' }, { bytes: pngBytes(), name: 'a.png' });
      expectJsonError(await api(bare, cookie).post(URL, payload, { headers }), 503, M.storageUnavailable);
    } finally {
      await bare.close();
    }
  });
});

/**
 * A zip whose central directory says `entry` unpacks to `size` bytes, as a crafted bomb's does; the
 * bytes themselves stay small, so the test needs no half a gigabyte to build it.
 */
function declaringUnpackedSize(zip: Buffer, entry: string, size: number): Buffer {
  const out = Buffer.from(zip);
  for (let at = out.indexOf(CENTRAL_DIRECTORY_ENTRY); at !== -1; at = out.indexOf(CENTRAL_DIRECTORY_ENTRY, at + 4)) {
    const nameLength = out.readUInt16LE(at + 28);
    if (out.toString('utf8', at + 46, at + 46 + nameLength) === entry) out.writeUInt32LE(size, at + 24);
  }
  return out;
}
const CENTRAL_DIRECTORY_ENTRY = Buffer.from([0x50, 0x4b, 0x01, 0x02]);
