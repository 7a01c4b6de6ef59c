/**
 * The roles of a team's members (decision 0054). An operator's account is a team: its data belongs
 * to it, and each person who works in it has one role there.
 * - owner: everything, billing, plan, payouts, members and deletion included; always exactly one;
 * - manager: everything but billing, plan, payouts, ownership and deletion;
 * - driver: the machines assigned to them, through the route screens: pick lists, visits, issues;
 * - viewer: reads dashboards, analytics and exports; changes nothing.
 */
export const TEAM_ROLES = ['owner', 'manager', 'driver', 'viewer'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** The roles an invitation or a role change may give: ownership only ever moves by a handover. */
export const INVITABLE_ROLES = ['manager', 'driver', 'viewer'] as const satisfies readonly TeamRole[];
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

/**
 * What a route asks of the caller's role, set on the route (`config.teamAccess`) or, without one,
 * by its method: a read for GET and HEAD, a change otherwise.
 * - read: owner, manager, viewer;
 * - manage: owner, manager;
 * - owner: the owner alone;
 * - route: the route screens, for everyone who restocks (owner, manager, driver), and read by viewers;
 * - member: any member, for what is the caller's own (their API tokens, their profile).
 */
export const TEAM_ACCESS = ['read', 'manage', 'owner', 'route', 'member'] as const;
export type TeamAccess = (typeof TEAM_ACCESS)[number];

export function roleMayCall(role: TeamRole, access: TeamAccess, isRead: boolean): boolean {
  switch (access) {
    case 'read':
      return role !== 'driver';
    case 'manage':
      return role === 'owner' || role === 'manager';
    case 'owner':
      return role === 'owner';
    case 'route':
      return role !== 'viewer' || isRead;
    case 'member':
      return true;
  }
}
