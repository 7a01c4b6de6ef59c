import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { retailAffiliateConfigs } from '../../src/server/db/schema.js';
import { RetailAffiliateMessages as Messages, type ConnectionTestResult } from '../../src/shared/retail-affiliates.schemas.js';
import { FakeAmazonCreators } from '../fakes/amazon-creators.js';
import { FakeFlexOffers } from '../fakes/flexoffers.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { expectJsonError, signIn } from './helpers.js';

const CREDENTIAL_ID = 'amzn1.application-oa2-client.vendvote0000000000000000000';
const SECRET = 'creators-secret-Zx81Lq0vTt5';
const FLEX_KEY = '8bb138d4-2438-478f-8265-6ee842cd12d7';
const STRANGER_KEY = 'bbbbbbbb-2438-478f-8265-6ee842cd12d7';
let t: TestApp;
let amazon: FakeAmazonCreators;
let flex: FakeFlexOffers;

beforeAll(async () => {
  amazon = await new FakeAmazonCreators([
    { credentialId: CREDENTIAL_ID, secret: SECRET, region: 'NA', tags: { 'snackshop-20': 'www.amazon.com' } },
    { credentialId: 'amzn1.application-oa2-client.rookie', secret: 'rookie-secret', region: 'NA', tags: { 'rookie-20': 'www.amazon.com' }, eligible: false },
  ]).start();
  flex = await new FakeFlexOffers([
    { apiKey: FLEX_KEY, domainId: 1324238, domainName: 'snacks.example', url: 'https://snacks.example', approvedAdvertisers: ["Sam's Club"] },
    { apiKey: STRANGER_KEY, domainId: 77, domainName: 'fresh.example', url: 'https://fresh.example', approvedAdvertisers: [] },
  ]).start();
  t = await createTestApp({ retailApis: { amazonApiBase: amazon.url, flexOffersApiBase: flex.url, timeoutMs: 500 } });
});
afterAll(async () => {
  await t?.close();
  await Promise.all([amazon?.close(), flex?.close()]);
});
beforeEach(() => {
  amazon.mode = 'normal';
  flex.mode = 'normal';
});

const form = (overrides: Record<string, unknown> = {}) => ({
  amazonEnabled: true,
  amazonAssociateId: 'snackshop-20',
  amazonAccessKeyId: CREDENTIAL_ID,
  amazonSecretKey: SECRET,
  amazonRegion: 'US',
  samsClubEnabled: true,
  samsClubPublisherId: '1324238',
  flexOffersApiKey: FLEX_KEY,
  // The form sends its rate along; a test ignores it, in range or not.
  affiliateCommissionRate: 99,
  ...overrides,
});

/** Both scopes answer the same way, on their own rows. */
const SCOPES = [
  { name: 'an operator', prefix: '/api', role: 'operator' as const },
  { name: 'an admin (the platform)', prefix: '/api/admin', role: 'admin' as const },
];

