import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUser } from '../../src/server/db/factories.js';
import { sessions, users } from '../../src/server/db/schema.js';
import { createTestApp, sessionCookieFrom, type TestApp } from '../support/index.js';
import {
  api, DAY_MS, expectJsonError, get, expectWithin, HOUR_MS, login, me, sessionRowOf, sessionsOfUser, setSessionExpire, sha256,
  signIn, tokenOfCookie, uniqueEmail,
} from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const setCookieHeader = (res: { headers: Record<string, unknown> }) => [res.headers['set-cookie']].flat().filter(Boolean) as string[];

describe('POST /api/auth/login', () => {
  test('a wrong password and an unknown email get the same 401 body and no cookie', async () => {
    const { user } = await createUser(t.database.db, { email: uniqueEmail('known') });
    const wrongPassword = await login(t, user.email, 'not the right password');
    const unknownEmail = await login(t, uniqueEmail('unknown'), 'not the right password');
    expect(expectJsonError(wrongPassword, 401)).toEqual({ message: 'Invalid email or password.' });
    expect(unknownEmail.statusCode).toBe(401);
    expect(unknownEmail.body).toBe(wrongPassword.body);
    expect(setCookieHeader(wrongPassword)).toEqual([]);
    expect(setCookieHeader(unknownEmail)).toEqual([]);
  });

  test('success answers 200 with the user and a browser-session cookie (HttpOnly, Lax, Path=/, no Max-Age, not Secure on http)', async () => {
    const { user, password } = await createUser(t.database.db, { email: uniqueEmail('plain') });
    const res = await login(t, `  ${user.email.toUpperCase()} `, password);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      // The account's first sign-in ever greets a newcomer.
      message: 'Welcome to VendVote!',
      user: { id: user.id, email: user.email, role: 'operator', firstName: 'Olivia', lastName: 'Operator', profileImageUrl: null, phoneNumber: null, isAffiliate: false, timeZone: 'America/New_York' },
    });
    // The session's cookie, and the browser's long-lived device id (login alerts recognise it).
    expect(setCookieHeader(res)).toHaveLength(2);
    const raw = setCookieHeader(res).find((cookie) => cookie.startsWith('vv_session='));
    const device = setCookieHeader(res).find((cookie) => cookie.startsWith('vv_device='));
    expect(device).toMatch(/; HttpOnly/i);
    expect(device).toMatch(/Max-Age=63072000/);
    expect(raw).toMatch(/^vv_session=[^;]+/);
    expect(raw).toMatch(/; HttpOnly/i);
    expect(raw).toMatch(/; SameSite=Lax/i);
    expect(raw).toMatch(/; Path=\/(;|$)/);
    expect(raw).not.toMatch(/Max-Age|Expires/i);
    expect(raw).not.toMatch(/Secure/i);

    const row = await sessionRowOf(t, sessionCookieFrom(res));
    expect(row!.sess).toMatchObject({ userId: user.id, rememberMe: false });
    expectWithin(row!.expire, Date.now() + 12 * HOUR_MS);
  });

  test('the first sign-in of an account welcomes a newcomer; every later one, from any browser, says welcome back', async () => {
    const { user, password } = await createUser(t.database.db, { email: uniqueEmail('greeting') });
    const first = await login(t, user.email, password);
    expect(first.json()).toMatchObject({ message: 'Welcome to VendVote!' });
    // Another browser (no device cookie): the account has signed in before, so not a newcomer.
    const elsewhere = await login(t, user.email, password);
    expect(elsewhere.json()).toMatchObject({ message: 'Welcome back!' });
    // The first browser again, its device cookie sent back.
    const device = setCookieHeader(first).find((cookie) => cookie.startsWith('vv_device='))!.split(';')[0]!;
    const again = await api(t, device).post('/api/auth/login', { email: user.email, password });
    expect(again.json()).toMatchObject({ message: 'Welcome back!' });
  });

  test('rememberMe sets Max-Age to 30 days and the session row expires 30 days out', async () => {
    const { cookie, res } = await signIn(t, {}, true);
    const [raw] = setCookieHeader(res);
    expect(raw).toMatch(/; Max-Age=2592000(;|$)/);
    expect(raw).toMatch(/; HttpOnly/i);
    const row = await sessionRowOf(t, cookie);
    expect(row!.sess.rememberMe).toBe(true);
    expectWithin(row!.expire, Date.now() + 30 * DAY_MS);
  });

  test('the database keeps a SHA-256 of the cookie token, never the cookie value itself', async () => {
    const { user, cookie } = await signIn(t);
    const [row] = await sessionsOfUser(t, user.id);
    const value = cookie.slice('vv_session='.length);
    expect(row!.sid).toBe(sha256(tokenOfCookie(cookie)));
    expect(row!.sid).not.toBe(value);
    expect(row!.sid).not.toBe(tokenOfCookie(cookie));
    expect(JSON.stringify(row!.sess)).not.toContain(tokenOfCookie(cookie));
  });
});

