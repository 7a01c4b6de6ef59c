import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CatalogItem, CatalogItemInput, CatalogItemUpdate } from '../../../shared/resources-hub.schemas.js';
import { apiJson } from '../../lib/api.js';
import { resourceKeys } from './api.js';

/** Admins' calls on the catalogues (the server answers 403 to anyone else). */
export const ADMIN_CATALOG_URL = '/api/admin/catalog-items';

/**
 * An admin's change shows in every catalogue list, the hub's counts and any cart holding the item,
 * all of which sit under the hub's keys.
 */
function useCatalogAdminMutation<Variables, Result>(call: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all }),
  });
}

export function useCreateCatalogItem() {
  return useCatalogAdminMutation((input: CatalogItemInput) => apiJson<CatalogItem>('POST', ADMIN_CATALOG_URL, input));
}

export function useUpdateCatalogItem() {
  return useCatalogAdminMutation(({ id, changes }: { id: number; changes: CatalogItemUpdate }) =>
    apiJson<CatalogItem>('PATCH', `${ADMIN_CATALOG_URL}/${id}`, changes),
  );
}

export function useDeleteCatalogItem() {
  return useCatalogAdminMutation(({ id }: { id: number; name: string }) => apiJson<{ id: number; deleted: true }>('DELETE', `${ADMIN_CATALOG_URL}/${id}`));
}
