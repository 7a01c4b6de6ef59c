import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApprovedSuggestion, Suggestion } from '../../../shared/feedback.schemas.js';
import { apiJson } from '../../lib/api.js';
import { invalidateKeys } from '../../lib/query-client.js';
import { machinesQuery } from '../machines/api.js';
import { productKeys } from '../products/api.js';
import { machinePerformanceKeys, statsKeys } from '../stats/api.js';

export const SUGGESTIONS_URL = '/api/suggestions';

// Keys start with the URL (spec 7: the default load joins the key parts with '/').
export const suggestionKeys = {
  /** Every suggestion answer: invalidate this after one is sent, approved or declined. */
  all: [SUGGESTIONS_URL] as const,
  /** Pending and processed, newest first; the dashboard's pending panel reads it too. */
  list: () => suggestionKeys.all,
};

/** GET /api/suggestions. */
export const suggestionsQuery = queryOptions<Suggestion[]>({ queryKey: suggestionKeys.list() });

export function useSuggestions() {
  return useQuery(suggestionsQuery);
}

/** The operator's machines, to name the machine each suggestion came from. */
export function useMachineNames(): Map<number, string> | undefined {
  const machines = useQuery(machinesQuery);
  if (!machines.data) return undefined;
  return new Map(machines.data.map((machine) => [machine.id, machine.name]));
}

/** Spec 4: an approved suggestion becomes a product, so the product lists and their counts re-read too. */
export function useApproveSuggestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiJson<ApprovedSuggestion>('POST', `${SUGGESTIONS_URL}/${id}/approve`),
    onSettled: () =>
      invalidateKeys(queryClient, suggestionKeys.all, productKeys.all, statsKeys.all, machinePerformanceKeys.all),
  });
}

export function useDeclineSuggestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiJson<Suggestion>('POST', `${SUGGESTIONS_URL}/${id}/decline`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: suggestionKeys.all }),
  });
}

/** POST /api/suggestions/{id}/stocked: the product is in the machine it was suggested at; the customer is mailed. */
export function useMarkSuggestionStocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiJson<Suggestion>('POST', `${SUGGESTIONS_URL}/${id}/stocked`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: suggestionKeys.all }),
  });
}
