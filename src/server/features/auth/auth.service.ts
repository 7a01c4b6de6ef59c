import { and, eq, gt, isNull } from 'drizzle-orm';
import {
  AuthMessages,
  type CurrentUser,
  type LoginInput,
  type ResetPasswordInput,
} from '../../../shared/auth.schemas.js';
import { PUBLIC_PAGE_PATHS } from '../../../shared/page-routes.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/client.js';
import { affiliates, emailChanges, passwordResetTokens, users, verifiedSignIns, type User } from '../../db/schema.js';
import { badRequest, forbidden, HttpError, tooManyAttempts } from '../../http-errors.js';
import { endAllSessionsOf } from '../../sessions.js';
import { hashToken, newToken } from '../../tokens.js';
import { enqueue } from '../../jobs/enqueue.js';
import { hashPassword, isCommonPassword, verifyAgainstDummy, verifyPassword } from './passwords.js';
import { claimSignInCheck, forgiveSignInFailures } from './sign-in-throttle.js';
import { endTwoFactorSignInsOf } from '../two-factor/two-factor-sign-in.js';
import { recordAuditEvent } from '../audit/record-audit.js';

const VERIFICATION_VALID_MS = 24 * 60 * 60 * 1000;
const RESET_VALID_MS = 60 * 60 * 1000;

type Registration = { firstName: string; lastName: string; email: string; password: string };

/** `isAffiliate` comes with a session's user (sessions.ts); for a bare account row its role tells. */
export function toCurrentUser(user: User & { isAffiliate?: boolean }, adminEmails: string[]): CurrentUser {
  return {
    id: user.id,
    email: user.email,
    role: adminEmails.includes(user.email) ? 'admin' : user.role,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    phoneNumber: user.phoneNumber,
    isAffiliate: user.isAffiliate ?? user.role === 'affiliate',
    timeZone: user.timeZone,
    ...(user.eraseAfter ? { deletionScheduledFor: user.eraseAfter.toISOString() } : {}),
  };
}

/** The user as a sign-in answers it, with their place in the affiliate program looked up. */
export async function describeUser(ctx: AppContext, user: User): Promise<CurrentUser> {
  const [member] = await ctx.db.select({ userId: affiliates.userId }).from(affiliates).where(eq(affiliates.userId, user.id));
  return toCurrentUser({ ...user, isAffiliate: member !== undefined }, ctx.adminEmails);
}

async function refuseCommonPassword(password: string) {
  if (await isCommonPassword(password)) {
    throw badRequest(AuthMessages.passwordTooCommon, { password: AuthMessages.passwordTooCommon });
  }
}

