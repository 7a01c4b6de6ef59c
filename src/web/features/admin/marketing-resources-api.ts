import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_MARKETING_RESOURCES_API,
  type MarketingResource,
  type ResourceUpdate,
} from '../../../shared/marketing-resources.schemas.js';
import { apiJson, ApiRequestError } from '../../lib/api.js';

// Keys start with the URL, as the default loader expects.
export const marketingResourceKeys = {
  all: [ADMIN_MARKETING_RESOURCES_API] as const,
};

export function useMarketingResources() {
  return useQuery<MarketingResource[]>({ queryKey: marketingResourceKeys.all });
}

/**
 * Sends the multipart form with XMLHttpRequest, because fetch reports no upload progress. Fails with
 * the same error apiRequest throws, so readApiError and the 401 handler read it alike.
 */
export function uploadResource(form: FormData, onProgress: (fraction: number) => void): Promise<MarketingResource> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', ADMIN_MARKETING_RESOURCES_API);
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) resolve(JSON.parse(request.responseText) as MarketingResource);
      else reject(new ApiRequestError(request.status, request.statusText, request.responseText));
    };
    request.onerror = () => reject(new Error('The upload did not reach the server. Check your connection and try again.'));
    request.send(form);
  });
}

function useResourceMutation<T, V>(mutationFn: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: marketingResourceKeys.all }) });
}

export const useCreateResource = () =>
  useResourceMutation(({ form, onProgress }: { form: FormData; onProgress: (fraction: number) => void }) => uploadResource(form, onProgress));

export const useUpdateResource = () =>
  useResourceMutation(({ id, changes }: { id: number; changes: ResourceUpdate }) =>
    apiJson<MarketingResource>('PATCH', `${ADMIN_MARKETING_RESOURCES_API}/${id}`, changes),
  );

export const useDeleteResource = () =>
  useResourceMutation(({ id }: { id: number }) => apiJson<{ id: number; deleted: true }>('DELETE', `${ADMIN_MARKETING_RESOURCES_API}/${id}`));
