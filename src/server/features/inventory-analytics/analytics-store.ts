import { and, desc, eq, inArray, max } from 'drizzle-orm';
import { NotFoundMessages } from '../../../shared/ids.js';
import { REFRESH_INTERVAL_MINUTES, type AnalyticsRange, type RefreshAnalytics } from '../../../shared/analytics.schemas.js';
import type { Database } from '../../db/client.js';
import { analyticsSnapshots, jobs, users, vendingMachines } from '../../db/schema.js';
import { notFound } from '../../http-errors.js';
import { enqueue } from '../../jobs/enqueue.js';
import { computeAnalytics } from './compute-analytics.js';

export interface StoredView<T> {
  data: T;
  computedAt: Date;
}

export async function ownerSettings(db: Database, userId: number) {
  const [owner] = await db
    .select({
      timeZone: users.timeZone,
      currency: users.currency,
      autoReorderThreshold: users.autoReorderThreshold,
      restockWeekday: users.restockWeekday,
      assumedUnitsPerVote: users.assumedUnitsPerVote,
    })
    .from(users)
    .where(eq(users.id, userId));
  return { ...owner!, assumedUnitsPerVote: Number(owner!.assumedUnitsPerVote) };
}

export async function requireOwnMachine(db: Database, userId: number, machineId: number) {
  const [machine] = await db
    .select({ id: vendingMachines.id, name: vendingMachines.name, location: vendingMachines.location })
    .from(vendingMachines)
    .where(and(eq(vendingMachines.id, machineId), eq(vendingMachines.userId, userId)));
  if (!machine) throw notFound(NotFoundMessages.machine);
  return machine;
}

/** Computes in flight on this instance, so the page and its PDF asked for at once compute once. */
const inFlight = new WeakMap<Database, Map<number, Promise<unknown>>>();

function computeOnce(db: Database, userId: number, now: Date): Promise<unknown> {
  const running = inFlight.get(db) ?? new Map<number, Promise<unknown>>();
  inFlight.set(db, running);
  let compute = running.get(userId);
  if (!compute) {
    compute = computeAnalytics(db, userId, now).finally(() => running.delete(userId));
    running.set(userId, compute);
  }
  return compute;
}

/**
 * One stored view. An operator whose figures were never computed (new, or a scope added since the
 * last run, such as a new machine) gets them computed now, so the first visit is never empty; for
 * everyone else the nightly job and the refresh keep them.
 */
export async function readView<T>(db: Database, userId: number, view: 'inventory' | 'demographics', scope: string, range: AnalyticsRange, now: Date): Promise<StoredView<T>> {
  const read = async () => {
    const [row] = await db
      .select({ data: analyticsSnapshots.data, computedAt: analyticsSnapshots.computedAt })
      .from(analyticsSnapshots)
      .where(and(eq(analyticsSnapshots.userId, userId), eq(analyticsSnapshots.view, view), eq(analyticsSnapshots.scope, scope), eq(analyticsSnapshots.range, range)));
    return row ? { data: row.data as T, computedAt: row.computedAt } : null;
  };
  const stored = await read();
  if (stored) return stored;
  await computeOnce(db, userId, now);
  const computed = await read();
  // A scope that still has no row (a location renamed while computing) is not the caller's fault.
  if (!computed) throw notFound('Those figures are not available yet; try again in a moment');
  return computed;
}

const SLOT_MS = REFRESH_INTERVAL_MINUTES * 60_000;
/**
 * Refresh jobs are keyed by the operator and a slot of REFRESH_INTERVAL_MINUTES, so two presses at
 * once queue one job, and the last refresh is found by exact keys (the unique index), this slot's or
 * the one before.
 */
const refreshKey = (userId: number, slot: number) => `analytics.refresh:${userId}:${slot}`;
const recentRefreshKeys = (userId: number, now: Date) => {
  const slot = Math.floor(now.getTime() / SLOT_MS);
  return [refreshKey(userId, slot), refreshKey(userId, slot - 1)];
};

async function recentRefreshes(db: Database, userId: number, now: Date) {
  return db
    .select({ state: jobs.state, createdAt: jobs.createdAt })
    .from(jobs)
    .where(inArray(jobs.uniqueKey, recentRefreshKeys(userId, now)))
    .orderBy(desc(jobs.createdAt));
}

/** Whether a refresh of the operator's figures is waiting or running. */
export async function refreshQueued(db: Database, userId: number, now: Date): Promise<boolean> {
  return (await recentRefreshes(db, userId, now)).some((job) => job.state === 'pending' || job.state === 'running');
}

/**
 * Queues a recompute of the operator's figures unless one was asked for in the last
 * REFRESH_INTERVAL_MINUTES; answers whether one is waiting or running and when the next may be asked for.
 */
export async function requestRefresh(db: Database, userId: number, now: Date): Promise<RefreshAnalytics> {
  let [latest] = await recentRefreshes(db, userId, now);
  if (!latest || latest.createdAt.getTime() + SLOT_MS <= now.getTime()) {
    await enqueue(db, 'analytics.compute', { userId }, { uniqueKey: refreshKey(userId, Math.floor(now.getTime() / SLOT_MS)) });
    [latest] = await recentRefreshes(db, userId, now);
  }
  const computedAt = await lastComputedAt(db, userId);
  return {
    queued: await refreshQueued(db, userId, now),
    computedAt: computedAt?.toISOString() ?? null,
    nextRefreshAt: new Date(latest!.createdAt.getTime() + SLOT_MS).toISOString(),
  };
}

/** When the operator's figures were last computed, if ever. */
export async function lastComputedAt(db: Database, userId: number): Promise<Date | null> {
  const [row] = await db.select({ at: max(analyticsSnapshots.computedAt) }).from(analyticsSnapshots).where(eq(analyticsSnapshots.userId, userId));
  return row?.at ?? null;
}
