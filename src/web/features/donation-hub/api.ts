import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DeletedSchema } from '../../../shared/api-error.js';
import {
  CHARITY_SEARCH_API,
  DIRECTORY_STATUS_API,
  OWN_CHARITIES_API,
  TOTAL_COUNT_HEADER,
  type Charity,
  type CharityDirectoryStatus,
  type OwnCharityInput,
} from '../../../shared/donation-hub.schemas.js';
import { apiJson, apiRequest } from '../../lib/api.js';
import { invalidateKeys } from '../../lib/query-client.js';
import { donationKeys, taxKeys } from './donation-api.js';
import type { SearchRadius } from './donation-hub-search.js';

export interface CharitySearch {
  zipCode: string;
  radius: SearchRadius;
}

// Keys start with the URL (spec 7); a search's ZIP code and radius are an object part with their own queryFn.
export const charityKeys = {
  /** Every search: invalidate after anything that changes what a card shows (own charities, accepted items). */
  search: [CHARITY_SEARCH_API] as const,
  searchFor: ({ zipCode, radius }: CharitySearch) => [...charityKeys.search, { zipCode, radius }] as const,
  /** The charities the operator added. */
  own: [OWN_CHARITIES_API] as const,
};

export interface CharitySearchPage {
  charities: Charity[];
  /** Every charity in the circle, from the X-Total-Count header. */
  total: number;
}

export function charitySearchUrl({ zipCode, radius }: CharitySearch, offset: number): string {
  const params = new URLSearchParams({ zipCode, radius: String(radius) });
  if (offset > 0) params.set('offset', String(offset));
  return `${CHARITY_SEARCH_API}?${params.toString()}`;
}

async function fetchSearchPage(search: CharitySearch, offset: number): Promise<CharitySearchPage> {
  const response = await apiRequest('GET', charitySearchUrl(search, offset));
  const charities = (await response.json()) as Charity[];
  const total = Number(response.headers.get(TOTAL_COUNT_HEADER));
  return { charities, total: Number.isFinite(total) ? total : offset + charities.length };
}

/** GET /api/donation-hub/search, fifty charities a page, nearest first; 'Show more' reads the next page. */
export const charitySearchQuery = (search: CharitySearch) =>
  infiniteQueryOptions({
    queryKey: charityKeys.searchFor(search),
    queryFn: ({ pageParam }) => fetchSearchPage(search, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.charities.length, 0);
      return last.charities.length > 0 && loaded < last.total ? loaded : undefined;
    },
  });

/** GET /api/donation-hub/directory: whether the IRS extract has been imported, or only examples are there. */
export function useCharityDirectoryStatus() {
  return useQuery<CharityDirectoryStatus>({ queryKey: [DIRECTORY_STATUS_API] });
}

export function useCharitySearch(search: CharitySearch) {
  return useInfiniteQuery(charitySearchQuery(search));
}

/** GET /api/donation-hub/charities: the operator's own charities, by name. */
export const ownCharitiesQuery = queryOptions<Charity[]>({ queryKey: charityKeys.own });

export function useOwnCharities() {
  return useQuery(ownCharitiesQuery);
}

/** What a change to a charity makes stale: the own list, every search that may show it, and what else is named. */
function useCharityMutation<T, V>(mutationFn: (variables: V) => Promise<T>, ...alsoStale: QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidateKeys(queryClient, charityKeys.own, charityKeys.search, ...alsoStale) });
}

/** POST or PUT /api/donation-hub/charities[/{id}]. */
export const useSaveOwnCharity = () =>
  useCharityMutation(({ id, values }: { id?: number; values: OwnCharityInput }) =>
    id === undefined ? apiJson<Charity>('POST', OWN_CHARITIES_API, values) : apiJson<Charity>('PUT', `${OWN_CHARITIES_API}/${id}`, values),
  );

/**
 * DELETE /api/donation-hub/charities/{id}: donations to it keep its name and address, but no longer
 * point at it, so the history and the summary's count of charities are read again too.
 */
export const useDeleteOwnCharity = () =>
  useCharityMutation(
    ({ id }: { id: number }) => apiJson<z.infer<typeof DeletedSchema>>('DELETE', `${OWN_CHARITIES_API}/${id}`),
    donationKeys.history,
    taxKeys.summary,
  );

/** PUT /api/donation-hub/charities/{id}/accepted-items: the operator's own note, on any charity they can see. */
export const useSetAcceptedItems = () =>
  useCharityMutation(({ id, items }: { id: number; items: string[] }) =>
    apiJson<{ charityId: number; items: string[] }>('PUT', `${OWN_CHARITIES_API}/${id}/accepted-items`, { items }),
  );
