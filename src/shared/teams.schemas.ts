import { z } from 'zod';
import { INVITABLE_ROLES, TEAM_ROLES, type TeamRole } from './team-roles.js';

/** Teams (decision 0054): the members of the team in use, its invitations, and the teams a person belongs to. */

export const TEAM_API = '/api/team';
export const TEAM_INVITATIONS_API = '/api/team/invitations';
export const teamMemberApi = (userId: number | string) => `/api/team/members/${userId}`;
export const TEAM_OWNERSHIP_API = '/api/team/ownership';
export const MY_TEAMS_API = '/api/teams';
export const SWITCH_TEAM_API = '/api/teams/switch';
export const invitationApi = (token: string) => `/api/invitations/${encodeURIComponent(token)}`;

/** How long an invitation's link stays good. */
export const INVITATION_DAYS = 7;

export const ROLE_NAMES: Record<TeamRole, string> = { owner: 'Owner', manager: 'Manager', driver: 'Driver', viewer: 'Viewer' };

export const TeamMessages = {
  notMember: 'You are not a member of this team.',
  noTeam: 'You are not a member of any team.',
  roleRefused: (role: TeamRole) => `Your role in this team (${ROLE_NAMES[role].toLowerCase()}) does not allow this.`,
  teamUnavailable: 'This team’s account is closed.',
} as const;

export const TeamRoleSchema = z.enum(TEAM_ROLES);
export const InvitableRoleSchema = z.enum(INVITABLE_ROLES, { error: 'Choose manager, driver or viewer' });

/** A team a person belongs to, for the switcher. */
export const MyTeamSchema = z.object({
  teamId: z.number().int(),
  /** The company name where the team gave one, else its owner account's name. */
  name: z.string(),
  role: TeamRoleSchema,
  current: z.boolean(),
});
export type MyTeam = z.infer<typeof MyTeamSchema>;
export const MyTeamsSchema = z.array(MyTeamSchema);

export const SwitchTeamInputSchema = z.strictObject({ teamId: z.number({ error: 'Choose a team' }).int().positive() });

export const TeamMemberSchema = z.object({
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: TeamRoleSchema,
  joinedAt: z.string(),
  /** The caller. */
  you: z.boolean(),
  /** The machines on their route (assigned to them): a driver sees and works on these alone. */
  machineIds: z.array(z.number().int()),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

export const TeamInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: InvitableRoleSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
  /** Who sent it, by name; null once their account is gone. */
  invitedBy: z.string().nullable(),
});
export type TeamInvitation = z.infer<typeof TeamInvitationSchema>;

/** `GET /api/team`: the team in use, its members and open invitations, and what the plan allows. */
export const TeamSchema = z.object({
  teamId: z.number().int(),
  name: z.string(),
  yourRole: TeamRoleSchema,
  members: z.array(TeamMemberSchema),
  /** Open invitations (not accepted, revoked or expired), newest first. */
  invitations: z.array(TeamInvitationSchema),
  /** Members besides the owner the plan includes; null: unlimited. */
  memberLimit: z.number().int().nullable(),
  /** Members besides the owner, with the open invitations: what counts against the limit. */
  seatsUsed: z.number().int(),
  /** Said at the limit, leading to the plans; null below it. */
  limitMessage: z.string().nullable(),
});
export type Team = z.infer<typeof TeamSchema>;

export const InviteInputSchema = z.strictObject({
  email: z
    .string({ error: 'Enter an email address' })
    .trim()
    .min(1, 'Enter an email address')
    .max(254, 'Enter a valid email address')
    .toLowerCase()
    .pipe(z.email({ error: 'Enter a valid email address' })),
  role: InvitableRoleSchema,
});
export type InviteInput = z.input<typeof InviteInputSchema>;

export const ChangeRoleInputSchema = z.strictObject({ role: InvitableRoleSchema });
export const HandOverInputSchema = z.strictObject({ userId: z.number({ error: 'Choose a manager' }).int().positive() });

/** `GET /api/invitations/:token`: what the invitation's page shows before it is accepted. */
export const InvitationPreviewSchema = z.object({
  teamName: z.string(),
  invitedBy: z.string().nullable(),
  email: z.string(),
  role: InvitableRoleSchema,
  expiresAt: z.string(),
  /** Whether an account with the invited email exists: then it signs in to accept, else it registers. */
  accountExists: z.boolean(),
});
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;

export const InvitationMessages = {
  invalid: 'This invitation link is not valid: it was revoked, already used, or mistyped.',
  expired: 'This invitation has expired. Ask the team for a new one.',
  wrongAccount: (email: string) => `This invitation is for ${email}. Sign in with that account to accept it.`,
  alreadyMember: 'That person is already a member of this team.',
  alreadyInvited: 'That address already has an open invitation to this team.',
  notFound: 'Invitation not found',
  memberNotFound: 'Member not found',
  ownerStays: 'The owner’s role changes only by handing ownership over.',
  handOverToManager: 'Ownership can only be handed to a manager of the team.',
  notYourself: 'You cannot do this to yourself.',
} as const;

const seatsPhrase = (limit: number | null) => (limit === null ? 'unlimited members' : `${limit} ${limit === 1 ? 'member' : 'members'} besides the owner`);

/** What the invite button says at the plan's limit, leading to the plans. */
export function memberLimitMessage(planName: string, limit: number | null): string {
  return `Your ${planName} plan includes ${seatsPhrase(limit)}. Upgrade on the Pricing page to invite more.`;
}
