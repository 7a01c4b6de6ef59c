import { and, eq, gt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthMessages } from '../../../shared/auth.schemas.js';
import type { AppContext } from '../../context.js';
import { users, verifiedSignIns, type User } from '../../db/schema.js';
import { badRequest, conflict, forbidden } from '../../http-errors.js';
import { noteSignIn } from '../security/login-alerts.js';
import { hasTwoFactor } from '../two-factor/two-factor.service.js';
import { loadSessionUser, startSession } from '../../sessions.js';
import { hashToken, newToken } from '../../tokens.js';

/**
 * Verifying an email signs nobody in: a page of another site could send a signed-in visitor to a
 * verification link of its own and so swap them into its account (login CSRF). Instead the browser
 * that verified gets this short-lived, single-use cookie, and signing in takes a same-origin POST
 * (the visitor's click), which the same-origin check guards like every state-changing call.
 */
export const VERIFIED_SIGN_IN_COOKIE = 'vv_verified';
const VERIFIED_SIGN_IN_PATH = '/api/auth/verify-email';
const VALID_MS = 15 * 60 * 1000;

function cookieOptions(request: FastifyRequest) {
  return {
    path: VERIFIED_SIGN_IN_PATH,
    httpOnly: true,
    // Strict: not even a link from another site brings it along.
    sameSite: 'strict' as const,
    secure: request.protocol === 'https',
    signed: true,
  };
}

/** Hands the browser that verified `userId` its one click to sign in. */
export async function grantVerifiedSignIn(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
  const { token, hash } = newToken();
  await ctx.db.insert(verifiedSignIns).values({ tokenHash: hash, userId, expiresAt: new Date(Date.now() + VALID_MS) });
  reply.setCookie(VERIFIED_SIGN_IN_COOKIE, token, { ...cookieOptions(request), maxAge: VALID_MS / 1000 });
}

function readGrantToken(request: FastifyRequest): string | null {
  const raw = request.cookies[VERIFIED_SIGN_IN_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid ? unsigned.value : null;
}

/**
 * Spends the browser's grant and signs its account in. Another account signed in in the same
 * browser is replaced only when the visitor said so (`replaceSession`), never silently.
 */
export async function continueAfterVerifying(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  replaceSession: boolean,
): Promise<User> {
  const token = readGrantToken(request);
  if (!token) throw badRequest(AuthMessages.verifiedSignInExpired);
  const tokenHash = hashToken(token);
  const live = and(eq(verifiedSignIns.tokenHash, tokenHash), gt(verifiedSignIns.expiresAt, new Date()));

  const [grant] = await ctx.db.select({ userId: verifiedSignIns.userId }).from(verifiedSignIns).where(live);
  if (!grant) {
    reply.clearCookie(VERIFIED_SIGN_IN_COOKIE, { path: VERIFIED_SIGN_IN_PATH });
    throw badRequest(AuthMessages.verifiedSignInExpired);
  }
  const current = await loadSessionUser(ctx.db, request);
  // Checked before the grant is spent, so the visitor can still choose to switch accounts.
  if (current && current.id !== grant.userId && !replaceSession) throw conflict(AuthMessages.signedInAsAnotherAccount);

  const [spent] = await ctx.db.delete(verifiedSignIns).where(live).returning({ userId: verifiedSignIns.userId });
  reply.clearCookie(VERIFIED_SIGN_IN_COOKIE, { path: VERIFIED_SIGN_IN_PATH });
  if (!spent) throw badRequest(AuthMessages.verifiedSignInExpired);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, spent.userId));
  if (!user) throw badRequest(AuthMessages.verifiedSignInExpired);
  // Turning two-factor on ends pending grants; should one outlive it, it still may not skip the code.
  if (hasTwoFactor(user)) throw badRequest(AuthMessages.verifiedSignInExpired);
  // Disabling ends pending grants too; this covers one spent in the same instant.
  if (user.disabledAt) throw forbidden(AuthMessages.accountDisabled);
  await startSession(ctx.db, request, reply, user.id, false);
  await noteSignIn(ctx, request, reply, user);
  return user;
}