describe.each(SCOPES)('connection tests by $name', ({ prefix, role }) => {
  const run = async (provider: string, body: Record<string, unknown>, cookieApi?: Awaited<ReturnType<typeof signIn>>['api']) => {
    const api = cookieApi ?? (await signIn(t, { role })).api;
    const res = await api.post(`${prefix}/affiliate-test/${provider}`, body);
    expect(res.body).not.toContain(SECRET);
    expect(res.body).not.toContain(FLEX_KEY);
    return res;
  };
  const result = async (provider: string, body: Record<string, unknown>) => {
    const res = await run(provider, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ConnectionTestResult;
  };

  test('Amazon: success, bad credentials, not eligible, region mismatch, timeout', async () => {
    expect(await result('amazon', form())).toMatchObject({ provider: 'amazon', ok: true, problem: null, message: expect.stringContaining('snackshop-20') });
    expect(await result('amazon', form({ amazonSecretKey: 'wrong-secret' }))).toMatchObject({ ok: false, problem: 'bad_credentials' });
    const rookie = { amazonAccessKeyId: 'amzn1.application-oa2-client.rookie', amazonSecretKey: 'rookie-secret', amazonAssociateId: 'rookie-20' };
    expect(await result('amazon', form(rookie))).toMatchObject({ ok: false, problem: 'not_eligible' });
    expect(await result('amazon', form({ amazonRegion: 'UK' }))).toMatchObject({ ok: false, problem: 'region_mismatch', message: expect.stringContaining('North America') });
    amazon.mode = 'silent';
    expect(await result('amazon', form())).toMatchObject({ ok: false, problem: 'timeout', message: expect.stringContaining('within 500 ms') });
  });

  test("Sam's Club: success, bad key, not eligible, another publisher, timeout", async () => {
    expect(await result('samsclub', form())).toMatchObject({ provider: 'samsclub', ok: true, message: expect.stringContaining('snacks.example') });
    expect(await result('samsclub', form({ flexOffersApiKey: 'cccccccc-2438-478f-8265-6ee842cd12d7' }))).toMatchObject({ ok: false, problem: 'bad_credentials' });
    expect(await result('samsclub', form({ flexOffersApiKey: STRANGER_KEY, samsClubPublisherId: null }))).toMatchObject({ ok: false, problem: 'not_eligible' });
    expect(await result('samsclub', form({ samsClubPublisherId: '42' }))).toMatchObject({ ok: false, problem: 'account_mismatch' });
    flex.mode = 'silent';
    expect(await result('samsclub', form())).toMatchObject({ ok: false, problem: 'timeout' });
  });

  test('needs the provider on and its ids, before anything is sent', async () => {
    const before = amazon.requests.length + flex.requests.length;
    const off = expectJsonError(await run('amazon', form({ amazonEnabled: false })), 400, Messages.amazonOff);
    expect(off.errors).toEqual({ amazonEnabled: Messages.amazonOff });
    const noTag = expectJsonError(await run('amazon', form({ amazonAssociateId: '  ' })), 400, Messages.associateIdRequired);
    expect(noTag.errors).toEqual({ amazonAssociateId: Messages.associateIdRequired });
    const nothing = expectJsonError(await run('amazon', { amazonEnabled: true }), 400);
    expect(Object.keys(nothing.errors ?? {})).toEqual(['amazonAssociateId', 'amazonAccessKeyId', 'amazonSecretKey']);
    expectJsonError(await run('samsclub', form({ samsClubEnabled: false })), 400, Messages.samsClubOff);
    const noKey = expectJsonError(await run('samsclub', form({ flexOffersApiKey: '' })), 400, Messages.flexOffersKeyRequired);
    expect(noKey.errors).toEqual({ flexOffersApiKey: Messages.flexOffersKeyRequired });
    expectJsonError(await run('walmart', form()), 400, 'The provider is amazon or samsclub.');
    expect(amazon.requests.length + flex.requests.length).toBe(before);
  });

  test('a blank secret means the stored one; one marked for removal means none', async () => {
    const { api } = await signIn(t, { role });
    expect((await api.post(`${prefix}/affiliate-config`, form({ affiliateCommissionRate: 5 }))).statusCode).toBe(200);
    const stored = await run('amazon', form({ amazonSecretKey: '' }), api);
    expect(stored.json()).toMatchObject({ ok: true });
    expect((await run('samsclub', form({ flexOffersApiKey: undefined }), api)).json()).toMatchObject({ ok: true });
    expectJsonError(await run('amazon', form({ amazonSecretKey: '', clearAmazonSecretKey: true }), api), 400, Messages.secretKeyRequired);
  });
});

describe('stored secrets that no longer open', () => {
  test('ask for the key again (400 on its field) instead of sending nonsense', async () => {
    const admin = await signIn(t, { role: 'admin' });
    await admin.api.post('/api/admin/affiliate-config', form({ affiliateCommissionRate: 5 }));
    const operator = await signIn(t);
    await operator.api.post('/api/affiliate-config', form({ affiliateCommissionRate: 5 }));
    // The platform's sealed secret copied onto the operator's row: sealed for another owner, it does not open.
    const [platform] = await t.database.db.select().from(retailAffiliateConfigs).where(isNull(retailAffiliateConfigs.ownerUserId));
    await t.database.db
      .update(retailAffiliateConfigs)
      .set({ amazonSecretKeySealed: platform!.amazonSecretKeySealed })
      .where(eq(retailAffiliateConfigs.ownerUserId, operator.user.id));
    const res = expectJsonError(await operator.api.post('/api/affiliate-test/amazon', form({ amazonSecretKey: '' })), 400, Messages.storedSecretUnreadable);
    expect(res.errors).toEqual({ amazonSecretKey: Messages.storedSecretUnreadable });
  });
});
