import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IssueStatus, Suggestion, VendingIssue } from '../../../shared/feedback.schemas.js';
import { apiJson } from '../../lib/api.js';
import { invalidateKeys } from '../../lib/query-client.js';
import { productKeys } from '../products/api.js';
import { machinePerformanceKeys, statsKeys } from '../stats/api.js';
import { suggestionKeys } from '../suggestions/api.js';
import { issueKeys, issuesQuery as filteredIssuesQuery } from '../vending-issues/api.js';

// The dashboard shows other features' resources; it reads them through their own queries and keys.
export { machinesQuery } from '../machines/api.js';
export { productsQuery } from '../products/api.js';
export { machinePerformanceQuery, statsQuery, voteTrendQuery, type MachineFilter } from '../stats/api.js';
export { suggestionsQuery } from '../suggestions/api.js';

/** Every issue, the same cache entry as the issues page without a filter. */
export const issuesQuery = filteredIssuesQuery();

/** POST /api/votes/reset: every count of the operator goes to zero. */
export function useResetVotes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<{ message: string; archivedVotes: number }>('POST', '/api/votes/reset'),
    onSuccess: () => invalidateKeys(queryClient, statsKeys.all, productKeys.all, machinePerformanceKeys.all),
  });
}

/** PATCH /api/vending-issues/{id}/status, the dashboard's path for Investigate and Mark Resolved. */
export function useUpdateIssueStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: IssueStatus }) =>
      apiJson<VendingIssue>('PATCH', `/api/vending-issues/${id}/status`, { status }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: issueKeys.all }),
  });
}

/** PATCH /api/suggestions/{id}: approving turns the suggestion into a product. */
export function useUpdateSuggestionStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: 'approved' | 'declined' }) =>
      apiJson<Suggestion>('PATCH', `/api/suggestions/${id}`, { status }),
    onSuccess: () => invalidateKeys(queryClient, suggestionKeys.all, productKeys.all, statsKeys.all),
  });
}
