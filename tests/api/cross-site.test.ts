import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUser } from '../../src/server/db/factories.js';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../support/index.js';
import { expectJsonError, login, mailsTo, me, registration, signIn, uniqueEmail, userByEmail } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const REFUSED = 'Cross-site requests are not allowed.';

/** A sign-in attempt with the given browser headers, for an account that exists. */
async function loginWith(headers: Record<string, string>) {
  const { user, password } = await createUser(t.database.db, { email: uniqueEmail('xsite') });
  return t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password }, headers });
}

describe('state-changing requests from another site are refused', () => {
  test.each(['cross-site', 'same-site'])('Sec-Fetch-Site: %s → 403, and nothing happens', async (site) => {
    const res = await loginWith({ 'sec-fetch-site': site });
    expectJsonError(res, 403, REFUSED);
    expect(res.headers['set-cookie']).toBeUndefined();

    const body = registration();
    const register = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body, headers: { 'sec-fetch-site': site } });
    expectJsonError(register, 403, REFUSED);
    expect(await userByEmail(t, body.email)).toBeUndefined();
  });

  test.each(['https://evil.example', 'null', 'http://vendvote.test.evil.example', 'https://vendvote.test'])(
    'Origin %s without Sec-Fetch-Site → 403',
    async (origin) => {
      const { user } = await createUser(t.database.db, { email: uniqueEmail('victim') });
      const res = await t.app.inject({
        method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email }, headers: { origin },
      });
      expectJsonError(res, 403, REFUSED);
      expect(mailsTo(t, user.email)).toHaveLength(0);
    },
  );

  test('Sec-Fetch-Site cross-site wins over a same-origin-looking Origin', async () => {
    expectJsonError(await loginWith({ 'sec-fetch-site': 'cross-site', origin: TEST_PUBLIC_URL }), 403, REFUSED);
  });

  test('the refusal comes before any session work: a signed-in cookie sent cross-site is not touched', async () => {
    const { cookie } = await signIn(t);
    const res = await t.app.inject({
      method: 'POST', url: '/api/auth/login', payload: { email: uniqueEmail('x'), password: 'whatever1' },
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expectJsonError(res, 403, REFUSED);
    expect((await me(t, cookie)).statusCode).toBe(200);
  });
});

describe('same-origin requests pass', () => {
  test.each(['same-origin', 'none'])('Sec-Fetch-Site: %s → handled normally', async (site) => {
    const res = await loginWith({ 'sec-fetch-site': site, origin: 'https://ignored.example' });
    expect(res.statusCode, res.body).toBe(200);
  });

  test('Origin equal to the request host passes', async () => {
    const res = await loginWith({ host: 'localhost:3000', origin: 'http://localhost:3000' });
    expect(res.statusCode, res.body).toBe(200);
  });

  test('Origin equal to the public URL passes', async () => {
    expect((await loginWith({ origin: TEST_PUBLIC_URL })).statusCode).toBe(200);
  });

  test('Origin of the same host but another scheme or port is refused', async () => {
    expectJsonError(await loginWith({ host: 'localhost:3000', origin: 'https://localhost:3000' }), 403, REFUSED);
    expectJsonError(await loginWith({ host: 'localhost:3000', origin: 'http://localhost:4000' }), 403, REFUSED);
  });

  test('a request with neither header (curl, server to server) passes', async () => {
    const { user, password } = await createUser(t.database.db, { email: uniqueEmail('curl') });
    expect((await login(t, user.email, password)).statusCode).toBe(200);
  });
});

describe('reads are not affected', () => {
  test('GET from another site is allowed', async () => {
    const { cookie } = await signIn(t);
    const res = await t.app.inject({
      method: 'GET', url: '/api/auth/me', headers: { cookie, 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(200);
    const navigation = await t.app.inject({ method: 'GET', url: '/api/login', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(navigation.statusCode).toBe(302);
  });
});