describe('session ids', () => {
  test('every sign-in gets a new session id; both sessions then work', async () => {
    const { user, password } = await createUser(t.database.db, { email: uniqueEmail('twice') });
    const first = sessionCookieFrom(await login(t, user.email, password));
    const second = sessionCookieFrom(await login(t, user.email, password));
    expect(second).not.toBe(first);
    expect(await sessionsOfUser(t, user.id)).toHaveLength(2);
    expect((await me(t, first)).statusCode).toBe(200);
    expect((await me(t, second)).statusCode).toBe(200);
  });

  test('signing in while holding a cookie deletes the old session and issues a new id', async () => {
    const { user, password, cookie: old } = await signIn(t);
    const res = await t.app.inject({
      method: 'POST', url: '/api/auth/login', payload: { email: user.email, password }, headers: { cookie: old },
    });
    expect(res.statusCode).toBe(200);
    const fresh = sessionCookieFrom(res);
    expect(fresh).not.toBe(old);
    expect(setCookieHeader(res).filter((c) => c.startsWith('vv_session='))).toHaveLength(1);
    expect(await sessionRowOf(t, old)).toBeUndefined();
    expect(await sessionsOfUser(t, user.id)).toHaveLength(1);
    expectJsonError(await me(t, old), 401, 'Unauthorized');
    expect((await me(t, fresh)).statusCode).toBe(200);
  });

  test('a tampered, unsigned or foreign-signed cookie is a 401 on /api/auth/me', async () => {
    const { cookie } = await signIn(t);
    const token = tokenOfCookie(cookie);
    const signature = cookie.slice(cookie.lastIndexOf('.') + 1);
    const flipped = signature[0] === 'A' ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    for (const forged of [
      `vv_session=${token}`,
      `vv_session=${token}.${flipped}`,
      `vv_session=${token.slice(0, -1)}${token.endsWith('a') ? 'b' : 'a'}.${signature}`,
      'vv_session=whatever.c2lnbmF0dXJl',
    ]) {
      expect(await me(t, forged), forged).toMatchObject({ statusCode: 401 });
    }
    expect((await me(t, cookie)).statusCode).toBe(200);
  });
});

describe('session lifetime', () => {
  test('a browser session idle past its expiry is a 401, and so is an expired remember-me session', async () => {
    const plain = await signIn(t);
    const remembered = await signIn(t, {}, true);
    await setSessionExpire(t, plain.cookie, new Date(Date.now() - 1000));
    await setSessionExpire(t, remembered.cookie, new Date(Date.now() - 1000));
    expectJsonError(await me(t, plain.cookie), 401, 'Unauthorized');
    expectJsonError(await me(t, remembered.cookie), 401, 'Unauthorized');
  });

  test('a browser session in use is pushed forward to 12 hours once it is more than 5 minutes old', async () => {
    const { cookie } = await signIn(t);
    await setSessionExpire(t, cookie, new Date(Date.now() + 11 * HOUR_MS));
    expect((await me(t, cookie)).statusCode).toBe(200);
    expectWithin((await sessionRowOf(t, cookie))!.expire, Date.now() + 12 * HOUR_MS);
  });

  test('a browser session used within its first 5 minutes is not rewritten', async () => {
    const { cookie } = await signIn(t);
    const recent = new Date(Date.now() + 12 * HOUR_MS - 2 * 60 * 1000);
    await setSessionExpire(t, cookie, recent);
    expect((await me(t, cookie)).statusCode).toBe(200);
    expect((await sessionRowOf(t, cookie))!.expire.getTime()).toBe(recent.getTime());
  });

  test('a remember-me session is not extended by use', async () => {
    const { cookie } = await signIn(t, {}, true);
    const soon = new Date(Date.now() + HOUR_MS);
    await setSessionExpire(t, cookie, soon);
    expect((await me(t, cookie)).statusCode).toBe(200);
    expect((await sessionRowOf(t, cookie))!.expire.getTime()).toBe(soon.getTime());
  });

  test('a session whose account was deleted no longer signs anyone in', async () => {
    const { user, cookie } = await signIn(t);
    await t.database.db.delete(users).where(eq(users.id, user.id));
    expectJsonError(await me(t, cookie), 401, 'Unauthorized');
  });
});

