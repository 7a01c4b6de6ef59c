import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AuthMessages } from '../../src/shared/auth.schemas.js';
import { EmailChangeMessages, SecurityMessages, type Security } from '../../src/shared/security.schemas.js';
import { createUser } from '../../src/server/db/factories.js';
import { createTestApp, sessionCookieFrom, type TestApp } from '../support/index.js';
import { api, expectJsonError, login, uniqueEmail } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** One account signed in from two browsers. */
async function twoDevices() {
  const { user, password } = await createUser(t.database.db, { email: uniqueEmail('security') });
  const signIn = async (userAgent: string, timeZone?: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'user-agent': userAgent },
      payload: { email: user.email, password, ...(timeZone ? { timeZone } : {}) },
    });
    expect(response.statusCode, response.body).toBe(200);
    return api(t, sessionCookieFrom(response), { headers: { 'user-agent': userAgent } });
  };
  const laptop = await signIn(CHROME_MAC, 'America/Los_Angeles');
  const desktop = await signIn(FIREFOX_WINDOWS);
  return { user, password, laptop, desktop };
}

describe('signed-in devices', () => {
  test('each session by browser, system and time zone, the current one marked; no network address', async () => {
    const { laptop } = await twoDevices();
    const response = await laptop.get('/api/settings/security');
    expect(response.statusCode, response.body).toBe(200);
    const security = response.json() as Security;
    expect(security.sessions).toHaveLength(2);
    const current = security.sessions.find((session) => session.current)!;
    expect(current).toMatchObject({ device: 'Chrome 131 on macOS', place: 'Los Angeles' });
    const other = security.sessions.find((session) => !session.current)!;
    expect(other).toMatchObject({ device: 'Firefox 133 on Windows', place: null });
    expect(response.body).not.toContain('127.0.0.1');
  });

  test('signing out another device ends it; an id not of this account is 404', async () => {
    const { laptop, desktop } = await twoDevices();
    const stranger = await twoDevices();
    const theirs = ((await stranger.laptop.get('/api/settings/security')).json() as Security).sessions[0]!.id;
    expectJsonError(await laptop.delete(`/api/settings/sessions/${theirs}`), 404, SecurityMessages.sessionNotFound);
    expect((await stranger.laptop.get('/api/settings/security')).statusCode).toBe(200);

    const other = ((await laptop.get('/api/settings/security')).json() as Security).sessions.find((session) => !session.current)!;
    expect((await laptop.delete(`/api/settings/sessions/${other.id}`)).json()).toEqual({ signedOut: 1 });
    expect((await desktop.get('/api/auth/me')).statusCode).toBe(401);
    expect((await laptop.get('/api/auth/me')).statusCode).toBe(200);
  });

  test('sign out all others keeps only this one', async () => {
    const { laptop, desktop } = await twoDevices();
    expect((await laptop.post('/api/settings/sessions/sign-out-others')).json()).toEqual({ signedOut: 1 });
    expect((await desktop.get('/api/auth/me')).statusCode).toBe(401);
    expect(((await laptop.get('/api/settings/security')).json() as Security).sessions).toHaveLength(1);
  });
});

