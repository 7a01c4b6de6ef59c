import { and, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { webhookDeliveries, webhookEndpoints, type WebhookDeliveryRow, type WebhookEndpointRow } from '../../db/schema.js';
import { defineJob } from '../../jobs/job-definition.js';
import { unseal } from '../../sealing.js';
import { postWebhook, WEBHOOK_USER_AGENT, type WebhookAttemptResult } from './webhook-sender.js';
import { SIGNATURE_HEADER, signWebhookPayload } from './webhook-signature.js';
import { webhookSecretContext, type WebhookSettings } from './webhook-settings.js';

/**
 * With the worker's backoff (5 s doubling, at most an hour between tries), twelve attempts span
 * about two and a half hours: a receiver that is down for a deploy or a short outage still gets
 * the event; one down longer sees it failed in the list, where the operator can tell.
 */
export const WEBHOOK_MAX_ATTEMPTS = 12;

export const DeliveryErrors = {
  endpointDisabled: 'Not sent: the endpoint was turned off before this event could be delivered.',
  notConfigured: 'Webhooks are not set up on this server.',
  secretUnreadable: 'The signing secret could not be opened (the server’s ENCRYPTION_KEY changed?). Roll the secret to make a new one.',
} as const;

/** The body as sent: the same fields on every attempt; only the signature's time changes. */
export function webhookBody(delivery: Pick<WebhookDeliveryRow, 'eventId' | 'eventType' | 'createdAt' | 'payload'>): string {
  return JSON.stringify({ id: delivery.eventId, type: delivery.eventType, createdAt: delivery.createdAt.toISOString(), data: delivery.payload });
}

async function attempt(delivery: WebhookDeliveryRow, endpoint: WebhookEndpointRow, settings: WebhookSettings | undefined): Promise<WebhookAttemptResult> {
  if (!settings) return { ok: false, status: null, error: DeliveryErrors.notConfigured };
  let secret: string;
  try {
    secret = unseal(settings.secretKey, endpoint.secretSealed, webhookSecretContext(endpoint.userId));
  } catch {
    return { ok: false, status: null, error: DeliveryErrors.secretUnreadable };
  }
  const body = webhookBody(delivery);
  return postWebhook({
    url: endpoint.url,
    body,
    allowPrivateUrls: settings.allowPrivateUrls,
    headers: {
      'content-type': 'application/json',
      'user-agent': WEBHOOK_USER_AGENT,
      'vendvote-event': delivery.eventType,
      // The event's id: the same on every retry, so a receiver that saw it already can skip it.
      'vendvote-delivery': delivery.eventId,
      [SIGNATURE_HEADER.toLowerCase()]: signWebhookPayload(secret, body),
    },
  });
}

/** The attempt on the delivery and, for the list in Settings, on its endpoint; one transaction. */
async function record(db: Database, delivery: WebhookDeliveryRow, result: WebhookAttemptResult, final: boolean) {
  const now = new Date();
  const status = result.ok ? 'succeeded' : final ? 'failed' : 'pending';
  await db.transaction(async (tx) => {
    await tx
      .update(webhookDeliveries)
      .set({
        status,
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        responseStatus: result.status,
        error: result.error,
        lastAttemptAt: now,
        ...(result.ok ? { deliveredAt: now } : {}),
      })
      .where(eq(webhookDeliveries.id, delivery.id));
    await tx
      .update(webhookEndpoints)
      .set({ lastDeliveryAt: now, lastStatus: result.status, lastError: result.error })
      .where(eq(webhookEndpoints.id, delivery.endpointId));
  });
}

/**
 * Sends one delivery. A 2xx answer settles it; anything else is recorded and thrown, so the worker
 * retries with backoff; on the last attempt the delivery is marked failed before the job dies.
 */
export const deliverWebhookJob = defineJob({
  payload: z.object({ deliveryId: z.number().int().positive() }),
  maxAttempts: WEBHOOK_MAX_ATTEMPTS,
  async handle({ deliveryId }, { db, webhooks, metrics }, run) {
    const [found] = await db
      .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookDeliveries.id, deliveryId));
    // Gone with its endpoint, or settled by an earlier run whose job outlived its lease.
    if (!found || found.delivery.status !== 'pending') return;
    const { delivery, endpoint } = found;
    if (!endpoint.enabled) {
      await db
        .update(webhookDeliveries)
        .set({ status: 'failed', error: DeliveryErrors.endpointDisabled })
        .where(eq(webhookDeliveries.id, delivery.id));
      metrics?.webhookDelivery('dropped');
      return;
    }
    const result = await attempt(delivery, endpoint, webhooks);
    const final = run !== undefined && run.attempt >= run.maxAttempts;
    await record(db, delivery, result, final);
    metrics?.webhookDelivery(result.ok ? 'delivered' : final ? 'failed' : 'retrying');
    if (!result.ok) throw new Error(`webhook delivery ${delivery.id} to endpoint ${endpoint.id} failed: ${result.error}`);
  },
});

/**
 * Settled deliveries older than `olderThanMs` (jobs.prune, daily): the list shows the latest 20
 * anyway. Milestone announcements stay, since their row is what keeps each one to once.
 */
export async function pruneWebhookDeliveries(db: Database, olderThanMs: number): Promise<number> {
  const pruned = await db
    .delete(webhookDeliveries)
    .where(
      and(
        ne(webhookDeliveries.status, 'pending'),
        isNull(webhookDeliveries.dedupeKey),
        lt(webhookDeliveries.createdAt, sql`now() - ${olderThanMs} * interval '1 millisecond'`),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return pruned.length;
}