describe('GET /api/auth/session (the web app\'s probe)', () => {
  test('answers 200 with no user when signed out, and the user when signed in; /api/auth/me keeps its 401', async () => {
    const signedOut = await get(t, '/api/auth/session');
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.json()).toEqual({ user: null, theme: null });
    expectJsonError(await me(t), 401, 'Unauthorized');

    const { cookie, user } = await signIn(t);
    const signedIn = await get(t, '/api/auth/session', cookie);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual({ user: (await me(t, cookie)).json(), theme: 'auto' });
    expect(signedIn.json()).toMatchObject({ user: { id: user.id, email: user.email } });

    // The account's stored theme, which a new browser applies from its first signed-in page.
    await t.database.db.update(users).set({ theme: 'dark' }).where(eq(users.id, user.id));
    expect((await get(t, '/api/auth/session', cookie)).json()).toMatchObject({ theme: 'dark' });

    // A session that ended is signed out here too, not an error.
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie, 'sec-fetch-site': 'same-origin' } });
    expect((await get(t, '/api/auth/session', cookie)).json()).toEqual({ user: null, theme: null });
  });
});

describe('browser navigations', () => {
  test('GET /api/login redirects to /login', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/login' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login');
  });

  test('POST /api/logout deletes the session row, clears the cookie and says so', async () => {
    const { cookie, user } = await signIn(t);
    const other = await signIn(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie, 'sec-fetch-site': 'same-origin' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'You have been signed out.' });
    const cleared = res.cookies.find((c) => c.name === 'vv_session');
    expect(cleared?.value).toBe('');
    expect(cleared?.path).toBe('/');
    expect(cleared?.expires?.getTime() ?? 0).toBeLessThan(Date.now());
    expect(await sessionsOfUser(t, user.id)).toHaveLength(0);
    expectJsonError(await me(t, cookie), 401, 'Unauthorized');
    // Only that session ended.
    expect((await me(t, other.cookie)).statusCode).toBe(200);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.sid, sha256(tokenOfCookie(other.cookie))))).toHaveLength(1);
  });

  test('another site cannot sign a visitor out: its POST is refused and a GET signs nobody out', async () => {
    const { cookie, user } = await signIn(t);
    const crossSite = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie, 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' } });
    expectJsonError(crossSite, 403, 'Cross-site requests are not allowed.');
    // A top-level navigation carries the Lax cookie: it leads to the page that offers sign-out.
    const navigation = await t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie, 'sec-fetch-site': 'cross-site' } });
    expect(navigation.statusCode).toBe(302);
    expect(navigation.headers.location).toBe('/sign-out');
    expect(navigation.headers['set-cookie']).toBeUndefined();
    expect(await sessionsOfUser(t, user.id)).toHaveLength(1);
    expect((await me(t, cookie)).statusCode).toBe(200);
  });

  test('GET /api/logout without a session redirects to / and sets no cookie; POST without one answers the same message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/logout' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    expect(res.headers['set-cookie']).toBeUndefined();
    const post = await t.app.inject({ method: 'POST', url: '/api/logout' });
    expect(post.statusCode).toBe(200);
    expect(post.headers['set-cookie']).toBeUndefined();
  });
});
