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

export type ApiMethod = NonNullable<InjectOptions['method']>;

export interface ApiOptions {
  /** The caller's address; rate limits count per address. Defaults to the injector's 127.0.0.1. */
  ip?: string;
  headers?: Record<string, string>;
}

/**
 * The one request helper of the API tests: calls as the holder of `cookie` (signed out without
 * one), sending bodies as JSON. `extra` adds or overrides inject options for one call.
 *
 *   const { cookie } = await signIn(t);
 *   const res = await api(t, cookie).post('/api/machines', { name: 'Lobby' });
 */
export function api(t: TestApp, cookie?: string, options: ApiOptions = {}) {
  const send = (method: ApiMethod, url: string, body?: unknown, extra: Partial<InjectOptions> = {}) =>
    t.app.inject({
      method,
      url,
      ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
      ...(options.ip ? { remoteAddress: options.ip } : {}),
      ...extra,
      headers: { ...(cookie ? { cookie } : {}), ...options.headers, ...extra.headers },
    });
  return {
    send,
    get: (url: string, extra?: Partial<InjectOptions>) => send('GET', url, undefined, extra),
    post: (url: string, body?: unknown, extra?: Partial<InjectOptions>) => send('POST', url, body, extra),
    put: (url: string, body?: unknown, extra?: Partial<InjectOptions>) => send('PUT', url, body, extra),
    patch: (url: string, body?: unknown, extra?: Partial<InjectOptions>) => send('PATCH', url, body, extra),
    delete: (url: string, extra?: Partial<InjectOptions>) => send('DELETE', url, undefined, extra),
  };
}

export function post(t: TestApp, url: string, payload: unknown, extra: Partial<InjectOptions> = {}) {
  return api(t).post(url, payload, extra);
}

export function get(t: TestApp, url: string, cookie?: string, extra: Partial<InjectOptions> = {}) {
  return api(t, cookie).get(url, extra);
}

export function login(t: TestApp, email: string, password: string, extra: Record<string, unknown> = {}) {
  return post(t, '/api/auth/login', { email, password, ...extra });
}

/** A verified user (from the factory) signed in through the real login call. */
export async function signIn(t: TestApp, seed: UserSeed = {}, rememberMe = false) {
  const { user, password } = await createUser(t.database.db, { email: uniqueEmail('signed-in'), ...seed });
  const res = await login(t, user.email, password, { rememberMe });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = sessionCookieFrom(res);
  return { user, password, cookie, res, api: api(t, cookie) };
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
