import type { FastifyRequest } from 'fastify';
import { AccountDataMessages } from '../../../shared/account-data.schemas.js';
import { AffiliateMessages } from '../../../shared/affiliates.schemas.js';
import { isOperatorRole, type CurrentUser } from '../../../shared/auth.schemas.js';
import type { AppContext } from '../../context.js';
import { forbidden, unauthorized } from '../../http-errors.js';
import { loadSessionUser } from '../../sessions.js';
import { apiTokenNotAccepted, bearerTokenOf, userOfApiToken } from '../api-tokens/api-token-auth.js';
import { toCurrentUser } from './auth.service.js';

const resolved = new WeakMap<FastifyRequest, Promise<CurrentUser | null>>();

/** The signed-in user of a request, read from the session once per request. */
export function currentUser(ctx: AppContext, request: FastifyRequest): Promise<CurrentUser | null> {
  let pending = resolved.get(request);
  if (!pending) {
    pending = loadSessionUser(ctx.db, request).then((user) => (user ? toCurrentUser(user, ctx.adminEmails) : null));
    resolved.set(request, pending);
  }
  return pending;
}

/**
 * An account waiting to be erased keeps only the account scope (its settings, the undo): everything
 * it owns is closed until the owner undoes the deletion.
 */
function refuseScheduledForDeletion(user: CurrentUser): CurrentUser {
  if (user.deletionScheduledFor) throw forbidden(AccountDataMessages.scheduledForDeletion);
  return user;
}

/** Account, admin and affiliate routes take a session only: an API token opens the operator API alone. */
export async function requireUser(ctx: AppContext, request: FastifyRequest): Promise<CurrentUser> {
  if (bearerTokenOf(request) !== null) throw apiTokenNotAccepted();
  const user = await currentUser(ctx, request);
  if (!user) throw unauthorized();
  return user;
}

/** A signed-in operator, or the owner of the personal API token the request carries (api-token-auth.ts). */
export async function requireOperator(ctx: AppContext, request: FastifyRequest): Promise<CurrentUser> {
  const token = bearerTokenOf(request);
  let user: CurrentUser;
  if (token === null) {
    user = await requireUser(ctx, request);
  } else {
    user = toCurrentUser(await userOfApiToken(ctx, request, token), ctx.adminEmails);
    resolved.set(request, Promise.resolve(user));
  }
  if (!isOperatorRole(user.role)) throw forbidden('This page is for operators.');
  return refuseScheduledForDeletion(user);
}

export async function requireAdmin(ctx: AppContext, request: FastifyRequest): Promise<CurrentUser> {
  const user = await requireUser(ctx, request);
  if (user.role !== 'admin') throw forbidden('This page is for administrators.');
  return refuseScheduledForDeletion(user);
}

/** Members of the affiliate program: affiliates, and operators who also refer. */
export async function requireAffiliate(ctx: AppContext, request: FastifyRequest): Promise<CurrentUser> {
  const user = await requireUser(ctx, request);
  if (!user.isAffiliate) throw forbidden(AffiliateMessages.notAffiliate);
  return refuseScheduledForDeletion(user);
}
