import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { AnalyticsRange, Demographics, RefreshAnalytics } from '../../../shared/analytics.schemas.js';
import { apiJson } from '../../lib/api.js';
import { scopeParams, scopeValue, type DemographicsScope } from './demographics-search.js';

export const DEMOGRAPHICS_URL = '/api/analytics/demographics';
const REFRESH_URL = '/api/analytics/refresh';
/** While a refresh is waiting or running, the figures are read again this often. */
export const REFRESH_POLL_MS = 2000;

const withQuery = (url: string, params: URLSearchParams) => {
  const query = params.toString();
  return query ? `${url}?${query}` : url;
};

/** GET /api/analytics/demographics for a scope and range. */
export const demographicsUrl = (scope: DemographicsScope, range: AnalyticsRange) => withQuery(DEMOGRAPHICS_URL, scopeParams(scope, range));

/** 'View Detailed Report': the Market Insights PDF of the same scope and range. */
export const demographicsReportUrl = (scope: DemographicsScope, range: AnalyticsRange) =>
  withQuery(`${DEMOGRAPHICS_URL}/report.pdf`, scopeParams(scope, range));

// Keys start with the URL; the scope and range are an object part with their own loader.
export const demographicsKeys = {
  all: [DEMOGRAPHICS_URL] as const,
  view: (scope: DemographicsScope, range: AnalyticsRange) => [...demographicsKeys.all, { scope: scopeValue(scope), range }] as const,
};

export const demographicsQuery = (scope: DemographicsScope, range: AnalyticsRange) =>
  queryOptions({ queryKey: demographicsKeys.view(scope, range), queryFn: () => apiJson<Demographics>('GET', demographicsUrl(scope, range)) });

/** A refresh the operator asked for: the figures' time when they asked, and when the answer came. */
export interface PendingRefresh {
  from: string;
  answeredAt: number;
}

export type RefreshStatus = 'idle' | 'refreshing' | 'done' | 'failed';

/**
 * Where a refresh stands, from the figures last read: done once they carry a new time; failed when,
 * read after the request, no refresh is waiting any more and the time is the old one (the job gave
 * up); refreshing meanwhile, and also whenever the server says one is waiting (the nightly run).
 */
export function refreshStatus(pending: PendingRefresh | null, data: Demographics | undefined, dataUpdatedAt: number): RefreshStatus {
  if (!data) return pending ? 'refreshing' : 'idle';
  if (data.refreshQueued) return 'refreshing';
  if (!pending) return 'idle';
  if (data.computedAt !== pending.from) return 'done';
  return dataUpdatedAt > pending.answeredAt ? 'failed' : 'refreshing';
}

/**
 * The figures of one scope and range. Another choice keeps the current figures on screen (dimmed)
 * until its own arrive; while a refresh is under way they are read again every few seconds.
 */
export function useDemographics(scope: DemographicsScope, range: AnalyticsRange, pending: PendingRefresh | null) {
  return useQuery({
    ...demographicsQuery(scope, range),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (refreshStatus(pending, query.state.data, query.state.dataUpdatedAt) === 'refreshing' ? REFRESH_POLL_MS : false),
  });
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

/** POST /api/analytics/refresh: asks for the figures to be computed again now rather than tonight (at most once in a few minutes). */
export function useRefreshFigures() {
  return useMutation({ mutationFn: () => apiJson<RefreshAnalytics>('POST', REFRESH_URL) });
}
