import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountExportStatus, DeleteAccountInput, DeletionScheduled } from '../../../shared/account-data.schemas.js';
import { apiJson } from '../../lib/api.js';
import { paths } from '../../lib/paths.js';

export const DATA_EXPORT_URL = '/api/account/data-export';
export const DELETION_URL = '/api/account/deletion';

export const accountDataKeys = { export: [DATA_EXPORT_URL] as const };

/** GET /api/account/data-export: the latest copy and its state; polled while it is being built. */
export const dataExportQuery = queryOptions<AccountExportStatus>({
  queryKey: accountDataKeys.export,
  refetchInterval: (query) => (query.state.data?.latest?.state === 'building' ? 3_000 : false),
});

export function useDataExportStatus() {
  return useQuery(dataExportQuery);
}

/** POST /api/account/data-export: starts the job that builds the ZIP and mails the link. */
export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<{ message: string; exportId: number }>('POST', DATA_EXPORT_URL),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountDataKeys.export }),
  });
}

/**
 * POST /api/account/deletion: every session ends with it, this one too, so the sign-in page is then
 * loaded afresh (as signing out does), with nothing of the account left in this tab's caches.
 */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: DeleteAccountInput) => apiJson<DeletionScheduled>('POST', DELETION_URL, body),
    onSuccess: () => window.location.assign(paths.loginAfterDeletion),
  });
}
