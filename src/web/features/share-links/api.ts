import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatedShareLink, ShareLinkStatus, ShareView } from '../../../shared/share-links.schemas.js';
import { apiJson } from '../../lib/api.js';

const machineLinkUrl = (machineId: number) => `/api/machines/${machineId}/share-link`;

// Keys start with the URL, so the default load reads them as the address.
export const shareLinkKeys = {
  ofMachine: (machineId: number) => ['/api/machines', machineId, 'share-link'] as const,
  view: (token: string) => ['/api/share', encodeURIComponent(token)] as const,
};

/** GET /api/machines/:id/share-link: whether the machine has an active link (never the link itself). */
export const shareLinkStatusQuery = (machineId: number) =>
  // Read afresh each time the dialog opens: 'last opened' moves while the operator is elsewhere.
  queryOptions<ShareLinkStatus>({ queryKey: shareLinkKeys.ofMachine(machineId), staleTime: 0 });

export function useShareLinkStatus(machineId: number) {
  return useQuery(shareLinkStatusQuery(machineId));
}

/** POST: a new link, replacing any earlier one; the answer's URL is shown this once. */
export function useCreateShareLink(machineId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<CreatedShareLink>('POST', machineLinkUrl(machineId)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shareLinkKeys.ofMachine(machineId) }),
  });
}

/** DELETE: the link stops working at once. */
export function useRevokeShareLink(machineId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<{ id: number; deleted: true }>('DELETE', machineLinkUrl(machineId)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shareLinkKeys.ofMachine(machineId) }),
  });
}

/** GET /api/share/:token: the shared page's figures, for whoever holds the link. */
export function useSharedMachine(token: string) {
  return useQuery(queryOptions<ShareView>({ queryKey: shareLinkKeys.view(token) }));
}
