import { and, eq, gt, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { AuthMessages } from '../../../shared/auth.schemas.js';
import { PUBLIC_PAGE_PATHS } from '../../../shared/page-routes.js';
import { EmailChangeMessages, SecurityMessages, type RequestEmailChangeSchema } from '../../../shared/security.schemas.js';
import type { AppContext } from '../../context.js';
import { emailChanges, passwordResetTokens, users, verifiedSignIns } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../http-errors.js';
import { enqueue } from '../../jobs/enqueue.js';
import { hashToken, newToken } from '../../tokens.js';
import { verifyPassword } from '../auth/passwords.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { recordAuditEvent } from '../audit/record-audit.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Asks for a new sign-in email: the password proves the owner asks, and the change waits for the
 * link mailed to the new address. A later request replaces an earlier one.
 */
export async function requestEmailChange(ctx: AppContext, userId: number, body: z.output<typeof RequestEmailChangeSchema>) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound('User not found');
  if (!(await verifyPassword(user.password, body.password))) {
    throw badRequest(SecurityMessages.currentPasswordWrong, { password: SecurityMessages.currentPasswordWrong });
  }
  if (body.newEmail === user.email) throw badRequest(EmailChangeMessages.sameEmail, { newEmail: EmailChangeMessages.sameEmail });
  const [taken] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, body.newEmail));
  if (taken) throw conflict(AuthMessages.emailTaken);
  const { token, hash } = newToken();
  await ctx.db.transaction(async (tx) => {
    const row = { newEmail: body.newEmail, tokenHash: hash, expiresAt: new Date(Date.now() + DAY_MS) };
    await tx.insert(emailChanges).values({ userId, ...row }).onConflictDoUpdate({ target: emailChanges.userId, set: row });
    await enqueue(tx, 'mail.confirm-email-change', {
      to: body.newEmail,
      props: { locale: user.language, firstName: user.firstName, confirmLink: `${ctx.publicUrl}${PUBLIC_PAGE_PATHS.confirmEmailChange}?token=${encodeURIComponent(token)}` },
    });
  });
}

/**
 * The link from the new address was used: the account signs in with it from now on, and the old
 * address is told. The token works once; an address taken meanwhile by another account is refused.
 */
export async function confirmEmailChange(ctx: AppContext, token: string, ipHash: string): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    const [change] = await tx
      .delete(emailChanges)
      .where(and(eq(emailChanges.tokenHash, hashToken(token)), gt(emailChanges.expiresAt, new Date())))
      .returning();
    if (!change) throw badRequest(EmailChangeMessages.linkInvalid);
    const [user] = await tx.select().from(users).where(eq(users.id, change.userId));
    // A disabled account answers as a dead link: the holder of the new inbox has not proved the
    // password, which is what sign-in asks before it says an account is disabled.
    if (!user || user.disabledAt) throw badRequest(EmailChangeMessages.linkInvalid);
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, change.newEmail));
    if (taken) throw conflict(AuthMessages.emailTaken);
    try {
      await tx.update(users).set({ email: change.newEmail, updatedAt: new Date() }).where(eq(users.id, user.id));
    } catch (error) {
      // Registered by someone else between the look above and this write: the same answer.
      if (isUniqueViolation(error)) throw conflict(AuthMessages.emailTaken);
      throw error;
    }
    // Links mailed to the old address (a password reset, a one-click sign-in) stop working with it.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
    await tx.delete(verifiedSignIns).where(eq(verifiedSignIns.userId, user.id));
    // The link is the account holder's proof, so they are the actor; no address of either inbox is kept.
    await recordAuditEvent(tx, { actorUserId: user.id, ipHash, action: 'account.email_changed', targetType: 'user', targetId: user.id, accountUserId: user.id });
    await enqueue(tx, 'mail.email-changed', {
      to: user.email,
      props: { locale: user.language, firstName: user.firstName, newEmail: change.newEmail, supportLink: `${ctx.publicUrl}${PUBLIC_PAGE_PATHS.contact}` },
    });
    return change.newEmail;
  });
}
