import { createHmac } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AuditAction, AuditTargetType } from '../../../shared/audit.schemas.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/client.js';
import { sql } from 'drizzle-orm';
import { auditEvents } from '../../db/schema.js';

/** Who acted and from where: the signed-in user (null for the system) and the hashed client address. */
export interface AuditActor {
  actorUserId: number | null;
  ipHash: string | null;
}

export interface AuditEventInput extends AuditActor {
  action: AuditAction;
  targetType: AuditTargetType;
  targetId?: string | number | null;
  /** The account the event concerns; its owner sees the entry under Settings → Security. */
  accountUserId?: number | null;
  /** A few plain facts; never a secret, a token or a password. */
  details?: Record<string, string | number | boolean | null>;
}

/**
 * Records one audit entry. Pass the transaction of the action itself where there is one, so the
 * action and its entry are kept or rolled back together; the table takes inserts only.
 */
export async function recordAuditEvent(db: Database, event: AuditEventInput): Promise<void> {
  await db.insert(auditEvents).values({
    actorUserId: event.actorUserId,
    action: event.action,
    targetType: event.targetType,
    targetId: event.targetId == null ? null : String(event.targetId),
    accountUserId: event.accountUserId ?? null,
    ipHash: event.ipHash,
    details: event.details ?? null,
  });
}

/**
 * The client address as the trail keeps it: keyed with the app's ip-hash key (as votes and the
 * sign-in throttle key theirs), under its own label so these hashes match nothing stored elsewhere.
 */
export function hashAuditAddress(ctx: Pick<AppContext, 'ipHashKey'>, ip: string): string {
  return createHmac('sha256', ctx.ipHashKey).update(`audit:${ip}`).digest('base64url');
}

/** The actor of a request: its signed-in user (or `userId` when the request signs one in) and address. */
export function auditActorOf(ctx: Pick<AppContext, 'ipHashKey'>, request: FastifyRequest, userId?: number): AuditActor {
  // On the operator scope the user is the team; the one who acted is its member.
  return { actorUserId: userId ?? request.member?.userId ?? request.user?.id ?? null, ipHash: hashAuditAddress(ctx, request.ip) };
}

/**
 * Records an entry for an action a route has just completed, as the request's user and address.
 * For actions whose service runs no transaction of its own; where one does, it records inside it.
 */
export async function recordRequestAudit(ctx: Pick<AppContext, 'db' | 'ipHashKey'>, request: FastifyRequest, event: Omit<AuditEventInput, keyof AuditActor>): Promise<void> {
  await recordAuditEvent(ctx.db, { ...auditActorOf(ctx, request), ...event });
}

/**
 * Unlinks an erased account's person from the trail: the entries keep what was done, to what kind of
 * thing and when, but lose the account's id wherever it acted, was acted on or is concerned, the
 * address hash of its own actions, and its id in a payout's details. The table's trigger allows an
 * update that only empties such links (migration 0032), and nothing else.
 */
export async function unlinkAuditEventsFrom(db: Database, userId: number): Promise<void> {
  const id = sql`${userId}::int`;
  await db.execute(sql`
    update ${auditEvents} set
      ip_hash = case when actor_user_id = ${id} then null else ip_hash end,
      actor_user_id = nullif(actor_user_id, ${id}),
      account_user_id = nullif(account_user_id, ${id}),
      target_id = case when target_type in ('user', 'affiliate') and target_id = ${id}::text then null else target_id end,
      details = case when details ->> 'affiliateUserId' = ${id}::text then details - 'affiliateUserId' else details end
    where actor_user_id = ${id} or account_user_id = ${id}
      or (target_type in ('user', 'affiliate') and target_id = ${id}::text)
      or details ->> 'affiliateUserId' = ${id}::text`);
}
