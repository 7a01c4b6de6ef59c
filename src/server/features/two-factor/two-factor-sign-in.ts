import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthMessages } from '../../../shared/auth.schemas.js';
import { TwoFactorMessages } from '../../../shared/two-factor.schemas.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/client.js';
import { twoFactorChallenges, users, type User } from '../../db/schema.js';
import { badRequest, forbidden, HttpError, tooManyAttempts } from '../../http-errors.js';
import { cookiesMustBeSecure } from '../../secure-cookies.js';
import { hashToken, newToken } from '../../tokens.js';
import { claimSignInCheck, forgiveSignInFailures } from '../auth/sign-in-throttle.js';
import { codeRefused, deleteExpiredChallenges, hasTwoFactor, isCodeRefusal, refuseCode, spendTry, spendSecondFactor } from './two-factor.service.js';

/**
 * Between the password and the code, the browser holds the sign-in challenge in this cookie rather
 * than in the answer's body: HttpOnly, so no script on the page (nor an injected one) can read it
 * and finish the sign-in elsewhere; SameSite=Strict and scoped to the sign-in path, so it goes
 * nowhere else; and it lives five minutes, as the challenge does. Only its SHA-256 is stored.
 */
export const TWO_FACTOR_COOKIE = 'vv_two_factor';
const COOKIE_PATH = '/api/auth/login';
const MINUTE_MS = 60_000;
const SIGN_IN_VALID_MS = 5 * MINUTE_MS;

/** What the password step hands on to the second: how the session should start once it is done. */
export interface PendingSignIn {
  rememberMe: boolean;
  timeZone?: string;
}

export function setChallengeCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(TWO_FACTOR_COOKIE, token, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: cookiesMustBeSecure(request),
    signed: true,
    maxAge: SIGN_IN_VALID_MS / 1000,
  });
}

export function clearChallengeCookie(reply: FastifyReply) {
  reply.clearCookie(TWO_FACTOR_COOKIE, { path: COOKIE_PATH });
}

export function readChallengeCookie(request: FastifyRequest): string | null {
  const raw = request.cookies[TWO_FACTOR_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid ? unsigned.value : null;
}

/** The password was right: a challenge for the second step, five minutes and five tries long. */
export async function beginTwoFactorSignIn(ctx: AppContext, userId: number, pending: PendingSignIn): Promise<string> {
  const { token, hash } = newToken();
  await ctx.db.transaction(async (tx) => {
    await deleteExpiredChallenges(tx);
    await tx.insert(twoFactorChallenges).values({
      tokenHash: hash,
      userId,
      purpose: 'sign-in',
      data: { rememberMe: pending.rememberMe, ...(pending.timeZone ? { timeZone: pending.timeZone } : {}) },
      expiresAt: new Date(Date.now() + SIGN_IN_VALID_MS),
    });
  });
  return token;
}

/** The account a live sign-in challenge is for, read before any try is spent. */
async function challengeUser(ctx: AppContext, tokenHash: string): Promise<User> {
  const [row] = await ctx.db
    .select({ user: users })
    .from(twoFactorChallenges)
    .innerJoin(users, eq(users.id, twoFactorChallenges.userId))
    .where(
      and(
        eq(twoFactorChallenges.tokenHash, tokenHash),
        eq(twoFactorChallenges.purpose, 'sign-in'),
        sql`${twoFactorChallenges.attemptsLeft} > 0`,
        sql`${twoFactorChallenges.expiresAt} > now()`,
      ),
    );
  if (!row || !hasTwoFactor(row.user)) throw badRequest(TwoFactorMessages.signInExpired);
  // Disabling deletes the account's challenges; this covers one begun in the same instant.
  if (row.user.disabledAt) throw forbidden(AuthMessages.accountDisabled);
  return row.user;
}

/**
 * The second step. A wrong code spends one of the challenge's five tries (the fifth spends the
 * challenge), and it also counts in the sign-in throttle under a key of its own: a correct password
 * forgives password failures, so without that, signing in again would hand out five new tries at
 * will. A right code spends the challenge and answers the account and how its session starts.
 */
export async function finishTwoFactorSignIn(
  ctx: AppContext,
  token: string | null,
  code: string,
  address: string,
): Promise<{ user: User; pending: PendingSignIn }> {
  if (!token) throw badRequest(TwoFactorMessages.signInExpired);
  const tokenHash = hashToken(token);
  const user = await challengeUser(ctx, tokenHash);
  const attempt = { email: `two-factor:${user.email}`, address };
  const claim = await claimSignInCheck(ctx, attempt);
  if (!claim.granted) throw tooManyAttempts(claim.retryAfterSeconds);

  const challenge = await spendTry(ctx.db, tokenHash, 'sign-in', user.id);
  if (!challenge) throw badRequest(TwoFactorMessages.signInExpired);
  try {
    // One transaction: the challenge is spent only with an accepted code, and by one request only.
    await ctx.db.transaction(async (tx) => {
      const [spent] = await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.tokenHash, tokenHash)).returning();
      if (!spent) throw badRequest(TwoFactorMessages.signInExpired);
      const verdict = await spendSecondFactor(ctx, tx, user, code);
      if (verdict !== 'accepted') throw codeRefused(verdict, code);
    });
  } catch (error) {
    if (isCodeRefusal(error)) return refuseCode(ctx.db, tokenHash, challenge.attemptsLeft, error, TwoFactorMessages.tooManyTries);
    throw error;
  }
  await forgiveSignInFailures(ctx, attempt);
  const data = challenge.data as { rememberMe?: unknown; timeZone?: unknown };
  const pending = { rememberMe: data.rememberMe === true, ...(typeof data.timeZone === 'string' ? { timeZone: data.timeZone } : {}) };
  return { user, pending };
}

/** A changed or reset password ends the second steps begun with the old one. */
export async function endTwoFactorSignInsOf(db: Pick<Database, 'delete'>, userId: number): Promise<void> {
  await db.delete(twoFactorChallenges).where(and(eq(twoFactorChallenges.userId, userId), eq(twoFactorChallenges.purpose, 'sign-in')));
}

/** Is the challenge gone (expired, used, out of tries)? Then its cookie goes too. */
export const isSpentChallenge = (error: unknown): boolean =>
  error instanceof HttpError && (error.message === TwoFactorMessages.signInExpired || error.message === TwoFactorMessages.tooManyTries);
