import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createProduct } from '../../src/server/db/factories.js';
import { productImportBatches, products } from '../../src/server/db/schema.js';
import { PRODUCT_CATEGORIES } from '../../src/shared/catalog.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { api, expectJsonError, signIn } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const INVALID_CATEGORY = `Invalid category. Must be one of: ${PRODUCT_CATEGORIES.join(', ')}`;

const row = (n: number, overrides: Record<string, unknown> = {}) => ({ row: n, name: `Product ${n}`, brand: 'Brand', category: 'Chips', ...overrides });
const batch = (rows: unknown[], overrides: Record<string, unknown> = {}) => ({ batchKey: randomUUID(), existing: 'skip', rows, ...overrides });

const catalogueOf = async (userId: number) =>
  t.database.db.select().from(products).where(eq(products.userId, userId)).orderBy(products.id);
const productCount = async () => (await t.database.db.select({ n: count() }).from(products))[0]!.n;

describe('POST /api/products/import', () => {
  test('imports valid rows with price 0.00 and an empty description unless given, votes 0, for the caller only', async () => {
    const operator = await signIn(t);
    const other = await signIn(t);
    const res = await operator.api.post(
      '/api/products/import',
      batch([row(2, { name: 'Takis Fuego', brand: 'Barcel' }), row(3, { name: 'Cashews', category: 'Nuts', price: '2.5', description: 'Roasted' })]),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      batchKey: expect.any(String),
      created: 2,
      updated: 0,
      skipped: 0,
      rows: [
        { row: 2, outcome: 'created' },
        { row: 3, outcome: 'created' },
      ],
      replayed: false,
    });
    const stored = await catalogueOf(operator.user.id);
    expect(stored.map((p) => [p.name, p.brand, p.category, p.price, p.description, p.votes])).toEqual([
      ['Takis Fuego', 'Barcel', 'Chips', '0.00', '', 0],
      ['Cashews', 'Brand', 'Nuts', '2.50', 'Roasted', 0],
    ]);
    expect(await catalogueOf(other.user.id)).toEqual([]);
    // The imported products are in the operator's list, as any other.
    const listed = (await operator.api.get('/api/products')).json() as { name: string }[];
    expect(listed.map((p) => p.name).sort()).toEqual(['Cashews', 'Takis Fuego']);
  });

  test.each([
    ['no name', { name: undefined }, 'rows.0.name', 'Product name is required'],
    ['a blank name', { name: '   ' }, 'rows.0.name', 'Product name is required'],
    ['a 121-character name', { name: 'n'.repeat(121) }, 'rows.0.name', 'Must be at most 120 characters'],
    ['no brand', { brand: undefined }, 'rows.0.brand', 'Brand is required'],
    ['an empty brand', { brand: '' }, 'rows.0.brand', 'Brand is required'],
    ['no category', { category: undefined }, 'rows.0.category', 'Category is required'],
    ['an empty category', { category: '' }, 'rows.0.category', 'Category is required'],
    ['an unknown category', { category: 'Candy' }, 'rows.0.category', INVALID_CATEGORY],
    ['a category in the wrong case', { category: 'chips' }, 'rows.0.category', INVALID_CATEGORY],
    ['a negative price', { price: '-1.00' }, 'rows.0.price', 'Price must be an amount such as 1.99'],
    ['a price with three decimals', { price: '1.999' }, 'rows.0.price', 'Price must be an amount such as 1.99'],
    ['a price in words', { price: 'free' }, 'rows.0.price', 'Price must be an amount such as 1.99'],
    ['a description of 1,001 characters', { description: 'd'.repeat(1001) }, 'rows.0.description', 'Must be at most 1000 characters'],
    ['row number 1 (the header)', { row: 1 }, 'rows.0.row', 'The row number must be a whole number from 2'],
    ['an unknown field', { votes: 5 }, 'votes', 'Unknown field: votes'],
  ])('a row with %s is refused with its message, and nothing of the batch is stored', async (_case, overrides, field, message) => {
    const operator = await signIn(t);
    const before = await productCount();
    const body = expectJsonError(await operator.api.post('/api/products/import', batch([row(2), row(3, overrides)].reverse())), 400, message);
    expect(body.errors).toMatchObject({ [field]: message });
    expect(await productCount()).toBe(before);
  });

  test('the batch itself: more than 1,000 rows, none, a missing key or choice are refused', async () => {
    const operator = await signIn(t);
    const before = await productCount();
    const rows = Array.from({ length: 1001 }, (_, index) => row(index + 2));
    expectJsonError(await operator.api.post('/api/products/import', batch(rows)), 400, 'At most 1,000 rows per request');
    expectJsonError(await operator.api.post('/api/products/import', batch([])), 400, 'Send at least one row');
    expectJsonError(await operator.api.post('/api/products/import', batch([row(2)], { batchKey: 'abc' })), 400, 'The batch key must be a UUID');
    expectJsonError(await operator.api.post('/api/products/import', batch([row(2)], { existing: 'merge' })), 400, 'Choose skip or update for products you already have');
    expect(await productCount()).toBe(before);
    // Exactly 1,000 is one batch.
    const res = await operator.api.post('/api/products/import', batch(rows.slice(0, 1000)));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().created).toBe(1000);
  });

  test('a full batch with the longest fields fits the body limit', async () => {
    const operator = await signIn(t);
    const rows = Array.from({ length: 1000 }, (_, index) =>
      row(index + 2, { name: `${index} ${'é'.repeat(110)}`, brand: 'b'.repeat(120), price: '12345678.99', description: 'ü'.repeat(1000) }),
    );
    const res = await operator.api.post('/api/products/import', batch(rows));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().created).toBe(1000);
  });

  test('existing products (same name and brand, ignoring case): skip leaves them, update changes category, price and description', async () => {
    const operator = await signIn(t);
    const other = await signIn(t);
    const mine = await createProduct(t.database.db, operator.user.id, { name: 'Takis Fuego', brand: 'Barcel', category: 'Chips', price: '1.00', description: 'Hot' });
    // Another operator's product of the same name is not a match.
    await createProduct(t.database.db, other.user.id, { name: 'Cashews', brand: 'Planters' });
    const rows = [
      row(2, { name: 'takis fuego', brand: 'BARCEL', category: 'Sweets', price: '2.00' }),
      row(3, { name: 'Cashews', brand: 'Planters', category: 'Nuts' }),
    ];

    const skipped = await operator.api.post('/api/products/import', batch(rows, { existing: 'skip' }));
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(skipped.json()).toMatchObject({ created: 1, updated: 0, skipped: 1, rows: [{ row: 2, outcome: 'skipped' }, { row: 3, outcome: 'created' }] });
    expect((await catalogueOf(operator.user.id)).find((p) => p.id === mine.id)).toMatchObject({ name: 'Takis Fuego', category: 'Chips', price: '1.00' });

    const updated = await operator.api.post('/api/products/import', batch(rows, { existing: 'update' }));
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ created: 0, updated: 2, skipped: 0 });
    const stored = await catalogueOf(operator.user.id);
    expect(stored).toHaveLength(2);
    // The catalogue keeps its spelling; an empty description keeps the current one.
    expect(stored.find((p) => p.id === mine.id)).toMatchObject({ name: 'Takis Fuego', brand: 'Barcel', category: 'Sweets', price: '2.00', description: 'Hot' });
    expect(stored.find((p) => p.name === 'Cashews')).toMatchObject({ category: 'Nuts', price: '0.00' });
  });

  test('a repeated name and brand within a batch makes one product: skipped or merged into it', async () => {
    const operator = await signIn(t);
    const rows = [row(2, { name: 'Pretzels', price: '1.00' }), row(3, { name: 'PRETZELS', category: 'Sweets', price: '3.00' })];
    const skip = await operator.api.post('/api/products/import', batch(rows, { existing: 'skip' }));
    expect(skip.json()).toMatchObject({ created: 1, skipped: 1 });
    expect((await catalogueOf(operator.user.id)).map((p) => [p.name, p.category, p.price])).toEqual([['Pretzels', 'Chips', '1.00']]);

    const other = await signIn(t);
    const update = await other.api.post('/api/products/import', batch(rows, { existing: 'update' }));
    expect(update.json()).toMatchObject({ created: 1, updated: 1 });
    expect((await catalogueOf(other.user.id)).map((p) => [p.name, p.category, p.price])).toEqual([['Pretzels', 'Sweets', '3.00']]);
  });

  test('a batch sent again with the same key imports once and answers the stored result', async () => {
    const operator = await signIn(t);
    const payload = batch([row(2), row(3)]);
    const first = await operator.api.post('/api/products/import', payload);
    expect(first.statusCode, first.body).toBe(200);
    const again = await operator.api.post('/api/products/import', payload);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ ...first.json(), replayed: true });
    expect(await catalogueOf(operator.user.id)).toHaveLength(2);
    // Two at once with one key: still once.
    const racing = batch([row(2, { name: 'Racing' })]);
    const answers = await Promise.all([operator.api.post('/api/products/import', racing), operator.api.post('/api/products/import', racing)]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(answers.map((res) => res.json().replayed).sort()).toEqual([false, true]);
    expect((await catalogueOf(operator.user.id)).filter((p) => p.name === 'Racing')).toHaveLength(1);
    // Keys are per operator: another operator's batch with the same key is theirs.
    const other = await signIn(t);
    const theirs = await other.api.post('/api/products/import', payload);
    expect(theirs.json()).toMatchObject({ created: 2, replayed: false });
  });

  test('all or nothing: a row that fails at insert leaves nothing of its batch, and the key free to retry', async () => {
    const operator = await signIn(t);
    // A database rule the schema does not know stands in for any failure while inserting.
    await t.database.db.execute(sql.raw(`alter table products add constraint test_no_boom check (name <> 'Boom')`));
    const payload = batch([row(2), row(3, { name: 'Boom' }), row(4)]);
    try {
      const failed = await operator.api.post('/api/products/import', payload);
      expect(failed.statusCode).toBe(500);
      expect(failed.json()).toEqual({ message: 'Something went wrong on our side. Please try again.', requestId: expect.any(String) });
      expect(await catalogueOf(operator.user.id)).toEqual([]);
      expect(await t.database.db.select().from(productImportBatches).where(eq(productImportBatches.userId, operator.user.id))).toEqual([]);
    } finally {
      await t.database.db.execute(sql.raw('alter table products drop constraint test_no_boom'));
    }
    const retried = await operator.api.post('/api/products/import', payload);
    expect(retried.json()).toMatchObject({ created: 3, replayed: false });
  });

  test('POST /api/products keeps working beside the import', async () => {
    const operator = await signIn(t);
    const res = await operator.api.post('/api/products', { name: 'Single', brand: 'One', category: 'Tea', price: '0.00', description: '', votes: 0 });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('GET /api/products/template/download', () => {
  test('an xlsx named product-import-template.xlsx with the columns and a category dropdown', async () => {
    const operator = await signIn(t);
    const res = await operator.api.get('/api/products/template/download');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe('attachment; filename="product-import-template.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Products');
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Name', 'Brand', 'Category', 'Price', 'Description']);
    for (const address of ['C2', 'C1000', 'C50001']) {
      const validation = sheet.getCell(address).dataValidation;
      expect(validation, address).toMatchObject({ type: 'list', formulae: [`"${PRODUCT_CATEGORIES.join(',')}"`], showErrorMessage: true });
    }
    expect(sheet.getCell('D2').dataValidation).toMatchObject({ type: 'decimal' });
    expect(sheet.getCell('A2').dataValidation).toBeUndefined();
    expect(workbook.getWorksheet('Instructions')).toBeDefined();
  });
});

describe('operators only', () => {
  test('signed out: 401 on both routes', async () => {
    expect(expectJsonError(await api(t).get('/api/products/template/download'), 401)).toEqual({ message: 'Unauthorized' });
    expect(expectJsonError(await api(t).post('/api/products/import', batch([row(2)])), 401)).toEqual({ message: 'Unauthorized' });
  });

  test('an affiliate: 403, nothing stored', async () => {
    const affiliate = await signIn(t, { role: 'affiliate' });
    const before = await productCount();
    expectJsonError(await affiliate.api.post('/api/products/import', batch([row(2)])), 403);
    expect(await productCount()).toBe(before);
  });
});
