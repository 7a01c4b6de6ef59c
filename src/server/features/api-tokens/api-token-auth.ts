import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_TOKEN_PATTERN, API_TOKEN_RATE_LIMIT, ApiTokenMessages, type ApiTokenAccess } from '../../../shared/api-tokens.schemas.js';
import { AuthMessages } from '../../../shared/auth.schemas.js';
import type { AppContext } from '../../context.js';
import { affiliates, apiTokens, users } from '../../db/schema.js';
import { forbidden, HttpError } from '../../http-errors.js';
import { limitCounter } from '../../plugins/rate-limit.js';
import type { SessionUser } from '../../sessions.js';
import { hashToken } from '../../tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API token this request was authenticated by, on the operator scope; unset for a session. */
    apiToken?: { id: number; access: ApiTokenAccess; memberUserId: number };
  }
  interface FastifyContextConfig {
    /** An operator route that an API token may not call, only a signed-in session (managing the tokens themselves). */
    sessionOnly?: boolean;
  }
}

/** Calls a read-only token may make: reading never changes anything. */
const READING = new Set(['GET', 'HEAD']);
/** How often a token's last use is written at most: a busy script must not write on every call. */
const LAST_USED_EVERY_MS = 60_000;

/**
 * The credentials after `Bearer` in the Authorization header, or null when the request sends none.
 * Other schemes (Basic, added by a proxy in front of a staging site) are not ours and are ignored.
 */
export function bearerTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer(?:\s+(.*))?$/i.exec(header.trim());
  return match ? (match[1] ?? '').trim() : null;
}

/** A 401 that tells an API client, as RFC 6750 asks, that its token is at fault. */
function tokenRefused(message: string): HttpError {
  return new HttpError(401, message, undefined, { 'www-authenticate': 'Bearer error="invalid_token"' });
}

/** A request with a bearer token on a scope that takes none (account, admin, affiliate). */
export const apiTokenNotAccepted = () => new HttpError(401, ApiTokenMessages.notHere);

/**
 * The team a bearer token acts for (its account), for the operator scope; the member who made it is
 * in `request.apiToken`, and the guard holds the call to that member's role in the team. A request that carries a token is
 * judged by the token alone, whatever cookie rides with it. Refused: a malformed, unknown or revoked
 * token (401), a route that needs a session (401), a disabled account (403), and a read-only token
 * on anything but GET and HEAD (403).
 */
export async function userOfApiToken(ctx: AppContext, request: FastifyRequest, token: string): Promise<SessionUser> {
  if (!API_TOKEN_PATTERN.test(token)) throw tokenRefused(ApiTokenMessages.malformed);
  if (request.routeOptions.config.sessionOnly) throw new HttpError(401, ApiTokenMessages.sessionOnly);
  const [row] = await ctx.db
    .select({
      user: users,
      tokenId: apiTokens.id,
      access: apiTokens.access,
      memberUserId: apiTokens.memberUserId,
      lastUsedAt: apiTokens.lastUsedAt,
      isAffiliate: sql<boolean>`exists (select 1 from ${affiliates} where ${affiliates.userId} = ${users.id})`,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) throw tokenRefused(ApiTokenMessages.invalid);
  if (row.user.disabledAt) throw forbidden(AuthMessages.accountDisabled);
  if (row.access === 'read-only' && !READING.has(request.method)) throw forbidden(ApiTokenMessages.readOnly);
  const now = Date.now();
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() >= LAST_USED_EVERY_MS) {
    // Conditional, so that many instances seeing the same stale time still write once.
    await ctx.db
      .update(apiTokens)
      .set({ lastUsedAt: new Date(now) })
      .where(and(eq(apiTokens.id, row.tokenId), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, new Date(now - LAST_USED_EVERY_MS)))));
  }
  request.apiToken = { id: row.tokenId, access: row.access, memberUserId: row.memberUserId };
  return { ...row.user, isAffiliate: row.isAffiliate };
}

/**
 * Counts each token-authenticated call of a scope against its token (Redis when REDIS_URL is set,
 * so every instance counts together); past the limit, 429 with Retry-After. Runs after the guard.
 */
export function apiTokenRateLimit(instance: FastifyInstance) {
  const countCall = limitCounter(instance, {
    name: 'api-token',
    max: API_TOKEN_RATE_LIMIT,
    windowMs: 60_000,
    per: (request) => String(request.apiToken?.id),
    message: ApiTokenMessages.rateLimited,
  });
  return async (request: FastifyRequest) => {
    if (!request.apiToken) return;
    const verdict = await countCall(request);
    if (!verdict.allowed) throw new HttpError(429, verdict.message, undefined, { 'retry-after': String(verdict.retryAfterSeconds) });
  };
}
