import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { roleMayCall, type TeamAccess, type TeamRole } from '../../../shared/team-roles.js';
import { TeamMessages } from '../../../shared/teams.schemas.js';
import type { Database } from '../../db/client.js';
import { affiliates, teamMembers, users } from '../../db/schema.js';
import { forbidden, unauthorized } from '../../http-errors.js';
import type { SessionUser } from '../../sessions.js';

/**
 * Which team a call works in, and with what role (decision 0054). The team is the operator account
 * that holds the data: services keep taking its id as the owner of what they read and write, and
 * `request.member` says who is calling and as what.
 */

export interface RequestMember {
  /** The person calling (the session's, or the member who made the API token). */
  userId: number;
  /** The team's account. */
  teamId: number;
  role: TeamRole;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** On the operator scope: the caller and their role in the team in use. */
    member?: RequestMember;
  }
  interface FastifyContextConfig {
    /** What the route asks of the caller's role; without it, a read for GET and HEAD and a change otherwise. */
    teamAccess?: TeamAccess;
  }
}

/**
 * The person's role in the team asked for, or with none asked, in their own team, else in the first
 * they joined; null when they are not (or no longer) in it.
 */
export async function membershipOf(db: Database, personId: number, wantedTeamId: number | null): Promise<{ teamId: number; role: TeamRole } | null> {
  const rows = await db
    .select({ teamId: teamMembers.teamId, role: teamMembers.role })
    .from(teamMembers)
    .where(eq(teamMembers.userId, personId))
    .orderBy(sql`${teamMembers.teamId} = ${personId} desc`, asc(teamMembers.createdAt), asc(teamMembers.id));
  if (wantedTeamId !== null) return rows.find((row) => row.teamId === wantedTeamId) ?? null;
  return rows[0] ?? null;
}

/** The team's account, as a signed-in user is read; refused when an admin closed it. */
export async function teamAccount(db: Database, teamId: number): Promise<SessionUser> {
  const [row] = await db
    .select({ user: users, isAffiliate: sql<boolean>`exists (select 1 from ${affiliates} where ${affiliates.userId} = ${users.id})` })
    .from(users)
    .where(eq(users.id, teamId))
    .limit(1);
  if (!row || row.user.disabledAt) throw forbidden(TeamMessages.teamUnavailable);
  return { ...row.user, isAffiliate: row.isAffiliate };
}

const READS = new Set(['GET', 'HEAD']);

/** Refuses, before anything is read, a call the member's role may not make on this route. */
export function checkTeamAccess(request: FastifyRequest, role: TeamRole): void {
  const isRead = READS.has(request.method);
  const access = request.routeOptions.config.teamAccess ?? (isRead ? 'read' : 'manage');
  if (!roleMayCall(role, access, isRead)) throw forbidden(TeamMessages.roleRefused(role));
}

/** The caller of an operator route and their role in its team. */
export function memberOf(request: FastifyRequest): RequestMember {
  if (!request.member) throw unauthorized();
  return request.member;
}
