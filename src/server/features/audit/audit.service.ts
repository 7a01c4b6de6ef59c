import { and, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { AUDIT_PAGE_SIZE, AUDIT_RETENTION_DAYS, type AuditEvent, type AuditListQuery, type AuditPage, type SecurityEventPage } from '../../../shared/audit.schemas.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/client.js';
import { auditEvents, users } from '../../db/schema.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** occurred_at to the microsecond: a JavaScript Date keeps milliseconds, and a cursor must not skip rows. */
const exactTime = sql<string>`to_char(${auditEvents.occurredAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Rows strictly older than the cursor, in the order the indexes walk them (occurred_at, id). */
function beforeCursor(cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const [time, id] = cursor.split('~') as [string, string];
  return sql`(${auditEvents.occurredAt}, ${auditEvents.id}) < (${time}::timestamptz, ${Number(id)})`;
}

async function pageOf(db: Database, where: SQL | undefined) {
  const rows = await db
    .select({ row: auditEvents, exactTime, actorEmail: users.email })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorUserId))
    .where(where)
    .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.id))
    .limit(AUDIT_PAGE_SIZE + 1);
  const more = rows.length > AUDIT_PAGE_SIZE;
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  const last = page.at(-1);
  return { page, nextCursor: more && last ? `${last.exactTime}~${last.row.id}` : null };
}

/** The admin panel's list: newest first, filtered by actor (email), action, target and time range. */
export async function listAuditEvents(ctx: AppContext, query: AuditListQuery): Promise<AuditPage> {
  const filters: (SQL | undefined)[] = [beforeCursor(query.cursor)];
  if (query.actor) {
    // The address names one account at most; its id keeps the query on the actor index.
    const [actor] = await ctx.db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = lower(${query.actor})`);
    if (!actor) return { events: [], nextCursor: null };
    filters.push(eq(auditEvents.actorUserId, actor.id));
  }
  if (query.action) filters.push(eq(auditEvents.action, query.action));
  if (query.targetType) filters.push(eq(auditEvents.targetType, query.targetType));
  if (query.targetId) filters.push(eq(auditEvents.targetId, query.targetId));
  if (query.from) filters.push(gte(auditEvents.occurredAt, new Date(query.from)));
  if (query.to) filters.push(lte(auditEvents.occurredAt, new Date(query.to)));
  const { page, nextCursor } = await pageOf(ctx.db, and(...filters));
  const events: AuditEvent[] = page.map(({ row, actorEmail }) => ({
    id: row.id,
    occurredAt: row.occurredAt.toISOString(),
    action: row.action as AuditEvent['action'],
    actor: row.actorUserId === null ? null : { id: row.actorUserId, email: actorEmail },
    targetType: row.targetType as AuditEvent['targetType'],
    targetId: row.targetId,
    accountUserId: row.accountUserId,
    addressTag: row.ipHash ? row.ipHash.slice(0, 10) : null,
    details: row.details,
  }));
  return { events, nextCursor };
}

/** One account's own events for Settings → Security; nothing of any other account. */
export async function listSecurityEvents(ctx: AppContext, userId: number, cursor: string | undefined): Promise<SecurityEventPage> {
  const { page, nextCursor } = await pageOf(ctx.db, and(eq(auditEvents.accountUserId, userId), beforeCursor(cursor)));
  return {
    events: page.map(({ row }) => ({
      id: row.id,
      occurredAt: row.occurredAt.toISOString(),
      action: row.action as AuditEvent['action'],
      byAdministrator: row.actorUserId !== null && row.actorUserId !== userId,
      details: row.details,
    })),
    nextCursor,
  };
}

/**
 * Removes entries past the retention period as of `now`. The database allows a delete only of rows
 * older than that by its own clock, so the cutoff is the earlier of the two: a caller whose clock
 * runs ahead removes less, never fails.
 */
export async function pruneAuditEvents(db: Database, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - AUDIT_RETENTION_DAYS * DAY_MS);
  const removed = await db
    .delete(auditEvents)
    .where(sql`${auditEvents.occurredAt} < least(${cutoff.toISOString()}::timestamptz, now() - make_interval(days => ${AUDIT_RETENTION_DAYS}))`)
    .returning({ id: auditEvents.id });
  return removed.length;
}
