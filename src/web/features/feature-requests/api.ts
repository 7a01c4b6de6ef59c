import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  CreateFeatureRequest,
  FeatureRequest,
  FeatureRequestListQuery,
  FeatureRequestStatus,
} from '../../../shared/feature-requests.schemas.js';
import { apiJson, apiRequest } from '../../lib/api.js';
import { applyVote, updateRequest, type VoteDirection } from './vote-math.js';

export const FEATURE_REQUESTS_URL = '/api/feature-requests';
export const ADMIN_FEATURE_REQUESTS_URL = '/api/admin/feature-requests';

export type FeatureRequestSort = NonNullable<FeatureRequestListQuery['sort']>;

export interface FeatureRequestFilter {
  sort: FeatureRequestSort;
  /** Absent for every status. */
  status?: FeatureRequestStatus;
}

export const DEFAULT_FILTER: FeatureRequestFilter = { sort: 'votes' };

/** The list URL: the sort always, the status only when one is chosen. */
export function featureRequestsUrl({ sort, status }: FeatureRequestFilter): string {
  const params = new URLSearchParams({ sort });
  if (status) params.set('status', status);
  return `${FEATURE_REQUESTS_URL}?${params.toString()}`;
}

// Keys start with the URL (spec 7: the default load joins the key parts with '/').
export const featureRequestKeys = {
  /** Every list of the one board, public and admin alike: invalidate this after any change. */
  all: [FEATURE_REQUESTS_URL] as const,
  list: (filter: FeatureRequestFilter) => [...featureRequestKeys.all, { sort: filter.sort, status: filter.status }] as const,
};

/** GET /api/feature-requests, with this visitor's own vote on each. */
export const featureRequestsQuery = (filter: FeatureRequestFilter) =>
  queryOptions({ queryKey: featureRequestKeys.list(filter), queryFn: () => apiJson<FeatureRequest[]>('GET', featureRequestsUrl(filter)) });

export function useFeatureRequests(filter: FeatureRequestFilter) {
  // While another sort or status loads, the previous list stays on screen instead of the skeleton.
  return useQuery({ ...featureRequestsQuery(filter), placeholderData: keepPreviousData });
}

const invalidateBoard = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: featureRequestKeys.all });

/** POST /api/feature-requests: a visitor's idea, which starts with its author's vote. */
export function useCreateFeatureRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateFeatureRequest) => apiJson<FeatureRequest>('POST', FEATURE_REQUESTS_URL, request),
    onSuccess: () => invalidateBoard(queryClient),
  });
}

/** The request as some cached list holds it (they all agree), to put it back if the vote fails. */
function cachedRequest(queryClient: QueryClient, id: number): FeatureRequest | undefined {
  for (const [, list] of queryClient.getQueriesData<FeatureRequest[]>({ queryKey: featureRequestKeys.all })) {
    const found = list?.find((request) => request.id === id);
    if (found) return found;
  }
  return undefined;
}

function setCachedRequest(queryClient: QueryClient, id: number, change: (request: FeatureRequest) => Partial<FeatureRequest>) {
  queryClient.setQueriesData<FeatureRequest[]>({ queryKey: featureRequestKeys.all }, (list) => list && updateRequest(list, id, change));
}

/**
 * POST /api/feature-requests/{id}/vote, shown at once in every cached list and put back if it fails.
 * The lists keep their order until they are next loaded, so a row never jumps away from the pointer
 * that clicked it; they are marked stale, and the next sort or filter reads the server's order.
 */
export function useVoteOnFeatureRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, direction }: { id: number; direction: VoteDirection }) =>
      apiJson<FeatureRequest>('POST', `${FEATURE_REQUESTS_URL}/${id}/vote`, { direction }),
    onMutate: async ({ id, direction }) => {
      // A load already on its way would bring the count from before the vote; it is read again afterwards.
      const interrupted = queryClient.isFetching({ queryKey: featureRequestKeys.all }) > 0;
      await queryClient.cancelQueries({ queryKey: featureRequestKeys.all });
      const before = cachedRequest(queryClient, id);
      // A vote the server will refuse (below 0) shows no change; its answer, or refusal, decides.
      setCachedRequest(queryClient, id, (request) => applyVote(request, direction) ?? {});
      return { before, interrupted };
    },
    onError: (_error, { id }, context) => {
      const before = context?.before;
      if (before) setCachedRequest(queryClient, id, () => ({ votes: before.votes, myVote: before.myVote }));
    },
    onSuccess: (updated) => setCachedRequest(queryClient, updated.id, () => updated),
    onSettled: (_data, _error, _variables, context) =>
      queryClient.invalidateQueries({ queryKey: featureRequestKeys.all, refetchType: context?.interrupted ? 'active' : 'none' }),
  });
}

/** POST /api/admin/feature-requests: an admin's request (author 'Admin', no votes). */
export function useAddFeatureRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { title: string; description: string }) =>
      apiJson<FeatureRequest>('POST', ADMIN_FEATURE_REQUESTS_URL, request),
    onSuccess: () => invalidateBoard(queryClient),
  });
}

/** PATCH /api/admin/feature-requests/{id}; the lists re-read afterwards, after a refusal too. */
export function useChangeFeatureRequestStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: FeatureRequestStatus }) =>
      apiJson<FeatureRequest>('PATCH', `${ADMIN_FEATURE_REQUESTS_URL}/${id}`, { status }),
    onSettled: () => invalidateBoard(queryClient),
  });
}

/** DELETE /api/admin/feature-requests/{id} (204, no body). */
export function useDeleteFeatureRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest('DELETE', `${ADMIN_FEATURE_REQUESTS_URL}/${id}`);
    },
    onSettled: () => invalidateBoard(queryClient),
  });
}

/** POST /api/admin/feature-requests/reset-votes: every count back to 0, every visitor's vote gone. */
export function useResetFeatureRequestVotes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<{ reset: number }>('POST', `${ADMIN_FEATURE_REQUESTS_URL}/reset-votes`),
    onSettled: () => invalidateBoard(queryClient),
  });
}
