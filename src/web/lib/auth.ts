import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { isOperatorRole, SessionProbeSchema, type CurrentUser } from '../../shared/auth.schemas.js';
import { apiJson, getQueryFn } from './api.js';
import { setDisplayTimeZone } from './dates.js';
import { paths } from './paths.js';
import { readStoredTheme, setTheme } from './theme.js';
import { forgetRouteDay } from './route-day-cache.js';

/** Spec 7/9: the current user is cached for 5 minutes. */
export const CURRENT_USER_CACHE_MS = 300_000;
export const CURRENT_USER_QUERY_KEY = ['/api/auth/session'] as const;

const loadSession = getQueryFn<unknown>({ on401: 'throw' });

/**
 * GET /api/auth/session: signed out is `{ user: null }` with a 200, so a visitor's console shows no
 * failed request; no retry, no refetch on focus.
 */
export const currentUserQuery = queryOptions({
  queryKey: CURRENT_USER_QUERY_KEY,
  queryFn: async (context): Promise<CurrentUser | null> => {
    const session = SessionProbeSchema.parse(await loadSession(context));
    // The account's theme wins over this browser's from the first signed-in load, not only once
    // Settings is opened; stored locally, it is also the next first paint's (theme-init.js).
    if (session.theme && session.theme !== readStoredTheme()) setTheme(session.theme);
    return session.user;
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
  /** In the affiliate program (an affiliate, or an operator who also refers): the affiliate dashboard is theirs. */
  isAffiliate: boolean;
}

export function useAuth(): AuthState {
  const { data, isLoading } = useQuery(currentUserQuery);
  const user = data ?? null;
  // Before any page below renders a date: the shell and the route guards read this first.
  setDisplayTimeZone(user?.timeZone);
  return {
    user,
    isLoading,
    isAuthenticated: user !== null,
    isOperator: user !== null && isOperatorRole(user.role),
    isAdmin: user?.role === 'admin',
    isAffiliate: user?.isAffiliate ?? false,
  };
}

/** Where a signed-in account belongs: an affiliate cannot use the operator pages, so theirs is the affiliate dashboard. */
export function homePathFor(user: CurrentUser | null): string {
  return user?.role === 'affiliate' ? paths.affiliateDashboard : paths.dashboard;
}

/**
 * Where to go after signing in: the page asked for (`next`, already checked to be same-site), or
 * the account's home. An affiliate asked for an operator page would meet a page they cannot use,
 * so they go to their dashboard instead.
 */
export function pathAfterSignIn(user: CurrentUser | null, next: string | null): string {
  if (user?.role === 'affiliate') return next?.startsWith(paths.affiliateDashboard) ? next : paths.affiliateDashboard;
  return next ?? paths.dashboard;
}

/** Re-reads the current user (after sign-in or verification), waits for the answer and returns it. */
export function useRefreshCurrentUser() {
  const queryClient = useQueryClient();
  return useCallback(async (): Promise<CurrentUser | null> => {
    await queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY, refetchType: 'all' });
    return queryClient.getQueryData<CurrentUser | null>(CURRENT_USER_QUERY_KEY) ?? null;
  }, [queryClient]);
}

/**
 * Signs out by POST (a link could be followed from another site), then loads the home page afresh,
 * so nothing of the account stays in this tab's caches.
 */
export function useSignOut() {
  return useMutation({
    mutationFn: () => apiJson<{ message: string }>('POST', '/api/logout'),
    onSuccess: async () => {
      await forgetRouteDay();
      window.location.assign(paths.home);
    },
  });
}
