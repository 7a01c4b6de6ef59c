/** Teams (decision 0054): who works in an operator's account and with what role, and the invitations to join one. */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { INVITABLE_ROLES, TEAM_ROLES } from '../../../shared/team-roles.js';
import { users } from './accounts.js';
import { vendingMachines } from './catalog.js';

/**
 * One person's place in one team. The team is the operator account that holds the data (its
 * `users` row); that account's own person is its first owner. Exactly one owner per team.
 */
export const teamMembers = pgTable(
  'team_members',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: TEAM_ROLES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('team_members_unique').on(table.teamId, table.userId),
    uniqueIndex('team_members_one_owner').on(table.teamId).where(sql`${table.role} = 'owner'`),
    index('team_members_user_idx').on(table.userId),
  ],
);

/** An invitation to join a team, by email, with a role; good for 7 days, once, unless revoked. */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lower-cased, as accounts' emails are compared. */
    email: text('email').notNull(),
    role: text('role', { enum: INVITABLE_ROLES }).notNull(),
    /** The SHA-256 of the link's token: the link itself is only in the mail. */
    tokenHash: text('token_hash').notNull(),
    /** Who sent it; null once that person's account is gone. */
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('team_invitations_token_unique').on(table.tokenHash),
    index('team_invitations_team_idx').on(table.teamId, table.createdAt),
  ],
);

/** The machines a driver visits: a driver sees and works on these alone. */
export const machineAssignments = pgTable(
  'machine_assignments',
  {
    machineId: integer('machine_id')
      .notNull()
      .references(() => vendingMachines.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('machine_assignments_unique').on(table.machineId, table.userId), index('machine_assignments_user_idx').on(table.userId, table.teamId)],
);

/** The order a member visits their machines in, as they last arranged it on the route screen. */
export const routeOrders = pgTable(
  'route_orders',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Machines first to last; one removed or unassigned since is skipped on reading. */
    machineIds: integer('machine_ids').array().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.teamId, table.userId] })],
);

/** A machine visit a member marked done on the route. */
export const routeVisits = pgTable(
  'route_visits',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    machineId: integer('machine_id')
      .notNull()
      .references(() => vendingMachines.id, { onDelete: 'cascade' }),
    /** Who made the visit; null once their account is gone. */
    memberUserId: integer('member_user_id').references(() => users.id, { onDelete: 'set null' }),
    doneAt: timestamp('done_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('route_visits_machine_idx').on(table.teamId, table.machineId, table.doneAt)],
);

/**
 * What each change sent from the route answered, by the key the phone gave it: a change queued
 * offline and sent again (a retry after a lost answer) is applied once and answered the same.
 */
export const routeActions = pgTable(
  'route_actions',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: uuid('key').notNull(),
    memberUserId: integer('member_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The call it answered ('POST /api/route/…'): the same key on another call is refused. */
    action: text('action').notNull(),
    response: jsonb('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.teamId, table.key] }), index('route_actions_created_idx').on(table.createdAt)],
);

export type TeamMemberRow = typeof teamMembers.$inferSelect;
export type TeamInvitationRow = typeof teamInvitations.$inferSelect;
