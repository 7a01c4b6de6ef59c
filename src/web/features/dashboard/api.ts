import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { IssueStatus, Suggestion, VendingIssue } from '../../../shared/feedback.schemas.js';
import type { Machine } from '../../../shared/machines.schemas.js';
import type { MachinePerformance, Product, Stats } from '../../../shared/products.schemas.js';
import { apiJson } from '../../lib/api.js';

/** The machine filter's value: every machine of the operator, or one machine's id. */
export type MachineFilter = 'all' | number;

// Keys are the URL parts (spec 7), so pages that show the same data share one cache entry.
export const dashboardKeys = {
  stats: ['/api/stats'] as const,
  products: ['/api/products'] as const,
  machines: ['/api/machines'] as const,
  machinePerformance: ['/api/dashboard/machines'] as const,
  issues: ['/api/vending-issues'] as const,
  issueCounts: ['/api/vending-issues/counts'] as const,
  suggestions: ['/api/suggestions'] as const,
};

/**
 * GET /api/stats, optionally for one machine. The machine sits in the key as a second part, so
 * invalidating ['/api/stats'] refreshes every scope; the URL is built here because the default
 * loader would turn that part into a path segment.
 */
export const statsQuery = (machine: MachineFilter) =>
  queryOptions({
    queryKey: [...dashboardKeys.stats, { machineId: machine }],
    queryFn: () => apiJson<Stats>('GET', machine === 'all' ? '/api/stats' : `/api/stats?machineId=${machine}`),
    // Switching machines keeps the old figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export const productsQuery = queryOptions<Product[]>({ queryKey: dashboardKeys.products });
export const machinesQuery = queryOptions<Machine[]>({ queryKey: dashboardKeys.machines });
export const machinePerformanceQuery = queryOptions<MachinePerformance[]>({ queryKey: dashboardKeys.machinePerformance });
export const issuesQuery = queryOptions<VendingIssue[]>({ queryKey: dashboardKeys.issues });
export const suggestionsQuery = queryOptions<Suggestion[]>({ queryKey: dashboardKeys.suggestions });

function invalidateAll(queryClient: QueryClient, keys: readonly (readonly string[])[]) {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** POST /api/votes/reset: every count of the operator goes to zero. */
export function useResetVotes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<{ message: string; archivedVotes: number }>('POST', '/api/votes/reset'),
    onSuccess: () =>
      invalidateAll(queryClient, [dashboardKeys.stats, dashboardKeys.products, dashboardKeys.machinePerformance]),
  });
}

/** PATCH /api/vending-issues/{id}/status, the dashboard's path for Investigate and Mark Resolved. */
export function useUpdateIssueStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: IssueStatus }) =>
      apiJson<VendingIssue>('PATCH', `/api/vending-issues/${id}/status`, { status }),
    onSuccess: () => invalidateAll(queryClient, [dashboardKeys.issues, dashboardKeys.issueCounts]),
  });
}

/** PATCH /api/suggestions/{id}: approving turns the suggestion into a product. */
export function useUpdateSuggestionStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: 'approved' | 'declined' }) =>
      apiJson<Suggestion>('PATCH', `/api/suggestions/${id}`, { status }),
    onSuccess: () => invalidateAll(queryClient, [dashboardKeys.suggestions, dashboardKeys.products, dashboardKeys.stats]),
  });
}
