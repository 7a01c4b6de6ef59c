import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ConnectionTestResult,
  RetailAffiliateConfig,
  RetailProvider,
  SaveRetailConfig,
} from '../../../shared/retail-affiliates.schemas.js';
import { apiJson } from '../../lib/api.js';

/**
 * Whose configuration a form edits: the operator's own (/affiliate-setup) or the platform's (the
 * admin panel's Affiliate Setup tab). Both speak the same calls under their own prefix.
 */
export type RetailConfigScope = 'operator' | 'admin';

const PREFIX: Record<RetailConfigScope, string> = { operator: '/api', admin: '/api/admin' };
export const retailConfigUrl = (scope: RetailConfigScope) => `${PREFIX[scope]}/affiliate-config`;
const testUrl = (scope: RetailConfigScope, provider: RetailProvider) => `${PREFIX[scope]}/affiliate-test/${provider}`;

// Keys start with the URL, as the default loader expects.
export const retailConfigKeys = {
  config: (scope: RetailConfigScope) => [retailConfigUrl(scope)] as const,
};

export const retailConfigQuery = (scope: RetailConfigScope) => queryOptions<RetailAffiliateConfig>({ queryKey: retailConfigKeys.config(scope) });

export function useRetailConfig(scope: RetailConfigScope) {
  return useQuery(retailConfigQuery(scope));
}

/** POST …/affiliate-config with the whole form; the answer (secrets as "set") replaces the cached one. */
export function useSaveRetailConfig(scope: RetailConfigScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveRetailConfig) => apiJson<RetailAffiliateConfig>('POST', retailConfigUrl(scope), body),
    onSuccess: (saved) => queryClient.setQueryData(retailConfigKeys.config(scope), saved),
  });
}

/** POST …/affiliate-test/{provider} with the form as typed, saved or not. */
export function useTestRetailConnection(scope: RetailConfigScope) {
  return useMutation({
    mutationFn: ({ provider, body }: { provider: RetailProvider; body: SaveRetailConfig }) =>
      apiJson<ConnectionTestResult>('POST', testUrl(scope, provider), body),
  });
}
