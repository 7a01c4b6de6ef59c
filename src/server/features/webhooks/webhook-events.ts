import { randomUUID } from 'node:crypto';
import { and, arrayContains, eq } from 'drizzle-orm';
import type { IssueStatus, Suggestion, VendingIssue } from '../../../shared/feedback.schemas.js';
import { VOTE_MILESTONES, type WebhookDeliveryType, type WebhookEvent } from '../../../shared/webhooks.schemas.js';
import type { Database } from '../../db/client.js';
import { products, vendingMachines, webhookDeliveries, webhookEndpoints } from '../../db/schema.js';
import { enqueue } from '../../jobs/enqueue.js';

/**
 * Turning what happened into deliveries: one row per subscribed endpoint of the owner and one
 * `webhooks.deliver` job each, written through the caller's transaction where the cause has one,
 * so a rolled-back change sends nothing and a committed one cannot lose its event.
 */

const MILESTONES: ReadonlySet<number> = new Set(VOTE_MILESTONES);

/** The owner's enabled endpoints that asked for this event. */
function subscribedEndpoints(db: Database, ownerId: number, type: WebhookEvent) {
  return db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.userId, ownerId), eq(webhookEndpoints.enabled, true), arrayContains(webhookEndpoints.events, [type])));
}

interface DeliveryOptions {
  /** Announce once per endpoint: a second delivery with the same key is not made. */
  dedupeKey?: string;
}

/** Rows and jobs for these endpoints; answers the ids of the deliveries made. */
export async function queueDeliveries(
  db: Database,
  ownerId: number,
  endpointIds: number[],
  type: WebhookDeliveryType,
  data: Record<string, unknown>,
  options: DeliveryOptions = {},
): Promise<number[]> {
  if (endpointIds.length === 0) return [];
  // One id and one time for the event, whichever endpoints it goes to.
  const eventId = randomUUID();
  const createdAt = new Date();
  const made = await db
    .insert(webhookDeliveries)
    .values(endpointIds.map((endpointId) => ({ endpointId, userId: ownerId, eventType: type, eventId, dedupeKey: options.dedupeKey, payload: data, createdAt })))
    .onConflictDoNothing({ target: [webhookDeliveries.endpointId, webhookDeliveries.dedupeKey] })
    .returning({ id: webhookDeliveries.id });
  for (const { id } of made) await enqueue(db, 'webhooks.deliver', { deliveryId: id });
  return made.map(({ id }) => id);
}

/** Queues `type` to every endpoint of the owner that subscribed; costs one indexed read when there are none. */
export async function queueWebhookEvent(db: Database, ownerId: number, type: WebhookEvent, data: Record<string, unknown>, options?: DeliveryOptions) {
  const endpoints = await subscribedEndpoints(db, ownerId, type);
  return queueDeliveries(db, ownerId, endpoints.map(({ id }) => id), type, data, options);
}

export function suggestionCreatedData(suggestion: Suggestion, machineName: string | null) {
  const { id, machineId, name, brand, category, suggestedBy, createdAt } = suggestion;
  return { id, machineId, machineName, name, brand, category, suggestedBy, createdAt };
}

/** The report as the operator sees it on the issues page, the customer's contact details included (their own data). */
export function issueCreatedData(issue: VendingIssue) {
  const { id, machineId, machineName, productName, issueDescription, status, customerName, customerEmail, createdAt } = issue;
  return { id, machineId, machineName, productName, description: issueDescription, status, customerName, customerEmail, createdAt };
}

export function issueStatusChangedData(issue: VendingIssue, from: IssueStatus) {
  const { id, machineId, machineName, productName, status: to, updatedAt: changedAt } = issue;
  return { id, machineId, machineName, productName, from, to, changedAt };
}

/** Whether a vote's new count is worth a look at all: ordinary votes cost no query. */
export const isVoteMilestone = (votes: number) => MILESTONES.has(votes);

/**
 * A product's score at a machine reached a milestone with an up vote. Announced once per endpoint
 * and milestone (the dedupe key), so a down vote and an up vote around it do not announce it again.
 */
export async function announceVoteMilestone(db: Database, vote: { ownerId: number; machineId: number; productId: number; votes: number }) {
  const { ownerId, machineId, productId, votes } = vote;
  const endpoints = await subscribedEndpoints(db, ownerId, 'vote.milestone');
  if (endpoints.length === 0) return [];
  const [names] = await db
    .select({ machineName: vendingMachines.name, productName: products.name })
    .from(vendingMachines)
    .innerJoin(products, eq(products.userId, vendingMachines.userId))
    .where(and(eq(vendingMachines.id, machineId), eq(products.id, productId), eq(vendingMachines.userId, ownerId)));
  const data = { machineId, machineName: names?.machineName ?? null, productId, productName: names?.productName ?? null, milestone: votes, reachedAt: new Date().toISOString() };
  return queueDeliveries(db, ownerId, endpoints.map(({ id }) => id), 'vote.milestone', data, { dedupeKey: `milestone:${machineId}:${productId}:${votes}` });
}
