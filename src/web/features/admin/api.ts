import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUserChange, AdminUserPage, AdminUserSort, AdminUserStats, SortOrder } from '../../../shared/admin-users.schemas.js';
import type { SubscriptionTier } from '../../../shared/auth.schemas.js';
import type { SubscriptionStatus } from '../../../shared/billing.schemas.js';
import { apiJson } from '../../lib/api.js';

export const ADMIN_USERS_URL = '/api/admin/users';

export interface AdminUserFilter {
  search: string;
  sort: AdminUserSort;
  order: SortOrder;
  page: number;
}

/** The list URL with only what differs from the server's defaults. */
export function adminUsersUrl({ search, sort, order, page }: AdminUserFilter): string {
  const params = new URLSearchParams();
  if (search.trim()) params.set('search', search.trim());
  if (sort !== 'joined') params.set('sort', sort);
  if (order !== 'desc') params.set('order', order);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `${ADMIN_USERS_URL}?${query}` : ADMIN_USERS_URL;
}

// Keys start with the URL, as the default loader expects.
export const adminUserKeys = {
  /** Every answer about accounts (pages and stats): invalidate this after an account changes. */
  all: [ADMIN_USERS_URL] as const,
  list: (filter: AdminUserFilter) => [...adminUserKeys.all, 'list', { ...filter, search: filter.search.trim() }] as const,
  stats: () => [...adminUserKeys.all, 'stats'] as const,
};

export function useAdminUsers(filter: AdminUserFilter) {
  return useQuery({
    queryKey: adminUserKeys.list(filter),
    queryFn: () => apiJson<AdminUserPage>('GET', adminUsersUrl(filter)),
    // While the next page or search loads, the current one stays on screen instead of the skeleton.
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/users/stats through the default loader. */
export function useAdminUserStats() {
  return useQuery<AdminUserStats>({ queryKey: adminUserKeys.stats() });
}

/** Every action re-reads pages and stats afterwards, after a refusal too: a 409 means it changed elsewhere. */
function useAdminUserMutation<T, V>(mutationFn: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.all }) });
}

export const useSetPlan = () =>
  useAdminUserMutation(({ id, tier }: { id: number; tier: SubscriptionTier }) =>
    apiJson<SubscriptionStatus>('PATCH', `${ADMIN_USERS_URL}/${id}/plan`, { tier }),
  );

export const useResendVerification = () =>
  useAdminUserMutation(({ id }: { id: number }) => apiJson<{ message: string }>('POST', `${ADMIN_USERS_URL}/${id}/resend-verification`));

export const useSetDisabled = () =>
  useAdminUserMutation(({ id, disabled }: { id: number; disabled: boolean }) =>
    apiJson<AdminUserChange>('POST', `${ADMIN_USERS_URL}/${id}/${disabled ? 'disable' : 'enable'}`),
  );
