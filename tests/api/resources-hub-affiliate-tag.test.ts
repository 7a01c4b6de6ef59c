import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedCatalogItems } from '../../src/server/db/catalog-seed.js';
import type { CatalogItem, CatalogList } from '../../src/shared/resources-hub.schemas.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { signIn } from './helpers.js';

/**
 * The resource hub's Amazon links carry the viewer's own associate ID while their Amazon integration
 * is on and made for the hub's store; else the platform's from the admin panel; else AMAZON_ASSOCIATE_TAG.
 */

const PLATFORM_TAG = 'vendvote-20';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ retail: { amazonBaseUrl: 'https://www.amazon.com', amazonAssociateTag: PLATFORM_TAG } });
  await seedCatalogItems(t.database.db);
});
afterAll(async () => {
  await t?.close();
});

type Session = Awaited<ReturnType<typeof signIn>>;

const config = (overrides: Record<string, unknown>) => ({ amazonEnabled: true, amazonAssociateId: 'snackshop-20', amazonRegion: 'US', ...overrides });

async function firstReader(session: Session): Promise<CatalogItem> {
  const res = await session.api.get('/api/resources/catalogues/card-readers');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as CatalogList).items[0]!;
}

/** The tag of the operator's product link and of their cart's checkout link, which must agree. */
async function tagsOf(session: Session): Promise<{ product: string | null; cart: string | null }> {
  const reader = await firstReader(session);
  await session.api.post('/api/resources/cart/items', { catalogItemId: reader.id });
  const checkout = (await session.api.get('/api/resources/cart/checkout-link')).json() as { url: string };
  return { product: new URL(reader.retailerUrl).searchParams.get('tag'), cart: new URL(checkout.url).searchParams.get('AssociateTag') };
}

describe("the hub's links", () => {
  test("carry an operator's own associate ID, on product links and on their cart, and only theirs", async () => {
    const owner = await signIn(t);
    await owner.api.post('/api/affiliate-config', config({}));
    const neighbour = await signIn(t);
    expect(await tagsOf(owner)).toEqual({ product: 'snackshop-20', cart: 'snackshop-20' });
    expect(await tagsOf(neighbour)).toEqual({ product: PLATFORM_TAG, cart: PLATFORM_TAG });
  });

  test('keep the platform tag while the operator has Amazon off, or a tag of another Associates store', async () => {
    const off = await signIn(t);
    await off.api.post('/api/affiliate-config', config({ amazonEnabled: false }));
    expect(await tagsOf(off)).toEqual({ product: PLATFORM_TAG, cart: PLATFORM_TAG });
    const british = await signIn(t);
    await british.api.post('/api/affiliate-config', config({ amazonAssociateId: 'snackshop-21', amazonRegion: 'UK' }));
    expect(await tagsOf(british)).toEqual({ product: PLATFORM_TAG, cart: PLATFORM_TAG });
  });

  test("carry the platform's associate ID from the admin panel, before AMAZON_ASSOCIATE_TAG; an operator's own still wins", async () => {
    const owner = await signIn(t);
    await owner.api.post('/api/affiliate-config', config({ amazonAssociateId: 'ownshop-20' }));
    const admin = await signIn(t, { role: 'admin' });
    await admin.api.post('/api/admin/affiliate-config', config({ amazonAssociateId: 'panel-20' }));
    const plain = await signIn(t);
    expect(await tagsOf(plain)).toEqual({ product: 'panel-20', cart: 'panel-20' });
    expect(await tagsOf(owner)).toEqual({ product: 'ownshop-20', cart: 'ownshop-20' });
    const adminList = (await admin.api.get('/api/admin/catalog-items?catalogue=card-readers')).json() as CatalogItem[];
    expect(new URL(adminList[0]!.retailerUrl).searchParams.get('tag')).toBe('panel-20');

    await admin.api.post('/api/admin/affiliate-config', config({ amazonAssociateId: 'panel-20', amazonEnabled: false }));
    expect((await tagsOf(plain)).product).toBe(PLATFORM_TAG);
  });
});
