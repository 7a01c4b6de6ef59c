import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { retailAffiliateConfigs } from '../../src/server/db/schema.js';
import { RetailAffiliateMessages as Messages, type RetailAffiliateConfig } from '../../src/shared/retail-affiliates.schemas.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { expectJsonError, signIn } from './helpers.js';

const SECRET = 'amazon-secret-Kq9ZpX2mW7vB4nR8';
const FLEX_KEY = '8bb138d4-2438-478f-8265-6ee842cd12d7';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const full = (overrides: Record<string, unknown> = {}) => ({
  amazonEnabled: true,
  amazonAssociateId: 'snackshop-20',
  amazonAccessKeyId: 'amzn1.application-oa2-client.abc123',
  amazonSecretKey: SECRET,
  amazonRegion: 'UK',
  samsClubEnabled: true,
  samsClubPublisherId: '1324238',
  flexOffersApiKey: FLEX_KEY,
  affiliateCommissionRate: 4.2,
  ...overrides,
});

const rowOf = async (owner: number | null) =>
  (await t.database.db.select().from(retailAffiliateConfigs).where(owner === null ? isNull(retailAffiliateConfigs.ownerUserId) : eq(retailAffiliateConfigs.ownerUserId, owner)))[0];

describe("an operator's configuration", () => {
  test('reads the defaults before any save: both off, US, 3.5%, no secrets', async () => {
    const { api } = await signIn(t);
    const res = await api.get('/api/affiliate-config');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      amazonEnabled: false,
      amazonAssociateId: null,
      amazonAccessKeyId: null,
      amazonSecretKeySet: false,
      amazonSecretKeyLast4: null,
      amazonRegion: 'US',
      samsClubEnabled: false,
      samsClubPublisherId: null,
      flexOffersApiKeySet: false,
      flexOffersApiKeyLast4: null,
      affiliateCommissionRate: 3.5,
      updatedAt: null,
    } satisfies RetailAffiliateConfig);
  });

  test('saves and reads back; the secrets come back only as set, with their last four characters', async () => {
    const { api, user } = await signIn(t);
    const saved = await api.post('/api/affiliate-config', full());
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ amazonEnabled: true, amazonAssociateId: 'snackshop-20', amazonRegion: 'UK', affiliateCommissionRate: 4.2 });
    const read = await api.get('/api/affiliate-config');
    expect(read.json()).toEqual({ ...saved.json(), amazonSecretKeySet: true, amazonSecretKeyLast4: '4nR8', flexOffersApiKeySet: true, flexOffersApiKeyLast4: '12d7' });
    for (const body of [saved.body, read.body]) {
      expect(body).not.toContain(SECRET);
      expect(body).not.toContain(FLEX_KEY);
      expect(body).not.toMatch(/Sealed/);
    }
    const row = await rowOf(user.id);
    expect(row!.commissionRate).toBe('4.20');
  });

  test('secrets are sealed at rest: the raw row holds neither, and a sealed value does not open on another row', async () => {
    const { api, user } = await signIn(t);
    await api.post('/api/affiliate-config', full());
    const row = await rowOf(user.id);
    const raw = JSON.stringify(row);
    expect(raw).not.toContain(SECRET);
    expect(raw).not.toContain(FLEX_KEY);
    expect(row!.amazonSecretKeySealed).toMatch(/^v1\./);
    expect(row!.flexOffersApiKeySealed).toMatch(/^v1\./);

    const other = await signIn(t);
    await other.api.post('/api/affiliate-config', full({ amazonSecretKey: undefined, flexOffersApiKey: undefined }));
    await t.database.db.update(retailAffiliateConfigs).set({ amazonSecretKeySealed: row!.amazonSecretKeySealed }).where(eq(retailAffiliateConfigs.ownerUserId, other.user.id));
    const copied = (await other.api.get('/api/affiliate-config')).json() as RetailAffiliateConfig;
    expect(copied).toMatchObject({ amazonSecretKeySet: true, amazonSecretKeyLast4: null });
  });

  test('a blank or absent secret keeps the stored one; a typed one replaces it; clearing removes it', async () => {
    const { api, user } = await signIn(t);
    await api.post('/api/affiliate-config', full());
    const sealed = (await rowOf(user.id))!.amazonSecretKeySealed;
    await api.post('/api/affiliate-config', full({ amazonSecretKey: '', flexOffersApiKey: undefined, amazonAssociateId: 'renamed-20' }));
    expect((await rowOf(user.id))!.amazonSecretKeySealed).toBe(sealed);
    expect((await api.get('/api/affiliate-config')).json()).toMatchObject({ amazonAssociateId: 'renamed-20', amazonSecretKeySet: true, flexOffersApiKeySet: true });

    await api.post('/api/affiliate-config', full({ amazonSecretKey: 'another-secret-value-0042' }));
    expect((await api.get('/api/affiliate-config')).json()).toMatchObject({ amazonSecretKeyLast4: '0042' });

    const cleared = await api.post('/api/affiliate-config', full({ amazonSecretKey: '', clearAmazonSecretKey: true, flexOffersApiKey: '', clearFlexOffersApiKey: true }));
    expect(cleared.json()).toMatchObject({ amazonSecretKeySet: false, flexOffersApiKeySet: false });
    expect(await rowOf(user.id)).toMatchObject({ amazonSecretKeySealed: null, flexOffersApiKeySealed: null });
  });

  test('refuses bad values with field messages: rate ranges, the region list, the formats', async () => {
    const { api } = await signIn(t);
    const tooHigh = expectJsonError(await api.post('/api/affiliate-config', full({ affiliateCommissionRate: 15.1 })), 400, Messages.rateRange(15));
    expect(tooHigh.errors).toEqual({ affiliateCommissionRate: Messages.rateRange(15) });
    expectJsonError(await api.post('/api/affiliate-config', full({ affiliateCommissionRate: -0.1 })), 400, Messages.rateRange(15));
    expectJsonError(await api.post('/api/affiliate-config', full({ affiliateCommissionRate: 'abc' })), 400, Messages.rateRange(15));
    expectJsonError(await api.post('/api/affiliate-config', full({ affiliateCommissionRate: 3.333 })), 400, Messages.rateDecimals);
    expect((await api.post('/api/affiliate-config', full({ affiliateCommissionRate: 15 }))).statusCode).toBe(200);
    expect((await api.post('/api/affiliate-config', full({ affiliateCommissionRate: 0 }))).statusCode).toBe(200);

    const region = expectJsonError(await api.post('/api/affiliate-config', full({ amazonRegion: 'CA' })), 400);
    expect(region.errors).toEqual({ amazonRegion: Messages.regionInvalid });
    const formats = expectJsonError(await api.post('/api/affiliate-config', full({ amazonAssociateId: 'my store', flexOffersApiKey: 'not-a-guid' })), 400);
    expect(formats.errors).toMatchObject({ amazonAssociateId: Messages.associateIdInvalid, flexOffersApiKey: Messages.flexOffersKeyInvalid });
    expectJsonError(await api.post('/api/affiliate-config', full({ ownerUserId: 1 })), 400, 'Unknown field: ownerUserId');
  });

  test('each operator sees only their own; affiliates are refused (403)', async () => {
    const first = await signIn(t);
    const second = await signIn(t);
    await first.api.post('/api/affiliate-config', full({ amazonAssociateId: 'first-20' }));
    await second.api.post('/api/affiliate-config', full({ amazonAssociateId: 'second-20', amazonEnabled: false }));
    expect((await first.api.get('/api/affiliate-config')).json()).toMatchObject({ amazonAssociateId: 'first-20', amazonEnabled: true });
    expect((await second.api.get('/api/affiliate-config')).json()).toMatchObject({ amazonAssociateId: 'second-20', amazonEnabled: false });

    const affiliate = await signIn(t, { role: 'affiliate' });
    expectJsonError(await affiliate.api.get('/api/affiliate-config'), 403);
    expectJsonError(await affiliate.api.post('/api/affiliate-config', full()), 403);
    expectJsonError(await affiliate.api.post('/api/affiliate-test/amazon', full()), 403);
  });
});

