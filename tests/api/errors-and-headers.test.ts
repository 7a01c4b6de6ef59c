import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { InProcessLiveBus } from '../../src/server/live/live-bus.js';
import type { DatabaseHandle } from '../../src/server/db/client.js';
import { createUser } from '../../src/server/db/factories.js';
import { openTestDatabase, TEST_PUBLIC_URL, TEST_TWO_FACTOR_KEY, TEST_UNSUBSCRIBE_KEY } from '../support/index.js';
import { uniqueEmail } from './helpers.js';

// An app built here rather than by createTestApp: it sits behind a trusted proxy, and it gets
// routes that fail on purpose, added before the app is ready.
let app: FastifyInstance;
let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({
    context: { db: database.db, publicUrl: TEST_PUBLIC_URL, adminEmails: [], ipHashKey: 'test-ip-hash-key', twoFactorKey: TEST_TWO_FACTOR_KEY, unsubscribeKey: TEST_UNSUBSCRIBE_KEY, live: new InProcessLiveBus() },
    sessionSecret: 'another-test-session-secret-that-is-long-enough-42',
    trustProxy: 1,
  });
  app.get('/api/test-only/boom', async () => {
    throw new Error('database password is hunter2 at /srv/app/secret.ts:12');
  });
  app.post('/api/test-only/boom', async () => {
    throw Object.assign(new TypeError('Cannot read properties of undefined'), { code: 'SOMETHING_INTERNAL' });
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

function expectGenericFailure(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(500);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json() as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['message', 'requestId']);
  expect(body.message).toBe('Something went wrong on our side. Please try again.');
  expect(body.requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  expect(res.body).not.toMatch(/hunter2|secret\.ts|stack|TypeError|Cannot read|SOMETHING_INTERNAL/);
  return body.requestId as string;
}

describe('unexpected errors', () => {
  test('a thrown error answers 500 with a generic message and a request id, no stack or detail', async () => {
    const first = expectGenericFailure(await app.inject({ method: 'GET', url: '/api/test-only/boom' }));
    const second = expectGenericFailure(await app.inject({ method: 'POST', url: '/api/test-only/boom', payload: {} }));
    expect(second).not.toBe(first);
  });
});

describe('security headers', () => {
  const expectHelmet = (res: LightMyRequestResponse) => {
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  };

  test('are on ordinary answers, redirects, 404s and 500s', async () => {
    expectHelmet(await app.inject({ method: 'GET', url: '/api/auth/me' }));
    expectHelmet(await app.inject({ method: 'GET', url: '/api/login' }));
    expectHelmet(await app.inject({ method: 'GET', url: '/api/nothing-here' }));
    expectHelmet(await app.inject({ method: 'GET', url: '/api/test-only/boom' }));
  });

  test('are on refused cross-site requests too', async () => {
    const res = await app.inject({
      method: 'POST', url: '/api/auth/login', payload: {}, headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
    expectHelmet(res);
  });
});

describe('behind a trusted proxy', () => {
  async function signInOver(proto?: string) {
    const { user, password } = await createUser(database.db, { email: uniqueEmail('proxied') });
    return app.inject({
      method: 'POST', url: '/api/auth/login', payload: { email: user.email, password },
      headers: proto ? { 'x-forwarded-proto': proto } : {},
    });
  }

  test('the session cookie is Secure when the request came over https', async () => {
    const res = await signInOver('https');
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'vv_session');
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
  });

  test('and not Secure over plain http', async () => {
    const res = await signInOver();
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'vv_session')?.secure).toBeFalsy();
    expect(String(res.headers['set-cookie'])).not.toMatch(/secure/i);
  });

  test('an https Origin matching the forwarded scheme and host passes the cross-site check', async () => {
    const { user, password } = await createUser(database.db, { email: uniqueEmail('origin') });
    const headers = { host: 'vote.example.com', 'x-forwarded-proto': 'https', origin: 'https://vote.example.com' };
    const ok = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password }, headers });
    expect(ok.statusCode, ok.body).toBe(200);
    const refused = await app.inject({
      method: 'POST', url: '/api/auth/login', payload: { email: user.email, password },
      headers: { ...headers, origin: 'https://evil.example' },
    });
    expect(refused.statusCode).toBe(403);
  });
});
