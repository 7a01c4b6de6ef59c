import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DeletedSchema } from '../../../shared/api-error.js';
import type {
  PurchaseList,
  PurchaseListAdded,
  PurchaseListCleared,
  PurchaseListItem,
  PurchaseListItemUpdate,
  PurchaseListLineInput,
} from '../../../shared/stock.schemas.js';
import { apiJson } from '../../lib/api.js';
import { invalidateKeys } from '../../lib/query-client.js';
import { inventoryKeys } from './api.js';

export const PURCHASE_LIST_URL = '/api/stock/purchase-list';
const ITEMS_URL = `${PURCHASE_LIST_URL}/items`;

/** The CSV of the whole list (a download: the server names the file by the operator's date). */
export const PURCHASE_LIST_CSV_URL = `${PURCHASE_LIST_URL}/export.csv`;

/** The printable pick list (PDF) of one machine, or of every machine on the list. */
export function pickListUrl(machineId?: number): string {
  return `${PURCHASE_LIST_URL}/pick-list.pdf${machineId === undefined ? '' : `?machineId=${machineId}`}`;
}

// The key is the URL, so the default loader reads it (spec 7).
export const purchaseListKeys = {
  all: [PURCHASE_LIST_URL] as const,
  list: () => purchaseListKeys.all,
};

export const purchaseListQuery = queryOptions<PurchaseList>({ queryKey: purchaseListKeys.list() });

export function usePurchaseList() {
  return useQuery(purchaseListQuery);
}

/**
 * POST /api/stock/purchase-list/items: each line is set (not added to), so pressing Add to Order
 * twice leaves one line. The answer carries the whole list; the forecast cards' 'On order' follow.
 */
export function useAddToPurchaseList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: PurchaseListLineInput[]) => apiJson<PurchaseListAdded>('POST', ITEMS_URL, { items }),
    onSuccess: (answer) => {
      queryClient.setQueryData(purchaseListKeys.list(), answer.list);
      return queryClient.invalidateQueries({ queryKey: inventoryKeys.all });
    },
  });
}

const refreshListViews = (queryClient: QueryClient) => invalidateKeys(queryClient, purchaseListKeys.all, inventoryKeys.all);

export function useUpdatePurchaseListItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: PurchaseListItemUpdate }) =>
      apiJson<PurchaseListItem>('PATCH', `${ITEMS_URL}/${id}`, changes),
    onSuccess: () => refreshListViews(queryClient),
  });
}

/** DELETE /api/stock/purchase-list/items/{id}: answers what it deleted, `{ id, deleted: true }`. */
export function useRemovePurchaseListItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiJson<z.infer<typeof DeletedSchema>>('DELETE', `${ITEMS_URL}/${id}`),
    onSuccess: () => refreshListViews(queryClient),
  });
}

/** DELETE /api/stock/purchase-list: answers how many lines it removed, `{ deleted: true, lines }`. */
export function useClearPurchaseList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<PurchaseListCleared>('DELETE', PURCHASE_LIST_URL),
    onSuccess: () => refreshListViews(queryClient),
  });
}
