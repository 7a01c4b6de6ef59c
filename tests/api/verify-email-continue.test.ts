import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { verifiedSignIns } from '../../src/server/db/schema.js';
import { AuthMessages } from '../../src/shared/auth.schemas.js';
import { createTestApp, sessionCookieFrom, type TestApp } from '../support/index.js';
import {
  expectJsonError, GOOD_PASSWORD, login, mailedToken, me, post, registration, sessionRowOf, signIn, userByEmail, verifyEmailCall,
} from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CONTINUE = '/api/auth/verify-email/continue';

/** Registers an account and returns its email and mailed verification token. */
async function registered() {
  const body = registration();
  expect((await post(t, '/api/auth/register', body)).statusCode).toBe(201);
  return { email: body.email, token: await mailedToken(t, body.email, '/verify-email', /Verify/) };
}

/** The one-click sign-in cookie a verify answer set, as a Cookie header value. */
function grantCookieFrom(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'vv_verified');
  if (!cookie) throw new Error(`No vv_verified cookie in: ${JSON.stringify(res.cookies)}`);
  return `vv_verified=${cookie.value}`;
}

const setCookieNames = (res: LightMyRequestResponse) => res.cookies.map((c) => c.name);

function continueAs(cookie: string | undefined, body: object = {}, headers: Record<string, string> = {}) {
  return post(t, CONTINUE, body, { headers: { ...(cookie ? { cookie } : {}), ...headers } });
}

describe('verifying, then one click to sign in', () => {
  test('the verify answer signs nobody in; it sets a short-lived HttpOnly, Strict cookie that the click spends once', async () => {
    const { email, token } = await registered();
    const verified = await verifyEmailCall(t, token);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(setCookieNames(verified)).toEqual(['vv_verified']);
    const raw = [verified.headers['set-cookie']].flat().join('\n');
    expect(raw).toMatch(/; HttpOnly/i);
    expect(raw).toMatch(/; SameSite=Strict/i);
    expect(raw).toMatch(/; Path=\/api\/auth\/verify-email(;|$)/);
    expect(raw).toMatch(/; Max-Age=900(;|$)/);

    const grant = grantCookieFrom(verified);
    const signedIn = await continueAs(grant);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const user = await userByEmail(t, email);
    expect(signedIn.json()).toMatchObject({ message: AuthMessages.verifiedWelcome, user: { id: user!.id, email } });
    const session = sessionCookieFrom(signedIn);
    expect((await me(t, session)).json()).toMatchObject({ id: user!.id });
    expect(signedIn.cookies.find((c) => c.name === 'vv_verified')?.value).toBe('');

    // Single use: the same cookie again does nothing.
    const reused = await continueAs(grant);
    expectJsonError(reused, 400, AuthMessages.verifiedSignInExpired);
    expect(setCookieNames(reused)).not.toContain('vv_session');
  });

  test('a visitor signed in to another account stays signed in to it when following someone else\'s link', async () => {
    const visitor = await signIn(t);
    const attacker = await registered();
    const verified = await verifyEmailCall(t, attacker.token, visitor.cookie);
    expect(verified.statusCode).toBe(200);
    expect(setCookieNames(verified)).not.toContain('vv_session');
    expect((await me(t, visitor.cookie)).json()).toMatchObject({ id: visitor.user.id });

    // The click without saying "sign out of the other account" is refused, and spends nothing.
    const grant = grantCookieFrom(verified);
    const both = `${visitor.cookie}; ${grant}`;
    const refused = await continueAs(both);
    expectJsonError(refused, 409, AuthMessages.signedInAsAnotherAccount);
    expect(setCookieNames(refused)).toEqual([]);
    expect((await me(t, visitor.cookie)).json()).toMatchObject({ id: visitor.user.id });

    // Saying so switches accounts: the old session ends.
    const switched = await continueAs(both, { replaceSession: true });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json().user.email).toBe(attacker.email);
    expect(await sessionRowOf(t, visitor.cookie)).toBeUndefined();
  });

  test('the account already signed in may continue without confirming anything', async () => {
    const { email, token } = await registered();
    const grant = grantCookieFrom(await verifyEmailCall(t, token));
    const session = sessionCookieFrom(await login(t, email, GOOD_PASSWORD));
    const res = await continueAs(`${session}; ${grant}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(t, sessionCookieFrom(res))).json()).toMatchObject({ email });
  });

  test('a cross-site verify neither verifies, signs in, nor touches the visitor\'s session', async () => {
    const visitor = await signIn(t);
    const attacker = await registered();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/auth/verify-email?token=${encodeURIComponent(attacker.token)}`,
      headers: { cookie: visitor.cookie, 'sec-fetch-site': 'cross-site' },
    });
    expectJsonError(res, 403, 'Cross-site requests are not allowed.');
    expect(res.cookies).toEqual([]);
    expect((await userByEmail(t, attacker.email))!.isVerified).toBe(false);
    expect((await me(t, visitor.cookie)).json()).toMatchObject({ id: visitor.user.id });
  });

  test.each<Record<string, string>>([{ 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, { origin: 'https://evil.example' }])(
    'the click is refused from another site (%j) and the grant stays unspent',
    async (headers) => {
      const { token } = await registered();
      const grant = grantCookieFrom(await verifyEmailCall(t, token));
      const refused = await continueAs(grant, {}, headers);
      expectJsonError(refused, 403, 'Cross-site requests are not allowed.');
      expect(setCookieNames(refused)).toEqual([]);
      expect((await continueAs(grant, {}, { 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    },
  );

  test('no cookie, a forged cookie or an expired grant: 400 and no session', async () => {
    const { email, token } = await registered();
    const grant = grantCookieFrom(await verifyEmailCall(t, token));
    const value = grant.slice('vv_verified='.length);
    for (const cookie of [undefined, `vv_verified=${value.slice(0, value.lastIndexOf('.'))}`, 'vv_verified=made-up.c2lnbmF0dXJl']) {
      const res = await continueAs(cookie);
      expectJsonError(res, 400, AuthMessages.verifiedSignInExpired);
      expect(setCookieNames(res)).not.toContain('vv_session');
    }
    const user = await userByEmail(t, email);
    await t.database.db.update(verifiedSignIns).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verifiedSignIns.userId, user!.id));
    const expired = await continueAs(grant);
    expectJsonError(expired, 400, AuthMessages.verifiedSignInExpired);
    expect(setCookieNames(expired)).not.toContain('vv_session');
  });

  test('a password reset spends a pending grant', async () => {
    const { email, token } = await registered();
    const grant = grantCookieFrom(await verifyEmailCall(t, token));
    expect((await post(t, '/api/auth/forgot-password', { email })).statusCode).toBe(200);
    const resetToken = await mailedToken(t, email, '/reset-password', /Reset/);
    const password = 'a brand new long password';
    expect((await post(t, '/api/auth/reset-password', { token: resetToken, password, confirmPassword: password })).statusCode).toBe(200);
    expectJsonError(await continueAs(grant), 400, AuthMessages.verifiedSignInExpired);
  });
});
