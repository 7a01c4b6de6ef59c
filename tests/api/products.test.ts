import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createMachine, createProduct, createUser } from '../../src/server/db/factories.js';
import { machineVoters, products, votes } from '../../src/server/db/schema.js';
import { DEMO_OPERATOR_EMAIL } from '../../src/server/db/seed.js';
import { PRODUCT_CATEGORIES } from '../../src/shared/catalog.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { api, expectJsonError, get, signIn } from './helpers.js';
import { expectCountersMatchVoteRows, postVote, voterCookieFrom } from './vote-counters.js';

let t: TestApp;
let demoOperatorId: number;
beforeAll(async () => {
  t = await createTestApp();
  demoOperatorId = (await createUser(t.database.db, { email: DEMO_OPERATOR_EMAIL })).user.id;
});
afterEach(() => expectCountersMatchVoteRows(t.database.db));
afterAll(() => t.close());

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const INVALID_CATEGORY = `Invalid category. Must be one of: ${PRODUCT_CATEGORIES.join(', ')}`;

const list = async (url: string, cookie?: string) => {
  const res = await get(t, url, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; name: string; votes: number }[];
};
const productCount = async () => (await t.database.db.select({ n: count() }).from(products))[0]!.n;
const productRow = async (id: number) => (await t.database.db.select().from(products).where(eq(products.id, id)))[0];

/** The spec's Add Product payload. */
const newProduct = (overrides: Record<string, unknown> = {}) => ({
  name: 'Takis Fuego',
  brand: 'Barcel',
  category: 'Chips',
  price: '0.00',
  description: '',
  votes: 0,
  ...overrides,
});

async function votesFor(productId: number, n: number, options: { machineId?: number; voteType?: 'up' | 'down' } = {}) {
  for (let i = 0; i < n; i++) expect((await postVote(t, productId, options)).statusCode).toBe(201);
}

describe('GET /api/products', () => {
  test("signed out, without a machine: the demo operator's catalogue with the demo page's counts, most voted first", async () => {
    const stranger = await signIn(t);
    await createProduct(t.database.db, stranger.user.id, { name: 'Not a demo product' });
    const machine = await createMachine(t.database.db, demoOperatorId);
    const chips = await createProduct(t.database.db, demoOperatorId, { name: 'Chips' });
    await createProduct(t.database.db, demoOperatorId, { name: 'Apples' });
    const bars = await createProduct(t.database.db, demoOperatorId, { name: 'Bars' });
    await votesFor(bars.id, 2);
    // Machine votes are not the demo page's: 5 at a demo machine must not lift Chips above Bars.
    await votesFor(chips.id, 5, { machineId: machine.id });

    const listed = await list('/api/products');
    expect(listed.map((p) => [p.name, p.votes])).toEqual([
      ['Bars', 2],
      ['Apples', 0],
      ['Chips', 0],
    ]);
    expect(listed[0]).toEqual({
      id: bars.id,
      name: 'Bars',
      brand: 'Generic',
      category: 'Chips',
      price: '0.00',
      description: '',
      imageUrl: null,
      votes: 2,
      createdAt: expect.stringMatching(ISO),
    });
  });

  test('a signed-in operator without a machine: their own catalogue with totals over every machine, nothing of others', async () => {
    const operator = await signIn(t);
    const other = await signIn(t);
    const [m1, m2] = [await createMachine(t.database.db, operator.user.id), await createMachine(t.database.db, operator.user.id)];
    const cola = await createProduct(t.database.db, operator.user.id, { name: 'Cola', category: 'Soda' });
    const tea = await createProduct(t.database.db, operator.user.id, { name: 'Tea', category: 'Tea' });
    const jerky = await createProduct(t.database.db, operator.user.id, { name: 'Jerky', category: 'Beef Jerky' });
    const foreign = await createProduct(t.database.db, other.user.id, { name: 'Foreign' });
    await votesFor(cola.id, 2, { machineId: m1.id });
    await votesFor(cola.id, 1, { machineId: m2.id });
    await votesFor(tea.id, 3, { machineId: m2.id });
    await votesFor(jerky.id, 1, { machineId: m1.id });
    await votesFor(jerky.id, 1, { machineId: m1.id, voteType: 'down' });

    // Ties go by name: Cola before Tea.
    expect((await list('/api/products', operator.cookie)).map((p) => [p.id, p.votes])).toEqual([
      [cola.id, 3],
      [tea.id, 3],
      [jerky.id, 0],
    ]);
    expect((await list('/api/products', other.cookie)).map((p) => p.id)).toEqual([foreign.id]);
    expect(await list('/api/products', (await signIn(t)).cookie)).toEqual([]);
  });

  test("with a machine: the machine owner's catalogue with that machine's counts, for anyone who asks", async () => {
    const owner = await signIn(t);
    const visitor = await signIn(t);
    const [m1, m2] = [await createMachine(t.database.db, owner.user.id), await createMachine(t.database.db, owner.user.id)];
    const cola = await createProduct(t.database.db, owner.user.id, { name: 'Cola', category: 'Soda' });
    const tea = await createProduct(t.database.db, owner.user.id, { name: 'Tea', category: 'Tea' });
    await votesFor(cola.id, 1, { machineId: m1.id });
    await votesFor(tea.id, 4, { machineId: m2.id });
    await votesFor(tea.id, 2, { machineId: m1.id });

    const expected = [
      [tea.id, 2],
      [cola.id, 1],
    ];
    for (const cookie of [undefined, visitor.cookie, owner.cookie]) {
      expect((await list(`/api/products?machineId=${m1.id}`, cookie)).map((p) => [p.id, p.votes])).toEqual(expected);
    }
    expect((await list(`/api/products?machineId=${m2.id}`)).map((p) => [p.id, p.votes])).toEqual([
      [tea.id, 4],
      [cola.id, 0],
    ]);
  });

  test.each([
    ['2000000000', 404, 'Machine not found'],
    ['abc', 400, 'Machine id must be a whole number'],
    ['0', 400, 'Machine id must be a whole number'],
    ['-3', 400, 'Machine id must be a whole number'],
    ['1.5', 400, 'Machine id must be a whole number'],
    ['99999999999', 400, 'Machine id must be a whole number'],
  ])('machineId=%s: %i %s', async (machineId, status, message) => {
    expectJsonError(await get(t, `/api/products?machineId=${machineId}`), status, message);
  });
});

