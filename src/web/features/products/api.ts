import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { OwnerProduct, ProductInput, ProductUpdate } from '../../../shared/products.schemas.js';
import { apiJson } from '../../lib/api.js';
import { invalidateKeys } from '../../lib/query-client.js';
import { inventoryKeys } from '../inventory-analytics/api.js';
import { purchaseListKeys } from '../inventory-analytics/purchase-list-api.js';
import { machinePerformanceKeys, statsKeys } from '../stats/api.js';

// Keys start with the URL (spec 7: the default load joins the key parts with '/').
export const productKeys = {
  /** Every product answer: invalidate this after anything that adds, removes or re-counts products. */
  all: ['/api/products'] as const,
  /** The signed-in operator's catalogue with total votes. */
  list: () => productKeys.all,
};

/** GET /api/products: the signed-in operator's catalogue with total votes (and unit costs), most voted first. */
export const productsQuery = queryOptions<OwnerProduct[]>({ queryKey: productKeys.list() });

/** What a change to the catalogue makes stale: the lists, the dashboard's figures and its machine tops. */
function invalidateCatalogue(queryClient: QueryClient) {
  return invalidateKeys(queryClient, productKeys.all, statsKeys.all, machinePerformanceKeys.all);
}

type SaveProduct = { input: ProductInput } | { id: number; changes: ProductUpdate };

/**
 * POST /api/products, or PATCH /api/products/{id} with `id`. A price or unit cost changes the stock
 * figures and the purchase list's costs too, so those are read again.
 */
export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: SaveProduct) =>
      'id' in save
        ? apiJson<OwnerProduct>('PATCH', `/api/products/${save.id}`, save.changes)
        : apiJson<OwnerProduct>('POST', '/api/products', save.input),
    onSuccess: () => invalidateKeys(queryClient, productKeys.all, statsKeys.all, machinePerformanceKeys.all, inventoryKeys.all, purchaseListKeys.all),
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
