import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminAffiliate,
  AffiliateDashboard,
  AffiliateRegisterInput,
  AffiliateStats,
  Payout,
  RecordPayoutInput,
} from '../../../shared/affiliates.schemas.js';
import type { CurrentUser } from '../../../shared/auth.schemas.js';
import type { MarketingResource } from '../../../shared/marketing-resources.schemas.js';
import { apiJson } from '../../lib/api.js';
import { CURRENT_USER_QUERY_KEY } from '../../lib/auth.js';

const AFFILIATE_API = '/api/affiliate';
const ADMIN_AFFILIATES_URL = '/api/admin/affiliates';

export type AdminPayout = Payout & { affiliateUserId: number | null; affiliateName: string };

/**
 * Keys of the affiliate program: the affiliate's own dashboard and resources, and the admin panel's
 * affiliates, stats and payouts. A change to one moves figures in the others (an admin's payout is
 * the affiliate's paid earnings), so mutations invalidate `all`.
 */
export const affiliateKeys = {
  all: ['affiliates'] as const,
  dashboard: () => [...affiliateKeys.all, 'dashboard'] as const,
  resources: () => [...affiliateKeys.all, 'resources'] as const,
  adminList: () => [...affiliateKeys.all, 'admin', 'list'] as const,
  adminStats: () => [...affiliateKeys.all, 'admin', 'stats'] as const,
  adminPayouts: () => [...affiliateKeys.all, 'admin', 'payouts'] as const,
};

export const useAffiliateDashboard = () =>
  useQuery({ queryKey: affiliateKeys.dashboard(), queryFn: () => apiJson<AffiliateDashboard>('GET', `${AFFILIATE_API}/dashboard`) });

export const useAffiliateResources = () =>
  useQuery({ queryKey: affiliateKeys.resources(), queryFn: () => apiJson<MarketingResource[]>('GET', `${AFFILIATE_API}/resources`) });

/** POST /api/affiliate/register: 201 with the message to show; the account then verifies its email. */
export const useRegisterAffiliate = () =>
  useMutation({
    mutationFn: (values: AffiliateRegisterInput) => apiJson<{ message: string; email: string }>('POST', `${AFFILIATE_API}/register`, values),
  });

/** The affiliate runs machines too: the answer is the account as it now is, which the app takes as the current user. */
export function useBecomeOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<CurrentUser>('POST', `${AFFILIATE_API}/become-operator`),
    onSuccess: async (user) => {
      queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY, refetchType: 'all' }),
        queryClient.invalidateQueries({ queryKey: affiliateKeys.all }),
      ]);
    },
  });
}

export const useAdminAffiliates = () =>
  useQuery({ queryKey: affiliateKeys.adminList(), queryFn: () => apiJson<AdminAffiliate[]>('GET', ADMIN_AFFILIATES_URL) });

export const useAffiliateStats = () =>
  useQuery({ queryKey: affiliateKeys.adminStats(), queryFn: () => apiJson<AffiliateStats>('GET', '/api/admin/affiliate-stats') });

export const useAffiliatePayouts = () =>
  useQuery({
    queryKey: affiliateKeys.adminPayouts(),
    queryFn: () => apiJson<{ recent: AdminPayout[] }>('GET', '/api/admin/affiliate-payouts'),
  });

function useAffiliateMutation<T, V>(mutationFn: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  // After a refusal too: a 400 or 404 may mean another admin changed it meanwhile.
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: affiliateKeys.all }) });
}

export const useSetAffiliateActive = () =>
  useAffiliateMutation(({ userId, isActive }: { userId: number; isActive: boolean }) =>
    apiJson<AdminAffiliate>('PATCH', `${ADMIN_AFFILIATES_URL}/${userId}`, { isActive }),
  );

/** The server pays the whole approved balance; the admin only says how it was sent. */
export const useRecordPayout = () =>
  useAffiliateMutation((input: RecordPayoutInput) => apiJson<Payout & { affiliateUserId: number }>('POST', '/api/admin/affiliate-payouts', input));
