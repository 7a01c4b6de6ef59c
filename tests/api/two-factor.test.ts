import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUser } from '../../src/server/db/factories.js';
import { twoFactorChallenges, twoFactorRecoveryCodes, users, verifiedSignIns } from '../../src/server/db/schema.js';
import { hashRecoveryCode } from '../../src/server/features/two-factor/codes.js';
import { seal, unseal } from '../../src/server/sealing.js';
import { deriveKey } from '../../src/server/secrets.js';
import { AuthMessages } from '../../src/shared/auth.schemas.js';
import { SecurityMessages } from '../../src/shared/security.schemas.js';
import { TwoFactorMessages, type RecoveryCodes, type TwoFactorSetup, type TwoFactorStatus } from '../../src/shared/two-factor.schemas.js';
import { createTestApp, TEST_TWO_FACTOR_KEY, sessionCookieFrom, type TestApp } from '../support/index.js';
import {
  api, expectJsonError, mailedToken, me, post, registration, sessionRowOf, sha256, uniqueEmail, userByEmail, verifyEmailCall,
} from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const STEP_MS = 30_000;
const RECOVERY_CODE = /^[23456789abcdefghjkmnpqrstuvwxyz]{5}-[23456789abcdefghjkmnpqrstuvwxyz]{5}$/;

let addressCount = 0;
/** Each test signs in from an address of its own: the sign-in throttle counts per address. */
const nextAddress = () => `198.51.100.${++addressCount}`;

/** The app's code for the secret shown at setup, `steps` 30-second steps from now. */
const codeFor = (manualKey: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(manualKey.replaceAll(' ', '')), timestamp: Date.now() + steps * STEP_MS });

/** A 6-digit code the app shows at none of the steps accepted now. */
function wrongCodeFor(manualKey: string): string {
  const near = [-1, 0, 1].map((steps) => codeFor(manualKey, steps));
  let candidate = 0;
  while (near.includes(String(candidate).padStart(6, '0'))) candidate++;
  return String(candidate).padStart(6, '0');
}

const cookieNamed = (res: LightMyRequestResponse, name: string) => res.cookies.find((cookie) => cookie.name === name);

/** A verified operator, signed in, with nothing set up yet. */
async function signedInOperator(ip = nextAddress()) {
  const { user, password } = await createUser(t.database.db, { email: uniqueEmail('two-factor') });
  const res = await api(t, undefined, { ip }).post('/api/auth/login', { email: user.email, password });
  expect(res.statusCode, res.body).toBe(200);
  return { user, password, ip, account: api(t, sessionCookieFrom(res), { ip }) };
}

/** An operator who turned two-factor on through the settings calls (the code used was the current step's). */
async function withTwoFactor() {
  const operator = await signedInOperator();
  const started = await operator.account.post('/api/settings/two-factor/setup', { password: operator.password });
  expect(started.statusCode, started.body).toBe(200);
  const setup = started.json() as TwoFactorSetup;
  const confirmed = await operator.account.post('/api/settings/two-factor/confirm', { setupToken: setup.setupToken, code: codeFor(setup.manualKey) });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { ...operator, setup, recoveryCodes: (confirmed.json() as RecoveryCodes).recoveryCodes };
}

/** The password step; answers the challenge cookie the second step needs. */
async function passwordStep(email: string, password: string, ip: string, extra: Record<string, unknown> = {}) {
  const res = await api(t, undefined, { ip }).post('/api/auth/login', { email, password, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ message: TwoFactorMessages.required, twoFactorRequired: true });
  const challenge = cookieNamed(res, 'vv_two_factor');
  expect(challenge).toBeDefined();
  return { res, cookie: `vv_two_factor=${challenge!.value}` };
}

const secondStep = (challengeCookie: string | undefined, code: string, ip: string) =>
  api(t, challengeCookie, { ip }).post('/api/auth/login/two-factor', { code });

const statusOf = async (account: ReturnType<typeof api>) => (await account.get('/api/settings/two-factor')).json() as TwoFactorStatus;

