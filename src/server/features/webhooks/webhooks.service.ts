import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_DELIVERIES_SHOWN,
  WebhookMessages,
  type CreatedWebhook,
  type CreateWebhookSchema,
  type UpdateWebhookSchema,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookSecret,
} from '../../../shared/webhooks.schemas.js';
import type { AppContext } from '../../context.js';
import { users, webhookDeliveries, webhookEndpoints, type WebhookDeliveryRow, type WebhookEndpointRow } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../http-errors.js';
import { seal } from '../../sealing.js';
import { checkWebhookUrl, WebhookUrlRefused } from './url-safety.js';
import { queueDeliveries } from './webhook-events.js';
import { webhookSecretContext, webhookSettingsOf } from './webhook-settings.js';
import { newWebhookSecret } from './webhook-signature.js';

const iso = (date: Date | null) => date?.toISOString() ?? null;

function toEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastDeliveryAt: iso(row.lastDeliveryAt),
    lastStatus: row.lastStatus,
    lastError: row.lastError,
  };
}

function toDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventType: row.eventType,
    eventId: row.eventId,
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: iso(row.lastAttemptAt),
    deliveredAt: iso(row.deliveredAt),
  };
}

/** The URL as it will be stored, or 400 saying why it is refused (not https, private, unknown host). */
async function acceptedUrl(ctx: AppContext, url: string): Promise<string> {
  try {
    return await checkWebhookUrl(url, webhookSettingsOf(ctx).allowPrivateUrls);
  } catch (error) {
    if (error instanceof WebhookUrlRefused) throw badRequest(error.message, { url: error.message });
    throw error;
  }
}

const sealedSecret = (ctx: AppContext, ownerId: number, secret: string) => seal(webhookSettingsOf(ctx).secretKey, secret, webhookSecretContext(ownerId));

const ownEndpoint = (ownerId: number, id: number) => and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, ownerId));

/** Oldest first, so the list does not reorder as endpoints are used; never the secrets. */
export async function listEndpoints(ctx: AppContext, ownerId: number): Promise<WebhookEndpoint[]> {
  const rows = await ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, ownerId)).orderBy(asc(webhookEndpoints.id));
  return rows.map(toEndpoint);
}

/** Saves the endpoint and answers its secret this once (and at a roll); it is kept only sealed. */
export async function createEndpoint(ctx: AppContext, ownerId: number, input: z.output<typeof CreateWebhookSchema>): Promise<CreatedWebhook> {
  const url = await acceptedUrl(ctx, input.url);
  const secret = newWebhookSecret();
  const row = await ctx.db.transaction(async (tx) => {
    // The owner's row is locked so that two creations at once cannot both pass the count.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('update');
    const [held] = await tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, ownerId));
    if ((held?.n ?? 0) >= MAX_WEBHOOK_ENDPOINTS) throw conflict(WebhookMessages.tooMany);
    const [inserted] = await tx
      .insert(webhookEndpoints)
      .values({ userId: ownerId, url, description: input.description, events: input.events, secretSealed: sealedSecret(ctx, ownerId, secret) })
      .returning();
    return inserted!;
  });
  return { endpoint: toEndpoint(row), signingSecret: secret };
}

export async function updateEndpoint(ctx: AppContext, ownerId: number, id: number, input: z.output<typeof UpdateWebhookSchema>): Promise<WebhookEndpoint> {
  const url = input.url === undefined ? undefined : await acceptedUrl(ctx, input.url);
  const [row] = await ctx.db
    .update(webhookEndpoints)
    .set({ url, description: input.description, events: input.events, enabled: input.enabled, updatedAt: new Date() })
    .where(ownEndpoint(ownerId, id))
    .returning();
  if (!row) throw notFound(WebhookMessages.notFound);
  return toEndpoint(row);
}

/** Its deliveries go with it; a job still queued for one finds nothing and ends. */
export async function deleteEndpoint(ctx: AppContext, ownerId: number, id: number): Promise<void> {
  const deleted = await ctx.db.delete(webhookEndpoints).where(ownEndpoint(ownerId, id)).returning({ id: webhookEndpoints.id });
  if (deleted.length === 0) throw notFound(WebhookMessages.notFound);
}

/** A new secret at once: deliveries from now on (retries included) are signed with it. */
export async function rollSecret(ctx: AppContext, ownerId: number, id: number): Promise<WebhookSecret> {
  const secret = newWebhookSecret();
  const [row] = await ctx.db
    .update(webhookEndpoints)
    .set({ secretSealed: sealedSecret(ctx, ownerId, secret), updatedAt: new Date() })
    .where(ownEndpoint(ownerId, id))
    .returning({ id: webhookEndpoints.id });
  if (!row) throw notFound(WebhookMessages.notFound);
  return { signingSecret: secret };
}

/** Queues a `ping` to this endpoint whatever events it asked for; a turned-off endpoint is refused (409). */
export async function sendTestEvent(ctx: AppContext, ownerId: number, id: number): Promise<number> {
  webhookSettingsOf(ctx);
  return ctx.db.transaction(async (tx) => {
    const [endpoint] = await tx.select({ id: webhookEndpoints.id, enabled: webhookEndpoints.enabled }).from(webhookEndpoints).where(ownEndpoint(ownerId, id));
    if (!endpoint) throw notFound(WebhookMessages.notFound);
    if (!endpoint.enabled) throw conflict(WebhookMessages.disabledTest);
    const [deliveryId] = await queueDeliveries(tx, ownerId, [id], 'ping', { endpointId: id, message: 'A test event sent from VendVote settings.' });
    return deliveryId!;
  });
}

/** The endpoint's latest deliveries, newest first. */
export async function listDeliveries(ctx: AppContext, ownerId: number, id: number): Promise<WebhookDelivery[]> {
  const [endpoint] = await ctx.db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(ownEndpoint(ownerId, id));
  if (!endpoint) throw notFound(WebhookMessages.notFound);
  const rows = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.userId, ownerId)))
    .orderBy(desc(webhookDeliveries.id))
    .limit(WEBHOOK_DELIVERIES_SHOWN);
  return rows.map(toDelivery);
}
