import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readCatalogSeed, seedCatalogItems } from '../../src/server/db/catalog-seed.js';
import { cartItems, catalogItems } from '../../src/server/db/schema.js';
import type { Cart, CatalogItem, CatalogList } from '../../src/shared/resources-hub.schemas.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { expectJsonError, signIn } from './helpers.js';

const TAG = 'vendvote-20';
let t: TestApp;
let untagged: TestApp;
let seededCount: number;

beforeAll(async () => {
  [t, untagged] = await Promise.all([
    createTestApp({ retail: { amazonBaseUrl: 'https://www.amazon.com', amazonAssociateTag: TAG } }),
    createTestApp(),
  ]);
  seededCount = await seedCatalogItems(t.database.db);
  await seedCatalogItems(untagged.database.db);
});
afterAll(async () => {
  await Promise.all([t?.close(), untagged?.close()]);
});

async function catalogue(app: TestApp, cookie: string, path: string): Promise<CatalogList> {
  const res = await app.app.inject({ method: 'GET', url: `/api/resources/catalogues/${path}`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const itemBySlug = async (app: TestApp, cookie: string, catalogueName: string, slug: string): Promise<CatalogItem> =>
  (await catalogue(app, cookie, catalogueName)).items.find((item) => item.slug === slug)!;

describe('the catalogues', () => {
  test('list one catalogue in order with every category, retailer links tagged with the platform tag', async () => {
    const { api, cookie } = await signIn(t);
    const list = await catalogue(t, cookie, 'card-readers');
    const seeded = readCatalogSeed().filter((item) => item.catalogue === 'card-readers');
    expect(list.catalogue).toBe('card-readers');
    expect(list.items.map((item) => item.slug)).toEqual(seeded.map((item) => item.slug));
    expect(list.categories).toEqual([...new Set(seeded.map((item) => item.category))].sort());
    const reader = list.items[0]!;
    expect(reader.retailerUrl).toBe(`https://www.amazon.com/dp/${reader.retailerProductId}?tag=${TAG}`);
    expect(reader.installation).toEqual(expect.any(String));
    expect(reader.price).toMatch(/^\d+\.\d{2}$/);
    // Seeded items carry no ratings: none were measured here.
    expect(list.items.every((item) => item.rating === null)).toBe(true);
    const unknown = await api.get('/api/resources/catalogues/snacks');
    expect(unknown.statusCode).toBe(400);
  });

  test('filter by category and stock, and search name, brand, description and features case-insensitively', async () => {
    const { cookie } = await signIn(t);
    const byCategory = await catalogue(t, cookie, 'card-readers?category=Mobile%20Card%20Readers');
    expect(byCategory.items.length).toBeGreaterThan(0);
    expect(byCategory.items.every((item) => item.category === 'Mobile Card Readers')).toBe(true);
    expect(byCategory.categories.length).toBeGreaterThan(1);

    const bySearch = await catalogue(t, cookie, 'card-readers?search=NAYAX');
    expect(bySearch.items.map((item) => item.brand)).toEqual(['Nayax', 'Nayax']);
    const byFeature = await catalogue(t, cookie, 'toolkits?search=cat%20iii');
    expect(byFeature.items.map((item) => item.slug)).toEqual(['fluke-101-digital-multimeter']);
    const literal = await catalogue(t, cookie, 'toolkits?search=100%25');
    expect(literal.items).toEqual([]);

    const inStock = await catalogue(t, cookie, 'card-readers?inStock=true&search=nayax');
    expect(inStock.items.map((item) => item.slug)).toEqual(['nayax-vpos-touch']);
  });

  test('the summary counts the catalogue as it is', async () => {
    const { api } = await signIn(t);
    const [row] = await t.database.db.select({ n: count() }).from(catalogItems);
    const res = await api.get('/api/resources/summary');
    expect(res.statusCode, res.body).toBe(200);
    const summary = res.json();
    expect(summary.totalItems).toBe(row!.n);
    expect(summary.catalogues.map((entry: { catalogue: string }) => entry.catalogue)).toEqual(['cleaning-kits', 'card-readers', 'toolkits']);
    expect(summary.inStockItems).toBeLessThan(summary.totalItems);
  });

  test('each list and the summary say when the stored prices were last updated: the latest edit of an item', async () => {
    const { api } = await signIn(t);
    const edited = new Date('2026-03-04T10:00:00.000Z');
    const older = new Date('2026-01-02T10:00:00.000Z');
    await t.database.db.update(catalogItems).set({ updatedAt: older });
    const [item] = await t.database.db.select().from(catalogItems).where(eq(catalogItems.catalogue, 'toolkits')).limit(1);
    await t.database.db.update(catalogItems).set({ updatedAt: edited }).where(eq(catalogItems.id, item!.id));
    const list = (await api.get('/api/resources/catalogues/toolkits?search=no-such-item-anywhere')).json() as CatalogList;
    // The whole catalogue's date, whatever the filter shows.
    expect(list.items).toEqual([]);
    expect(list.pricesUpdatedAt).toBe(edited.toISOString());
    expect(((await api.get('/api/resources/catalogues/card-readers')).json() as CatalogList).pricesUpdatedAt).toBe(older.toISOString());
    expect((await api.get('/api/resources/summary')).json().pricesUpdatedAt).toBe(edited.toISOString());
  });
});

describe('the cart', () => {
  test('adds, adds again, changes quantity, removes and clears; totals follow', async () => {
    const { api, cookie } = await signIn(t);
    const vpos = await itemBySlug(t, cookie, 'card-readers', 'nayax-vpos-touch');
    const wipes = await itemBySlug(t, cookie, 'cleaning-kits', 'clorox-disinfecting-wipes-3-pack');

    expect((await api.get('/api/resources/cart')).json()).toEqual({ lines: [], itemCount: 0, subtotal: '0.00', checkoutUrl: null });
    let res = await api.post('/api/resources/cart/items', { catalogItemId: vpos.id });
    expect(res.statusCode, res.body).toBe(200);
    res = await api.post('/api/resources/cart/items', { catalogItemId: String(wipes.id), quantity: 2 });
    res = await api.post('/api/resources/cart/items', { catalogItemId: wipes.id });
    let cart: Cart = res.json();
    expect(cart.lines.map((line) => [line.item.slug, line.quantity])).toEqual([
      ['nayax-vpos-touch', 1],
      ['clorox-disinfecting-wipes-3-pack', 3],
    ]);
    expect(cart.itemCount).toBe(4);
    const expected = (Math.round(Number(vpos.price) * 100) + 3 * Math.round(Number(wipes.price) * 100)) / 100;
    expect(cart.subtotal).toBe(expected.toFixed(2));

    res = await api.patch(`/api/resources/cart/items/${wipes.id}`, { quantity: 5 });
    expect(res.statusCode, res.body).toBe(200);
    cart = res.json();
    expect(cart.lines[1]).toMatchObject({ quantity: 5, lineTotal: (5 * Number(wipes.price)).toFixed(2) });
    expect(cart.itemCount).toBe(6);

    expectJsonError(await api.patch(`/api/resources/cart/items/${wipes.id}`, { quantity: 0 }), 400, 'Quantity must be at least 1');
    expectJsonError(await api.patch(`/api/resources/cart/items/${wipes.id}`, { quantity: 100 }), 400, 'Quantity must be at most 99');

    res = await api.delete(`/api/resources/cart/items/${vpos.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Cart).lines.map((line) => line.item.slug)).toEqual(['clorox-disinfecting-wipes-3-pack']);
    expectJsonError(await api.delete(`/api/resources/cart/items/${vpos.id}`), 404, 'This item is not in your cart');

    res = await api.delete('/api/resources/cart');
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Cart).lines).toEqual([]);
  });

  test('one line holds at most 99, however often it is added', async () => {
    const { api, cookie } = await signIn(t);
    const wipes = await itemBySlug(t, cookie, 'cleaning-kits', 'clorox-disinfecting-wipes-3-pack');
    await api.post('/api/resources/cart/items', { catalogItemId: wipes.id, quantity: 60 });
    const res = await api.post('/api/resources/cart/items', { catalogItemId: wipes.id, quantity: 60 });
    expect((res.json() as Cart).lines[0]!.quantity).toBe(99);
  });

  test('an out-of-stock item cannot be added (409); an unknown one is 404', async () => {
    const { api, cookie } = await signIn(t);
    const onyx = await itemBySlug(t, cookie, 'card-readers', 'nayax-onyx');
    expect(onyx.inStock).toBe(false);
    expectJsonError(await api.post('/api/resources/cart/items', { catalogItemId: onyx.id }), 409, 'This item is out of stock');
    expectJsonError(await api.post('/api/resources/cart/items', { catalogItemId: 999_999 }), 404, 'Item not found');
    expectJsonError(await api.post('/api/resources/cart/items', { catalogItemId: 'abc' }), 400, 'Item id must be a whole number');
    expect((await api.get('/api/resources/cart')).json().lines).toEqual([]);
  });

  test("each operator has their own cart: another's lines are never seen, and naming them is a 404", async () => {
    const owner = await signIn(t);
    const other = await signIn(t);
    const wipes = await itemBySlug(t, owner.cookie, 'cleaning-kits', 'clorox-disinfecting-wipes-3-pack');
    await owner.api.post('/api/resources/cart/items', { catalogItemId: wipes.id, quantity: 2 });

    expect((await other.api.get('/api/resources/cart')).json().lines).toEqual([]);
    expectJsonError(await other.api.patch(`/api/resources/cart/items/${wipes.id}`, { quantity: 7 }), 404, 'This item is not in your cart');
    expectJsonError(await other.api.delete(`/api/resources/cart/items/${wipes.id}`), 404);
    await other.api.delete('/api/resources/cart');
    expect((await owner.api.get('/api/resources/cart')).json().lines[0].quantity).toBe(2);
  });

  test('the checkout link is Amazon\'s multi-item cart with each ASIN, its quantity and the platform tag; out-of-stock lines are left out', async () => {
    const { api, cookie, user } = await signIn(t);
    expectJsonError(await api.get('/api/resources/cart/checkout-link'), 409, 'Your cart is empty');
    const vpos = await itemBySlug(t, cookie, 'card-readers', 'nayax-vpos-touch');
    const kit = await itemBySlug(t, cookie, 'toolkits', 'stanley-65-piece-homeowners-tool-kit');
    await api.post('/api/resources/cart/items', { catalogItemId: vpos.id, quantity: 2 });
    await api.post('/api/resources/cart/items', { catalogItemId: kit.id, quantity: 1 });

    const res = await api.get('/api/resources/cart/checkout-link');
    expect(res.statusCode, res.body).toBe(200);
    const url = new URL(res.json().url);
    expect(`${url.origin}${url.pathname}`).toBe('https://www.amazon.com/gp/aws/cart/add.html');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      'ASIN.1': vpos.retailerProductId,
      'Quantity.1': '2',
      'ASIN.2': kit.retailerProductId,
      'Quantity.2': '1',
      AssociateTag: TAG,
    });
    expect((await api.get('/api/resources/cart')).json().checkoutUrl).toBe(res.json().url);

    // The kit sells out after it was added: it stays in the cart, but not in the link.
    await t.database.db.update(catalogItems).set({ inStock: false }).where(eq(catalogItems.id, kit.id));
    const after = new URL((await api.get('/api/resources/cart/checkout-link')).json().url);
    expect(after.searchParams.get('ASIN.2')).toBeNull();
    expect((await api.get('/api/resources/cart')).json().lines).toHaveLength(2);
    await t.database.db.update(catalogItems).set({ inStock: true }).where(eq(catalogItems.id, kit.id));
    await t.database.db.delete(cartItems).where(eq(cartItems.userId, user.id));
  });

  test('without AMAZON_ASSOCIATE_TAG the links carry no tag', async () => {
    const { api, cookie } = await signIn(untagged);
    const vpos = await itemBySlug(untagged, cookie, 'card-readers', 'nayax-vpos-touch');
    expect(vpos.retailerUrl).toBe(`https://www.amazon.com/dp/${vpos.retailerProductId}`);
    await api.post('/api/resources/cart/items', { catalogItemId: vpos.id, quantity: 3 });
    const url = new URL((await api.get('/api/resources/cart/checkout-link')).json().url);
    expect(Object.fromEntries(url.searchParams)).toEqual({ 'ASIN.1': vpos.retailerProductId, 'Quantity.1': '3' });
  });
});

describe('admins keep the catalogue', () => {
  const newItem = {
    catalogue: 'toolkits',
    name: 'Coin Mechanism Cleaning Brush Set',
    brand: 'Acme',
    category: 'Machine Parts',
    price: 12.5,
    retailerProductId: 'b0test0001',
    warranty: '90 days',
    features: ['Three brush sizes'],
  };

  test('create (201), update (200) and delete ({id, deleted}); the item reaches operators and leaves their carts', async () => {
    const admin = await signIn(t, { role: 'admin' });
    const operator = await signIn(t);
    let res = await admin.api.post('/api/admin/catalog-items', newItem);
    expect(res.statusCode, res.body).toBe(201);
    const created: CatalogItem = res.json();
    expect(created).toMatchObject({
      slug: 'acme-coin-mechanism-cleaning-brush-set',
      price: '12.50',
      retailerProductId: 'B0TEST0001',
      inStock: true,
      rating: null,
      warranty: '90 days',
      installation: null,
    });
    expect((await catalogue(t, operator.cookie, 'toolkits?search=brush%20set')).items.map((item) => item.id)).toEqual([created.id]);

    expectJsonError(await admin.api.post('/api/admin/catalog-items', newItem), 409, 'Another item in this catalogue already has this slug');

    res = await admin.api.patch(`/api/admin/catalog-items/${created.id}`, { price: '9.99', inStock: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ price: '9.99', inStock: false, name: newItem.name, warranty: '90 days', features: ['Three brush sizes'] });
    expectJsonError(await operator.api.post('/api/resources/cart/items', { catalogItemId: created.id }), 409);
    await admin.api.patch(`/api/admin/catalog-items/${created.id}`, { inStock: true });
    await operator.api.post('/api/resources/cart/items', { catalogItemId: created.id });

    res = await admin.api.delete(`/api/admin/catalog-items/${created.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: created.id, deleted: true });
    expect((await operator.api.get('/api/resources/cart')).json().lines).toEqual([]);
    expectJsonError(await admin.api.delete(`/api/admin/catalog-items/${created.id}`), 404, 'Item not found');
    expectJsonError(await admin.api.patch(`/api/admin/catalog-items/${created.id}`, { price: 1 }), 404, 'Item not found');
  });

  test('refuses bad items with field messages', async () => {
    const admin = await signIn(t, { role: 'admin' });
    const res = await admin.api.post('/api/admin/catalog-items', { ...newItem, name: ' ', price: 'cheap', retailerProductId: 'short' });
    const body = expectJsonError(res, 400);
    expect(body.errors).toMatchObject({
      name: 'Name is required',
      price: 'Price must be an amount such as 19.99',
      retailerProductId: 'The Amazon ASIN is 10 letters and digits',
    });
  });

  test('lists every item, or one catalogue', async () => {
    const admin = await signIn(t, { role: 'admin' });
    const all = (await admin.api.get('/api/admin/catalog-items')).json() as CatalogItem[];
    expect(all).toHaveLength(seededCount);
    const readers = (await admin.api.get('/api/admin/catalog-items?catalogue=card-readers')).json() as CatalogItem[];
    expect(readers.every((item) => item.catalogue === 'card-readers')).toBe(true);
  });

  test('operators get 403 on every admin call', async () => {
    const { api, cookie } = await signIn(t);
    const item = await itemBySlug(t, cookie, 'toolkits', 'fluke-101-digital-multimeter');
    expect((await api.get('/api/admin/catalog-items')).statusCode).toBe(403);
    expect((await api.post('/api/admin/catalog-items', newItem)).statusCode).toBe(403);
    expect((await api.patch(`/api/admin/catalog-items/${item.id}`, { price: 1 })).statusCode).toBe(403);
    expect((await api.delete(`/api/admin/catalog-items/${item.id}`)).statusCode).toBe(403);
    expect((await itemBySlug(t, cookie, 'toolkits', 'fluke-101-digital-multimeter')).price).toBe(item.price);
  });
});

describe('seeding', () => {
  test('seeding again updates rows by (catalogue, slug) and never duplicates', async () => {
    const { db } = untagged.database;
    const before = (await db.select({ n: count() }).from(catalogItems))[0]!.n;
    const items = readCatalogSeed();
    await seedCatalogItems(db, items);
    const changed = items.map((item) => (item.slug === 'nayax-vpos-touch' ? { ...item, price: '333.00' } : item));
    await seedCatalogItems(db, changed);
    expect((await db.select({ n: count() }).from(catalogItems))[0]!.n).toBe(before);
    expect(before).toBe(items.length);
    const [row] = await db.select().from(catalogItems).where(eq(catalogItems.slug, 'nayax-vpos-touch'));
    expect(row!.price).toBe('333.00');
  });
});