describe('turning two-factor on', () => {
  test('is off at first; setup needs the current password', async () => {
    const { account } = await signedInOperator();
    expect(await statusOf(account)).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    const refused = expectJsonError(await account.post('/api/settings/two-factor/setup', { password: 'not my password' }), 400, SecurityMessages.currentPasswordWrong);
    expect(refused.errors).toEqual({ password: SecurityMessages.currentPasswordWrong });
  });

  test('setup answers the QR code, the key and a token; the account is unchanged until a code confirms it', async () => {
    const { user, password, account } = await signedInOperator();
    const res = await account.post('/api/settings/two-factor/setup', { password });
    expect(res.statusCode, res.body).toBe(200);
    const setup = res.json() as TwoFactorSetup;
    const uri = new URL(setup.otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/VendVote:${user.email}`);
    expect(uri.searchParams.get('issuer')).toBe('VendVote');
    expect(uri.searchParams.get('secret')).toBe(setup.manualKey.replaceAll(' ', ''));
    expect(setup.manualKey).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{4}){7}$/);
    expect(setup.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(setup.qrCode.split(',')[1]!, 'base64').toString()).toContain('<svg');

    expect(await statusOf(account)).toMatchObject({ enabled: false });
    const row = await userByEmail(t, user.email);
    expect(row!.twoFactorSecret).toBeNull();
    // The pending secret is kept sealed, never as is.
    const [challenge] = await t.database.db.select().from(twoFactorChallenges).where(eq(twoFactorChallenges.tokenHash, sha256(setup.setupToken)));
    expect(challenge).toMatchObject({ purpose: 'setup', userId: user.id });
    expect(JSON.stringify(challenge!.data)).not.toContain(setup.manualKey.replaceAll(' ', ''));
    expect(challenge!.expiresAt.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
  });

  test('a wrong code is refused beside the field; the right one turns it on with ten recovery codes, kept only hashed', async () => {
    const { user, password, account } = await signedInOperator();
    const setup = (await account.post('/api/settings/two-factor/setup', { password })).json() as TwoFactorSetup;
    const right = codeFor(setup.manualKey);
    const wrong = wrongCodeFor(setup.manualKey);
    const refused = expectJsonError(
      await account.post('/api/settings/two-factor/confirm', { setupToken: setup.setupToken, code: wrong }),
      400,
      TwoFactorMessages.setupCodeWrong,
    );
    expect(refused.errors).toEqual({ code: TwoFactorMessages.setupCodeWrong });
    expect(await statusOf(account)).toMatchObject({ enabled: false });
    expectJsonError(await account.post('/api/settings/two-factor/confirm', { setupToken: setup.setupToken, code: '12ab' }), 400, TwoFactorMessages.codeRequired);

    const confirmed = await account.post('/api/settings/two-factor/confirm', { setupToken: setup.setupToken, code: right });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const body = confirmed.json() as RecoveryCodes;
    expect(body.message).toBe(TwoFactorMessages.enabled);
    expect(body.recoveryCodes).toHaveLength(10);
    expect(new Set(body.recoveryCodes).size).toBe(10);
    for (const code of body.recoveryCodes) expect(code).toMatch(RECOVERY_CODE);
    expect(body.status).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect(Date.parse(body.status.enabledAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect(await statusOf(account)).toEqual(body.status);

    const stored = await t.database.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id));
    expect(stored.map((row) => row.codeHash).sort()).toEqual(body.recoveryCodes.map((code) => hashRecoveryCode(TEST_TWO_FACTOR_KEY, code)).sort());
    const row = await userByEmail(t, user.email);
    expect(row!.twoFactorSecret).toMatch(/^v1\./);
    expect(row!.twoFactorSecret).not.toContain(setup.manualKey.replaceAll(' ', ''));
    // The setup token is spent, and a second setup is refused while two-factor is on.
    expectJsonError(await account.post('/api/settings/two-factor/confirm', { setupToken: setup.setupToken, code: right }), 400, TwoFactorMessages.setupExpired);
    expectJsonError(await account.post('/api/settings/two-factor/setup', { password }), 409, TwoFactorMessages.alreadyOn);
  });

  test("five wrong codes spend the setup; another account's setup token is not this one's", async () => {
    const { password, account } = await signedInOperator();
    const other = await signedInOperator();
    const setup = (await account.post('/api/settings/two-factor/setup', { password })).json() as TwoFactorSetup;
    expectJsonError(await other.account.post('/api/settings/two-factor/confirm', { setupToken: setup.setupToken, code: codeFor(setup.manualKey) }), 400, TwoFactorMessages.setupExpired);
    const wrong = wrongCodeFor(setup.manualKey);
    for (let i = 0; i < 4; i++) {
      expectJsonError(await account.post('/api/settings/two-factor/confirm', { setupToken: setup.setupToken, code: wrong }), 400, TwoFactorMessages.setupCodeWrong);
    }
    expectJsonError(await account.post('/api/settings/two-factor/confirm', { setupToken: setup.setupToken, code: wrong }), 400, TwoFactorMessages.setupExpired);
    expectJsonError(await account.post('/api/settings/two-factor/confirm', { setupToken: setup.setupToken, code: codeFor(setup.manualKey) }), 400, TwoFactorMessages.setupExpired);
    expect(await statusOf(account)).toMatchObject({ enabled: false });
  });
});

describe('signing in with two-factor on', () => {
  test('the password alone starts no session; the challenge is an HttpOnly, Strict cookie of five minutes', async () => {
    const { user, password, ip } = await withTwoFactor();
    const { res } = await passwordStep(user.email, password, ip);
    expect(cookieNamed(res, 'vv_session')).toBeUndefined();
    const raw = [res.headers['set-cookie']].flat().join('\n');
    expect(raw).toMatch(/vv_two_factor=[^;]+;.*HttpOnly/i);
    expect(raw).toMatch(/SameSite=Strict/i);
    expect(raw).toMatch(/Path=\/api\/auth\/login(;|$)/);
    expect(raw).toMatch(/Max-Age=300(;|$)/);
    expect(res.body).not.toContain(res.cookies.find((c) => c.name === 'vv_two_factor')!.value.split('.')[0]);
    // Without the cookie there is no second step to finish.
    expectJsonError(await secondStep(undefined, '123456', ip), 400, TwoFactorMessages.signInExpired);
  });

  test("the app's code signs in, keeping remember me; the same code again is refused", async () => {
    const { user, password, ip, setup } = await withTwoFactor();
    const { cookie } = await passwordStep(user.email, password, ip, { rememberMe: true, timeZone: 'America/Chicago' });
    // Setup used this step's code, so the next step's (inside the window) signs in.
    const code = codeFor(setup.manualKey, 1);
    const signedIn = await secondStep(cookie, code, ip);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ message: 'Welcome back!', user: { id: user.id, email: user.email } });
    const session = sessionCookieFrom(signedIn);
    expect((await me(t, session)).json()).toMatchObject({ id: user.id });
    const row = await sessionRowOf(t, session);
    expect(row!.sess).toMatchObject({ userId: user.id, rememberMe: true, timeZone: 'America/Chicago' });
    expect(signedIn.cookies.find((c) => c.name === 'vv_session')!.maxAge).toBe(30 * 24 * 60 * 60);
    expect(cookieNamed(signedIn, 'vv_two_factor')?.value).toBe('');
    // The challenge was spent with it.
    expectJsonError(await secondStep(cookie, code, ip), 400, TwoFactorMessages.signInExpired);

    const again = await passwordStep(user.email, password, ip);
    const replayed = expectJsonError(await secondStep(again.cookie, code, ip), 400, TwoFactorMessages.codeAlreadyUsed);
    expect(replayed.errors).toEqual({ code: TwoFactorMessages.codeAlreadyUsed });
    // So is the code setup used (an older step than one already accepted).
    expectJsonError(await secondStep(again.cookie, codeFor(setup.manualKey), ip), 400, TwoFactorMessages.codeAlreadyUsed);
  });

  test('a recovery code signs in once and is refused the second time; the count of codes left drops', async () => {
    const { user, password, ip, recoveryCodes, account } = await withTwoFactor();
    const first = await passwordStep(user.email, password, ip);
    // As people type it: upper case, spaces, no dash.
    const typed = ` ${recoveryCodes[3]!.replace('-', ' ').toUpperCase()} `;
    const signedIn = await secondStep(first.cookie, typed, ip);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await me(t, sessionCookieFrom(signedIn))).statusCode).toBe(200);
    expect(await statusOf(account)).toMatchObject({ enabled: true, recoveryCodesLeft: 9 });

    const second = await passwordStep(user.email, password, ip);
    const refused = expectJsonError(await secondStep(second.cookie, recoveryCodes[3]!, ip), 400, TwoFactorMessages.recoveryCodeWrong);
    expect(refused.errors).toEqual({ code: TwoFactorMessages.recoveryCodeWrong });
    expect(cookieNamed(await secondStep(second.cookie, recoveryCodes[4]!, ip), 'vv_session')).toBeDefined();
    expect(await statusOf(account)).toMatchObject({ recoveryCodesLeft: 8 });
  });

  test('five wrong codes spend the challenge; then the sign-in throttle holds this address back', async () => {
    const { user, password, ip, recoveryCodes, setup } = await withTwoFactor();
    const { cookie } = await passwordStep(user.email, password, ip);
    for (let i = 0; i < 2; i++) expectJsonError(await secondStep(cookie, 'aaaaa-aaaaa', ip), 400, TwoFactorMessages.recoveryCodeWrong);
    for (let i = 0; i < 2; i++) expectJsonError(await secondStep(cookie, wrongCodeFor(setup.manualKey), ip), 400, TwoFactorMessages.codeWrong);
    const fifth = await secondStep(cookie, 'not a code', ip);
    expectJsonError(fifth, 400, TwoFactorMessages.tooManyTries);
    expect(cookieNamed(fifth, 'vv_two_factor')?.value).toBe('');
    expectJsonError(await secondStep(cookie, recoveryCodes[0]!, ip), 400, TwoFactorMessages.signInExpired);

    // A right password hands out a new challenge, but not five new guesses from the same address.
    const again = await passwordStep(user.email, password, ip);
    const held = expectJsonError(await secondStep(again.cookie, recoveryCodes[0]!, ip), 429, /^Too many attempts/);
    expect(held.message).toMatch(/minute/);
    // Its owner, somewhere else, still signs in.
    const elsewhere = nextAddress();
    const owner = await passwordStep(user.email, password, elsewhere);
    expect((await secondStep(owner.cookie, recoveryCodes[0]!, elsewhere)).statusCode).toBe(200);
  });

  test('at the same moment, one challenge or one app code signs in once only', async () => {
    const { user, password, ip, recoveryCodes, setup } = await withTwoFactor();
    const { cookie } = await passwordStep(user.email, password, ip);
    // The loser is refused either way: the challenge is gone (400), or the sign-in throttle, which
    // counts the winner's check as a failure until it succeeds, holds it back (429).
    const refusedOnce = (statuses: number[]) => {
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status !== 200).every((status) => status === 400 || status === 429)).toBe(true);
    };
    const sameChallenge = await Promise.all([secondStep(cookie, recoveryCodes[0]!, ip), secondStep(cookie, recoveryCodes[1]!, ip)]);
    refusedOnce(sameChallenge.map((res) => res.statusCode));

    const first = await passwordStep(user.email, password, ip);
    const second = await passwordStep(user.email, password, ip);
    const code = codeFor(setup.manualKey, 1);
    const sameCode = await Promise.all([secondStep(first.cookie, code, ip), secondStep(second.cookie, code, ip)]);
    refusedOnce(sameCode.map((res) => res.statusCode));
    const loser = sameCode.find((res) => res.statusCode === 400);
    if (loser) expect(loser.json()).toMatchObject({ message: TwoFactorMessages.codeAlreadyUsed });
  });

  test('a challenge expires after five minutes', async () => {
    const { user, password, ip, recoveryCodes } = await withTwoFactor();
    const { cookie } = await passwordStep(user.email, password, ip);
    const [row] = await t.database.db.select().from(twoFactorChallenges).where(eq(twoFactorChallenges.userId, user.id));
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    await t.database.db.update(twoFactorChallenges).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(twoFactorChallenges.userId, user.id));
    expectJsonError(await secondStep(cookie, recoveryCodes[0]!, ip), 400, TwoFactorMessages.signInExpired);
    // The next challenge made clears the expired one away.
    await passwordStep(user.email, password, ip);
    const left = await t.database.db.select().from(twoFactorChallenges).where(eq(twoFactorChallenges.userId, user.id));
    expect(left).toHaveLength(1);
    expect(left[0]!.expiresAt.getTime()).toBeGreaterThan(Date.now());
  });

  test('a wrong password is still the same refusal, with no challenge', async () => {
    const { user, ip } = await withTwoFactor();
    const res = await api(t, undefined, { ip }).post('/api/auth/login', { email: user.email, password: 'not the password' });
    expectJsonError(res, 401, AuthMessages.invalidCredentials);
    expect(cookieNamed(res, 'vv_two_factor')).toBeUndefined();
  });
});

describe('managing two-factor', () => {
  test('turning it off needs the password and a code; then the password alone signs in', async () => {
    const { user, password, ip, account, recoveryCodes } = await withTwoFactor();
    const wrongPassword = expectJsonError(
      await account.post('/api/settings/two-factor/disable', { password: 'not my password', code: recoveryCodes[0] }),
      400,
      SecurityMessages.currentPasswordWrong,
    );
    expect(wrongPassword.errors).toEqual({ password: SecurityMessages.currentPasswordWrong });
    expectJsonError(await account.post('/api/settings/two-factor/disable', { password, code: '' }), 400, TwoFactorMessages.codeRequired);
    const wrongCode = expectJsonError(await account.post('/api/settings/two-factor/disable', { password, code: 'zzzzz-zzzzz' }), 400, TwoFactorMessages.recoveryCodeWrong);
    expect(wrongCode.errors).toEqual({ code: TwoFactorMessages.recoveryCodeWrong });
    expect(await statusOf(account)).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });

    const off = await account.post('/api/settings/two-factor/disable', { password, code: recoveryCodes[0] });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ message: TwoFactorMessages.disabled, status: { enabled: false, enabledAt: null, recoveryCodesLeft: 0 } });
    const row = await userByEmail(t, user.email);
    expect(row).toMatchObject({ twoFactorSecret: null, twoFactorEnabledAt: null, twoFactorLastStep: null });
    expect(await t.database.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id))).toEqual([]);
    const signedIn = await api(t, undefined, { ip }).post('/api/auth/login', { email: user.email, password });
    expect(signedIn.statusCode).toBe(200);
    expect(cookieNamed(signedIn, 'vv_session')).toBeDefined();
    expectJsonError(await account.post('/api/settings/two-factor/disable', { password, code: '123456' }), 400, TwoFactorMessages.notOn);
  });

  test("new recovery codes need the password and the app's code; the old ones stop working", async () => {
    const { user, password, ip, account, recoveryCodes, setup } = await withTwoFactor();
    expectJsonError(await account.post('/api/settings/two-factor/recovery-codes', { password: 'nope', code: codeFor(setup.manualKey, 1) }), 400, SecurityMessages.currentPasswordWrong);
    const used = await passwordStep(user.email, password, ip);
    expect((await secondStep(used.cookie, recoveryCodes[0]!, ip)).statusCode).toBe(200);
    expect(await statusOf(account)).toMatchObject({ recoveryCodesLeft: 9 });

    const fresh = await account.post('/api/settings/two-factor/recovery-codes', { password, code: codeFor(setup.manualKey, 1) });
    expect(fresh.statusCode, fresh.body).toBe(200);
    const body = fresh.json() as RecoveryCodes;
    expect(body.message).toBe(TwoFactorMessages.newCodes);
    expect(body.recoveryCodes).toHaveLength(10);
    expect(body.recoveryCodes.some((code) => recoveryCodes.includes(code))).toBe(false);
    expect(body.status).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });

    const next = await passwordStep(user.email, password, ip);
    expectJsonError(await secondStep(next.cookie, recoveryCodes[1]!, ip), 400, TwoFactorMessages.recoveryCodeWrong);
    expect((await secondStep(next.cookie, body.recoveryCodes[0]!, ip)).statusCode).toBe(200);
  });

  test('signed out, the settings calls answer 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/two-factor' })).statusCode).toBe(401);
    expect((await post(t, '/api/settings/two-factor/setup', { password: 'x' })).statusCode).toBe(401);
  });
});

describe('no other way in skips the second step', () => {
  test('the one click after verifying an email does not sign in an account with two-factor on', async () => {
    const body = registration();
    expect((await post(t, '/api/auth/register', body)).statusCode).toBe(201);
    const token = await mailedToken(t, body.email, '/verify-email', /Verify/);
    const verified = await verifyEmailCall(t, token);
    expect(verified.statusCode, verified.body).toBe(200);
    const grant = `vv_verified=${cookieNamed(verified, 'vv_verified')!.value}`;
    // Two-factor turned on meanwhile (written directly, so the grant outlives it).
    const user = await userByEmail(t, body.email);
    await t.database.db
      .update(users)
      .set({ twoFactorSecret: seal(TEST_TWO_FACTOR_KEY, 'JBSWY3DPEHPK3PXP', `two-factor:${user!.id}`), twoFactorEnabledAt: new Date() })
      .where(eq(users.id, user!.id));
    const res = await post(t, '/api/auth/verify-email/continue', {}, { headers: { cookie: grant } });
    expectJsonError(res, 400, AuthMessages.verifiedSignInExpired);
    expect(cookieNamed(res, 'vv_session')).toBeUndefined();
  });

  test('turning two-factor on ends a pending one-click sign-in', async () => {
    const operator = await signedInOperator();
    await t.database.db.insert(verifiedSignIns).values({ tokenHash: sha256('pending'), userId: operator.user.id, expiresAt: new Date(Date.now() + 60_000) });
    const setup = (await operator.account.post('/api/settings/two-factor/setup', { password: operator.password })).json() as TwoFactorSetup;
    expect((await operator.account.post('/api/settings/two-factor/confirm', { setupToken: setup.setupToken, code: codeFor(setup.manualKey) })).statusCode).toBe(200);
    expect(await t.database.db.select().from(verifiedSignIns).where(eq(verifiedSignIns.userId, operator.user.id))).toEqual([]);
  });

  test('a password reset signs nobody in and spends a second step begun before it; sign-in still asks for the code', async () => {
    const { user, password, ip, recoveryCodes } = await withTwoFactor();
    const before = await passwordStep(user.email, password, ip);
    expect((await post(t, '/api/auth/forgot-password', { email: user.email })).statusCode).toBe(200);
    const token = await mailedToken(t, user.email, '/reset-password', /Reset/);
    const newPassword = 'a brand new passphrase for two';
    const reset = await post(t, '/api/auth/reset-password', { token, password: newPassword, confirmPassword: newPassword });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(cookieNamed(reset, 'vv_session')).toBeUndefined();
    expectJsonError(await secondStep(before.cookie, recoveryCodes[0]!, ip), 400, TwoFactorMessages.signInExpired);
    const after = await passwordStep(user.email, newPassword, ip);
    expect((await secondStep(after.cookie, recoveryCodes[0]!, ip)).statusCode).toBe(200);
  });

  test('confirming a new email signs nobody in; the new email still needs the code', async () => {
    const { password, ip, account, recoveryCodes } = await withTwoFactor();
    const newEmail = uniqueEmail('moved-two-factor');
    expect((await account.post('/api/settings/email', { newEmail, password })).statusCode).toBe(202);
    const token = await mailedToken(t, newEmail, '/confirm-email-change', /Confirm your new/);
    const confirmed = await post(t, '/api/auth/confirm-email-change', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(cookieNamed(confirmed, 'vv_session')).toBeUndefined();
    const step = await passwordStep(newEmail, password, ip);
    expect((await secondStep(step.cookie, recoveryCodes[0]!, ip)).statusCode).toBe(200);
  });
});

describe('a new SESSION_SECRET with the old one in SESSION_SECRET_FALLBACKS', () => {
  const rotatedKey = deriveKey('a-brand-new-session-secret-0123456789abcdef', 'two-factor');

  /** Runs `body` as an instance whose secret changed since two-factor was set up, then puts the keys back. */
  async function afterRotation(previousKeys: string[], body: () => Promise<void>) {
    const ctx = t.app.ctx;
    const saved = { twoFactorKey: ctx.twoFactorKey, previousTwoFactorKeys: ctx.previousTwoFactorKeys };
    Object.assign(ctx, { twoFactorKey: rotatedKey, previousTwoFactorKeys: previousKeys });
    try {
      await body();
    } finally {
      Object.assign(ctx, saved);
    }
  }

  test("the app's codes and the recovery codes made before still sign in, and the secret is sealed again under the new key", async () => {
    const { user, password, ip, setup, recoveryCodes } = await withTwoFactor();
    await afterRotation([TEST_TWO_FACTOR_KEY], async () => {
      const first = await passwordStep(user.email, password, ip);
      expect((await secondStep(first.cookie, codeFor(setup.manualKey, 1), ip)).statusCode).toBe(200);
      const row = await userByEmail(t, user.email);
      expect(unseal(rotatedKey, row!.twoFactorSecret!, `two-factor:${user.id}`)).toBe(setup.manualKey.replaceAll(' ', ''));

      const second = await passwordStep(user.email, password, ip);
      expect((await secondStep(second.cookie, recoveryCodes[0]!, ip)).statusCode).toBe(200);
    });
  });

  test('without the old secret listed, the app codes made under it are refused', async () => {
    const { user, password, ip, setup } = await withTwoFactor();
    await afterRotation([], async () => {
      const step = await passwordStep(user.email, password, ip);
      expect((await secondStep(step.cookie, codeFor(setup.manualKey), ip)).statusCode).toBe(400);
    });
  });
});
