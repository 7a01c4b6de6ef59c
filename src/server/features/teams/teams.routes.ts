import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DeletedSchema } from '../../../shared/api-error.js';
import { idParamsSchema, idSchema } from '../../../shared/ids.js';
import {
  ChangeRoleInputSchema,
  HandOverInputSchema,
  InvitationPreviewSchema,
  InviteInputSchema,
  MY_TEAMS_API,
  MyTeamsSchema,
  SWITCH_TEAM_API,
  SwitchTeamInputSchema,
  TEAM_API,
  TEAM_INVITATIONS_API,
  TEAM_OWNERSHIP_API,
  TeamInvitationSchema,
  TeamSchema,
} from '../../../shared/teams.schemas.js';
import { memberMachinesApi, MemberMachinesInputSchema, MemberMachinesSchema } from '../../../shared/route.schemas.js';
import { signedInUser } from '../../route-scopes.js';
import { setMemberMachines } from './machine-assignments.service.js';
import { unauthorized } from '../../http-errors.js';
import { recordRequestAudit } from '../audit/record-audit.js';
import { myTeams, switchTeam } from './my-teams.service.js';
import { acceptInvitation, invite, previewInvitation, revokeInvitation } from './team-invitations.service.js';
import { changeRole, handOver, readTeam, removeMember } from './team-members.service.js';
import { memberOf } from './team-of-request.js';

const OkSchema = z.object({ ok: z.literal(true) });
const memberParams = z.object({ userId: idSchema('member') });
const tokenParams = z.object({ token: z.string().min(1).max(200) });
const ownerOnly = { teamAccess: 'owner' as const };
/** Every member sees who else is in the team. */
const anyMember = { teamAccess: 'member' as const };

/** The team in use: its members and invitations (operator scope; decision 0054). */
export async function teamRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.get(TEAM_API, { config: anyMember, schema: { response: { 200: TeamSchema } } }, async (request) => readTeam(ctx, memberOf(request)));

  app.post(TEAM_INVITATIONS_API, { schema: { body: InviteInputSchema, response: { 201: TeamInvitationSchema } } }, async (request, reply) => {
    const member = memberOf(request);
    const invitation = await invite(ctx, member, request.body.email, request.body.role);
    await recordRequestAudit(ctx, request, { action: 'team.member_invited', targetType: 'team_invitation', targetId: invitation.id, accountUserId: member.teamId, details: { role: invitation.role } });
    return reply.status(201).send(invitation);
  });

  app.delete(`${TEAM_INVITATIONS_API}/:id`, { schema: { params: idParamsSchema('invitation'), response: { 200: DeletedSchema } } }, async (request) => {
    const member = memberOf(request);
    await revokeInvitation(ctx, member, request.params.id);
    await recordRequestAudit(ctx, request, { action: 'team.invitation_revoked', targetType: 'team_invitation', targetId: request.params.id, accountUserId: member.teamId });
    return { id: request.params.id, deleted: true as const };
  });

  app.patch(`${TEAM_API}/members/:userId`, { config: ownerOnly, schema: { params: memberParams, body: ChangeRoleInputSchema, response: { 200: OkSchema } } }, async (request) => {
    const member = memberOf(request);
    await changeRole(ctx, member, request.params.userId, request.body.role);
    await recordRequestAudit(ctx, request, { action: 'team.role_changed', targetType: 'user', targetId: request.params.userId, accountUserId: member.teamId, details: { role: request.body.role } });
    return { ok: true as const };
  });

  app.delete(`${TEAM_API}/members/:userId`, { config: ownerOnly, schema: { params: memberParams, response: { 200: OkSchema } } }, async (request) => {
    const member = memberOf(request);
    await removeMember(ctx, member, request.params.userId);
    await recordRequestAudit(ctx, request, { action: 'team.member_removed', targetType: 'user', targetId: request.params.userId, accountUserId: member.teamId });
    return { ok: true as const };
  });

  // Owners and managers say which machines each member visits.
  app.put(memberMachinesApi(':userId'), { schema: { params: memberParams, body: MemberMachinesInputSchema, response: { 200: MemberMachinesSchema } } }, async (request) => {
    const member = memberOf(request);
    const machineIds = await setMemberMachines(ctx, member, request.params.userId, request.body.machineIds);
    await recordRequestAudit(ctx, request, { action: 'team.machines_assigned', targetType: 'user', targetId: request.params.userId, accountUserId: member.teamId, details: { machines: machineIds.length } });
    return { userId: request.params.userId, machineIds };
  });

  app.post(TEAM_OWNERSHIP_API, { config: ownerOnly, schema: { body: HandOverInputSchema, response: { 200: OkSchema } } }, async (request) => {
    const member = memberOf(request);
    await handOver(ctx, member, request.body.userId);
    await recordRequestAudit(ctx, request, { action: 'team.ownership_handed_over', targetType: 'user', targetId: request.body.userId, accountUserId: member.teamId });
    return { ok: true as const };
  });
}

/** The teams of the signed-in person and the switch between them (account scope). */
export async function myTeamRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.get(MY_TEAMS_API, { schema: { response: { 200: MyTeamsSchema } } }, async (request) => myTeams(ctx, signedInUser(request).id, request.sessionTeamId ?? null));

  app.post(SWITCH_TEAM_API, { schema: { body: SwitchTeamInputSchema, response: { 200: OkSchema } } }, async (request) => {
    if (!request.sessionId) throw unauthorized();
    await switchTeam(ctx, signedInUser(request).id, request.sessionId, request.body.teamId);
    return { ok: true as const };
  });

  app.post('/api/invitations/:token/accept', { schema: { params: tokenParams, response: { 200: OkSchema } } }, async (request) => {
    const person = signedInUser(request);
    const { teamId } = await acceptInvitation(ctx, person, request.params.token);
    await recordRequestAudit(ctx, request, { action: 'team.invitation_accepted', targetType: 'user', targetId: person.id, accountUserId: teamId });
    // The session goes on in the team just joined.
    if (request.sessionId) await switchTeam(ctx, person.id, request.sessionId, teamId);
    return { ok: true as const };
  });
}

/** What an invitation's page shows before it is accepted (public: the link is the proof). */
export async function invitationRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;
  app.get('/api/invitations/:token', { schema: { params: tokenParams, response: { 200: InvitationPreviewSchema } } }, async (request) => previewInvitation(ctx, request.params.token));
}
