import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiToken, CreateApiToken, CreatedApiToken } from '../../../shared/api-tokens.schemas.js';
import { apiJson } from '../../lib/api.js';
import { securityEventKeys } from './security-events-api.js';

export const API_TOKENS_URL = '/api/settings/api-tokens';

export const apiTokenKeys = { all: [API_TOKENS_URL] as const };

/** GET /api/settings/api-tokens: names, access and hints; never the tokens. */
export const apiTokensQuery = queryOptions<ApiToken[]>({ queryKey: apiTokenKeys.all });

export function useApiTokens() {
  return useQuery(apiTokensQuery);
}

/** POST /api/settings/api-tokens: the answer holds the token, which the caller shows this once. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiToken) => apiJson<CreatedApiToken>('POST', API_TOKENS_URL, body),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: securityEventKeys.all });
      return queryClient.invalidateQueries({ queryKey: apiTokenKeys.all });
    },
  });
}

/** DELETE /api/settings/api-tokens/:id: the token stops working at once. */
export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiJson<{ id: number; deleted: true }>('DELETE', `${API_TOKENS_URL}/${id}`),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: securityEventKeys.all });
      return queryClient.invalidateQueries({ queryKey: apiTokenKeys.all });
    },
  });
}
