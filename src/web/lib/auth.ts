import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { CurrentUserSchema, isOperatorRole, type CurrentUser } from '../../shared/auth.schemas.js';
import { getQueryFn } from './api.js';

/** Spec 7/9: the current user is cached for 5 minutes. */
export const CURRENT_USER_CACHE_MS = 300_000;
export const CURRENT_USER_QUERY_KEY = ['/api/auth/me'] as const;

const loadCurrentUser = getQueryFn<unknown>({ on401: 'returnNull' });

/** GET /api/auth/me: a 401 means "signed out" (null), never an error; no retry, no refetch on focus. */
export const currentUserQuery = queryOptions({
  queryKey: CURRENT_USER_QUERY_KEY,
  queryFn: async (context): Promise<CurrentUser | null> => {
    const body = await loadCurrentUser(context);
    return body === null ? null : CurrentUserSchema.parse(body);
  },
  retry: false,
  staleTime: CURRENT_USER_CACHE_MS,
  gcTime: CURRENT_USER_CACHE_MS,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
});

export interface AuthState {
  user: CurrentUser | null;
  isLoading: boolean;
  isAuthenticated: boolean;
  /** Role operator or admin (the server already reports ADMIN_EMAILS addresses as admin). */
  isOperator: boolean;
  isAdmin: boolean;
}

export function useAuth(): AuthState {
  const { data, isLoading } = useQuery(currentUserQuery);
  const user = data ?? null;
  return {
    user,
    isLoading,
    isAuthenticated: user !== null,
    isOperator: user !== null && isOperatorRole(user.role),
    isAdmin: user?.role === 'admin',
  };
}

/** Re-reads the current user (after sign-in or verification) and waits for the answer. */
export function useRefreshCurrentUser() {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY, refetchType: 'all' }),
    [queryClient],
  );
}