describe('POST /api/products', () => {
  test('creates a product for the signed-in operator: 201 with the product at 0 votes, values trimmed', async () => {
    const operator = await signIn(t);
    const res = await api(t, operator.cookie).post('/api/products', newProduct({ name: '  Takis Fuego ', brand: ' Barcel ', description: ' Hot ' }));
    expect(res.statusCode, res.body).toBe(201);
    const product = res.json();
    expect(product).toEqual({
      id: expect.any(Number),
      name: 'Takis Fuego',
      brand: 'Barcel',
      category: 'Chips',
      price: '0.00',
      description: 'Hot',
      imageUrl: null,
      votes: 0,
      createdAt: expect.stringMatching(ISO),
      unitCost: null,
    });
    expect(await productRow(product.id)).toMatchObject({ userId: operator.user.id, name: 'Takis Fuego', votes: 0, demoVotes: 0 });
    expect((await list('/api/products', operator.cookie)).map((p) => p.id)).toEqual([product.id]);
  });

  test.each([
    [{ price: 2.5 }, '2.50'],
    [{ price: '1.99' }, '1.99'],
    [{ price: '5' }, '5.00'],
    [{ price: undefined, description: undefined, votes: undefined }, '0.00'],
  ])('price %j is stored as %s', async (overrides, price) => {
    const operator = await signIn(t);
    const res = await api(t, operator.cookie).post('/api/products', newProduct(overrides));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ price, votes: 0, description: '' });
    expect((await productRow(res.json().id))?.price).toBe(price);
  });

  test('takes the unit cost with the price; only the owner ever reads it back; an empty price is not set', async () => {
    const operator = await signIn(t);
    const machine = await createMachine(t.database.db, operator.user.id);
    // Left empty: not set, which is stored as the spec's 0.00.
    for (const price of ['', null]) {
      const unpriced = await api(t, operator.cookie).post('/api/products', newProduct({ price }));
      expect(unpriced.statusCode, unpriced.body).toBe(201);
      expect(unpriced.json()).toMatchObject({ price: '0.00', unitCost: null });
      expect((await api(t, operator.cookie).delete(`/api/products/${unpriced.json().id}`)).statusCode).toBe(200);
    }
    const before = await productCount();
    expectJsonError(await api(t, operator.cookie).post('/api/products', newProduct({ unitCost: '-0.50' })), 400, 'Unit cost must be an amount such as 0.85');
    expect(await productCount()).toBe(before);
    const res = await api(t, operator.cookie).post('/api/products', newProduct({ price: '1.75', unitCost: '0.6' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ price: '1.75', unitCost: '0.60' });
    expect(await productRow(res.json().id)).toMatchObject({ price: '1.75', yourPrice: '0.60' });
    expect(await list('/api/products', operator.cookie)).toEqual([expect.objectContaining({ id: res.json().id, unitCost: '0.60' })]);
    // The machine's public list, even read by the owner, is the vote page's: no unit cost.
    for (const cookie of [undefined, operator.cookie]) {
      const publicList = await get(t, `/api/products?machineId=${machine.id}`, cookie);
      expect(publicList.json()[0]).not.toHaveProperty('unitCost');
      expect(publicList.body).not.toContain('0.60');
    }
  });

  test('an empty body names every required field with the spec messages', async () => {
    const operator = await signIn(t);
    const before = await productCount();
    const body = expectJsonError(await api(t, operator.cookie).post('/api/products', {}), 400, 'Product name is required');
    expect(body.errors).toEqual({ name: 'Product name is required', brand: 'Brand is required', category: 'Category is required' });
    expect(await productCount()).toBe(before);
  });

  test.each([
    ['name', { name: '   ' }, 'Product name is required'],
    ['name', { name: undefined }, 'Product name is required'],
    ['name', { name: 42 }, 'Product name is required'],
    ['name', { name: 'x'.repeat(121) }, 'Must be at most 120 characters'],
    ['brand', { brand: '' }, 'Brand is required'],
    ['brand', { brand: null }, 'Brand is required'],
    ['category', { category: undefined }, 'Category is required'],
    ['category', { category: ' ' }, 'Category is required'],
    ['category', { category: 'Candy' }, INVALID_CATEGORY],
    ['category', { category: 'chips' }, INVALID_CATEGORY],
    ['price', { price: 'free' }, 'Price must be an amount such as 1.99'],
    ['price', { price: '-1.00' }, 'Price must be an amount such as 1.99'],
    ['price', { price: '1.999' }, 'Price must be an amount such as 1.99'],
    ['votes', { votes: 5 }, 'A new product starts at 0 votes'],
    ['votes', { votes: -1 }, 'A new product starts at 0 votes'],
    ['votes', { votes: '0' }, 'A new product starts at 0 votes'],
    ['votes', { votes: null }, 'A new product starts at 0 votes'],
    ['userId', { userId: 1 }, 'Unknown field: userId'],
    ['demoVotes', { demoVotes: 3 }, 'Unknown field: demoVotes'],
  ])('%s %j: 400 with the message, nothing written', async (field, overrides, message) => {
    const operator = await signIn(t);
    const before = await productCount();
    const body = expectJsonError(await api(t, operator.cookie).post('/api/products', newProduct(overrides)), 400, message);
    expect(body.errors?.[field]).toBe(message);
    expect(await productCount()).toBe(before);
  });

  test('a body that is not JSON: 400, nothing written', async () => {
    const operator = await signIn(t);
    const before = await productCount();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      payload: '{"name":',
      headers: { cookie: operator.cookie, 'content-type': 'application/json' },
    });
    expectJsonError(res, 400, 'The request body is not valid JSON.');
    expect(await productCount()).toBe(before);
  });

  test('signed out: 401 Unauthorized; an affiliate: 403; nothing written', async () => {
    const before = await productCount();
    expectJsonError(await api(t).post('/api/products', newProduct()), 401, 'Unauthorized');
    const affiliate = await signIn(t, { role: 'affiliate' });
    expectJsonError(await api(t, affiliate.cookie).post('/api/products', newProduct()), 403);
    expect(await productCount()).toBe(before);
  });
});

