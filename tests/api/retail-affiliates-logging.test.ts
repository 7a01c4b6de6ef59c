import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createLogger } from '../../src/server/logging.js';
import { FakeAmazonCreators } from '../fakes/amazon-creators.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { signIn } from './helpers.js';

const SECRET = 'creators-secret-never-logged-91';
const FLEX_KEY = '0fa8d2c4-1111-4222-8333-944455566677';
const lines: string[] = [];
let t: TestApp;
let amazon: FakeAmazonCreators;

beforeAll(async () => {
  amazon = await new FakeAmazonCreators([{ credentialId: 'amzn1.application-oa2-client.logs', secret: SECRET, region: 'NA', tags: { 'logs-20': 'www.amazon.com' } }]).start();
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  t = await createTestApp({ logger: createLogger('trace', sink), retailApis: { amazonApiBase: amazon.url, timeoutMs: 300 } });
});
afterAll(async () => {
  await t?.close();
  await amazon?.close();
});

test('no secret reaches the log: saves, tests that pass, fail, time out or are refused', async () => {
  const { api } = await signIn(t);
  const form = { amazonEnabled: true, amazonAssociateId: 'logs-20', amazonAccessKeyId: 'amzn1.application-oa2-client.logs', amazonSecretKey: SECRET, samsClubEnabled: true, flexOffersApiKey: FLEX_KEY };
  expect((await api.post('/api/affiliate-config', form)).statusCode).toBe(200);
  expect((await api.post('/api/affiliate-test/amazon', form)).json()).toMatchObject({ ok: true });
  expect((await api.post('/api/affiliate-test/amazon', { ...form, amazonSecretKey: `${SECRET}-wrong` })).json()).toMatchObject({ problem: 'bad_credentials' });
  expect((await api.post('/api/affiliate-test/samsclub', form)).json()).toMatchObject({ problem: 'unreachable' });
  amazon.mode = 'silent';
  expect((await api.post('/api/affiliate-test/amazon', form)).json()).toMatchObject({ problem: 'timeout' });
  expect((await api.post('/api/affiliate-config', { ...form, affiliateCommissionRate: 99 })).statusCode).toBe(400);

  const log = lines.join('');
  expect(log).toContain('/api/affiliate-test/amazon');
  expect(log).not.toContain(SECRET);
  expect(log).not.toContain(FLEX_KEY);
});
