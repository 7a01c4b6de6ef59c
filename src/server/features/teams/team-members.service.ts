import { and, asc, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { PLANS } from '../../../shared/plans.js';
import type { InvitableRole } from '../../../shared/team-roles.js';
import { InvitationMessages, memberLimitMessage, type Team } from '../../../shared/teams.schemas.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/client.js';
import { apiTokens, machineAssignments, sessions, teamInvitations, teamMembers, users } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../http-errors.js';
import { assignmentsByMember } from './machine-assignments.service.js';
import type { RequestMember } from './team-of-request.js';

/**
 * The members of a team and what the owner does with them (decision 0054): change a role, remove a
 * member (their sessions in the team and their tokens for it end with it), hand ownership over.
 */

type Executor = Pick<Database, 'select'>;

/** The team's name as its members see it: the company, else its owner account's name. */
export function teamNameOf(account: { company: string | null; firstName: string; lastName: string }): string {
  return account.company?.trim() || `${account.firstName} ${account.lastName}`.trim();
}

/** Members besides the owner, and invitations still open: what the plan's member limit counts. */
export async function seatsUsed(db: Executor, teamId: number, now = new Date()): Promise<number> {
  const [row] = await db
    .select({
      members: sql<number>`(select count(*)::int from ${teamMembers} where ${teamMembers.teamId} = ${teamId} and ${teamMembers.role} <> 'owner')`,
      invitations: sql<number>`(select count(*)::int from ${teamInvitations} where ${teamInvitations.teamId} = ${teamId}
        and ${teamInvitations.acceptedAt} is null and ${teamInvitations.revokedAt} is null and ${teamInvitations.expiresAt} > ${now.toISOString()}::timestamptz)`,
    })
    .from(sql`(select 1) as one`);
  return (row?.members ?? 0) + (row?.invitations ?? 0);
}

export async function readTeam(ctx: AppContext, member: RequestMember, now = new Date()): Promise<Team> {
  const [account] = await ctx.db.select({ company: users.company, firstName: users.firstName, lastName: users.lastName, tier: users.subscriptionTier }).from(users).where(eq(users.id, member.teamId));
  if (!account) throw notFound(InvitationMessages.memberNotFound);
  const members = await ctx.db
    .select({ userId: teamMembers.userId, role: teamMembers.role, joinedAt: teamMembers.createdAt, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, member.teamId))
    .orderBy(sql`${teamMembers.role} = 'owner' desc`, asc(users.firstName), asc(users.lastName), asc(teamMembers.id));
  const inviter = sql<string | null>`(select trim(u.first_name || ' ' || u.last_name) from ${users} u where u.id = ${teamInvitations.invitedBy})`;
  const invitations = await ctx.db
    .select({ id: teamInvitations.id, email: teamInvitations.email, role: teamInvitations.role, createdAt: teamInvitations.createdAt, expiresAt: teamInvitations.expiresAt, invitedBy: inviter })
    .from(teamInvitations)
    .where(and(eq(teamInvitations.teamId, member.teamId), isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt), gt(teamInvitations.expiresAt, now)))
    .orderBy(desc(teamInvitations.createdAt), desc(teamInvitations.id));
  const assigned = await assignmentsByMember(ctx, member.teamId);
  const plan = PLANS[account.tier];
  const used = members.filter((row) => row.role !== 'owner').length + invitations.length;
  return {
    teamId: member.teamId,
    name: teamNameOf(account),
    yourRole: member.role,
    members: members.map((row) => ({
      userId: row.userId,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      role: row.role,
      joinedAt: row.joinedAt.toISOString(),
      you: row.userId === member.userId,
      machineIds: assigned.get(row.userId) ?? [],
    })),
    invitations: invitations.map((row) => ({ id: row.id, email: row.email, role: row.role, createdAt: row.createdAt.toISOString(), expiresAt: row.expiresAt.toISOString(), invitedBy: row.invitedBy })),
    memberLimit: plan.memberLimit,
    seatsUsed: used,
    limitMessage: plan.memberLimit !== null && used >= plan.memberLimit ? memberLimitMessage(plan.name, plan.memberLimit) : null,
  };
}

/** A member of the team other than the caller; another team's person answers 404. */
async function otherMember(db: Executor, caller: RequestMember, userId: number) {
  if (userId === caller.userId) throw badRequest(InvitationMessages.notYourself);
  const [row] = await db.select({ id: teamMembers.id, role: teamMembers.role }).from(teamMembers).where(and(eq(teamMembers.teamId, caller.teamId), eq(teamMembers.userId, userId)));
  if (!row) throw notFound(InvitationMessages.memberNotFound);
  return row;
}

export async function changeRole(ctx: AppContext, caller: RequestMember, userId: number, role: InvitableRole): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const target = await otherMember(tx, caller, userId);
    if (target.role === 'owner') throw conflict(InvitationMessages.ownerStays);
    await tx.update(teamMembers).set({ role }).where(eq(teamMembers.id, target.id));
    // A viewer visits no machines: a route assigned before would only hide the rest of the fleet from them.
    if (role === 'viewer') await tx.delete(machineAssignments).where(and(eq(machineAssignments.teamId, caller.teamId), eq(machineAssignments.userId, userId)));
  });
}

/** Ends what a person holds in a team: their sessions that work in it, the tokens they made for it, their route. */
async function endAccessTo(tx: Pick<Database, 'delete'>, teamId: number, userId: number): Promise<void> {
  await tx.delete(sessions).where(and(sql`(${sessions.sess}->>'userId')::int = ${userId}`, sql`(${sessions.sess}->>'teamId')::int = ${teamId}`));
  await tx.delete(apiTokens).where(and(eq(apiTokens.userId, teamId), eq(apiTokens.memberUserId, userId)));
  await tx.delete(machineAssignments).where(and(eq(machineAssignments.teamId, teamId), eq(machineAssignments.userId, userId)));
}

export async function removeMember(ctx: AppContext, caller: RequestMember, userId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const target = await otherMember(tx, caller, userId);
    if (target.role === 'owner') throw conflict(InvitationMessages.ownerStays);
    await tx.delete(teamMembers).where(eq(teamMembers.id, target.id));
    await endAccessTo(tx, caller.teamId, userId);
  });
}

/** The owner hands the team to one of its managers and becomes a manager: there is always exactly one owner. */
export async function handOver(ctx: AppContext, caller: RequestMember, userId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const target = await otherMember(tx, caller, userId);
    if (target.role !== 'manager') throw conflict(InvitationMessages.handOverToManager);
    // The old owner steps down first: the one-owner index holds at every statement.
    await tx.update(teamMembers).set({ role: 'manager' }).where(and(eq(teamMembers.teamId, caller.teamId), eq(teamMembers.userId, caller.userId), eq(teamMembers.role, 'owner')));
    await tx.update(teamMembers).set({ role: 'owner' }).where(and(eq(teamMembers.id, target.id), ne(teamMembers.role, 'owner')));
  });
}
