import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { AccountDataMessages, DELETION_GRACE_DAYS, type DeletionScheduled } from '../../../shared/account-data.schemas.js';
import type { z } from 'zod';
import type { DeleteAccountSchema } from '../../../shared/account-data.schemas.js';
import type { AppContext } from '../../context.js';
import { apiTokens, machineShareLinks, subscriptions, teamMembers, users, type User } from '../../db/schema.js';
import { badRequest, conflict, notFound, serviceUnavailable, badGateway } from '../../http-errors.js';
import { isStripeError } from '../../integrations/stripe/stripe-client.js';
import { formatInstant } from '../../integrations/mail/mail-locale.js';
import { enqueue } from '../../jobs/enqueue.js';
import { endAllSessionsOf } from '../../sessions.js';
import { verifyPassword } from '../auth/passwords.js';
import { memberNameOf } from '../teams/member-name.js';
import { PLAN_KEEPING_STATUSES, syncSubscription } from '../billing/subscription-sync.js';
import { endTwoFactorSignInsOf } from '../two-factor/two-factor-sign-in.js';
import { codeRefused, hasTwoFactor, spendSecondFactor } from '../two-factor/two-factor.service.js';

const DAY_MS = 24 * 60 * 60 * 1000;

async function accountOf(ctx: AppContext, userId: number): Promise<User> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound('User not found');
  return user;
}

/** The same proof as turning two-factor off: the password, and a current code or a recovery code when it is on. */
async function requireProof(ctx: AppContext, user: User, input: z.output<typeof DeleteAccountSchema>) {
  if (!(await verifyPassword(user.password, input.password))) {
    throw badRequest(AccountDataMessages.passwordWrong, { password: AccountDataMessages.passwordWrong });
  }
  if (!hasTwoFactor(user)) return;
  if (!input.code) throw badRequest(AccountDataMessages.codeRequired, { code: AccountDataMessages.codeRequired });
  const verdict = await spendSecondFactor(ctx, ctx.db, user, input.code);
  if (verdict !== 'accepted') throw codeRefused(verdict, input.code);
}

/**
 * Admins are accounts with the admin role and the addresses in ADMIN_EMAILS (DECISIONS 2). The last
 * one who can still sign in may not leave: nobody would be left to run the admin panel.
 */
async function refuseLastAdmin(ctx: AppContext, user: User) {
  const isAdmin = user.role === 'admin' || ctx.adminEmails.includes(user.email);
  if (!isAdmin) return;
  const byEmail = ctx.adminEmails.length > 0 ? inArray(users.email, ctx.adminEmails) : sql`false`;
  const [other] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(ne(users.id, user.id), or(eq(users.role, 'admin'), byEmail), isNull(users.eraseAfter), isNull(users.disabledAt), eq(users.isVerified, true)))
    .limit(1);
  if (!other) throw conflict(AccountDataMessages.lastAdmin);
}

/**
 * A person's account is their team's (decision 0054): once they handed the team to someone else, its
 * data is that owner's to keep, and deleting the account would take it away from them.
 */
async function refuseHandedOverTeam(ctx: AppContext, user: User) {
  const [owner] = await ctx.db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, user.id), eq(teamMembers.role, 'owner'), ne(teamMembers.userId, user.id)));
  if (owner) throw conflict(AccountDataMessages.teamHandedOver((await memberNameOf(ctx.db, owner.userId)) ?? 'its new owner'));
}

/**
 * Ends every subscription that would bill again, at once rather than at the period's end: the
 * account is going, so nothing more is owed. Stripe is asked first, so a refusal leaves the account
 * as it was and the owner can try again rather than be billed for an account they deleted.
 */
async function cancelSubscriptionsOf(ctx: AppContext, userId: number) {
  const running = await ctx.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...PLAN_KEEPING_STATUSES])));
  if (running.length === 0) return;
  const billing = ctx.billing;
  if (!billing) throw serviceUnavailable('Your subscription cannot be cancelled right now, so the account was not deleted. Please try again later.');
  try {
    for (const { id } of running) {
      const readAt = new Date();
      const cancelled = await billing.stripe.subscriptions.cancel(id);
      await ctx.db.transaction((tx) => syncSubscription(tx, billing.prices, cancelled, readAt, null));
    }
  } catch (error) {
    if (isStripeError(error)) throw badGateway('Our payment provider did not cancel your subscription, so the account was not deleted. Please try again in a few minutes.');
    throw error;
  }
}

/**
 * Deletes the account after its grace period: proof of identity, the subscription ended, every
 * session, token and share link ended, the vote pages closed (they read erase_after), and the owner
 * told by mail. Erasing happens later, in the erase job.
 */
export async function requestAccountDeletion(ctx: AppContext, userId: number, input: z.output<typeof DeleteAccountSchema>): Promise<DeletionScheduled> {
  const user = await accountOf(ctx, userId);
  await requireProof(ctx, user, input);
  await refuseLastAdmin(ctx, user);
  await refuseHandedOverTeam(ctx, user);
  await cancelSubscriptionsOf(ctx, userId);
  const eraseAfter = new Date(Date.now() + DELETION_GRACE_DAYS * DAY_MS);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ eraseAfter, updatedAt: new Date() }).where(eq(users.id, userId));
    await endAllSessionsOf(tx, userId);
    await endTwoFactorSignInsOf(tx, userId);
    await tx.delete(apiTokens).where(eq(apiTokens.userId, userId));
    await tx.delete(machineShareLinks).where(eq(machineShareLinks.userId, userId));
    await enqueue(tx, 'mail.deletion-scheduled', {
      to: user.email,
      props: { firstName: user.firstName, eraseOn: formatInstant('en', user.timeZone, eraseAfter), signInLink: `${ctx.publicUrl}/login` },
    });
  });
  return { message: AccountDataMessages.deletionScheduled(formatInstant('en', user.timeZone, eraseAfter)), eraseAfter: eraseAfter.toISOString() };
}

/** Undoes a deletion still in its grace period; the account is as it was, less its ended subscription. */
export async function cancelAccountDeletion(ctx: AppContext, userId: number): Promise<{ message: string }> {
  const [restored] = await ctx.db
    .update(users)
    .set({ eraseAfter: null, updatedAt: new Date() })
    .where(and(eq(users.id, userId), sql`${users.eraseAfter} is not null`))
    .returning({ id: users.id });
  if (!restored) throw conflict(AccountDataMessages.notScheduled);
  return { message: AccountDataMessages.deletionCancelled };
}
