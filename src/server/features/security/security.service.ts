import { and, eq, sql } from 'drizzle-orm';
import Bowser from 'bowser';
import type { z } from 'zod';
import { AuthMessages } from '../../../shared/auth.schemas.js';
import { SecurityMessages, type ChangePasswordSchema, type Security, type SessionView } from '../../../shared/security.schemas.js';
import type { AppContext } from '../../context.js';
import { emailChanges, sessions, users, verifiedSignIns, type SessionData } from '../../db/schema.js';
import { badRequest, notFound } from '../../http-errors.js';
import { endOtherSessionsOf, liveSessionsOf } from '../../sessions.js';
import { hashPassword, isCommonPassword, verifyPassword } from '../auth/passwords.js';
import { endTwoFactorSignInsOf } from '../two-factor/two-factor-sign-in.js';

/** 'Chrome 131 on macOS', from the browser's own description; 'Unknown browser' when it gave none. */
export function deviceOf(userAgent: string | undefined): string {
  const { browser, system } = devicePartsOf(userAgent);
  if (!browser) return system ? `A browser on ${system}` : 'Unknown browser';
  return system ? `${browser} on ${system}` : browser;
}

/** The browser ('Firefox 133') and the system ('Windows') a user agent names, for mails to word in their language. */
export function devicePartsOf(userAgent: string | undefined): { browser?: string; system?: string } {
  if (!userAgent) return {};
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]].filter(Boolean).join(' ');
  const system = parsed.os.name ?? parsed.platform.type;
  return { ...(browser ? { browser } : {}), ...(system ? { system } : {}) };
}

/** 'America/Los_Angeles' reads as 'Los Angeles'; UTC and unknown zones say nothing of a place. */
export function placeOf(timeZone: string | undefined): string | null {
  if (!timeZone || !timeZone.includes('/')) return null;
  return timeZone.split('/').at(-1)!.replaceAll('_', ' ');
}

function toSessionView(sid: string, sess: SessionData, currentSid: string | undefined): SessionView {
  return {
    // Every session has one (those from before it was added were given one by a migration).
    id: sess.publicId ?? '',
    device: deviceOf(sess.userAgent),
    place: placeOf(sess.timeZone),
    current: sid === currentSid,
    signedInAt: sess.createdAt,
    lastSeenAt: sess.lastSeenAt ?? null,
  };
}

export async function securityOf(ctx: AppContext, userId: number, currentSid: string | undefined): Promise<Security> {
  const [user] = await ctx.db
    .select({ changedAt: users.passwordChangedAt, createdAt: users.createdAt, loginAlerts: users.loginAlerts })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound('User not found');
  const live = await liveSessionsOf(ctx.db, userId);
  return {
    // Until its owner changes it, the password is the one set when the account was made.
    passwordLastChanged: (user.changedAt ?? user.createdAt).toISOString(),
    loginAlerts: user.loginAlerts,
    sessions: live.map((row) => toSessionView(row.sid, row.sess, currentSid)),
  };
}

/**
 * A new password for the signed-in operator, who proves they know the current one. Every other
 * session ends (a stolen one among them); this one stays signed in.
 */
export async function changePassword(ctx: AppContext, userId: number, currentSid: string, body: z.output<typeof ChangePasswordSchema>) {
  const [user] = await ctx.db.select({ password: users.password }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound('User not found');
  if (!(await verifyPassword(user.password, body.currentPassword))) {
    throw badRequest(SecurityMessages.currentPasswordWrong, { currentPassword: SecurityMessages.currentPasswordWrong });
  }
  if (body.newPassword === body.currentPassword) throw badRequest(SecurityMessages.samePassword, { newPassword: SecurityMessages.samePassword });
  if (await isCommonPassword(body.newPassword)) throw badRequest(AuthMessages.passwordTooCommon, { newPassword: AuthMessages.passwordTooCommon });
  const passwordHash = await hashPassword(body.newPassword);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ password: passwordHash, passwordChangedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, userId));
    await endOtherSessionsOf(tx, userId, currentSid);
    // A change of email asked for before (perhaps by whoever knew the old password) must not outlive it.
    await tx.delete(emailChanges).where(eq(emailChanges.userId, userId));
    // A pending one-click sign-in would skip the new password: it goes too.
    await tx.delete(verifiedSignIns).where(eq(verifiedSignIns.userId, userId));
    // So does a second step of signing in begun elsewhere with the old password.
    await endTwoFactorSignInsOf(tx, userId);
  });
}

/** Signs out one of the operator's own sessions, named by its public id; another's answers 404. */
export async function endSessionById(ctx: AppContext, userId: number, publicId: string): Promise<void> {
  const ended = await ctx.db
    .delete(sessions)
    .where(and(sql`(${sessions.sess}->>'userId')::int = ${userId}`, sql`${sessions.sess}->>'publicId' = ${publicId}`))
    .returning({ sid: sessions.sid });
  if (ended.length === 0) throw notFound(SecurityMessages.sessionNotFound);
}

export const endOtherSessions = (ctx: AppContext, userId: number, currentSid: string) => endOtherSessionsOf(ctx.db, userId, currentSid);

export async function setLoginAlerts(ctx: AppContext, userId: number, loginAlerts: boolean, currentSid: string | undefined): Promise<Security> {
  await ctx.db.update(users).set({ loginAlerts, updatedAt: new Date() }).where(eq(users.id, userId));
  return securityOf(ctx, userId, currentSid);
}
