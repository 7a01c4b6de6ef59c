/** The audit trail: who did what to what, when, from which (hashed) address. Rows are never changed. */
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Who acted; null for the system (a job). No foreign key, on purpose: an entry outlives the
     * account it names (an erased account's entries stay, a cascade would take them with it).
     */
    actorUserId: integer('actor_user_id'),
    /** One of AUDIT_ACTIONS (src/shared/audit.schemas.ts). */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    /** The account the event concerns, whose owner sees it under Settings → Security; null for platform records. */
    accountUserId: integer('account_user_id'),
    /** HMAC of the client address with the app's ip-hash key: the same address matches, nobody reads it back. */
    ipHash: text('ip_hash'),
    /** A few facts that say more (the new plan, a token's name); never secrets. */
    details: jsonb('details').$type<Record<string, string | number | boolean | null>>(),
  },
  (table) => [
    // Each filter of the admin list walks its own index newest first (keyset on occurred_at, id).
    index('audit_events_time_idx').on(table.occurredAt, table.id),
    index('audit_events_actor_idx').on(table.actorUserId, table.occurredAt, table.id),
    index('audit_events_account_idx').on(table.accountUserId, table.occurredAt, table.id),
    index('audit_events_action_idx').on(table.action, table.occurredAt, table.id),
    index('audit_events_target_idx').on(table.targetType, table.targetId, table.occurredAt),
  ],
);

export type AuditEventRow = typeof auditEvents.$inferSelect;
