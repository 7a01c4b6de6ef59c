import { eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMachine, createProduct, type ProductSeed } from '../../src/server/db/factories.js';
import { planogramSlots, products, purchaseListItems, restockRecords, users } from '../../src/server/db/schema.js';
import type { PurchaseList, PurchaseListAdded, PurchaseListLineInput } from '../../src/shared/stock.schemas.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { api, DAY_MS, expectJsonError, signIn } from './helpers.js';

const LIST = '/api/stock/purchase-list';
const ITEMS = `${LIST}/items`;
const CSV = `${LIST}/export.csv`;
const PDF = `${LIST}/pick-list.pdf`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function product(userId: number, seed: ProductSeed & { yourPrice?: string | null }) {
  const { yourPrice, ...rest } = seed;
  const row = await createProduct(t.database.db, userId, rest);
  if (yourPrice !== undefined) await t.database.db.update(products).set({ yourPrice }).where(eq(products.id, row.id));
  return row;
}

/**
 * A signed-in operator with two machines and three products. The names differ in case on purpose:
 * the list sorts 'atrium' before 'Breakroom' and 'chips' before 'Water', as people read them.
 */
async function operator() {
  const signedIn = await signIn(t);
  const id = signedIn.user.id;
  const atrium = await createMachine(t.database.db, id, { name: 'atrium', location: 'Ground floor', address: '1 Main St, Springfield' });
  const breakroom = await createMachine(t.database.db, id, { name: 'Breakroom', location: 'Level 2' });
  const water = await product(id, { name: 'Water', brand: 'Aqua', category: 'Soda', yourPrice: '1.25' });
  const chips = await product(id, { name: 'chips', brand: 'Crunch', category: 'Chips' });
  const juice = await product(id, { name: 'Apple Juice', brand: 'Orchard', category: 'Tea', yourPrice: '0.80' });
  return { ...signedIn, atrium, breakroom, water, chips, juice };
}
type Operator = Awaited<ReturnType<typeof operator>>;

const line = (machine: { id: number }, item: { id: number }, quantity: number, extra: Partial<PurchaseListLineInput> = {}): PurchaseListLineInput => ({
  machineId: machine.id,
  productId: item.id,
  quantity,
  source: 'manual',
  ...extra,
});

