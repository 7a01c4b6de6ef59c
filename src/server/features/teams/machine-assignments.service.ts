import { and, eq } from 'drizzle-orm';
import { InvitationMessages } from '../../../shared/teams.schemas.js';
import { RouteMessages } from '../../../shared/route.schemas.js';
import type { AppContext } from '../../context.js';
import { machineAssignments, teamMembers } from '../../db/schema.js';
import { badRequest, notFound } from '../../http-errors.js';
import { ownedMachineNames } from '../stock/restocks.service.js';
import type { RequestMember } from './team-of-request.js';

/**
 * The machines a member visits (decision 0054): a driver sees and works on these alone; anyone else
 * who restocks sees them as their route. Setting the list replaces it, in one transaction.
 */
export async function setMemberMachines(ctx: AppContext, caller: RequestMember, userId: number, machineIds: number[]): Promise<number[]> {
  return ctx.db.transaction(async (tx) => {
    const [member] = await tx.select({ role: teamMembers.role }).from(teamMembers).where(and(eq(teamMembers.teamId, caller.teamId), eq(teamMembers.userId, userId)));
    if (!member) throw notFound(InvitationMessages.memberNotFound);
    if (member.role === 'viewer' && machineIds.length > 0) throw badRequest(RouteMessages.viewerUnassignable, { machineIds: RouteMessages.viewerUnassignable });
    await ownedMachineNames(tx, caller.teamId, machineIds, (index) => `machineIds.${index}`);
    await tx.delete(machineAssignments).where(and(eq(machineAssignments.teamId, caller.teamId), eq(machineAssignments.userId, userId)));
    if (machineIds.length > 0) await tx.insert(machineAssignments).values(machineIds.map((machineId) => ({ machineId, teamId: caller.teamId, userId })));
    return [...machineIds].sort((a, b) => a - b);
  });
}

/** Each member's machines, for the member list. */
export async function assignmentsByMember(ctx: AppContext, teamId: number): Promise<Map<number, number[]>> {
  const rows = await ctx.db
    .select({ userId: machineAssignments.userId, machineId: machineAssignments.machineId })
    .from(machineAssignments)
    .where(eq(machineAssignments.teamId, teamId))
    .orderBy(machineAssignments.machineId);
  const byMember = new Map<number, number[]>();
  for (const row of rows) byMember.set(row.userId, [...(byMember.get(row.userId) ?? []), row.machineId]);
  return byMember;
}
