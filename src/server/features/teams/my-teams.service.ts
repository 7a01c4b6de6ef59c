import { asc, eq, sql } from 'drizzle-orm';
import { TeamMessages, type MyTeam } from '../../../shared/teams.schemas.js';
import type { AppContext } from '../../context.js';
import { sessions, teamMembers, users } from '../../db/schema.js';
import { forbidden } from '../../http-errors.js';
import { membershipOf } from './team-of-request.js';
import { teamNameOf } from './team-members.service.js';

/** The teams a person belongs to, for the shell's switcher, and the switch itself (kept in the session). */

export async function myTeams(ctx: AppContext, personId: number, sessionTeamId: number | null): Promise<MyTeam[]> {
  const current = await membershipOf(ctx.db, personId, sessionTeamId);
  const rows = await ctx.db
    .select({ teamId: teamMembers.teamId, role: teamMembers.role, company: users.company, firstName: users.firstName, lastName: users.lastName })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, personId))
    .orderBy(sql`${teamMembers.teamId} = ${personId} desc`, asc(teamMembers.createdAt), asc(teamMembers.id));
  return rows.map((row) => ({ teamId: row.teamId, name: teamNameOf(row), role: row.role, current: row.teamId === current?.teamId }));
}

/** Makes `teamId` the session's team in use; a team the person is not in answers 403. */
export async function switchTeam(ctx: AppContext, personId: number, sessionId: string, teamId: number): Promise<void> {
  const membership = await membershipOf(ctx.db, personId, teamId);
  if (!membership) throw forbidden(TeamMessages.notMember);
  await ctx.db
    .update(sessions)
    .set({ sess: sql`jsonb_set(${sessions.sess}, '{teamId}', to_jsonb(${teamId}::int))` })
    .where(eq(sessions.sid, sessionId));
}
