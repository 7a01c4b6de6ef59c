import { and, eq, lt, sql } from 'drizzle-orm';
import { FeedbackMessages, type VendingIssue } from '../../../shared/feedback.schemas.js';
import { ROUTE_ACTION_KEEP_DAYS, RouteMessages, type RouteDone } from '../../../shared/route.schemas.js';
import type { SlotFill } from '../../../shared/slot-stock.schemas.js';
import type { RestockBatch } from '../../../shared/stock.schemas.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/client.js';
import { routeActions, routeVisits, users, vendingIssues } from '../../db/schema.js';
import { conflict, HttpError, notFound } from '../../http-errors.js';
import { recordSlotVisit } from '../stock/slot-visit.service.js';
import { memberNameOf } from '../teams/member-name.js';
import type { RequestMember } from '../teams/team-of-request.js';
import { changeIssueStatus, noteIssue, selectIssues } from '../vending-issues/vending-issues.service.js';
import { routeMachine } from './route-machines.js';

/**
 * The changes a member makes at a machine on the route (issue 31). Each comes with a key the phone
 * made when the change was recorded: the key is stored with the answer in the change's own
 * transaction, so the same key sent again, after an answer lost offline or from a queue sent twice,
 * is answered as the first time and changes nothing. Two sends at once wait on the key's row.
 */

async function once<T>(ctx: AppContext, member: RequestMember, key: string, action: string, run: (ctx: AppContext) => Promise<T>): Promise<T> {
  // Open tabs hear of the change once it is committed, not while its transaction may still roll back.
  const heldBack: Parameters<AppContext['live']['publish']>[0][] = [];
  const live: AppContext['live'] = Object.create(ctx.live, { publish: { value: (message: (typeof heldBack)[number]) => heldBack.push(message) } });
  const answer = await ctx.db.transaction(async (tx) => {
    const claimed = await tx
      .insert(routeActions)
      .values({ teamId: member.teamId, key, memberUserId: member.userId, action, response: {} })
      .onConflictDoNothing()
      .returning({ key: routeActions.key });
    if (claimed.length === 0) {
      const [earlier] = await tx.select().from(routeActions).where(and(eq(routeActions.teamId, member.teamId), eq(routeActions.key, key)));
      if (!earlier || earlier.action !== action) throw new HttpError(422, RouteMessages.keyReused, { key: RouteMessages.keyReused });
      return earlier.response as T;
    }
    // The change runs inside this transaction (its own becomes a savepoint): kept with its key, or neither.
    const fresh = await run({ ...ctx, db: tx as unknown as Database, live });
    await tx.update(routeActions).set({ response: fresh as object }).where(and(eq(routeActions.teamId, member.teamId), eq(routeActions.key, key)));
    return fresh;
  });
  for (const message of heldBack) ctx.live.publish(message);
  return answer;
}

/** Forgets keys older than any queue a phone keeps (the daily cleanup). */
export async function forgetOldRouteActions(db: Database, now = new Date()): Promise<number> {
  const removed = await db
    .delete(routeActions)
    .where(lt(routeActions.createdAt, new Date(now.getTime() - ROUTE_ACTION_KEEP_DAYS * 86_400_000)))
    .returning({ key: routeActions.key });
  return removed.length;
}

export function recordRouteFills(
  ctx: AppContext,
  member: RequestMember,
  machineId: number,
  input: { key: string; at?: Date; slots: SlotFill[] },
): Promise<RestockBatch> {
  return once(ctx, member, input.key, `fills:${machineId}`, async (inner) => {
    await routeMachine(inner.db, member, machineId);
    const batch = await recordSlotVisit(inner, member.teamId, { machineId, restockedAt: input.at, slots: input.slots }, member.userId);
    return batch;
  });
}

export function noteRouteIssue(
  ctx: AppContext,
  member: RequestMember,
  machineId: number,
  input: { key: string; at?: Date; productName: string; description: string },
): Promise<VendingIssue> {
  return once(ctx, member, input.key, `issue:${machineId}`, async (inner) => {
    const machine = await routeMachine(inner.db, member, machineId);
    const [person] = await inner.db.select({ email: users.email }).from(users).where(eq(users.id, member.userId));
    const name = (await memberNameOf(inner.db, member.userId)) ?? person?.email ?? '';
    const issue = await noteIssue(inner, member.teamId, machine, { userId: member.userId, name, email: person?.email ?? '' }, input);
    return issue;
  });
}

/**
 * Resolves an open issue at a machine on the route. One the office resolved meanwhile is a 409 that
 * names who did: the phone shows it to the driver rather than dropping the change.
 */
export function resolveRouteIssue(ctx: AppContext, member: RequestMember, issueId: number, input: { key: string }): Promise<VendingIssue> {
  return once(ctx, member, input.key, `resolve:${issueId}`, async (inner) => {
    const [issue] = await selectIssues(inner.db, member.teamId, eq(vendingIssues.id, issueId));
    if (!issue || issue.machineId === null) throw notFound(FeedbackMessages.issueNotFound);
    await routeMachine(inner.db, member, issue.machineId).catch(() => {
      throw notFound(FeedbackMessages.issueNotFound);
    });
    if (issue.status === 'resolved') throw conflict(RouteMessages.alreadyResolved(issue.changedByName));
    const resolved = await changeIssueStatus(inner, member.teamId, issueId, 'resolved', null, member.userId);
    return resolved;
  });
}

export function markVisitDone(ctx: AppContext, member: RequestMember, machineId: number, input: { key: string; at?: Date }): Promise<RouteDone> {
  return once(ctx, member, input.key, `done:${machineId}`, async (inner) => {
    await routeMachine(inner.db, member, machineId);
    const [visit] = await inner.db
      .insert(routeVisits)
      .values({ teamId: member.teamId, machineId, memberUserId: member.userId, doneAt: input.at ?? sql`now()` })
      .returning({ doneAt: routeVisits.doneAt });
    return { machineId, doneAt: visit!.doneAt.toISOString(), by: await memberNameOf(inner.db, member.userId) };
  });
}
