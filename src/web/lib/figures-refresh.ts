import type { RefreshAnalytics } from '../../shared/analytics.schemas.js';

/**
 * 'Refresh figures' on the analytics pages (inventory analytics, demographics): the server recomputes
 * in a job, and the page reads the figures again until their time moves on.
 */

/** A press of Refresh figures the server answered: the figures' time when it was pressed, and when the answer came. */
export interface PendingRefresh {
  from: string;
  answeredAt: number;
}

export type RefreshStatus = 'idle' | 'refreshing' | 'done' | 'failed';

/**
 * Where a refresh stands, from the figures last read: done once they carry a new time; failed when,
 * read after the answer, no recompute is waiting any more and the time is the old one (the job gave
 * up); refreshing meanwhile, and whenever the server says a recompute is waiting (the nightly run).
 */
export function refreshStatus(
  pending: PendingRefresh | null,
  figures: { computedAt: string; refreshQueued: boolean } | undefined,
  dataUpdatedAt: number,
): RefreshStatus {
  if (!figures) return pending ? 'refreshing' : 'idle';
  if (figures.refreshQueued) return 'refreshing';
  if (!pending) return 'idle';
  if (figures.computedAt !== pending.from) return 'done';
  return dataUpdatedAt > pending.answeredAt ? 'failed' : 'refreshing';
}

/**
 * What the server's answer to a press means for figures computed at `shown`: a recompute is on its
 * way; newer figures are there to read already; none may be queued before `until` (one ran or was
 * asked for within the last few minutes); or nothing to do.
 */
export type RefreshOutcome = { kind: 'queued' } | { kind: 'newer' } | { kind: 'wait'; until: string } | { kind: 'current' };

export function refreshOutcome(answer: RefreshAnalytics, shown: string, now: number): RefreshOutcome {
  if (answer.queued) return { kind: 'queued' };
  if (answer.computedAt !== null && Date.parse(answer.computedAt) > Date.parse(shown)) return { kind: 'newer' };
  if (answer.nextRefreshAt !== null && Date.parse(answer.nextRefreshAt) > now) return { kind: 'wait', until: answer.nextRefreshAt };
  return { kind: 'current' };
}
