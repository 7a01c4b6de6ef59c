import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createUser, type UserSeed } from '../../src/server/db/factories.js';
import { sessions, users } from '../../src/server/db/schema.js';
import { SESSION_COOKIE } from '../../src/server/sessions.js';
import { linkFrom, sessionCookieFrom, type TestApp } from '../support/index.js';

/** Long enough, not in any common-password list. */
export const GOOD_PASSWORD = 'correct horse battery staple';
export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

let counter = 0;
/** An address no other test uses (rate limits count per account for the whole file). */
export function uniqueEmail(label = 'user'): string {
  return `${label}-${process.pid}-${Date.now().toString(36)}-${++counter}@example.test`;
}

export function registration(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Ann',
    lastName: 'Lee',
    email: uniqueEmail('reg'),
    password: GOOD_PASSWORD,
    confirmPassword: GOOD_PASSWORD,
    ...overrides,
  };
}

export function post(t: TestApp, url: string, payload: unknown, extra: Partial<InjectOptions> = {}) {
  return t.app.inject({ method: 'POST', url, payload: payload as InjectOptions['payload'], ...extra });
}

export function get(t: TestApp, url: string, cookie?: string, extra: Partial<InjectOptions> = {}) {
  return t.app.inject({ method: 'GET', url, ...(cookie ? { headers: { cookie } } : {}), ...extra });
}

export function login(t: TestApp, email: string, password: string, extra: Record<string, unknown> = {}) {
  return post(t, '/api/auth/login', { email, password, ...extra });
}

/** A verified user (from the factory) signed in through the real login call. */
export async function signIn(t: TestApp, seed: UserSeed = {}, rememberMe = false) {
  const { user, password } = await createUser(t.database.db, { email: uniqueEmail('signed-in'), ...seed });
  const res = await login(t, user.email, password, { rememberMe });
  expect(res.statusCode, res.body).toBe(200);
  return { user, password, cookie: sessionCookieFrom(res), res };
}

export function me(t: TestApp, cookie?: string) {
  return get(t, '/api/auth/me', cookie);
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The random token inside a signed `vv_session=<token>.<signature>` cookie header. */
export function tokenOfCookie(cookieHeader: string): string {
  const value = cookieHeader.slice(`${SESSION_COOKIE}=`.length);
  return value.slice(0, value.lastIndexOf('.'));
}

export async function sessionRowOf(t: TestApp, cookieHeader: string) {
  const [row] = await t.database.db.select().from(sessions).where(eq(sessions.sid, sha256(tokenOfCookie(cookieHeader))));
  return row;
}

export async function setSessionExpire(t: TestApp, cookieHeader: string, expire: Date) {
  await t.database.db.update(sessions).set({ expire }).where(eq(sessions.sid, sha256(tokenOfCookie(cookieHeader))));
}

export function sessionsOfUser(t: TestApp, userId: number) {
  return t.database.db.select().from(sessions).where(sql`(${sessions.sess}->>'userId')::int = ${userId}`);
}

export async function userByEmail(t: TestApp, email: string) {
  const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
  return user;
}

/** The `token` query parameter of the newest mailed link to `path` (e.g. /verify-email). */
export async function mailedToken(t: TestApp, email: string, path: string, subject: RegExp = /./): Promise<string> {
  const mail = await t.smtp.waitForMail(email, subject);
  const token = new URL(linkFrom(mail, path)).searchParams.get('token');
  if (!token) throw new Error(`No token in the ${path} link mailed to ${email}`);
  return token;
}

export function mailsTo(t: TestApp, email: string) {
  return t.smtp.received.filter((mail) => mail.to.includes(email.toLowerCase()));
}

export function verifyEmailCall(t: TestApp, token: string, cookie?: string) {
  return get(t, `/api/auth/verify-email?token=${encodeURIComponent(token)}`, cookie);
}

/** Asserts a JSON error answer and returns its body. */
export function expectJsonError(res: LightMyRequestResponse, status: number, message?: string | RegExp) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json() as { message: string; errors?: Record<string, string> };
  expect(typeof body.message).toBe('string');
  if (typeof message === 'string') expect(body.message).toBe(message);
  else if (message) expect(body.message).toMatch(message);
  return body;
}

export function expectWithin(actual: Date, expectedMs: number, toleranceMs = 60_000) {
  expect(Math.abs(actual.getTime() - expectedMs)).toBeLessThan(toleranceMs);
}
