/** Teams (decision 0054): who works in an operator's account and with what role, and the invitations to join one. */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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

export type TeamMemberRow = typeof teamMembers.$inferSelect;
export type TeamInvitationRow = typeof teamInvitations.$inferSelect;
