import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUser } from '../../src/server/db/factories.js';
import { emailChanges, jobs, passwordResetTokens, users } from '../../src/server/db/schema.js';
import { AuthMessages } from '../../src/shared/auth.schemas.js';
import { EmailChangeMessages } from '../../src/shared/security.schemas.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { expectJsonError, login, mailedToken, post, signIn, uniqueEmail } from './helpers.js';

/** Links mailed to an account (a password reset, a change of email) stop working once it is disabled. */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { role: 'admin' });
});
afterAll(() => t.close());

const NEW_PASSWORD = 'a brand new passphrase';
const forgot = (email: string) => post(t, '/api/auth/forgot-password', { email });
const reset = (token: string) => post(t, '/api/auth/reset-password', { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
const confirmChange = (token: string) => post(t, '/api/auth/confirm-email-change', { token });
const disable = async (userId: number) => expect((await admin.api.post(`/api/admin/users/${userId}/disable`)).statusCode).toBe(200);
const enable = async (userId: number) => expect((await admin.api.post(`/api/admin/users/${userId}/enable`)).statusCode).toBe(200);
/** Disabled as a racing disable would leave it: the flag set, nothing else cleaned up yet. */
const markDisabled = (userId: number) => t.database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, userId));

async function resetToken(email: string) {
  expect((await forgot(email)).statusCode).toBe(200);
  return mailedToken(t, email, '/reset-password', /Reset/);
}

const resetMailsQueuedFor = (email: string) =>
  t.database.db.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.name, 'mail.reset-password'), sql`${jobs.payload}->>'to' = ${email}`));

describe('password reset of a disabled account', () => {
  test('asking answers exactly as for an unknown address: no link is made and no mail queued', async () => {
    const { user } = await createUser(t.database.db, { email: uniqueEmail('disabled-forgetful') });
    await disable(user.id);
    const forDisabled = await forgot(user.email);
    const forUnknown = await forgot(uniqueEmail('nobody'));
    expect(forDisabled.statusCode).toBe(200);
    expect(forDisabled.body).toBe(forUnknown.body);
    expect(await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id))).toEqual([]);
    expect(await resetMailsQueuedFor(user.email)).toEqual([]);
  });

  test('a link mailed before the disabling is refused, even after re-enabling; the password stays', async () => {
    const { user, password } = await createUser(t.database.db, { email: uniqueEmail('disabled-reset') });
    const token = await resetToken(user.email);
    await disable(user.id);
    expectJsonError(await reset(token), 400, AuthMessages.resetLinkInvalid);
    await enable(user.id);
    expectJsonError(await reset(token), 400, AuthMessages.resetLinkInvalid);
    expect((await login(t, user.email, password)).statusCode).toBe(200);
  });

  test('a link used while the account is being disabled is refused and not spent', async () => {
    const { user } = await createUser(t.database.db, { email: uniqueEmail('disabled-race') });
    const token = await resetToken(user.email);
    await markDisabled(user.id);
    expectJsonError(await reset(token), 400, AuthMessages.resetLinkInvalid);
    const [row] = await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(row!.usedAt).toBeNull();
  });
});

describe('email change of a disabled account', () => {
  async function pendingChange() {
    const operator = await signIn(t);
    const newEmail = uniqueEmail('moving');
    expect((await operator.api.post('/api/settings/email', { newEmail, password: operator.password })).statusCode).toBe(202);
    const token = await mailedToken(t, newEmail, '/confirm-email-change', /^Confirm your new/);
    return { ...operator, newEmail, token };
  }

  test('the link answers as a dead link once the account is disabled, and stays dead after re-enabling', async () => {
    const { user, newEmail, token } = await pendingChange();
    await disable(user.id);
    expectJsonError(await confirmChange(token), 400, EmailChangeMessages.linkInvalid);
    await enable(user.id);
    expectJsonError(await confirmChange(token), 400, EmailChangeMessages.linkInvalid);
    const [row] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
    expect(row!.email).toBe(user.email);
    expect((await login(t, newEmail, NEW_PASSWORD)).statusCode).toBe(401);
  });

  test('a link used while the account is being disabled is refused; the address stays as it was', async () => {
    const { user, token } = await pendingChange();
    await markDisabled(user.id);
    expectJsonError(await confirmChange(token), 400, EmailChangeMessages.linkInvalid);
    const [row] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
    expect(row!.email).toBe(user.email);
    expect(await t.database.db.select().from(emailChanges).where(eq(emailChanges.userId, user.id))).toHaveLength(1);
  });
});
