import { extractText, getDocumentProxy } from 'unpdf';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMachine } from '../../src/server/db/factories.js';
import { users } from '../../src/server/db/schema.js';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../support/index.js';
import { api, expectJsonError, signIn } from './helpers.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signIn>>;
let stranger: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t);
  stranger = await signIn(t);
});
afterAll(() => t.close());

const generate = (payload: unknown, cookie?: string) => api(t, cookie).post('/api/qr-code/generate', payload);
const sheet = (cookie?: string, query = '') => api(t, cookie).get(`/api/qr-code/sheet.pdf${query}`);

// jsqr is a UMD bundle with the function on `default`; module loaders disagree on unwrapping it.
type Decode = typeof jsQRModule.default;
const jsQR: Decode = (jsQRModule as unknown as { default?: Decode }).default ?? (jsQRModule as unknown as Decode);

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function decodePng(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('image/png');
  expect(res.rawPayload.subarray(0, 8)).toEqual(PNG_SIGNATURE);
  const image = PNG.sync.read(res.rawPayload);
  const code = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
  return { image, text: code?.data };
}

/** Dark pixels below the square that holds the QR code: the caption. */
function captionInk(image: PNG): number {
  let dark = 0;
  for (let y = image.width; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) if (image.data[(y * image.width + x) * 4]! < 128) dark++;
  }
  return dark;
}

const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

