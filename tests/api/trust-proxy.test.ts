import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMachine, createProduct, createUser } from '../../src/server/db/factories.js';
import { SIGN_IN_THROTTLE } from '../../src/server/features/auth/sign-in-throttle.js';
import { VOTES_PER_ADDRESS_PER_PRODUCT_PER_HOUR } from '../../src/shared/vote-rules.js';
import { buildApp } from '../../src/server/app.js';
import type { DatabaseHandle } from '../../src/server/db/client.js';
import { InProcessLiveBus } from '../../src/server/live/live-bus.js';
import type { TrustProxySetting } from '../../src/server/trust-proxy.js';
import { openTestDatabase, TEST_PUBLIC_URL, TEST_TWO_FACTOR_KEY, TEST_UNSUBSCRIBE_KEY } from '../support/index.js';
import { expectJsonError, uniqueEmail } from './helpers.js';
import { voterCookieSetBy } from './voter.js';

/**
 * Behind a proxy that appends to X-Forwarded-For (nginx, an AWS ALB), the header's leftmost entries
 * are whatever the client wrote. TRUST_PROXY=true trusts only the nearest proxy, so a client that
 * writes a new "address" into each request still counts as the one address the proxy saw.
 */
const PROXY = '10.0.0.2';
let database: DatabaseHandle;
let oneHop: FastifyInstance;
let listed: FastifyInstance;
let spoofCounter = 0;
const spoofed = () => `100.${Math.floor(++spoofCounter / 250) % 250}.${spoofCounter % 250}.7`;

// Apps built here rather than by createTestApp: they sit behind proxies, and they get a route that
// tells the address the app sees, added before the app is ready.
async function appBehind(trustProxy: TrustProxySetting) {
  const app = await buildApp({
    context: { db: database.db, publicUrl: TEST_PUBLIC_URL, adminEmails: [], ipHashKey: 'test-ip-hash-key', twoFactorKey: TEST_TWO_FACTOR_KEY, unsubscribeKey: TEST_UNSUBSCRIBE_KEY, live: new InProcessLiveBus() },
    sessionSecret: 'a-test-session-secret-for-the-proxy-tests-0123456789',
    trustProxy,
  });
  app.get('/api/test-only/ip', async (request) => ({ ip: request.ip }));
  await app.ready();
  return app;
}

beforeAll(async () => {
  database = await openTestDatabase();
  oneHop = await appBehind(1);
  // Two proxies in a row: a CDN's edge (one of its ranges) in front of our own load balancer.
  listed = await appBehind(['10.0.0.0/8', '192.0.2.0/24']);
});
afterAll(async () => {
  await oneHop.close();
  await listed.close();
  await database.close();
});

/** A request as the proxy at PROXY passes it on: the client's header, then the address it saw. */
function throughProxy(app: FastifyInstance, client: string, written: string | null, options: InjectOptions) {
  const forwarded = written ? `${written}, ${client}` : client;
  return app.inject({ ...options, remoteAddress: PROXY, headers: { ...options.headers, 'x-forwarded-for': forwarded } } as InjectOptions);
}

describe('the client address behind trusted proxies', () => {
  test('one hop: the address the nearest proxy saw, whatever the client wrote to the left of it', async () => {
    const ipOf = async (headers: Record<string, string>, remoteAddress = PROXY) =>
      (await oneHop.inject({ method: 'GET', url: '/api/test-only/ip', headers, remoteAddress })).json<{ ip: string }>().ip;
    expect(await ipOf({ 'x-forwarded-for': '203.0.113.9' })).toBe('203.0.113.9');
    expect(await ipOf({ 'x-forwarded-for': '1.2.3.4, 203.0.113.9' })).toBe('203.0.113.9');
    expect(await ipOf({ 'x-forwarded-for': '1.2.3.4, 5.6.7.8, 203.0.113.9' })).toBe('203.0.113.9');
    expect(await ipOf({})).toBe(PROXY);
  });

  test('a list: every listed proxy is skipped from the right, and the first address outside the list is the client', async () => {
    const ipOf = async (headers: Record<string, string>, remoteAddress: string) =>
      (await listed.inject({ method: 'GET', url: '/api/test-only/ip', headers, remoteAddress })).json<{ ip: string }>().ip;
    expect(await ipOf({ 'x-forwarded-for': '1.2.3.4, 203.0.113.9, 192.0.2.10' }, PROXY)).toBe('203.0.113.9');
    // A caller that is not a listed proxy is its own address, whatever it writes.
    expect(await ipOf({ 'x-forwarded-for': '1.2.3.4' }, '198.51.100.3')).toBe('198.51.100.3');
  });
});

describe('per-address limits are not bypassed by a client-written leftmost address', () => {
  test('votes per hour per product: fresh written addresses from one client stop at the limit', async () => {
    const { user } = await createUser(database.db, { email: uniqueEmail('proxy-votes') });
    const machine = await createMachine(database.db, user.id);
    const product = await createProduct(database.db, user.id, { name: 'Proxy Snack' });
    const client = '203.0.113.20';
    const statuses: number[] = [];
    for (let i = 0; i < VOTES_PER_ADDRESS_PER_PRODUCT_PER_HOUR + 5; i++) {
      const written = spoofed();
      const page = await throughProxy(oneHop, client, written, { method: 'GET', url: `/api/vote-page/${machine.id}` });
      const cookie = voterCookieSetBy(page)!;
      const vote = await throughProxy(oneHop, client, written, {
        method: 'POST',
        url: `/api/products/${product.id}/vote?machineId=${machine.id}`,
        payload: { voteType: 'up' },
        headers: { cookie },
      });
      statuses.push(vote.statusCode);
      if (vote.statusCode === 429) expectJsonError(vote, 429, /^Lots of votes for this product/);
    }
    expect(statuses.slice(0, VOTES_PER_ADDRESS_PER_PRODUCT_PER_HOUR)).toEqual(Array(VOTES_PER_ADDRESS_PER_PRODUCT_PER_HOUR).fill(201));
    expect(statuses.slice(VOTES_PER_ADDRESS_PER_PRODUCT_PER_HOUR)).toEqual(Array(5).fill(429));
  });

  test('sign-in throttling: wrong passwords with a new written address each time meet a 429 at the per-pair limit', async () => {
    const { user, password } = await createUser(database.db, { email: uniqueEmail('proxy-owner') });
    const client = '203.0.113.21';
    const signIn = (pass: string) =>
      throughProxy(oneHop, client, spoofed(), { method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: pass } });
    for (let i = 0; i < SIGN_IN_THROTTLE.perAccountAndAddress; i++) expect((await signIn(`wrong ${i}`)).statusCode).toBe(401);
    const blocked = await signIn(password);
    expect(blocked.statusCode, blocked.body).toBe(429);
    // The owner, behind the same proxy from another address, is not locked out.
    const owner = await throughProxy(oneHop, '203.0.113.22', null, { method: 'POST', url: '/api/auth/login', payload: { email: user.email, password } });
    expect(owner.statusCode, owner.body).toBe(200);
  });
});
