import { MutationCache, QueryCache, QueryClient, type QueryKey } from '@tanstack/react-query';
import { getQueryFn } from './api.js';
import { handleUnauthorized } from './unauthorized.js';

/**
 * Data-fetching defaults from spec 9: no retry, no refetch on focus or interval, never stale.
 * Every failed load or change passes the one 401 handler, so no component repeats it; the current
 * user's load yields null on a 401 instead of failing (spec 7), so signed-out pages stay quiet.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: handleUnauthorized }),
    mutationCache: new MutationCache({ onError: handleUnauthorized }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
        // Ask even when the browser says it is offline: a page held by a service worker (the route
        // screen) answers from the phone's copy, and anywhere else the call fails and says so at once.
        networkMode: 'offlineFirst',
      },
      mutations: {
        retry: false,
      },
    },
  });
}

/** Re-reads every cached answer under each key (a key matches itself and every longer key it starts). */
export function invalidateKeys(queryClient: QueryClient, ...keys: QueryKey[]) {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
