import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Cart, Catalogue, CatalogList, HubSummary } from '../../../shared/resources-hub.schemas.js';
import { apiJson } from '../../lib/api.js';

export const RESOURCES_URL = '/api/resources';
const CART_URL = `${RESOURCES_URL}/cart`;

export interface CatalogFilter {
  /** Absent for every category. */
  category?: string;
  search?: string;
}

/** The catalogue's URL with only the filters in use (the server matches name, brand, description and features). */
export function catalogUrl(catalogue: Catalogue, { category, search }: CatalogFilter): string {
  const params = new URLSearchParams();
  if (category) params.set('category', category);
  if (search?.trim()) params.set('search', search.trim());
  const query = params.toString();
  return `${RESOURCES_URL}/catalogues/${catalogue}${query ? `?${query}` : ''}`;
}

// Keys start with the URL (spec 7: the default load joins the key parts with '/').
export const resourceKeys = {
  all: [RESOURCES_URL] as const,
  summary: () => [...resourceKeys.all, 'summary'] as const,
  catalog: (catalogue: Catalogue, filter: CatalogFilter = {}) =>
    [...resourceKeys.all, 'catalogues', catalogue, { category: filter.category, search: filter.search?.trim() || undefined }] as const,
  cart: () => [...resourceKeys.all, 'cart'] as const,
};

export const hubSummaryQuery = queryOptions<HubSummary>({ queryKey: resourceKeys.summary() });

export const catalogQuery = (catalogue: Catalogue, filter: CatalogFilter = {}) =>
  queryOptions({ queryKey: resourceKeys.catalog(catalogue, filter), queryFn: () => apiJson<CatalogList>('GET', catalogUrl(catalogue, filter)) });

export const cartQuery = queryOptions<Cart>({ queryKey: resourceKeys.cart() });

export function useHubSummary() {
  return useQuery(hubSummaryQuery);
}

export function useCatalog(catalogue: Catalogue, filter: CatalogFilter) {
  // While a new filter loads, the previous list stays on screen instead of the skeleton.
  return useQuery({ ...catalogQuery(catalogue, filter), placeholderData: keepPreviousData });
}

export function useCart() {
  return useQuery(cartQuery);
}

/** Every cart call answers the whole cart, which replaces the cached one at once. */
function useCartMutation<Variables>(call: (variables: Variables) => Promise<Cart>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (cart) => queryClient.setQueryData(resourceKeys.cart(), cart),
    // A refusal (out of stock, removed meanwhile) means the lists changed elsewhere: read them again.
    onError: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all }),
  });
}

export function useAddToCart() {
  return useCartMutation(({ catalogItemId, quantity = 1 }: { catalogItemId: number; quantity?: number; name: string }) =>
    apiJson<Cart>('POST', `${CART_URL}/items`, { catalogItemId, quantity }),
  );
}

export function useSetCartQuantity() {
  return useCartMutation(({ catalogItemId, quantity }: { catalogItemId: number; quantity: number }) =>
    apiJson<Cart>('PATCH', `${CART_URL}/items/${catalogItemId}`, { quantity }),
  );
}

export function useRemoveFromCart() {
  return useCartMutation(({ catalogItemId }: { catalogItemId: number }) => apiJson<Cart>('DELETE', `${CART_URL}/items/${catalogItemId}`));
}

export function useClearCart() {
  return useCartMutation(() => apiJson<Cart>('DELETE', CART_URL));
}
