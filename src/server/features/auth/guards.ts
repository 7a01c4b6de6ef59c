import type { FastifyRequest } from 'fastify';
import { AccountDataMessages } from '../../../shared/account-data.schemas.js';
import { AffiliateMessages } from '../../../shared/affiliates.schemas.js';
import { isOperatorRole, type CurrentUser } from '../../../shared/auth.schemas.js';
import type { AppContext } from '../../context.js';
import { forbidden, unauthorized } from '../../http-errors.js';
import { loadSessionUser } from '../../sessions.js';
import { apiTokenNotAccepted, bearerTokenOf, userOfApiToken } from '../api-tokens/api-token-auth.js';
import { toCurrentUser } from './auth.service.js';
import { TeamMessages } from '../../../shared/teams.schemas.js';
import { checkTeamAccess, membershipOf, teamAccount } from '../teams/team-of-request.js';

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

/**
 * The team an operator call works in (decision 0054): a signed-in member's team in use, or the team
 * of the API token the request carries (api-token-auth.ts), held to the caller's role there. The
 * answer is the team's account, whose id every operator service scopes by; `request.member` says
 * who is calling. Membership is read on every call, so a removed member is refused at once.
 */
export async function requireOperator(ctx: AppContext, request: FastifyRequest): Promise<CurrentUser> {
  const token = bearerTokenOf(request);
  let personId: number;
  let wantedTeam: number | null;
  let team: CurrentUser | null = null;
  if (token === null) {
    const person = await requireUser(ctx, request);
    if (!isOperatorRole(person.role)) throw forbidden('This page is for operators.');
    personId = person.id;
    wantedTeam = request.sessionTeamId ?? null;
    if ((wantedTeam ?? person.id) === person.id) team = person;
  } else {
    const account = toCurrentUser(await userOfApiToken(ctx, request, token), ctx.adminEmails);
    if (!isOperatorRole(account.role)) throw forbidden('This page is for operators.');
    personId = request.apiToken!.memberUserId;
    wantedTeam = account.id;
    team = account;
  }
  const membership = await membershipOf(ctx.db, personId, wantedTeam);
  if (!membership) throw forbidden(wantedTeam === null ? TeamMessages.noTeam : TeamMessages.notMember);
  if (team === null || team.id !== membership.teamId) team = toCurrentUser(await teamAccount(ctx.db, membership.teamId), ctx.adminEmails);
  request.member = { userId: personId, teamId: membership.teamId, role: membership.role };
  checkTeamAccess(request, membership.role);
  resolved.set(request, Promise.resolve(team));
  return refuseScheduledForDeletion(team);
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
