import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { AmazonCreatorsClient, type AmazonCredentials } from '../../src/server/integrations/amazon-creators/amazon-creators-client.js';
import { FlexOffersClient } from '../../src/server/integrations/flexoffers/flexoffers-client.js';
import { FakeAmazonCreators } from '../fakes/amazon-creators.js';
import { FakeFlexOffers } from '../fakes/flexoffers.js';
import { freePort } from '../support/server-process.js';

const LWA_ID = 'amzn1.application-oa2-client.us0000000000000000000000000000';
const COGNITO_ID = 'vdp2k685pg16tpscgedh44dp1';
const KEY = '8bb138d4-2438-478f-8265-6ee842cd12d7';
let amazon: FakeAmazonCreators;
let flex: FakeFlexOffers;

beforeAll(async () => {
  amazon = await new FakeAmazonCreators([
    { credentialId: LWA_ID, secret: 'us-secret', region: 'NA', tags: { 'shop-20': 'www.amazon.com' } },
    { credentialId: COGNITO_ID, secret: 'eu-secret', region: 'EU', tags: { 'shop-21': 'www.amazon.co.uk' } },
    { credentialId: 'amzn1.application-oa2-client.new', secret: 'new-secret', region: 'NA', tags: { 'new-20': 'www.amazon.com' }, eligible: false },
  ]).start();
  flex = await new FakeFlexOffers([
    { apiKey: KEY, domainId: 1324238, domainName: 'snacks.example', url: 'https://snacks.example', approvedAdvertisers: ["Sam's Club", 'Staples'] },
    { apiKey: 'aaaaaaaa-2438-478f-8265-6ee842cd12d7', domainId: 99, domainName: 'new.example', url: 'https://new.example', approvedAdvertisers: [] },
  ]).start();
});
afterAll(async () => {
  await Promise.all([amazon?.close(), flex?.close()]);
});
beforeEach(() => {
  amazon.mode = 'normal';
  flex.mode = 'normal';
  amazon.requests.length = 0;
  flex.requests.length = 0;
});

const us: AmazonCredentials = { credentialId: LWA_ID, credentialSecret: 'us-secret', partnerTag: 'shop-20', region: 'US' };
const check = (credentials: Partial<AmazonCredentials>, timeoutMs?: number) =>
  new AmazonCreatorsClient({ apiBase: amazon.url, timeoutMs }).checkConnection({ ...us, ...credentials });