describe("the platform's configuration (admin panel)", () => {
  test('admins read and save the row without an owner; its rate may go to 100', async () => {
    const admin = await signIn(t, { role: 'admin' });
    const saved = await admin.api.post('/api/admin/affiliate-config', full({ affiliateCommissionRate: 40, amazonAssociateId: 'vendvote-21' }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ affiliateCommissionRate: 40, amazonSecretKeySet: true });
    expect(saved.body).not.toContain(SECRET);
    expect(await rowOf(null)).toMatchObject({ amazonAssociateId: 'vendvote-21', commissionRate: '40.00' });
    expectJsonError(await admin.api.post('/api/admin/affiliate-config', full({ affiliateCommissionRate: 100.1 })), 400, Messages.rateRange(100));
    // The admin's own operator configuration is another row.
    expect((await admin.api.get('/api/affiliate-config')).json()).toMatchObject({ amazonAssociateId: null });
  });

  test('operators get 403 on every admin call and never see the platform row', async () => {
    const admin = await signIn(t, { role: 'admin' });
    await admin.api.post('/api/admin/affiliate-config', full({ amazonAssociateId: 'platform-20' }));
    const { api } = await signIn(t);
    expectJsonError(await api.get('/api/admin/affiliate-config'), 403);
    expectJsonError(await api.post('/api/admin/affiliate-config', full()), 403);
    expectJsonError(await api.post('/api/admin/affiliate-test/amazon', full()), 403);
    expect((await api.get('/api/affiliate-config')).json()).toMatchObject({ amazonAssociateId: null, amazonSecretKeySet: false });
    expect((await rowOf(null))!.amazonAssociateId).toBe('platform-20');
  });
});
