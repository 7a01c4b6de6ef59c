import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreatedWebhook,
  CreateWebhook,
  UpdateWebhook,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookSecret,
  WebhookTestQueued,
} from '../../../shared/webhooks.schemas.js';
import { apiJson } from '../../lib/api.js';

export const WEBHOOKS_URL = '/api/webhooks';

export const webhookKeys = {
  all: [WEBHOOKS_URL] as const,
  /** GET /api/webhooks/:id/deliveries (the default fetcher joins the key with '/'). */
  deliveries: (id: number) => [WEBHOOKS_URL, id, 'deliveries'] as const,
};

/** While a delivery waits for its first answer, its list is asked again this often. */
const PENDING_POLL_MS = 2000;

export const webhooksQuery = queryOptions<WebhookEndpoint[]>({ queryKey: webhookKeys.all });

export function useWebhooks() {
  return useQuery(webhooksQuery);
}

/** The latest deliveries of one endpoint, refreshed while one is still on its way. */
export function useWebhookDeliveries(id: number) {
  const queryClient = useQueryClient();
  const waiting = (deliveries: WebhookDelivery[] | undefined) => deliveries?.some((delivery) => delivery.status === 'pending' && delivery.attempts === 0) ?? false;
  return useQuery({
    queryKey: webhookKeys.deliveries(id),
    queryFn: async () => {
      const before = queryClient.getQueryData<WebhookDelivery[]>(webhookKeys.deliveries(id));
      const deliveries = await apiJson<WebhookDelivery[]>('GET', `${WEBHOOKS_URL}/${id}/deliveries`);
      // A delivery was answered since the last look (however fast): the endpoint's last result above changed too.
      const answered = (list: WebhookDelivery[] | undefined) => list?.filter((delivery) => delivery.attempts > 0).map((delivery) => `${delivery.id}:${delivery.attempts}`).join();
      if (answered(before) !== answered(deliveries)) void queryClient.invalidateQueries({ queryKey: webhookKeys.all, exact: true });
      return deliveries;
    },
    refetchInterval: (query) => (waiting(query.state.data) ? PENDING_POLL_MS : false),
  });
}

/** POST /api/webhooks: the answer holds the signing secret, which the caller shows this once. */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhook) => apiJson<CreatedWebhook>('POST', WEBHOOKS_URL, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateWebhook & { id: number }) => apiJson<WebhookEndpoint>('PATCH', `${WEBHOOKS_URL}/${id}`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiJson<{ id: number; deleted: true }>('DELETE', `${WEBHOOKS_URL}/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

/** POST /api/webhooks/:id/roll-secret: the new secret, shown once; the old one stops signing at once. */
export function useRollWebhookSecret() {
  return useMutation({ mutationFn: (id: number) => apiJson<WebhookSecret>('POST', `${WEBHOOKS_URL}/${id}/roll-secret`) });
}

/** POST /api/webhooks/:id/test: queues a `ping`; its deliveries list refreshes until it has an answer. */
export function useSendWebhookTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiJson<WebhookTestQueued>('POST', `${WEBHOOKS_URL}/${id}/test`),
    onSettled: (_data, _error, id) => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }),
  });
}
