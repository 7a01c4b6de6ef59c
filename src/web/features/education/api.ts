import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminEducatorList, Educator, EducatorCategory, EducatorDirectory, EducatorFormValues } from '../../../shared/educators.schemas.js';
import { apiJson } from '../../lib/api.js';

export const EDUCATORS_URL = '/api/educators';
export const ADMIN_EDUCATORS_URL = '/api/admin/educators';

export interface EducatorFilter {
  search: string;
  /** Absent for every category. */
  category?: EducatorCategory;
}

/** The directory's URL with only the filters in use. */
export function educatorsUrl({ search, category }: EducatorFilter): string {
  const params = new URLSearchParams();
  if (search.trim()) params.set('search', search.trim());
  if (category) params.set('category', category);
  const query = params.toString();
  return query ? `${EDUCATORS_URL}?${query}` : EDUCATORS_URL;
}

/**
 * Keys of the directory and of the admin tab. An admin's change touches both, so mutations
 * invalidate `all`, and /education and the tab never disagree.
 */
export const educatorKeys = {
  all: ['educators'] as const,
  directory: (filter: EducatorFilter) => [...educatorKeys.all, 'directory', { search: filter.search.trim(), category: filter.category }] as const,
  admin: () => [...educatorKeys.all, 'admin'] as const,
};

export function useEducatorDirectory(filter: EducatorFilter) {
  return useQuery({
    queryKey: educatorKeys.directory(filter),
    queryFn: () => apiJson<EducatorDirectory>('GET', educatorsUrl(filter)),
    // While a new search loads, the previous cards stay on screen instead of the loading text.
    placeholderData: keepPreviousData,
  });
}

export function useAdminEducators() {
  return useQuery({ queryKey: educatorKeys.admin(), queryFn: () => apiJson<AdminEducatorList>('GET', ADMIN_EDUCATORS_URL) });
}

function useEducatorMutation<T, V>(mutationFn: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  // After a refusal too: a 404 means someone else changed the list meanwhile.
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: educatorKeys.all }) });
}

export const useSaveEducator = () =>
  useEducatorMutation(({ id, values }: { id?: number; values: EducatorFormValues }) =>
    id === undefined ? apiJson<Educator>('POST', ADMIN_EDUCATORS_URL, values) : apiJson<Educator>('PUT', `${ADMIN_EDUCATORS_URL}/${id}`, values),
  );

export const useDeleteEducator = () =>
  useEducatorMutation(({ id }: { id: number }) => apiJson<{ id: number; deleted: true }>('DELETE', `${ADMIN_EDUCATORS_URL}/${id}`));

export const useRequestEducationNotice = () =>
  useEducatorMutation(() => apiJson<{ notifyRequested: true }>('POST', `${EDUCATORS_URL}/notify`));
