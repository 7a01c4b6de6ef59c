import argon2 from 'argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUser } from '../../src/server/db/factories.js';
import { users } from '../../src/server/db/schema.js';
import { isCommonPassword } from '../../src/server/features/auth/passwords.js';
import { AuthMessages } from '../../src/shared/auth.schemas.js';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../support/index.js';
import {
  expectJsonError, GOOD_PASSWORD, login, mailedToken, mailsTo, post, registration, sha256, uniqueEmail,
  userByEmail, verifyEmailCall,
} from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const register = (body: Record<string, unknown>) => post(t, '/api/auth/register', body);

/** Registers a fresh account and returns its email and the mailed verification token. */
async function registered() {
  const body = registration();
  expect((await register(body)).statusCode).toBe(201);
  return { email: body.email, token: await mailedToken(t, body.email, '/verify-email', /Verify/) };
}

describe('POST /api/auth/register', () => {
  test('answers 201 with the lowercased, trimmed email and stores an unverified user with an argon2id hash', async () => {
    const email = uniqueEmail('Mixed.Case').toUpperCase();
    const res = await register(registration({ email: `  ${email}  `, firstName: ' Ann ', lastName: ' Lee ' }));
    expect(res.statusCode, res.body).toBe(201);
    const stored = email.toLowerCase();
    expect(res.json()).toEqual({ message: 'Registration successful! Please check your email to verify your account.', email: stored });

    const user = await userByEmail(t, stored);
    expect(user).toMatchObject({ email: stored, firstName: 'Ann', lastName: 'Lee', isVerified: false, role: 'operator' });
    expect(user!.password).not.toContain(GOOD_PASSWORD);
    expect(user!.password).toMatch(/^\$argon2id\$/);
    expect(await argon2.verify(user!.password, GOOD_PASSWORD)).toBe(true);

    // The mail goes over SMTP with a link to the web app's verification page; only its hash is stored.
    const mail = await t.smtp.waitForMail(stored, /Verify/);
    expect(mail.text).toContain(`${TEST_PUBLIC_URL}/verify-email?token=`);
    const token = await mailedToken(t, stored, '/verify-email');
    expect(user!.verificationToken).toBe(sha256(token));
    expect(user!.verificationTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 23 * 60 * 60 * 1000);
  });

  test('an empty body gets every field message word for word', async () => {
    const body = expectJsonError(await register({}), 400);
    expect(body.errors).toMatchObject({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Please enter a valid email address',
      password: 'Password must be at least 8 characters long',
      confirmPassword: "Passwords don't match",
    });
  });

  test.each([
    ['email', { email: 'not-an-email' }, 'Please enter a valid email address'],
    ['password', { password: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters long'],
    ['firstName', { firstName: '   ' }, 'First name is required'],
    ['lastName', { lastName: '' }, 'Last name is required'],
    ['confirmPassword', { confirmPassword: 'something else entirely' }, "Passwords don't match"],
    ['password', { password: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) }, 'Password must be at most 128 characters long'],
  ])('a bad %s is refused with its message (%j)', async (field, overrides, message) => {
    const body = registration(overrides);
    const res = await register(body);
    const errors = expectJsonError(res, 400, message).errors!;
    expect(errors[field]).toBe(message);
    // Only the field at fault is named (a 129-character confirmation is also flagged, by its own rule).
    expect(Object.keys(errors).filter((key) => key !== 'confirmPassword')).toEqual(field === 'confirmPassword' ? [] : [field]);
    expect(await userByEmail(t, String(body.email).toLowerCase())).toBeUndefined();
  });

  test('a 128-character password is accepted', async () => {
    const password = 'y'.repeat(127) + 'z';
    const res = await register(registration({ password, confirmPassword: password }));
    expect(res.statusCode, res.body).toBe(201);
  });

  test.each(['password123', 'iloveyou1'])('the very common password %s is refused', async (password) => {
    expect(await isCommonPassword(password)).toBe(true);
    const body = registration({ password, confirmPassword: password });
    const res = await register(body);
    expect(expectJsonError(res, 400, AuthMessages.passwordTooCommon).errors).toEqual({ password: AuthMessages.passwordTooCommon });
    expect(await userByEmail(t, body.email)).toBeUndefined();
  });

  test('a taken address gets the answer a new one gets and changes nothing; the waiting owner gets a fresh verification link', async () => {
    const first = registration();
    const firstAnswer = await register(first);
    expect(firstAnswer.statusCode).toBe(201);
    await t.smtp.waitForMail(first.email, /Verify/);
    const before = await userByEmail(t, first.email);
    const res = await register(registration({ email: first.email.toUpperCase(), firstName: 'Mallory', password: 'another long password', confirmPassword: 'another long password' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.body).toBe(firstAnswer.body);
    const rows = await t.database.db.select().from(users).where(eq(users.email, first.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ firstName: 'Ann', password: before!.password });
    // The owner, still unverified, is sent a new link (the likeliest person to retry is them).
    await expect.poll(() => mailsTo(t, first.email).filter((mail) => /Verify/.test(mail.subject)).length).toBe(2);
  });

  test('a verified owner is told someone tried, with the way to sign in; a stranger cannot tell the answer from a new address', async () => {
    const { user } = await createUser(t.database.db, { email: uniqueEmail('owner') });
    const fresh = registration();
    const newAnswer = await register(fresh);
    const takenAnswer = await register(registration({ email: user.email }));
    expect(takenAnswer.statusCode).toBe(newAnswer.statusCode);
    expect(takenAnswer.json()).toEqual({ ...newAnswer.json<Record<string, unknown>>(), email: user.email });
    expect(Object.keys(takenAnswer.headers).sort()).toEqual(Object.keys(newAnswer.headers).sort());
    const mail = await t.smtp.waitForMail(user.email, /Someone tried to register with your VendVote address/);
    expect(mail.text).toContain(`${TEST_PUBLIC_URL}/login`);
    expect(mail.text).toMatch(/Forgot password\?/);
    expect((await userByEmail(t, user.email))!.password).toBe(user.password);
  });
});

describe('email verification', () => {
  test('sign-in is refused with 403 before the email is verified; a wrong password still gets 401', async () => {
    const { email } = await registered();
    const res = await login(t, email, GOOD_PASSWORD);
    expect(expectJsonError(res, 403)).toEqual({ message: 'Please verify your email before signing in.' });
    expect(res.headers['set-cookie']).toBeUndefined();
    expectJsonError(await login(t, email, 'not the password at all'), 401, 'Invalid email or password.');
  });

  test('the mailed link verifies the account, signs nobody in, and works only once', async () => {
    const { email, token } = await registered();
    const res = await verifyEmailCall(t, token);
    expect(res.statusCode, res.body).toBe(200);
    const user = await userByEmail(t, email);
    expect(res.json()).toEqual({ message: 'Your email has been verified.', user: { id: user!.id, email } });
    expect(user).toMatchObject({ isVerified: true, verificationToken: null, verificationTokenExpiresAt: null });
    expect(res.cookies.map((c) => c.name)).not.toContain('vv_session');

    expectJsonError(await verifyEmailCall(t, token), 400, AuthMessages.verificationLinkInvalid);
    expect((await login(t, email, GOOD_PASSWORD)).statusCode).toBe(200);
  });

  test('a missing or empty token gets "Verification token is missing"', async () => {
    expectJsonError(await t.app.inject({ method: 'GET', url: '/api/auth/verify-email' }), 400, 'Verification token is missing');
    expectJsonError(await t.app.inject({ method: 'GET', url: '/api/auth/verify-email?token=' }), 400, 'Verification token is missing');
  });

  test('a garbage token is a 400 and sets no cookie', async () => {
    const res = await verifyEmailCall(t, 'definitely-not-a-real-token');
    expectJsonError(res, 400, AuthMessages.verificationLinkInvalid);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  test('an expired link is a 400 and leaves the account unverified', async () => {
    const { email, token } = await registered();
    await t.database.db.update(users).set({ verificationTokenExpiresAt: new Date(Date.now() - 1000) }).where(eq(users.email, email));
    const res = await verifyEmailCall(t, token);
    expectJsonError(res, 400, AuthMessages.verificationLinkInvalid);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await userByEmail(t, email))!.isVerified).toBe(false);
  });

  test('resend-verification mails a new link and the old one stops working', async () => {
    const { email, token: oldToken } = await registered();
    const res = await post(t, '/api/auth/resend-verification', { email: email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'If that account is waiting for verification, a new link is on its way.' });
    await expect.poll(() => mailsTo(t, email).length, { timeout: 5000 }).toBe(2);
    const newToken = await mailedToken(t, email, '/verify-email');
    expect(newToken).not.toBe(oldToken);

    expectJsonError(await verifyEmailCall(t, oldToken), 400, AuthMessages.verificationLinkInvalid);
    expect((await verifyEmailCall(t, newToken)).statusCode).toBe(200);
  });

  test('resend-verification gives the same answer for unknown and verified accounts and mails nothing', async () => {
    const unknown = uniqueEmail('nobody');
    const { email: verified, token } = await registered();
    expect((await verifyEmailCall(t, token)).statusCode).toBe(200);
    const mailsBefore = mailsTo(t, verified).length;

    const forUnknown = await post(t, '/api/auth/resend-verification', { email: unknown });
    const forVerified = await post(t, '/api/auth/resend-verification', { email: verified });
    expect(forUnknown.statusCode).toBe(200);
    expect(forVerified.statusCode).toBe(200);
    expect(forVerified.body).toBe(forUnknown.body);
    expect(mailsTo(t, unknown)).toHaveLength(0);
    expect(mailsTo(t, verified)).toHaveLength(mailsBefore);
  });
});