describe('PATCH /api/products/:id', () => {
  // Two operators for the whole block: sign-ins are limited per address.
  let operator: Awaited<ReturnType<typeof signIn>>;
  let other: Awaited<ReturnType<typeof signIn>>;
  beforeAll(async () => {
    operator = await signIn(t);
    other = await signIn(t);
  });

  test('changes the fields sent, keeps the others and the votes; 200 with the product as its owner sees it', async () => {
    const machine = await createMachine(t.database.db, operator.user.id);
    const product = await createProduct(t.database.db, operator.user.id, { name: 'Takis', brand: 'Barcel', category: 'Chips' });
    await votesFor(product.id, 2, { machineId: machine.id });

    const res = await api(t, operator.cookie).patch(`/api/products/${product.id}`, {
      name: ' Takis Fuego ',
      category: 'Sweets',
      price: '2',
      unitCost: '0.85',
      description: 'Rolled tortilla chips',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: product.id,
      name: 'Takis Fuego',
      brand: 'Barcel',
      category: 'Sweets',
      price: '2.00',
      description: 'Rolled tortilla chips',
      imageUrl: null,
      votes: 2,
      createdAt: expect.stringMatching(ISO),
      unitCost: '0.85',
    });
    expect(await productRow(product.id)).toMatchObject({ name: 'Takis Fuego', brand: 'Barcel', price: '2.00', yourPrice: '0.85', votes: 2 });
    expect((await list('/api/products', operator.cookie)).find((listed) => listed.id === product.id)).toEqual(res.json());

    // Emptied: the price is no longer set and the unit cost unknown; what is left out stays.
    const cleared = await api(t, operator.cookie).patch(`/api/products/${product.id}`, { price: '', unitCost: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ name: 'Takis Fuego', price: '0.00', unitCost: null });
  });

  test('the unit cost is the one the stock figures set: either editor reads the other', async () => {
    const product = await createProduct(t.database.db, operator.user.id);
    expect((await api(t, operator.cookie).put(`/api/products/${product.id}/unit-cost`, { unitCost: '0.40' })).statusCode).toBe(200);
    expect((await list('/api/products', operator.cookie)).find((listed) => listed.id === product.id)).toMatchObject({ unitCost: '0.40' });
    expect((await api(t, operator.cookie).patch(`/api/products/${product.id}`, { unitCost: '0.45' })).statusCode).toBe(200);
    const [row] = await t.database.db.select({ yourPrice: products.yourPrice }).from(products).where(eq(products.id, product.id));
    expect(row!.yourPrice).toBe('0.45');
  });

  test.each([
    ['name', { name: '  ' }, 'Product name is required'],
    ['brand', { brand: '' }, 'Brand is required'],
    ['category', { category: 'Candy' }, INVALID_CATEGORY],
    ['price', { price: '1.999' }, 'Price must be an amount such as 1.99'],
    ['unitCost', { unitCost: 'abc' }, 'Unit cost must be an amount such as 0.85'],
    ['votes', { votes: 99 }, 'Unknown field: votes'],
    ['userId', { userId: 1 }, 'Unknown field: userId'],
  ])('%s %j: 400 with the message, nothing changed', async (field, body, message) => {
    const product = await createProduct(t.database.db, operator.user.id, { name: 'Unchanged' });
    const answer = expectJsonError(await api(t, operator.cookie).patch(`/api/products/${product.id}`, body), 400, message);
    expect(answer.errors?.[field]).toBe(message);
    expect(await productRow(product.id)).toMatchObject({ name: 'Unchanged', votes: 0, userId: operator.user.id });
  });

  test("another operator's product: 404 Product not found, and it stays as it was; signed out 401", async () => {
    const product = await createProduct(t.database.db, operator.user.id, { name: 'Mine' });
    expectJsonError(await api(t, other.cookie).patch(`/api/products/${product.id}`, { name: 'Taken over' }), 404, 'Product not found');
    expectJsonError(await api(t, other.cookie).patch('/api/products/2000000000', { name: 'Nobody' }), 404, 'Product not found');
    expectJsonError(await api(t).patch(`/api/products/${product.id}`, { name: 'Taken over' }), 401, 'Unauthorized');
    expect(await productRow(product.id)).toMatchObject({ name: 'Mine' });
  });
});

