import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountExportStatus, DeleteAccountInput, DeletionScheduled } from '../../../shared/account-data.schemas.js';
import { apiJson } from '../../lib/api.js';
import { CURRENT_USER_QUERY_KEY } from '../../lib/auth.js';

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

/** POST /api/account/deletion: every session ends with it, this one too, so the app forgets the user. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeleteAccountInput) => apiJson<DeletionScheduled>('POST', DELETION_URL, body),
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(CURRENT_USER_QUERY_KEY, null);
    },
  });
}

/** DELETE /api/account/deletion: keeps the account; the session probe then opens the app again. */
export function useCancelDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<{ message: string }>('DELETE', DELETION_URL),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY }),
  });
}
