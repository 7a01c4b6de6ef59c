import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Product, ProductInput } from '../../../shared/products.schemas.js';
import { apiJson } from '../../lib/api.js';

// Keys are the URL parts (spec 7); the dashboard reads the same entries.
const PRODUCTS_KEY = ['/api/products'] as const;
/** What a change to the catalogue makes stale: the list, the dashboard's figures and its machine tops. */
const AFFECTED_KEYS = [PRODUCTS_KEY, ['/api/stats'], ['/api/dashboard/machines']] as const;

/** GET /api/products: the signed-in operator's catalogue with total votes, most voted first. */
export const productsQuery = queryOptions<Product[]>({ queryKey: PRODUCTS_KEY });

function invalidateCatalogue(queryClient: QueryClient) {
  return Promise.all(AFFECTED_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** POST /api/products. */
export function useAddProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProductInput) => apiJson<Product>('POST', '/api/products', input),
    onSuccess: () => invalidateCatalogue(queryClient),
  });
}

const deleteProduct = (id: number) => apiJson<{ id: number; deleted: true }>('DELETE', `/api/products/${id}`);

/** DELETE /api/products/{id}. */
export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: () => invalidateCatalogue(queryClient),
  });
}

/** Some of a bulk delete failed; `cause` is the first failure, `deletedIds` what went through. */
export class BulkDeleteError extends Error {
  constructor(
    readonly deletedIds: number[],
    readonly failedCount: number,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : 'Bulk delete failed');
    this.name = 'BulkDeleteError';
  }
}

/** Spec 7: a bulk delete sends one DELETE per selected id. Resolves with the ids deleted. */
export function useBulkDeleteProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: number[]) => {
      const results = await Promise.allSettled(ids.map(deleteProduct));
      const deletedIds = ids.filter((_, index) => results[index]?.status === 'fulfilled');
      const failures = results.filter((result) => result.status === 'rejected');
      if (failures.length > 0) throw new BulkDeleteError(deletedIds, failures.length, failures[0]!.reason);
      return deletedIds;
    },
    // Even a partly failed bulk delete removed some products.
    onSettled: () => invalidateCatalogue(queryClient),
  });
}
