import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { AnalyticsRange, Demographics, RefreshAnalytics } from '../../../shared/analytics.schemas.js';
import { apiJson } from '../../lib/api.js';
import { refreshStatus, type PendingRefresh } from '../../lib/figures-refresh.js';
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

/** POST /api/analytics/refresh: asks for the figures to be computed again now rather than tonight (at most once in a few minutes). */
export function useRefreshFigures() {
  return useMutation({ mutationFn: () => apiJson<RefreshAnalytics>('POST', REFRESH_URL) });
}