async function add(owner: Operator, ...items: PurchaseListLineInput[]): Promise<PurchaseListAdded> {
  const res = await owner.api.post(ITEMS, { items });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function read(owner: Operator): Promise<PurchaseList> {
  const res = await owner.api.get(LIST);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const rowsOf = (userId: number) => t.database.db.select().from(purchaseListItems).where(eq(purchaseListItems.userId, userId));

describe('the purchase list', () => {
  test('starts empty, in the operator\'s currency', async () => {
    const owner = await operator();
    expect(await read(owner)).toEqual({ items: [], totalUnits: 0, knownCost: '0.00', unknownCostLines: 0, currency: 'USD' });
    await t.database.db.update(users).set({ currency: 'EUR' }).where(eq(users.id, owner.user.id));
    expect((await read(owner)).currency).toBe('EUR');
  });

  test('answers every line by machine name, then product name (case aside), with unit and line costs and the totals', async () => {
    const owner = await operator();
    const { atrium, breakroom, water, chips, juice } = owner;
    const added = await add(
      owner,
      line(breakroom, water, 2, { source: 'recommendation' }),
      line(atrium, water, 10, { source: 'prediction', note: '  top shelf  ' }),
      line(atrium, chips, 4),
      line(atrium, juice, 3),
    );
    expect(added.added).toBe(4);
    expect(added.updated).toBe(0);
    expect(added.list).toEqual(await read(owner));

    const { items, ...totals } = added.list;
    expect(items.map((item) => [item.machineName, item.productName])).toEqual([
      ['atrium', 'Apple Juice'],
      ['atrium', 'chips'],
      ['atrium', 'Water'],
      ['Breakroom', 'Water'],
    ]);
    expect(items[2]).toEqual({
      id: expect.any(Number),
      machineId: atrium.id,
      machineName: 'atrium',
      machineLocation: 'Ground floor',
      productId: water.id,
      productName: 'Water',
      brand: 'Aqua',
      category: 'Soda',
      quantity: 10,
      source: 'prediction',
      note: 'top shelf',
      unitCost: '1.25',
      lineCost: '12.50',
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(items.map((item) => [item.unitCost, item.lineCost])).toEqual([
      ['0.80', '2.40'],
      [null, null],
      ['1.25', '12.50'],
      ['1.25', '2.50'],
    ]);
    expect(totals).toEqual({ totalUnits: 19, knownCost: '17.40', unknownCostLines: 1, currency: 'USD' });
  });

  test('costs stay exact to the cent at the largest quantities; a cost of 0.00 is known, not unknown', async () => {
    const owner = await operator();
    const dear = await product(owner.user.id, { name: 'Gold Bar', yourPrice: '99999999.99' });
    const free = await product(owner.user.id, { name: 'Free Sample', yourPrice: '0.00' });
    const cheap = await product(owner.user.id, { name: 'Gum', yourPrice: '0.10' });
    const { list } = await add(owner, line(owner.atrium, dear, 100_000), line(owner.atrium, free, 50), line(owner.atrium, cheap, 3), line(owner.breakroom, dear, 99_999));
    const byName = Object.fromEntries(list.items.map((item) => [`${item.machineName}/${item.productName}`, item.lineCost]));
    expect(byName).toEqual({ 'atrium/Gold Bar': '9999999999000.00', 'atrium/Free Sample': '0.00', 'atrium/Gum': '0.30', 'Breakroom/Gold Bar': '9999899999000.01' });
    expect(list.knownCost).toBe('19999899998000.31');
    expect(list.unknownCostLines).toBe(0);
    expect(list.totalUnits).toBe(200_052);
  });
});

describe('POST /api/stock/purchase-list/items', () => {
  test('sets a line already on the list: the same forecast added twice is not doubled; quantity, source and note follow the last call', async () => {
    const owner = await operator();
    const { atrium, breakroom, water, chips } = owner;
    const first = await add(owner, line(atrium, water, 10, { source: 'prediction', note: 'Top shelf' }));
    const [original] = first.list.items;

    const again = await add(owner, line(atrium, water, 10, { source: 'prediction' }));
    expect([again.added, again.updated]).toEqual([0, 1]);
    const [same] = again.list.items;
    expect(same).toMatchObject({ id: original!.id, quantity: 10, source: 'prediction', note: 'Top shelf' });
    expect(Date.parse(same!.updatedAt)).toBeGreaterThanOrEqual(Date.parse(original!.updatedAt));
    expect(again.list.totalUnits).toBe(10);

    const changed = await add(owner, line(atrium, water, 6, { source: 'recommendation', note: 'Bottom row' }), line(breakroom, chips, 2));
    expect([changed.added, changed.updated]).toEqual([1, 1]);
    expect(changed.list.items.map((item) => [item.id === original!.id, item.productName, item.quantity, item.source, item.note])).toEqual([
      [true, 'Water', 6, 'recommendation', 'Bottom row'],
      [false, 'chips', 2, 'manual', ''],
    ]);

    const cleared = await add(owner, line(atrium, water, 6, { source: 'manual', note: '' }));
    expect(cleared.list.items[0]).toMatchObject({ id: original!.id, source: 'manual', note: '' });
    expect(await rowsOf(owner.user.id)).toHaveLength(2);
  });

  test.each([
    ['items', {}, 'Items must be a list'],
    ['items', { items: 'water' }, 'Items must be a list'],
    ['items', { items: [] }, 'Add at least one item'],
    ['items.0.machineId', { items: [{ machineId: 'x', productId: 1, quantity: 1, source: 'manual' }] }, 'Machine id must be a whole number'],
    ['items.0.productId', { items: [{ machineId: 1, quantity: 1, source: 'manual' }] }, 'Product id must be a whole number'],
    ['items.0.quantity', { items: [{ machineId: 1, productId: 1, source: 'manual' }] }, 'Quantity must be a whole number'],
    ['items.0.quantity', { items: [{ machineId: 1, productId: 1, quantity: 2.5, source: 'manual' }] }, 'Quantity must be a whole number'],
    ['items.0.quantity', { items: [{ machineId: 1, productId: 1, quantity: 0, source: 'manual' }] }, 'Quantity must be at least 1'],
    ['items.0.quantity', { items: [{ machineId: 1, productId: 1, quantity: 100_001, source: 'manual' }] }, 'Quantity must be at most 100,000'],
    ['items.0.source', { items: [{ machineId: 1, productId: 1, quantity: 1 }] }, 'Source must be prediction, recommendation or manual'],
    ['items.0.source', { items: [{ machineId: 1, productId: 1, quantity: 1, source: 'robot' }] }, 'Source must be prediction, recommendation or manual'],
    ['items.0.note', { items: [{ machineId: 1, productId: 1, quantity: 1, source: 'manual', note: 5 }] }, 'Note must be text'],
    ['items.0.note', { items: [{ machineId: 1, productId: 1, quantity: 1, source: 'manual', note: 'n'.repeat(201) }] }, 'Note must be at most 200 characters'],
    ['colour', { items: [{ machineId: 1, productId: 1, quantity: 1, source: 'manual', colour: 'red' }] }, 'Unknown field: colour'],
  ])('refuses a bad %s: %j', async (field, body, message) => {
    const owner = await operator();
    const error = expectJsonError(await owner.api.post(ITEMS, body), 400, message);
    expect(error.errors?.[field]).toBe(message);
    expect(await rowsOf(owner.user.id)).toEqual([]);
  });

  test('refuses more than 200 lines and one machine and product named twice', async () => {
    const owner = await operator();
    const many = Array.from({ length: 201 }, (_, index) => line(owner.atrium, { id: index + 1 }, 1));
    expectJsonError(await owner.api.post(ITEMS, { items: many }), 400, 'At most 200 items at a time');
    const twice = expectJsonError(
      await owner.api.post(ITEMS, { items: [line(owner.atrium, owner.water, 1), line(owner.breakroom, owner.water, 1), line(owner.atrium, owner.water, 2)] }),
      400,
      'Each machine and product can appear only once',
    );
    expect(twice.errors).toEqual({ 'items.2.productId': 'Each machine and product can appear only once' });
    // 200 lines is the limit, not past it, and a note of 200 characters fits.
    const products200 = await Promise.all(Array.from({ length: 100 }, (_, index) => product(owner.user.id, { name: `Bulk ${index}` })));
    const items = products200.flatMap((item) => [line(owner.atrium, item, 1, { note: 'n'.repeat(200) }), line(owner.breakroom, item, 1)]);
    expect((await add(owner, ...items)).added).toBe(200);
  });

  test('is all or nothing: a foreign machine or product writes no line, and neither does a failure on the last line', async () => {
    const owner = await operator();
    const stranger = await operator();
    await add(owner, line(owner.atrium, owner.water, 5, { note: 'before' }));
    const before = await read(owner);

    const badProduct = expectJsonError(
      await owner.api.post(ITEMS, { items: [line(owner.atrium, owner.water, 9, { note: 'after' }), line(owner.breakroom, owner.chips, 1), line(owner.breakroom, stranger.water, 1)] }),
      404,
      'Product not found',
    );
    expect(badProduct.errors).toEqual({ 'items.2.productId': 'Product not found' });
    const badMachine = expectJsonError(
      await owner.api.post(ITEMS, { items: [line(owner.atrium, owner.water, 9), line(stranger.atrium, owner.chips, 1)] }),
      404,
      'Machine not found',
    );
    expect(badMachine.errors).toEqual({ 'items.1.machineId': 'Machine not found' });
    expect(await read(owner)).toEqual(before);
    expect(await rowsOf(stranger.user.id)).toEqual([]);

    // The database refuses the last line (a trigger stands in for any failure mid-write): the
    // change to the first line, written earlier in the same call, is undone too.
    const db = t.database.db;
    await db.execute(sql`create function vv_test_refuse_line() returns trigger language plpgsql as $$
      begin if new.quantity = 99999 then raise exception 'refused by the test'; end if; return new; end $$`);
    await db.execute(sql`create trigger vv_test_refuse_line before insert on purchase_list_items for each row execute function vv_test_refuse_line()`);
    try {
      const res = await owner.api.post(ITEMS, { items: [line(owner.atrium, owner.water, 9, { note: 'after' }), line(owner.breakroom, owner.chips, 99_999)] });
      expectJsonError(res, 500);
      expect(await read(owner)).toEqual(before);
    } finally {
      await db.execute(sql`drop trigger vv_test_refuse_line on purchase_list_items`);
      await db.execute(sql`drop function vv_test_refuse_line()`);
    }
  });
});

describe('PATCH and DELETE of one line', () => {
  test('changes the quantity or the note and answers the line; an empty note clears it', async () => {
    const owner = await operator();
    const [item] = (await add(owner, line(owner.atrium, owner.water, 4, { source: 'prediction', note: 'Top' }))).list.items;
    const url = `${ITEMS}/${item!.id}`;

    let res = await owner.api.patch(url, { quantity: 8 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...item, quantity: 8, lineCost: '10.00', updatedAt: expect.any(String) });

    res = await owner.api.patch(url, { note: ' Left side ' });
    expect(res.json()).toMatchObject({ quantity: 8, note: 'Left side', source: 'prediction' });
    res = await owner.api.patch(url, { quantity: 1, note: '' });
    expect(res.json()).toMatchObject({ quantity: 1, note: '', lineCost: '1.25' });
    expect((await read(owner)).items).toEqual([res.json()]);
  });

  test.each([
    ['body', {}, 'Send a quantity or a note to change'],
    ['quantity', { quantity: 0 }, 'Quantity must be at least 1'],
    ['quantity', { quantity: 100_001 }, 'Quantity must be at most 100,000'],
    ['quantity', { quantity: '3' }, 'Quantity must be a whole number'],
    ['note', { note: 'x'.repeat(201) }, 'Note must be at most 200 characters'],
    ['note', { note: null }, 'Note must be text'],
    ['source', { source: 'manual' }, 'Unknown field: source'],
  ])('refuses a bad %s: %j', async (field, body, message) => {
    const owner = await operator();
    const [item] = (await add(owner, line(owner.atrium, owner.water, 4, { note: 'Top' }))).list.items;
    const error = expectJsonError(await owner.api.patch(`${ITEMS}/${item!.id}`, body), 400, message);
    expect(error.errors?.[field]).toBe(message);
    expect((await read(owner)).items).toEqual([item]);
  });

  test('refuses a malformed or unknown id', async () => {
    const owner = await operator();
    expectJsonError(await owner.api.patch(`${ITEMS}/abc`, { quantity: 1 }), 400, 'Item id must be a whole number');
    expectJsonError(await owner.api.delete(`${ITEMS}/0`), 400, 'Item id must be a whole number');
    expectJsonError(await owner.api.patch(`${ITEMS}/2000000000`, { quantity: 1 }), 404, 'Purchase list item not found');
    expectJsonError(await owner.api.delete(`${ITEMS}/2000000000`), 404, 'Purchase list item not found');
  });

  test('removes one line, answering what it deleted, then answers 404', async () => {
    const owner = await operator();
    const { items } = (await add(owner, line(owner.atrium, owner.water, 4), line(owner.atrium, owner.chips, 2))).list;
    const res = await owner.api.delete(`${ITEMS}/${items[0]!.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: items[0]!.id, deleted: true });
    expect((await read(owner)).items.map((item) => item.id)).toEqual([items[1]!.id]);
    expectJsonError(await owner.api.delete(`${ITEMS}/${items[0]!.id}`), 404, 'Purchase list item not found');
  });
});

describe('DELETE /api/stock/purchase-list', () => {
  test("clears one machine's lines with ?machineId=, or every line", async () => {
    const owner = await operator();
    await add(owner, line(owner.atrium, owner.water, 4), line(owner.breakroom, owner.water, 2), line(owner.breakroom, owner.chips, 1));
    let res = await owner.api.delete(`${LIST}?machineId=${owner.breakroom.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: true, lines: 2 });
    expect((await read(owner)).items.map((item) => item.machineName)).toEqual(['atrium']);
    expectJsonError(await owner.api.delete(`${LIST}?machineId=abc`), 400, 'Machine id must be a whole number');
    res = await owner.api.delete(LIST);
    expect(res.json()).toEqual({ deleted: true, lines: 1 });
    expect((await read(owner)).items).toEqual([]);
    expect((await owner.api.delete(LIST)).json()).toEqual({ deleted: true, lines: 0 });
  });
});

/** A time zone whose date differs from UTC's right now: a file named by the UTC date would be caught. */
function zoneAwayFromUtc(): string {
  return new Date().getUTCHours() >= 11 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
}
const isoDateIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

function parseCsv(body: string): string[][] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  const parsed = Papa.parse<string[]>(body.slice(1), { skipEmptyLines: true, newline: '\r\n' });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

const CSV_HEADER = ['Machine', 'Location', 'Product', 'Brand', 'Category', 'Quantity', 'Unit cost', 'Line cost', 'Source', 'Note'];

describe('GET /api/stock/purchase-list/export.csv', () => {
  test("one row per line in the list's order, named by the operator's own date", async () => {
    const owner = await operator();
    const timeZone = zoneAwayFromUtc();
    await t.database.db.update(users).set({ timeZone }).where(eq(users.id, owner.user.id));
    await add(
      owner,
      line(owner.breakroom, owner.water, 2, { source: 'recommendation' }),
      line(owner.atrium, owner.chips, 4, { source: 'prediction', note: 'Bring "spicy", too' }),
      line(owner.atrium, owner.juice, 3),
    );
    const res = await owner.api.get(CSV);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const date = isoDateIn(timeZone);
    expect(date).not.toBe(new Date().toISOString().slice(0, 10));
    expect(res.headers['content-disposition']).toBe(`attachment; filename="purchase-list-${date}.csv"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toContain('\r\n');
    expect(parseCsv(res.body)).toEqual([
      CSV_HEADER,
      ['atrium', 'Ground floor', 'Apple Juice', 'Orchard', 'Tea', '3', '0.80', '2.40', 'Manual', ''],
      ['atrium', 'Ground floor', 'chips', 'Crunch', 'Chips', '4', '', '', 'Forecast', 'Bring "spicy", too'],
      ['Breakroom', 'Level 2', 'Water', 'Aqua', 'Soda', '2', '1.25', '2.50', 'Recommendation', ''],
    ]);
  });

  test('an empty list is the header alone', async () => {
    const owner = await operator();
    const res = await owner.api.get(CSV);
    expect(res.statusCode).toBe(200);
    expect(parseCsv(res.body)).toEqual([CSV_HEADER]);
  });

  test('a cell that a spreadsheet would run as a formula starts with an apostrophe; other text is left alone', async () => {
    const owner = await operator();
    const db = t.database.db;
    const machine = await createMachine(db, owner.user.id, { name: '=HYPERLINK("http://evil.test","Open")', location: '@SUM(A1:A9)' });
    const plus = await product(owner.user.id, { name: '+1+2', brand: '-3', yourPrice: '1.00' });
    const tab = await product(owner.user.id, { name: '\tTabbed', brand: '\rReturned' });
    const harmless = await product(owner.user.id, { name: 'Cola = Happy', brand: 'A-1 Snacks' });
    await add(owner, line(machine, plus, 1, { note: '=1+1\nsecond line' }), line(machine, tab, 2, { note: '-minus' }), line(machine, harmless, 3, { note: 'fine @ noon' }));

    // In quantity order: how the collation places a leading '+' or tab is beside the point here.
    const rows = parseCsv((await owner.api.get(CSV)).body)
      .slice(1)
      .sort((a, b) => Number(a[5]) - Number(b[5]));
    expect(rows).toEqual([
      ['\'=HYPERLINK("http://evil.test","Open")', "'@SUM(A1:A9)", "'+1+2", "'-3", 'Chips', '1', '1.00', '1.00', 'Manual', "'=1+1\nsecond line"],
      ['\'=HYPERLINK("http://evil.test","Open")', "'@SUM(A1:A9)", "'\tTabbed", "'\rReturned", 'Chips', '2', '', '', 'Manual', "'-minus"],
      ['\'=HYPERLINK("http://evil.test","Open")', "'@SUM(A1:A9)", 'Cola = Happy', 'A-1 Snacks', 'Chips', '3', '', '', 'Manual', 'fine @ noon'],
    ]);
  });
});

async function pdfPages(body: Buffer | string): Promise<string[]> {
  const document = await getDocumentProxy(new Uint8Array(body as Buffer));
  const { totalPages, text } = await extractText(document, { mergePages: false });
  expect(text).toHaveLength(totalPages);
  return text;
}

async function pickList(owner: Operator, query = '') {
  const res = await owner.api.get(`${PDF}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return { res, pages: await pdfPages(res.rawPayload) };
}

describe('GET /api/stock/purchase-list/pick-list.pdf', () => {
  test('one page per machine: its name, location, address and the date, a row per product with its quantity, the total and page numbers', async () => {
    const owner = await operator();
    const timeZone = zoneAwayFromUtc();
    await t.database.db.update(users).set({ timeZone }).where(eq(users.id, owner.user.id));
    const unicode = await product(owner.user.id, { name: 'Café Кофе Ωmega', brand: 'Zürich Ltd', category: 'Coffee' });
    // Water sits in two slots of the atrium's planogram: each line says what it lacks of its par.
    const slot = (code: string, par: number) => ({ userId: owner.user.id, machineId: owner.atrium.id, code, productId: owner.water.id, capacity: 10, par, startedAt: new Date(Date.now() - 30 * DAY_MS) });
    await t.database.db.insert(planogramSlots).values([slot('A1', 8), slot('B2', 6)]);
    const visit = (slotCode: string, unitsLeft: number) => ({ userId: owner.user.id, machineId: owner.atrium.id, productId: owner.water.id, slotCode, unitsLeft, unitsFilled: 0, restockedAt: new Date(Date.now() - DAY_MS) });
    await t.database.db.insert(restockRecords).values([visit('A1', 0), visit('B2', 2)]);
    await add(
      owner,
      line(owner.atrium, owner.water, 12, { note: 'Top shelf' }),
      line(owner.atrium, owner.chips, 7),
      line(owner.breakroom, unicode, 5),
    );
    const { res, pages } = await pickList(owner);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="pick-list-${isoDateIn(timeZone)}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const dateText = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone }).format(new Date());
    expect(pages).toHaveLength(2);
    const [first, second] = pages as [string, string];
    for (const text of ['Pick list', 'atrium', 'Ground floor', '1 Main St, Springfield', dateText, 'Product', 'Brand', 'Category', 'Slots', 'Quantity', 'Loaded', 'Note', 'Total units: 19', 'Page 1 of 2']) {
      expect(first).toContain(text);
    }
    expect(first).toMatch(/chips\s+Crunch\s+Chips\s+—\s+7/);
    expect(first).toMatch(/Water\s+Aqua\s+Soda\s+A1: 8, B2: 4\s+12\s+Top shelf/);
    expect(first.indexOf('chips')).toBeLessThan(first.indexOf('Water'));
    expect(first).not.toContain('Breakroom');
    expect(first).not.toContain('Café');

    for (const text of ['Pick list', 'Breakroom', 'Level 2', dateText, 'Total units: 5', 'Page 2 of 2']) expect(second).toContain(text);
    expect(second).toMatch(/Café Кофе Ωmega\s+Zürich Ltd\s+Coffee\s+—\s+5/);
    expect(second).not.toContain('atrium');
  });

  test('?machineId= prints that machine alone', async () => {
    const owner = await operator();
    await add(owner, line(owner.atrium, owner.water, 12), line(owner.breakroom, owner.chips, 3));
    const { pages } = await pickList(owner, `?machineId=${owner.breakroom.id}`);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain('Breakroom');
    expect(pages[0]).toMatch(/chips\s+Crunch\s+Chips\s+—\s+3/);
    expect(pages[0]).toContain('Total units: 3');
    expect(pages[0]).toContain('Page 1 of 1');
    expect(pages[0]).not.toContain('Water');
  });

  test('a machine with more lines than a page goes on over pages, the table heading repeated', async () => {
    const owner = await operator();
    const many = await Promise.all(Array.from({ length: 60 }, (_, index) => product(owner.user.id, { name: `Snack ${String(index + 1).padStart(2, '0')}` })));
    await add(owner, ...many.map((item, index) => line(owner.atrium, item, index + 1)));
    const { pages } = await pickList(owner);
    expect(pages.length).toBeGreaterThan(1);
    const all = pages.join('\n');
    for (let index = 1; index <= 60; index += 1) expect(all).toMatch(new RegExp(`Snack ${String(index).padStart(2, '0')}\\s+Generic\\s+Chips\\s+—\\s+${index}\\b`));
    pages.slice(1).forEach((page, index) => {
      expect(page).toContain('Pick list: atrium (continued)');
      expect(page).toContain('Quantity');
      expect(page).toContain(`Page ${index + 2} of ${pages.length}`);
    });
    expect(pages.at(-1)).toContain(`Total units: ${(60 * 61) / 2}`);
    expect(pages[0]).not.toContain('Total units');
  });

  test('an empty list, or a machine with no lines, answers 409; a malformed machine id 400', async () => {
    const owner = await operator();
    expectJsonError(await owner.api.get(PDF), 409, 'Your purchase list is empty');
    await add(owner, line(owner.atrium, owner.water, 1));
    expectJsonError(await owner.api.get(`${PDF}?machineId=${owner.breakroom.id}`), 409, 'This machine has nothing on your purchase list');
    expectJsonError(await owner.api.get(`${PDF}?machineId=x`), 400, 'Machine id must be a whole number');
  });
});

describe('tenancy', () => {
  test("another operator's machines, products and lines answer 404 like missing ones and change nothing", async () => {
    const owner = await operator();
    const other = await operator();
    await add(owner, line(owner.atrium, owner.water, 4, { note: 'mine' }), line(owner.breakroom, owner.chips, 2));
    const before = await read(owner);
    const [item] = before.items;

    for (const machineId of [owner.atrium.id, 2_000_000_000]) {
      expectJsonError(await other.api.post(ITEMS, { items: [line({ id: machineId }, other.water, 1)] }), 404, 'Machine not found');
      expectJsonError(await other.api.delete(`${LIST}?machineId=${machineId}`), 404, 'Machine not found');
      expectJsonError(await other.api.get(`${PDF}?machineId=${machineId}`), 404, 'Machine not found');
    }
    for (const productId of [owner.water.id, 2_000_000_000]) {
      expectJsonError(await other.api.post(ITEMS, { items: [line(other.atrium, { id: productId }, 1)] }), 404, 'Product not found');
    }
    expectJsonError(await other.api.patch(`${ITEMS}/${item!.id}`, { quantity: 99, note: 'theirs' }), 404, 'Purchase list item not found');
    expectJsonError(await other.api.delete(`${ITEMS}/${item!.id}`), 404, 'Purchase list item not found');

    // Their own list, export and pick list hold nothing of the owner's; clearing theirs leaves the owner's.
    expect((await read(other)).items).toEqual([]);
    expect(parseCsv((await other.api.get(CSV)).body)).toEqual([CSV_HEADER]);
    expectJsonError(await other.api.get(PDF), 409, 'Your purchase list is empty');
    expect((await other.api.delete(LIST)).json()).toEqual({ deleted: true, lines: 0 });

    expect(await read(owner)).toEqual(before);
    expect(await rowsOf(other.user.id)).toEqual([]);
  });

  test('signed out, every route answers 401', async () => {
    const anonymous = api(t);
    for (const res of [
      await anonymous.get(LIST),
      await anonymous.post(ITEMS, { items: [{ machineId: 1, productId: 1, quantity: 1, source: 'manual' }] }),
      await anonymous.patch(`${ITEMS}/1`, { quantity: 2 }),
      await anonymous.delete(`${ITEMS}/1`),
      await anonymous.delete(LIST),
      await anonymous.get(CSV),
      await anonymous.get(PDF),
    ]) {
      expectJsonError(res, 401, 'Unauthorized');
    }
  });
});
