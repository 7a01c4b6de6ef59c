import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IssueCounts, IssueStatus, VendingIssue } from '../../../shared/feedback.schemas.js';
import { apiJson } from '../../lib/api.js';

export const ISSUES_URL = '/api/vending-issues';

export interface IssueFilter {
  /** Absent for every status. */
  status?: IssueStatus;
  search?: string;
}

/** The list URL with only the filters in use (the server matches product, customer, description and machine). */
export function issuesUrl({ status, search }: IssueFilter): string {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (search?.trim()) params.set('search', search.trim());
  const query = params.toString();
  return query ? `${ISSUES_URL}?${query}` : ISSUES_URL;
}

// Keys start with the URL (spec 7: the default load joins the key parts with '/').
export const issueKeys = {
  /** Every issue answer (lists and counts): invalidate this after an issue is reported or changes status. */
  all: [ISSUES_URL] as const,
  /** One filtered list; the unfiltered one is shared by the issues page and the dashboard. */
  list: (filter: IssueFilter = {}) => [...issueKeys.all, { status: filter.status, search: filter.search?.trim() || undefined }] as const,
  counts: () => [...issueKeys.all, 'counts'] as const,
};

/** The spec's plain GET /api/vending-issues, narrowed on the server when a filter is set. */
export const issuesQuery = (filter: IssueFilter = {}) =>
  queryOptions({ queryKey: issueKeys.list(filter), queryFn: () => apiJson<VendingIssue[]>('GET', issuesUrl(filter)) });

/** GET /api/vending-issues/counts through the default loader; the machines page reads it too. */
export const issueCountsQuery = queryOptions<IssueCounts>({ queryKey: issueKeys.counts() });

export function useIssues(filter: IssueFilter) {
  // While a new filter loads, the previous list stays on screen instead of the skeleton.
  return useQuery({ ...issuesQuery(filter), placeholderData: keepPreviousData });
}

export function useIssueCounts() {
  return useQuery(issueCountsQuery);
}

/**
 * PATCH /api/vending-issues/{id} (the issues screen's call). Lists, counts and the dashboard re-read
 * afterwards, after a refusal too: a 409 means the issue changed elsewhere. Resolving may carry a
 * public reply, which the server mails to the customer who reported the issue.
 */
export function useChangeIssueStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, publicReply }: { id: number; status: IssueStatus; publicReply?: string }) =>
      apiJson<VendingIssue>('PATCH', `${ISSUES_URL}/${id}`, publicReply ? { status, publicReply } : { status }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: issueKeys.all }),
  });
}
