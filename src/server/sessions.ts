import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from './db/client.js';
import { affiliates, sessions, users, type User } from './db/schema.js';
import { cookiesMustBeSecure } from './secure-cookies.js';
import { hashToken, newToken } from './tokens.js';

export const SESSION_COOKIE = 'vv_session';
const HOUR = 60 * 60 * 1000;
/** A browser-session sign-in ends after this long without a request. */
export const IDLE_TIMEOUT_MS = 12 * HOUR;
/** A remember-me sign-in lasts this long from sign-in, never extended. */
export const REMEMBER_ME_MS = 30 * 24 * HOUR;
/** Idle sessions are pushed forward at most this often, to spare a write per request. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

function cookieOptions(request: FastifyRequest, maxAgeSeconds?: number) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: cookiesMustBeSecure(request),
    signed: true,
    ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
  };
}

/** Starts a new session (always a new id, so a planted cookie is never reused) and sets the cookie. */
export async function startSession(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  rememberMe: boolean,
  device: { timeZone?: string } = {},
): Promise<void> {
  await endSession(db, request, reply);
  const { token, hash } = newToken();
  const now = Date.now();
  const expire = new Date(now + (rememberMe ? REMEMBER_ME_MS : IDLE_TIMEOUT_MS));
  const userAgent = request.headers['user-agent']?.slice(0, 500);
  await db.insert(sessions).values({
    sid: hash,
    sess: {
      userId,
      rememberMe,
      createdAt: new Date(now).toISOString(),
      publicId: randomUUID(),
      lastSeenAt: new Date(now).toISOString(),
      ...(userAgent ? { userAgent } : {}),
      ...(device.timeZone ? { timeZone: device.timeZone } : {}),
    },
    expire,
  });
  reply.setCookie(SESSION_COOKIE, token, cookieOptions(request, rememberMe ? REMEMBER_ME_MS / 1000 : undefined));
}

function readSessionToken(request: FastifyRequest): string | null {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid ? unsigned.value : null;
}

/** The signed-in user of this request, or null; keeps a browser-session sign-in alive while used. */
/** The signed-in account, and whether it is in the affiliate program (read in the same query). */
export type SessionUser = User & { isAffiliate: boolean };

export async function loadSessionUser(db: Database, request: FastifyRequest): Promise<SessionUser | null> {
  const token = readSessionToken(request);
  if (!token) return null;
  const sid = hashToken(token);
  const now = new Date();
  const [row] = await db
    .select({
      user: users,
      sess: sessions.sess,
      expire: sessions.expire,
      isAffiliate: sql<boolean>`exists (select 1 from ${affiliates} where ${affiliates.userId} = ${users.id})`,
    })
    .from(sessions)
    .innerJoin(users, sql`${users.id} = (${sessions.sess}->>'userId')::int`)
    // Disabling an account deletes its sessions; this also refuses one that a sign-in racing it made.
    .where(and(eq(sessions.sid, sid), gt(sessions.expire, now), isNull(users.disabledAt)))
    .limit(1);
  if (!row) return null;
  const lastSeen = row.sess.lastSeenAt ? Date.parse(row.sess.lastSeenAt) : 0;
  const seenLongAgo = now.getTime() - lastSeen > TOUCH_INTERVAL_MS;
  const idleClockRunning = !row.sess.rememberMe && row.expire.getTime() - now.getTime() < IDLE_TIMEOUT_MS - TOUCH_INTERVAL_MS;
  if (seenLongAgo || idleClockRunning) {
    // A browser-session sign-in is kept alive while used; a remember-me one only records that it was.
    await db
      .update(sessions)
      .set({
        sess: sql`jsonb_set(${sessions.sess}, '{lastSeenAt}', to_jsonb(${now.toISOString()}::text))`,
        ...(row.sess.rememberMe ? {} : { expire: new Date(now.getTime() + IDLE_TIMEOUT_MS) }),
      })
      .where(eq(sessions.sid, sid));
  }
  request.sessionId = sid;
  request.sessionTeamId = row.sess.teamId ?? null;
  return { ...row.user, isAffiliate: row.isAffiliate };
}

export async function endSession(db: Database, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = readSessionToken(request);
  if (token) await db.delete(sessions).where(eq(sessions.sid, hashToken(token)));
  if (request.cookies[SESSION_COOKIE]) reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

export async function endAllSessionsOf(db: Pick<Database, 'delete'>, userId: number): Promise<void> {
  await db.delete(sessions).where(sql`(${sessions.sess}->>'userId')::int = ${userId}`);
}

export async function deleteExpiredSessions(db: Database): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expire, new Date()));
}

/** The sessions of a user that have not expired, newest first. */
export async function liveSessionsOf(db: Pick<Database, 'select'>, userId: number) {
  return db
    .select()
    .from(sessions)
    .where(and(sql`(${sessions.sess}->>'userId')::int = ${userId}`, gt(sessions.expire, new Date())))
    .orderBy(sql`${sessions.sess}->>'createdAt' desc`);
}

/** Ends every session of a user but one (the one in use), as a password change does. */
export async function endOtherSessionsOf(db: Pick<Database, 'delete'>, userId: number, keepSid: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(sql`(${sessions.sess}->>'userId')::int = ${userId}`, sql`${sessions.sid} <> ${keepSid}`))
    .returning({ sid: sessions.sid });
  return ended.length;
}