export async function findUserByEmail(ctx: AppContext, email: string): Promise<User | undefined> {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

type Executor = Pick<Database, 'update' | 'insert'>;

/** A new verification link, and its mail queued with it: both happen, or neither. */
export async function sendVerification(ctx: AppContext, tx: Executor, user: Pick<User, 'id' | 'email' | 'firstName' | 'language'>) {
  const { token, hash } = newToken();
  await tx
    .update(users)
    .set({ verificationToken: hash, verificationTokenExpiresAt: new Date(Date.now() + VERIFICATION_VALID_MS) })
    .where(eq(users.id, user.id));
  const link = `${ctx.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  await enqueue(tx, 'mail.verify-email', { to: user.email, props: { locale: user.language, firstName: user.firstName, link } });
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface RegistrationOptions {
  role?: User['role'];
  /** What else a new account starts with (an affiliate's profile, the referral it came by), made in its transaction. */
  withAccount?: (tx: Tx, user: User) => Promise<void>;
  /** The sign-in page the owner of a taken address is pointed to. */
  signInPath?: string;
}

/**
 * A taken address gets the answer a new one gets, so sign-up never tells who has an account; its
 * owner is mailed instead: a new verification link while the account waits for one, otherwise a
 * note that someone tried, with the way to sign in. Either way one mail is queued, as for a new account.
 */
async function tellOwnerOfTakenAddress(ctx: AppContext, tx: Tx, email: string, signInPath: string) {
  const [owner] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
  if (!owner) return;
  if (!owner.isVerified) return sendVerification(ctx, tx, owner);
  await enqueue(tx, 'mail.account-exists', { to: owner.email, props: { locale: owner.language, firstName: owner.firstName, link: `${ctx.publicUrl}${signInPath}` } });
}

/** The new account, or null when the address already had one (its owner is mailed; the caller answers as for a new one). */
export async function registerUser(ctx: AppContext, input: Registration, options: RegistrationOptions = {}): Promise<User | null> {
  await refuseCommonPassword(input.password);
  // Hashed whether or not the address is taken, so the answer takes as long either way.
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ email: input.email, password: passwordHash, firstName: input.firstName, lastName: input.lastName, role: options.role ?? 'operator' })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!user) {
      await tellOwnerOfTakenAddress(ctx, tx, input.email, options.signInPath ?? PUBLIC_PAGE_PATHS.login);
      return null;
    }
    await options.withAccount?.(tx, user);
    await sendVerification(ctx, tx, user);
    return user;
  });
}

/** Marks the account verified; the link works once. */
export async function verifyEmail(ctx: AppContext, token: string): Promise<User> {
  const [user] = await ctx.db
    .update(users)
    .set({ isVerified: true, verificationToken: null, verificationTokenExpiresAt: null, updatedAt: new Date() })
    .where(and(eq(users.verificationToken, hashToken(token)), gt(users.verificationTokenExpiresAt, new Date())))
    .returning();
  if (!user) throw badRequest(AuthMessages.verificationLinkInvalid);
  return user;
}

export async function resendVerification(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx, email);
  // The mail is only queued (a quick insert), never awaited: the answer must not tell, by its
  // timing, whether the account exists.
  if (user && !user.isVerified) await ctx.db.transaction((tx) => sendVerification(ctx, tx, user));
}

export async function authenticate(ctx: AppContext, input: Required<Pick<LoginInput, 'email' | 'password'>>): Promise<User> {
  const user = await findUserByEmail(ctx, input.email);
  if (!user) {
    await verifyAgainstDummy(input.password);
    throw new HttpError(401, AuthMessages.invalidCredentials);
  }
  if (!(await verifyPassword(user.password, input.password))) {
    throw new HttpError(401, AuthMessages.invalidCredentials);
  }
  // Told only to whoever knows the password, like the unverified case below.
  if (user.disabledAt) throw forbidden(AuthMessages.accountDisabled);
  if (!user.isVerified) throw forbidden(AuthMessages.verifyBeforeSignIn);
  return user;
}

/** A sign-in with a password from a client address, throttled on failures (sign-in-throttle.ts). */
export async function signInWithPassword(
  ctx: AppContext,
  input: Required<Pick<LoginInput, 'email' | 'password'>>,
  address: string,
): Promise<User> {
  const attempt = { email: input.email, address };
  const claim = await claimSignInCheck(ctx, attempt);
  if (!claim.granted) throw tooManyAttempts(claim.retryAfterSeconds);
  try {
    const user = await authenticate(ctx, input);
    await forgiveSignInFailures(ctx, attempt);
    return user;
  } catch (error) {
    // Refused only for being unverified or disabled: the password was right, so that was no failure.
    if (error instanceof HttpError && error.statusCode === 403) await forgiveSignInFailures(ctx, attempt);
    throw error;
  }
}

export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx, email);
  // A disabled account is answered as an unknown address: no link, and nothing to tell them apart.
  if (!user || user.disabledAt) return;
  const { token, hash } = newToken();
  const link = `${ctx.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  // The mail is only queued (a quick insert), never awaited: the answer must not tell, by its
  // timing, whether the account exists.
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(passwordResetTokens)
      .values({ userId: user.id, tokenHash: hash, expiresAt: new Date(Date.now() + RESET_VALID_MS) });
    await enqueue(tx, 'mail.reset-password', { to: user.email, props: { locale: user.language, firstName: user.firstName, link } });
  });
}

/**
 * Sets the new password, spends the link and ends every session of the account. The link was
 * mailed to the account's address, so following it also proves that address: it verifies.
 */
export async function resetPassword(ctx: AppContext, input: Pick<ResetPasswordInput, 'token' | 'password'>, ipHash: string): Promise<void> {
  await refuseCommonPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    const [spent] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(input.token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!spent) throw badRequest(AuthMessages.resetLinkInvalid);
    await recordAuditEvent(tx, { actorUserId: spent.userId, ipHash, action: 'account.password_reset', targetType: 'user', targetId: spent.userId, accountUserId: spent.userId });
    // A pending verification link would sign its holder in: the reset spends it too.
    const [changed] = await tx
      .update(users)
      .set({
        password: passwordHash,
        passwordChangedAt: new Date(),
        isVerified: true,
        verificationToken: null,
        verificationTokenExpiresAt: null,
        updatedAt: new Date(),
      })
      // A link mailed before the account was disabled must not outlive the disabling: it answers
      // as a spent link would (the transaction rolls back, so nothing changes).
      .where(and(eq(users.id, spent.userId), isNull(users.disabledAt)))
      .returning({ id: users.id });
    if (!changed) throw badRequest(AuthMessages.resetLinkInvalid);
    // Older links of the same account stop working too.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.userId, spent.userId), isNull(passwordResetTokens.usedAt)));
    await endAllSessionsOf(tx, spent.userId);
    await tx.delete(verifiedSignIns).where(eq(verifiedSignIns.userId, spent.userId));
    // A second step begun with the old password ends too; two-factor itself stays on.
    await endTwoFactorSignInsOf(tx, spent.userId);
    // A pending change of email (perhaps asked by whoever had the old password) ends with it.
    await tx.delete(emailChanges).where(eq(emailChanges.userId, spent.userId));
  });
}

