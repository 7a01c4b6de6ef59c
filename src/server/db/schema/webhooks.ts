/** Outgoing webhooks: where an operator's events are sent, and each delivery's outcome. */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_DELIVERY_TYPES, type WebhookEvent } from '../../../shared/webhooks.schemas.js';
import { users } from './accounts.js';

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().$type<WebhookEvent[]>().notNull(),
    /** The signing secret, sealed (AES-256-GCM, sealing.ts): it must be usable, so it cannot be a hash. */
    secretSealed: text('secret_sealed').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last attempt to deliver to it, whatever it carried: what the owner sees in the list. */
    lastDeliveryAt: timestamp('last_delivery_at', { withTimezone: true }),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
  },
  (table) => [index('webhook_endpoints_user_idx').on(table.userId)],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The endpoint's owner, copied so every query is scoped by owner; the row goes with its endpoint. */
    userId: integer('user_id').notNull(),
    eventType: text('event_type', { enum: WEBHOOK_DELIVERY_TYPES }).notNull(),
    /** The event's id: the same for every endpoint it goes to and every retry, so receivers can de-duplicate. */
    eventId: uuid('event_id').notNull(),
    /** Set for events announced once per endpoint (a vote milestone); a second one is not queued. */
    dedupeKey: text('dedupe_key'),
    /** The event's `data`; the body is built from it at each attempt and signed then. */
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('webhook_deliveries_dedupe_idx').on(table.endpointId, table.dedupeKey),
    index('webhook_deliveries_endpoint_idx').on(table.endpointId, table.id.desc()),
    // For the daily prune of old, finished deliveries (jobs.prune); announcements that must stay once are kept.
    index('webhook_deliveries_prune_idx')
      .on(table.createdAt)
      .where(sql`${table.status} <> 'pending' and ${table.dedupeKey} is null`),
  ],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