describe('changing the password', () => {
  test('needs the current one; the new one works, the old one not, and other devices are signed out', async () => {
    const { user, password, laptop, desktop } = await twoDevices();
    const before = ((await laptop.get('/api/settings/security')).json() as Security).passwordLastChanged;
    expectJsonError(
      await laptop.post('/api/settings/password', { currentPassword: 'wrong password', newPassword: 'a brand new passphrase', confirmPassword: 'a brand new passphrase' }),
      400,
      SecurityMessages.currentPasswordWrong,
    );
    expectJsonError(await laptop.post('/api/settings/password', { currentPassword: password, newPassword: 'a brand new passphrase', confirmPassword: 'different' }), 400, SecurityMessages.passwordsDontMatch);
    expectJsonError(await laptop.post('/api/settings/password', { currentPassword: password, newPassword: 'short', confirmPassword: 'short' }), 400, AuthMessages.passwordTooShort);
    expectJsonError(await laptop.post('/api/settings/password', { currentPassword: password, newPassword: 'password123', confirmPassword: 'password123' }), 400, AuthMessages.passwordTooCommon);
    expectJsonError(await laptop.post('/api/settings/password', { currentPassword: password, newPassword: password, confirmPassword: password }), 400, SecurityMessages.samePassword);
    expect((await desktop.get('/api/auth/me')).statusCode).toBe(200);

    const changed = await laptop.post('/api/settings/password', { currentPassword: password, newPassword: 'a brand new passphrase', confirmPassword: 'a brand new passphrase' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ message: SecurityMessages.passwordChanged });
    expect((await desktop.get('/api/auth/me')).statusCode).toBe(401);
    expect((await laptop.get('/api/auth/me')).statusCode).toBe(200);
    expect((await login(t, user.email, password)).statusCode).toBe(401);
    expect((await login(t, user.email, 'a brand new passphrase')).statusCode).toBe(200);
    const after = ((await laptop.get('/api/settings/security')).json() as Security).passwordLastChanged;
    expect(Date.parse(after)).toBeGreaterThan(Date.parse(before));
  });

  test('signed out: 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/security' })).statusCode).toBe(401);
  });

  test('guessing the current password is cut off after 10 tries in 15 minutes, for that account only', async () => {
    const { laptop } = await twoDevices();
    const other = await twoDevices();
    const guess = { currentPassword: 'a guess', newPassword: 'a brand new passphrase', confirmPassword: 'a brand new passphrase' };
    for (let attempt = 1; attempt <= 10; attempt += 1) expect((await laptop.post('/api/settings/password', guess)).statusCode).toBe(400);
    const refused = await laptop.post('/api/settings/password', guess);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await other.laptop.post('/api/settings/password', guess)).statusCode).toBe(400);
  });
});

describe('login alerts', () => {
  async function browserSignIn(email: string, password: string, deviceCookie?: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'user-agent': FIREFOX_WINDOWS, ...(deviceCookie ? { cookie: deviceCookie } : {}) },
      payload: { email, password, timeZone: 'America/Chicago' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const device = response.cookies.find((cookie) => cookie.name === 'vv_device');
    return { response, deviceCookie: device ? `vv_device=${device.value}` : deviceCookie };
  }
  const alertsTo = (email: string) => t.smtp.received.filter((mail) => mail.to.includes(email) && /New sign-in/.test(mail.subject));
  const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

  test('the first browser is the owner\'s; the same browser again says nothing; a new one is mailed', async () => {
    const { user, password } = await createUser(t.database.db, { email: uniqueEmail('alerts') });
    const first = await browserSignIn(user.email, password);
    await browserSignIn(user.email, password, first.deviceCookie);
    await settle();
    expect(alertsTo(user.email)).toHaveLength(0);

    await browserSignIn(user.email, password);
    const mail = await t.smtp.waitForMail(user.email, /^New sign-in to your VendVote account$/);
    expect(mail.text).toContain('Firefox 133 on Windows');
    expect(mail.text).toContain('Chicago');
    expect(mail.text).toContain('/settings?tab=security');
  });

  test('turned off, a new browser is recorded but nobody is mailed', async () => {
    const { user, password } = await createUser(t.database.db, { email: uniqueEmail('no-alerts') });
    const first = await browserSignIn(user.email, password);
    const session = api(t, sessionCookieFrom(first.response));
    expect(((await session.get('/api/settings/security')).json() as Security).loginAlerts).toBe(true);
    const off = await session.patch('/api/settings/security', { loginAlerts: false });
    expect(off.statusCode, off.body).toBe(200);
    expect((off.json() as Security).loginAlerts).toBe(false);
    await browserSignIn(user.email, password);
    await settle();
    expect(alertsTo(user.email)).toHaveLength(0);
  });
});

