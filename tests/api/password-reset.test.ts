import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUser } from '../../src/server/db/factories.js';
import { passwordResetTokens } from '../../src/server/db/schema.js';
import { AuthMessages } from '../../src/shared/auth.schemas.js';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../support/index.js';
import {
  expectJsonError, GOOD_PASSWORD, login, mailedToken, mailsTo, me, post, registration, sha256, signIn, uniqueEmail,
  userByEmail, verifyEmailCall,
} from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'a brand new passphrase';
const forgot = (email: string) => post(t, '/api/auth/forgot-password', { email });
const reset = (token: string, password = NEW_PASSWORD, confirmPassword = password) =>
  post(t, '/api/auth/reset-password', { token, password, confirmPassword });

/** Asks for a reset link for `email` and returns the mailed token. */
async function resetToken(email: string): Promise<string> {
  // Counted by subject: a verification mail from the registration may still be on its way.
  const resetMails = () => mailsTo(t, email).filter((mail) => /Reset/.test(mail.subject)).length;
  const before = resetMails();
  expect((await forgot(email)).statusCode).toBe(200);
  // The mail goes out after the answer, so the answer's timing tells nothing.
  await expect.poll(resetMails, { timeout: 5000 }).toBe(before + 1);
  return mailedToken(t, email, '/reset-password', /Reset/);
}

describe('POST /api/auth/forgot-password', () => {
  test('answers the same for existing and unknown emails, and mails a reset link only to the existing one', async () => {
    const { user } = await createUser(t.database.db, { email: uniqueEmail('forgetful') });
    const unknown = uniqueEmail('stranger');
    const forKnown = await forgot(user.email.toUpperCase());
    const forUnknown = await forgot(unknown);
    expect(forKnown.statusCode).toBe(200);
    expect(forKnown.json()).toEqual({ message: 'If an account exists for that email, a reset link is on its way.' });
    expect(forUnknown.statusCode).toBe(200);
    expect(forUnknown.body).toBe(forKnown.body);

    expect(mailsTo(t, unknown)).toHaveLength(0);
    const mail = await t.smtp.waitForMail(user.email, /Reset/);
    expect(mail.text).toContain(`${TEST_PUBLIC_URL}/reset-password?token=`);
    const token = await mailedToken(t, user.email, '/reset-password');
    const [row] = await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(row!.tokenHash).toBe(sha256(token));
    expect(row!.usedAt).toBeNull();
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(55 * 60 * 1000);
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);
  });
});

describe('POST /api/auth/reset-password', () => {
  test('sets the new password: the old one fails, the new one works', async () => {
    const { user, password } = await createUser(t.database.db, { email: uniqueEmail('resetter') });
    const res = await reset(await resetToken(user.email));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Your password has been changed. Please sign in with the new one.' });
    expectJsonError(await login(t, user.email, password), 401, 'Invalid email or password.');
    expect((await login(t, user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  test("ends every session of that account, and only that account's", async () => {
    const first = await signIn(t);
    const secondRes = await login(t, first.user.email, first.password, { rememberMe: true });
    const second = `vv_session=${secondRes.cookies.find((c) => c.name === 'vv_session')!.value}`;
    const bystander = await signIn(t);
    expect((await me(t, first.cookie)).statusCode).toBe(200);
    expect((await me(t, second)).statusCode).toBe(200);

    expect((await reset(await resetToken(first.user.email))).statusCode).toBe(200);
    expectJsonError(await me(t, first.cookie), 401, 'Unauthorized');
    expectJsonError(await me(t, second), 401, 'Unauthorized');
    expect((await me(t, bystander.cookie)).statusCode).toBe(200);
  });

  test('a link works once: the second use is a 400', async () => {
    const { user } = await createUser(t.database.db, { email: uniqueEmail('once') });
    const token = await resetToken(user.email);
    expect((await reset(token)).statusCode).toBe(200);
    expectJsonError(await reset(token, 'yet another passphrase'), 400, AuthMessages.resetLinkInvalid);
    expect((await login(t, user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  test('an expired link is a 400 and the password stays as it was', async () => {
    const { user, password } = await createUser(t.database.db, { email: uniqueEmail('late') });
    const token = await resetToken(user.email);
    await t.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    expectJsonError(await reset(token), 400, AuthMessages.resetLinkInvalid);
    expect((await login(t, user.email, password)).statusCode).toBe(200);
  });

  test('older links of the same account stop working once one link is used', async () => {
    const { user } = await createUser(t.database.db, { email: uniqueEmail('many-links') });
    const older = await resetToken(user.email);
    const newer = await resetToken(user.email);
    expect(newer).not.toBe(older);
    expect((await reset(newer)).statusCode).toBe(200);
    expectJsonError(await reset(older, 'an attacker chosen passphrase'), 400, AuthMessages.resetLinkInvalid);
    expect((await login(t, user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  test('a mismatched confirmation or a common password is refused and does not spend the link', async () => {
    const { user, password } = await createUser(t.database.db, { email: uniqueEmail('careful') });
    const token = await resetToken(user.email);

    const mismatch = expectJsonError(await reset(token, NEW_PASSWORD, 'something different'), 400, "Passwords don't match");
    expect(mismatch.errors).toEqual({ confirmPassword: "Passwords don't match" });
    const common = expectJsonError(await reset(token, 'password123'), 400, AuthMessages.passwordTooCommon);
    expect(common.errors).toEqual({ password: AuthMessages.passwordTooCommon });
    expectJsonError(await reset(token, 'short'), 400, 'Password must be at least 8 characters long');
    expect((await login(t, user.email, password)).statusCode).toBe(200);

    expect((await reset(token)).statusCode).toBe(200);
  });

  test('a garbage token is a 400; a missing one gets "Reset token is missing"', async () => {
    expectJsonError(await reset('not-a-real-token'), 400, AuthMessages.resetLinkInvalid);
    const missing = expectJsonError(
      await post(t, '/api/auth/reset-password', { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }),
      400,
      'Reset token is missing',
    );
    expect(missing.errors).toEqual({ token: 'Reset token is missing' });
  });

  test("resetting an unverified account's password verifies it, so sign-in works afterwards", async () => {
    const body = registration();
    expect((await post(t, '/api/auth/register', body)).statusCode).toBe(201);
    expect((await login(t, body.email, GOOD_PASSWORD)).statusCode).toBe(403);
    expect((await reset(await resetToken(body.email))).statusCode).toBe(200);
    expect((await userByEmail(t, body.email))!.isVerified).toBe(true);
    expect((await login(t, body.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  test('after a reset, a verification link mailed earlier no longer signs anyone in', async () => {
    const body = registration();
    expect((await post(t, '/api/auth/register', body)).statusCode).toBe(201);
    const verificationToken = await mailedToken(t, body.email, '/verify-email', /Verify/);
    expect((await reset(await resetToken(body.email))).statusCode).toBe(200);

    const res = await verifyEmailCall(t, verificationToken);
    expectJsonError(res, 400, AuthMessages.verificationLinkInvalid);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});