describe('POST /api/qr-code/generate', () => {
  test('a PNG whose QR code reads as the machine’s vote page, shown inline under the machine’s name', async () => {
    const machine = await createMachine(t.database.db, owner.user.id, { name: 'Café Lobby #2' });
    const res = await generate({ machineId: machine.id }, owner.cookie);
    const { image, text } = decodePng(res);
    // The code carries its source for the scan funnel.
    expect(text).toBe(`${TEST_PUBLIC_URL}/vote/${machine.id}?src=screen`);
    expect(image.height).toBeGreaterThan(image.width);
    expect(captionInk(image)).toBeGreaterThan(0);
    expect(res.headers['content-disposition']).toBe('inline; filename="vendvote-qr-cafe-lobby-2.png"');
  });

  test('without customText the caption is "Scan to vote for products"', async () => {
    const machine = await createMachine(t.database.db, owner.user.id);
    const implicit = await generate({ machineId: machine.id }, owner.cookie);
    const explicit = await generate({ machineId: machine.id, customText: 'Scan to vote for products' }, owner.cookie);
    const other = await generate({ machineId: machine.id, customText: 'Vote here' }, owner.cookie);
    expect(implicit.rawPayload.equals(explicit.rawPayload)).toBe(true);
    expect(implicit.rawPayload.equals(other.rawPayload)).toBe(false);
  });

  test('an empty caption leaves a square code; a two-line caption is taller than a one-line one', async () => {
    const machine = await createMachine(t.database.db, owner.user.id);
    const bare = decodePng(await generate({ machineId: String(machine.id), customText: '' }, owner.cookie));
    const oneLine = decodePng(await generate({ machineId: machine.id, customText: 'Vote here' }, owner.cookie));
    const twoLines = decodePng(await generate({ machineId: machine.id, customText: 'Tell us which snacks and drinks you want next' }, owner.cookie));
    expect(bare.image.height).toBe(bare.image.width);
    expect(captionInk(bare.image)).toBe(0);
    expect(oneLine.image.height).toBeGreaterThan(bare.image.height);
    expect(twoLines.image.height).toBeGreaterThan(oneLine.image.height);
    for (const { text } of [bare, oneLine, twoLines]) expect(text).toBe(`${TEST_PUBLIC_URL}/vote/${machine.id}?src=screen`);
  });

  test('markup in the caption is drawn as text, not read as SVG', async () => {
    const machine = await createMachine(t.database.db, owner.user.id, { name: '***' });
    const res = await generate({ machineId: machine.id, customText: `</text><b>"Tom's" & <i>` }, owner.cookie);
    expect(captionInk(decodePng(res).image)).toBeGreaterThan(0);
    expect(res.headers['content-disposition']).toBe(`inline; filename="vendvote-qr-machine-${machine.id}.png"`);
  });

  test.each([
    [{ customText: 'x'.repeat(61) }, 'customText', 'The caption must be at most 60 characters'],
    [{ customText: 'bell\u0007' }, 'customText', 'The caption cannot contain control characters'],
    [{ machineId: 'abc' }, 'machineId', 'Machine id must be a whole number'],
    [{ machineId: 0 }, 'machineId', 'Machine id must be a whole number'],
    [{ extra: true }, 'extra', 'Unknown field: extra'],
  ])('%j is a 400', async (overrides, field, message) => {
    const machine = await createMachine(t.database.db, owner.user.id);
    const body = expectJsonError(await generate({ machineId: machine.id, ...overrides }, owner.cookie), 400, message);
    expect(body.errors).toEqual({ [field]: message });
  });

  test('a lone half of a surrogate pair is cleaned to U+FFFD before the caption is checked, as on every route', async () => {
    const machine = await createMachine(t.database.db, owner.user.id);
    const res = await generate({ machineId: machine.id, customText: 'half \ud800 pair' }, owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
  });

  test('another operator’s machine answers exactly like a missing one (404)', async () => {
    const foreign = await createMachine(t.database.db, stranger.user.id);
    const foreignRes = await generate({ machineId: foreign.id }, owner.cookie);
    const missingRes = await generate({ machineId: 2147483000 }, owner.cookie);
    expect(expectJsonError(foreignRes, 404)).toEqual({ message: 'Machine not found' });
    expect(foreignRes.body).toBe(missingRes.body);
  });

  test('signed out is 401', async () => {
    const machine = await createMachine(t.database.db, owner.user.id);
    expect(expectJsonError(await generate({ machineId: machine.id }), 401)).toEqual({ message: 'Unauthorized' });
  });
});

describe('GET /api/qr-code/sheet.pdf', () => {
  test('an operator without machines gets a 404 saying to add one', async () => {
    const { cookie } = await signIn(t);
    expect(expectJsonError(await sheet(cookie), 404)).toEqual({ message: 'Add a machine first to print its QR code.' });
  });

  test('a PDF attachment of one page for one machine', async () => {
    const { user, cookie } = await signIn(t);
    await createMachine(t.database.db, user.id);
    const res = await sheet(cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="vendvote-qr-codes.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.rawPayload.subarray(-6).toString('latin1')).toMatch(/%%EOF\s*$/);
    expect(pageCount(res.rawPayload)).toBe(1);
  });

  test('each code is printed with the address to type, which carries no source (typing is not scanning)', async () => {
    const { user, cookie } = await signIn(t);
    const machine = await createMachine(t.database.db, user.id);
    const document = await getDocumentProxy(new Uint8Array((await sheet(cookie)).rawPayload));
    const { text } = await extractText(document, { mergePages: true });
    expect(text).toContain(`${TEST_PUBLIC_URL}/vote/${machine.id}`);
    expect(text).not.toContain('src=');
  });

  test('nine codes fit a page; the tenth starts a second; other operators’ machines are not printed', async () => {
    const { user, cookie } = await signIn(t);
    await t.database.db.update(users).set({ subscriptionTier: 'enterprise' }).where(eq(users.id, user.id));
    for (let i = 0; i < 9; i++) await createMachine(t.database.db, user.id);
    for (let i = 0; i < 3; i++) await createMachine(t.database.db, stranger.user.id);
    expect(pageCount((await sheet(cookie)).rawPayload)).toBe(1);
    await createMachine(t.database.db, user.id);
    expect(pageCount((await sheet(cookie)).rawPayload)).toBe(2);
  });

  test('a caption that is too long is a 400; signed out is 401', async () => {
    expectJsonError(await sheet(owner.cookie, `?customText=${'x'.repeat(61)}`), 400, 'The caption must be at most 60 characters');
    expect(expectJsonError(await sheet(), 401)).toEqual({ message: 'Unauthorized' });
  });
});