describe('the Creators API client', () => {
  test('3.x credentials: a Login with Amazon token from the region, then GetItems for its marketplace', async () => {
    expect(await check({})).toEqual({ ok: true, message: expect.stringContaining('shop-20 for United States (amazon.com)') });
    const [token, items] = amazon.requests;
    expect(token).toMatchObject({ path: '/api.amazon.com/auth/o2/token', json: { grant_type: 'client_credentials', scope: 'creatorsapi::default', client_id: LWA_ID } });
    expect(items).toMatchObject({ path: '/creatorsapi.amazon/catalog/v1/getItems', json: { partnerTag: 'shop-20', marketplace: 'www.amazon.com', partnerType: 'Associates' } });
    expect(items!.headers).toMatchObject({ 'x-marketplace': 'www.amazon.com', authorization: expect.stringMatching(/^Bearer \S+$/) });
    expect(items!.text).not.toContain('us-secret');
  });

  test('2.x credentials: Cognito with a form body, and the version in the Authorization header', async () => {
    const result = await check({ credentialId: COGNITO_ID, credentialSecret: 'eu-secret', partnerTag: 'shop-21', region: 'UK' });
    expect(result.ok).toBe(true);
    expect(amazon.requests[0]).toMatchObject({ path: '/creatorsapi.auth.eu-south-2.amazoncognito.com/oauth2/token' });
    expect(amazon.requests[0]!.text).toContain('scope=creatorsapi%2Fdefault');
    expect(amazon.requests[1]!.headers.authorization).toMatch(/^Bearer \S+, Version 2\.2$/);
  });

  test('a wrong secret: bad credentials, after asking the other regions', async () => {
    expect(await check({ credentialSecret: 'nope' })).toMatchObject({ ok: false, problem: 'bad_credentials', message: expect.stringContaining('did not accept') });
    expect(amazon.requests.map((request) => request.path.split('/')[1])).toEqual(['api.amazon.com', 'api.amazon.co.uk', 'api.amazon.co.jp']);
  });

  test("credentials of another region, or an associate ID of another store: region mismatch, said so", async () => {
    const wrongRegion = await check({ region: 'DE' });
    expect(wrongRegion).toMatchObject({ ok: false, problem: 'region_mismatch', message: expect.stringContaining('North America') });
    const wrongStore = await check({ credentialId: COGNITO_ID, credentialSecret: 'eu-secret', partnerTag: 'shop-21', region: 'DE' });
    expect(wrongStore).toMatchObject({ problem: 'region_mismatch', message: expect.stringContaining('shop-21 in Germany (amazon.de)') });
  });

  test('an account without the qualifying sales: not eligible', async () => {
    const result = await check({ credentialId: 'amzn1.application-oa2-client.new', credentialSecret: 'new-secret', partnerTag: 'new-20' });
    expect(result).toMatchObject({ ok: false, problem: 'not_eligible', message: expect.stringContaining('10 qualifying sales') });
  });

  test('no answer within the deadline: a timeout; nothing listening: unreachable', async () => {
    amazon.mode = 'silent';
    const started = Date.now();
    expect(await check({}, 300)).toMatchObject({ ok: false, problem: 'timeout', message: 'Amazon did not answer within 300 ms. It may be down or slow: try again in a few minutes.' });
    expect(Date.now() - started).toBeLessThan(3000);
    const nowhere = await new AmazonCreatorsClient({ apiBase: `http://127.0.0.1:${await freePort()}` }).checkConnection(us);
    expect(nowhere).toMatchObject({ ok: false, problem: 'unreachable', message: expect.stringContaining('connection was refused') });
  });
});

describe('the FlexOffers client', () => {
  const flexCheck = (apiKey: string, publisherId: string | null = null, timeoutMs?: number) =>
    new FlexOffersClient({ apiBase: flex.url, timeoutMs }).checkConnection({ apiKey, publisherId });

  test("the key's domain, then its approved Sam's Club program, with the ApiKey header", async () => {
    expect(await flexCheck(KEY, '1324238')).toEqual({ ok: true, message: expect.stringContaining("snacks.example, and its Sam's Club program is approved") });
    expect(flex.requests.map((request) => request.path)).toEqual(['/v3/domains', '/v3/advertisers']);
    expect(flex.requests[1]!.query).toMatchObject({ Name: "Sam's Club", ProgramStatus: 'Approved', ApplicationStatus: 'Approved', Page: '1', pageSize: '10' });
    expect(flex.requests.every((request) => request.headers.apikey === KEY)).toBe(true);
  });

  test('a refused key, another domain, no approval, silence', async () => {
    expect(await flexCheck('bbbbbbbb-2438-478f-8265-6ee842cd12d7')).toMatchObject({ problem: 'bad_credentials' });
    expect(await flexCheck(KEY, '42')).toMatchObject({ problem: 'account_mismatch', message: expect.stringContaining('snacks.example (publisher ID 1324238), not to publisher ID 42') });
    expect(await flexCheck('aaaaaaaa-2438-478f-8265-6ee842cd12d7')).toMatchObject({ problem: 'not_eligible', message: expect.stringContaining('new.example is not approved') });
    flex.mode = 'silent';
    expect(await flexCheck(KEY, null, 200)).toMatchObject({ problem: 'timeout', message: expect.stringContaining('FlexOffers did not answer within 200 ms') });
  });
});
