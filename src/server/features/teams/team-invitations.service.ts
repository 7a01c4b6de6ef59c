import { and, eq, gt, isNull } from 'drizzle-orm';
import { PLANS } from '../../../shared/plans.js';
import { INVITATION_DAYS, InvitationMessages, memberLimitMessage, type InvitationPreview, type TeamInvitation } from '../../../shared/teams.schemas.js';
import type { InvitableRole } from '../../../shared/team-roles.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/client.js';
import { teamInvitations, teamMembers, users } from '../../db/schema.js';
import { conflict, forbidden, HttpError, notFound } from '../../http-errors.js';
import { enqueue } from '../../jobs/enqueue.js';
import { hashToken, newToken } from '../../tokens.js';
import type { RequestMember } from './team-of-request.js';
import { seatsUsed, teamNameOf } from './team-members.service.js';

/**
 * Invitations to a team (decision 0054): sent by mail through the jobs queue with a link good for
 * 7 days and once; revocable; accepted by the account of the invited address, which then joins.
 */

const DAY_MS = 24 * 60 * 60_000;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export async function invite(ctx: AppContext, caller: RequestMember, email: string, role: InvitableRole, now = new Date()): Promise<TeamInvitation> {
  return ctx.db.transaction(async (tx) => {
    // The team's row is locked from the count to the insert: two invitations at once take turns at the limit.
    const [team] = await tx.select({ tier: users.subscriptionTier, company: users.company, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, caller.teamId)).for('update');
    if (!team) throw notFound(InvitationMessages.notFound);
    const [existing] = await tx
      .select({ id: teamMembers.id })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(and(eq(teamMembers.teamId, caller.teamId), eq(users.email, email)));
    if (existing) throw conflict(InvitationMessages.alreadyMember);
    const [open] = await tx.select({ id: teamInvitations.id }).from(teamInvitations).where(and(eq(teamInvitations.teamId, caller.teamId), eq(teamInvitations.email, email), ...openAt(now)));
    if (open) throw conflict(InvitationMessages.alreadyInvited);
    const plan = PLANS[team.tier];
    if (plan.memberLimit !== null && (await seatsUsed(tx, caller.teamId, now)) >= plan.memberLimit) throw forbidden(memberLimitMessage(plan.name, plan.memberLimit));
    const { token, hash } = newToken();
    const [row] = await tx
      .insert(teamInvitations)
      .values({ teamId: caller.teamId, email, role, tokenHash: hash, invitedBy: caller.userId, createdAt: now, expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS) })
      .returning();
    const [inviter] = await tx.select({ firstName: users.firstName, lastName: users.lastName, language: users.language }).from(users).where(eq(users.id, caller.userId));
    const [invitee] = await tx.select({ language: users.language }).from(users).where(eq(users.email, email));
    const inviterName = `${inviter?.firstName ?? ''} ${inviter?.lastName ?? ''}`.trim();
    const link = `${ctx.publicUrl}/invitations/${encodeURIComponent(token)}`;
    await enqueue(tx, 'mail.team-invitation', { to: email, props: { locale: invitee?.language ?? inviter?.language ?? 'en', inviter: inviterName, team: teamNameOf(team), role, link } });
    return { id: row!.id, email, role, createdAt: row!.createdAt.toISOString(), expiresAt: row!.expiresAt.toISOString(), invitedBy: inviterName };
  });
}

const openAt = (now: Date) => [isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt), gt(teamInvitations.expiresAt, now)];

export async function revokeInvitation(ctx: AppContext, caller: RequestMember, invitationId: number, now = new Date()): Promise<void> {
  const revoked = await ctx.db
    .update(teamInvitations)
    .set({ revokedAt: now })
    .where(and(eq(teamInvitations.id, invitationId), eq(teamInvitations.teamId, caller.teamId), isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt)))
    .returning({ id: teamInvitations.id });
  if (revoked.length === 0) throw notFound(InvitationMessages.notFound);
}

/** The invitation a link's token names, if it can still be accepted: a used, revoked or unknown one is 404, an expired one 410. */
async function openInvitation(db: Pick<Database, 'select'>, token: string, now: Date) {
  const [row] = await db.select().from(teamInvitations).where(eq(teamInvitations.tokenHash, hashToken(token)));
  if (!row || row.acceptedAt || row.revokedAt) throw notFound(InvitationMessages.invalid);
  if (row.expiresAt.getTime() <= now.getTime()) throw new HttpError(410, InvitationMessages.expired);
  return row;
}

export async function previewInvitation(ctx: AppContext, token: string, now = new Date()): Promise<InvitationPreview> {
  const invitation = await openInvitation(ctx.db, token, now);
  const [team] = await ctx.db.select({ company: users.company, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, invitation.teamId));
  const [inviter] = invitation.invitedBy === null ? [] : await ctx.db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, invitation.invitedBy));
  const [account] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, invitation.email));
  return {
    teamName: team ? teamNameOf(team) : '',
    invitedBy: inviter ? `${inviter.firstName} ${inviter.lastName}`.trim() : null,
    email: invitation.email,
    role: invitation.role,
    expiresAt: invitation.expiresAt.toISOString(),
    accountExists: account !== undefined,
  };
}

/**
 * The signed-in account of the invited address joins the team with the invitation's role; the
 * invitation is spent. Answers the team joined, which the caller's session then works in.
 */
export async function acceptInvitation(ctx: AppContext, person: { id: number; email: string }, token: string, now = new Date()): Promise<{ teamId: number }> {
  return ctx.db.transaction(async (tx) => {
    const invitation = await openInvitation(tx, token, now);
    if (invitation.email !== person.email.toLowerCase()) throw forbidden(InvitationMessages.wrongAccount(invitation.email));
    await join(tx, invitation, person.id, now);
    return { teamId: invitation.teamId };
  });
}

async function join(tx: Tx, invitation: { id: number; teamId: number; role: InvitableRole }, userId: number, now: Date): Promise<void> {
  const spent = await tx
    .update(teamInvitations)
    .set({ acceptedAt: now })
    .where(and(eq(teamInvitations.id, invitation.id), isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt)))
    .returning({ id: teamInvitations.id });
  // Accepted twice at once: the second finds it spent.
  if (spent.length === 0) throw notFound(InvitationMessages.invalid);
  const joined = await tx.insert(teamMembers).values({ teamId: invitation.teamId, userId, role: invitation.role, createdAt: now }).onConflictDoNothing().returning({ id: teamMembers.id });
  if (joined.length === 0) throw conflict(InvitationMessages.alreadyMember);
}