describe('changing the sign-in email', () => {
  const linkTokenIn = (text: string) => new URL(text.match(/https?:\/\/\S+\/confirm-email-change\?token=\S+/)![0]).searchParams.get('token')!;

  test('waits for the link mailed to the new address; then the new one signs in and the old address is told', async () => {
    const { user, password, laptop } = await twoDevices();
    const newEmail = uniqueEmail('moved');
    const asked = await laptop.post('/api/settings/email', { newEmail: `  ${newEmail.toUpperCase()} `, password });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toEqual({ message: EmailChangeMessages.sent });
    expect((await laptop.get('/api/auth/me')).json()).toMatchObject({ email: user.email });

    const mail = await t.smtp.waitForMail(newEmail, /^Confirm your new VendVote email address$/);
    const token = linkTokenIn(mail.text);
    const confirmed = await t.app.inject({ method: 'POST', url: '/api/auth/confirm-email-change', payload: { token } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ message: EmailChangeMessages.changed, email: newEmail });
    expect((await laptop.get('/api/auth/me')).json()).toMatchObject({ email: newEmail });
    expect((await login(t, newEmail, password)).statusCode).toBe(200);
    expect((await login(t, user.email, password)).statusCode).toBe(401);
    const told = await t.smtp.waitForMail(user.email, /^Your VendVote email address was changed$/);
    expect(told.text).toContain(newEmail);

    // The link works once.
    expectJsonError(await t.app.inject({ method: 'POST', url: '/api/auth/confirm-email-change', payload: { token } }), 400, EmailChangeMessages.linkInvalid);
  });

  test('needs the password, a different address, and one no other account uses', async () => {
    const { user, password, laptop } = await twoDevices();
    const other = await twoDevices();
    expectJsonError(await laptop.post('/api/settings/email', { newEmail: uniqueEmail('x'), password: 'wrong' }), 400, SecurityMessages.currentPasswordWrong);
    expectJsonError(await laptop.post('/api/settings/email', { newEmail: user.email, password }), 400, EmailChangeMessages.sameEmail);
    expectJsonError(await laptop.post('/api/settings/email', { newEmail: other.user.email, password }), 409, AuthMessages.emailTaken);
    expectJsonError(await laptop.post('/api/settings/email', { newEmail: 'not an email', password }), 400);
  });

  test('at most 5 requests an hour per account, so the form cannot be used to mail an inbox over and over', async () => {
    const { password, laptop } = await twoDevices();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await laptop.post('/api/settings/email', { newEmail: uniqueEmail('flood'), password })).statusCode).toBe(202);
    }
    const refused = await laptop.post('/api/settings/email', { newEmail: uniqueEmail('flood'), password });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  test('a later request replaces an earlier one, and an address taken meanwhile is refused', async () => {
    const { password, laptop } = await twoDevices();
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    await laptop.post('/api/settings/email', { newEmail: first, password });
    const firstToken = linkTokenIn((await t.smtp.waitForMail(first, /^Confirm your new/)).text);
    await laptop.post('/api/settings/email', { newEmail: second, password });
    const secondToken = linkTokenIn((await t.smtp.waitForMail(second, /^Confirm your new/)).text);
    expectJsonError(await t.app.inject({ method: 'POST', url: '/api/auth/confirm-email-change', payload: { token: firstToken } }), 400, EmailChangeMessages.linkInvalid);

    await createUser(t.database.db, { email: second });
    expectJsonError(await t.app.inject({ method: 'POST', url: '/api/auth/confirm-email-change', payload: { token: secondToken } }), 409, AuthMessages.emailTaken);
  });

  test('a change asked before the password changed dies with the old password', async () => {
    const { password, laptop } = await twoDevices();
    const attacker = uniqueEmail('attacker');
    await laptop.post('/api/settings/email', { newEmail: attacker, password });
    const token = linkTokenIn((await t.smtp.waitForMail(attacker, /^Confirm your new/)).text);
    const changed = await laptop.post('/api/settings/password', { currentPassword: password, newPassword: 'an entirely new phrase', confirmPassword: 'an entirely new phrase' });
    expect(changed.statusCode, changed.body).toBe(200);
    expectJsonError(await t.app.inject({ method: 'POST', url: '/api/auth/confirm-email-change', payload: { token } }), 400, EmailChangeMessages.linkInvalid);
  });
});
