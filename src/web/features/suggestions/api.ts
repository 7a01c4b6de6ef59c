import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ApprovedSuggestion, Suggestion } from '../../../shared/feedback.schemas.js';
import type { Machine } from '../../../shared/machines.schemas.js';
import { apiJson } from '../../lib/api.js';

export const SUGGESTIONS_URL = '/api/suggestions';

/** GET /api/suggestions: pending and processed, newest first. */
export const suggestionsQuery = queryOptions<Suggestion[]>({ queryKey: [SUGGESTIONS_URL] });

/** The operator's machines, to name the machine each suggestion came from. */
export const machinesQuery = queryOptions<Machine[]>({ queryKey: ['/api/machines'] });

export function useSuggestions() {
  return useQuery(suggestionsQuery);
}

export function useMachineNames(): Map<number, string> | undefined {
  const machines = useQuery(machinesQuery);
  if (!machines.data) return undefined;
  return new Map(machines.data.map((machine) => [machine.id, machine.name]));
}

/** Every cached answer whose URL starts with one of `prefixes` is re-read. */
function invalidateByPrefix(queryClient: QueryClient, ...prefixes: string[]) {
  return queryClient.invalidateQueries({
    predicate: (query) => prefixes.some((prefix) => String(query.queryKey[0]).startsWith(prefix)),
  });
}

/** Spec 4: an approved suggestion becomes a product, so the product lists and their counts re-read too. */
export function useApproveSuggestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiJson<ApprovedSuggestion>('POST', `${SUGGESTIONS_URL}/${id}/approve`),
    onSettled: () => invalidateByPrefix(queryClient, SUGGESTIONS_URL, '/api/products', '/api/stats', '/api/dashboard'),
  });
}

export function useDeclineSuggestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiJson<Suggestion>('POST', `${SUGGESTIONS_URL}/${id}/decline`),
    onSettled: () => invalidateByPrefix(queryClient, SUGGESTIONS_URL),
  });
}
