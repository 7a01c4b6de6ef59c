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

/**
 * The spec's plain GET /api/vending-issues, narrowed on the server when a filter is set. The whole
 * URL is the one key part, so the default load (key parts joined by '/') fetches it as is.
 */
export const issuesQuery = (filter: IssueFilter) => queryOptions<VendingIssue[]>({ queryKey: [issuesUrl(filter)] });

export const issueCountsQuery = queryOptions<IssueCounts>({ queryKey: [`${ISSUES_URL}/counts`] });

export function useIssues(filter: IssueFilter) {
  // While a new filter loads, the previous list stays on screen instead of the skeleton.
  return useQuery({ ...issuesQuery(filter), placeholderData: keepPreviousData });
}

export function useIssueCounts() {
  return useQuery(issueCountsQuery);
}

/**
 * PATCH /api/vending-issues/{id} (the issues screen's call). Lists, counts and the dashboard re-read
 * afterwards, after a refusal too: a 409 means the issue changed elsewhere.
 */
export function useChangeIssueStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: IssueStatus }) =>
      apiJson<VendingIssue>('PATCH', `${ISSUES_URL}/${id}`, { status }),
    onSettled: () =>
      queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith(ISSUES_URL) }),
  });
}