describe('DELETE /api/products/:id', () => {
  test('200 {id, deleted: true}; the product, its votes and its counts are gone, and the stats follow', async () => {
    const operator = await signIn(t);
    const machine = await createMachine(t.database.db, operator.user.id);
    const kept = await createProduct(t.database.db, operator.user.id, { name: 'Kept' });
    const doomed = await createProduct(t.database.db, operator.user.id, { name: 'Doomed' });
    // One voter votes for both products, another only for the one that goes.
    const both = voterCookieFrom(await postVote(t, kept.id, { machineId: machine.id }));
    await postVote(t, doomed.id, { machineId: machine.id, cookie: both });
    await postVote(t, doomed.id, { machineId: machine.id });
    const statsBefore = (await get(t, '/api/stats', operator.cookie)).json();
    expect(statsBefore).toMatchObject({ totalVotes: 3, activeVoters: 2, totalProducts: 2 });

    const res = await api(t, operator.cookie).delete(`/api/products/${doomed.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: doomed.id, deleted: true });
    expect(await productRow(doomed.id)).toBeUndefined();
    expect(await t.database.db.select().from(votes).where(eq(votes.productId, doomed.id))).toEqual([]);
    expect((await list('/api/products', operator.cookie)).map((p) => p.id)).toEqual([kept.id]);
    expect((await get(t, '/api/stats', operator.cookie)).json()).toMatchObject({ totalVotes: 1, activeVoters: 1, avgEngagement: 1, totalProducts: 1 });
    expect(await t.database.db.select().from(machineVoters).where(eq(machineVoters.machineId, machine.id))).toEqual([
      expect.objectContaining({ votesCast: 1 }),
    ]);

    expectJsonError(await api(t, operator.cookie).delete(`/api/products/${doomed.id}`), 404, 'Product not found');
  });

  test("another operator's product: 404 Product not found, and it stays", async () => {
    const owner = await signIn(t);
    const other = await signIn(t);
    const product = await createProduct(t.database.db, owner.user.id);
    expectJsonError(await api(t, other.cookie).delete(`/api/products/${product.id}`), 404, 'Product not found');
    expect(await productRow(product.id)).toBeDefined();
  });

  test.each(['abc', '0', '1.5', '99999999999'])('id %s: 400', async (id) => {
    const operator = await signIn(t);
    const body = expectJsonError(await api(t, operator.cookie).delete(`/api/products/${id}`), 400);
    expect(Object.keys(body.errors ?? {})).toEqual(['id']);
  });

  test('signed out: 401 Unauthorized, and the product stays', async () => {
    const owner = await signIn(t);
    const product = await createProduct(t.database.db, owner.user.id);
    expectJsonError(await api(t).delete(`/api/products/${product.id}`), 401, 'Unauthorized');
    expect(await productRow(product.id)).toBeDefined();
  });
});

describe('PUT /api/products/:id/unit-cost', () => {
  test("sets and clears the owner's unit cost, never shown in the public product list", async () => {
    const { user, cookie } = await signIn(t);
    const machine = await createMachine(t.database.db, user.id);
    const product = await createProduct(t.database.db, user.id);
    const owner = api(t, cookie);
    const set = await owner.put(`/api/products/${product.id}/unit-cost`, { unitCost: '0.8' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ productId: product.id, unitCost: '0.80' });
    const [row] = await t.database.db.select({ yourPrice: products.yourPrice }).from(products).where(eq(products.id, product.id));
    expect(row!.yourPrice).toBe('0.80');
    const publicList = await get(t, `/api/products?machineId=${machine.id}`);
    expect(publicList.body).not.toContain('0.80');
    expect((await owner.put(`/api/products/${product.id}/unit-cost`, { unitCost: '' })).json()).toEqual({ productId: product.id, unitCost: null });
    expect((await owner.put(`/api/products/${product.id}/unit-cost`, { unitCost: null })).json()).toEqual({ productId: product.id, unitCost: null });
  });

  test('bad amounts answer 400; another operator’s product 404; signed out 401', async () => {
    const { user, cookie } = await signIn(t);
    const product = await createProduct(t.database.db, user.id);
    for (const unitCost of ['-1', 'abc', '1.234', 123456789]) {
      expectJsonError(await api(t, cookie).put(`/api/products/${product.id}/unit-cost`, { unitCost }), 400, 'Unit cost must be an amount such as 0.85');
    }
    const other = await signIn(t);
    expectJsonError(await api(t, other.cookie).put(`/api/products/${product.id}/unit-cost`, { unitCost: '1.00' }), 404, 'Product not found');
    expect((await api(t).put(`/api/products/${product.id}/unit-cost`, { unitCost: '1.00' })).statusCode).toBe(401);
    const [row] = await t.database.db.select({ yourPrice: products.yourPrice }).from(products).where(eq(products.id, product.id));
    expect(row!.yourPrice).toBeNull();
  });
});
