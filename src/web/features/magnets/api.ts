import { keepPreviousData, queryOptions, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AdminMagnetOrderSchema,
  CreateMagnetOrder,
  MagnetOrderResult,
  MagnetOrderStatus,
  MagnetOrderView,
  MagnetQuote,
  MagnetQuoteRequest,
  MagnetVariant,
  MarkMagnetOrderShippedSchema,
} from '../../../shared/magnets.schemas.js';
import { MAGNET_CAPTION } from '../../../shared/magnet-pricing.js';
import { apiJson, apiRequest } from '../../lib/api.js';
import { invalidateKeys } from '../../lib/query-client.js';

export type AdminMagnetOrder = z.infer<typeof AdminMagnetOrderSchema>;
export type MarkShipped = z.input<typeof MarkMagnetOrderShippedSchema>;

export const MAGNET_VARIANTS_URL = '/api/printify/magnet-variants';
export const MAGNET_QUOTE_URL = '/api/magnet-quote';
export const MAGNET_ORDERS_URL = '/api/magnet-orders';
export const ADMIN_MAGNET_ORDERS_URL = '/api/admin/magnet-orders';

// Keys start with the URL (spec 7: the default load joins the key parts with '/').
export const magnetKeys = {
  variants: [MAGNET_VARIANTS_URL] as const,
  /** Every quote: re-read them all when the server says the price changed. */
  quotes: [MAGNET_QUOTE_URL] as const,
  quote: (request: MagnetQuoteRequest) => [...magnetKeys.quotes, request] as const,
  /** Every answer about the operator's orders (the list and each receipt): invalidate after an order changes. */
  orders: [MAGNET_ORDERS_URL] as const,
  order: (orderId: number) => [...magnetKeys.orders, orderId] as const,
  /**
   * The one confirmation of a Stripe payment, outside `orders` so that re-reading the orders never
   * asks Stripe again.
   */
  paymentConfirmation: (orderId: number, sessionId: string) => ['magnet-payment-confirmation', orderId, sessionId] as const,
  /** The printed image previewed in the order dialog: the machine's code with the magnet's caption. */
  qrPreview: (machineId: number) => ['qr-code', machineId, 'magnet'] as const,
  admin: [ADMIN_MAGNET_ORDERS_URL] as const,
  adminList: (status?: MagnetOrderStatus) => [...magnetKeys.admin, { status }] as const,
};

/** GET /api/printify/magnet-variants: the sizes on offer (the server falls back to the spec's size). */
export const magnetVariantsQuery = queryOptions<MagnetVariant[]>({ queryKey: magnetKeys.variants });

/** POST /api/magnet-orders/{id}/pay: the Stripe page of an order still waiting for payment. */
export const resumeMagnetPayment = (orderId: number) => apiJson<{ url: string }>('POST', `${MAGNET_ORDERS_URL}/${orderId}/pay`);

export const fetchMagnetQuote = (request: MagnetQuoteRequest) => apiJson<MagnetQuote>('POST', MAGNET_QUOTE_URL, request);

/**
 * POST /api/magnet-quote: the server's price for one choice, null until a size is known. Re-read
 * whenever the dialog shows it again, as the printer's cost may have changed since; while a new
 * choice is priced, the last price stays on screen, marked as a placeholder.
 */
export function useMagnetQuote(request: MagnetQuoteRequest | null) {
  return useQuery({
    queryKey: request ? magnetKeys.quote(request) : magnetKeys.quotes,
    queryFn: request ? () => fetchMagnetQuote(request) : skipToken,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** The machine's QR code with the magnet's caption, as the printer prints it. */
export const magnetQrPreviewQuery = (machineId: number) =>
  queryOptions({
    queryKey: magnetKeys.qrPreview(machineId),
    queryFn: async () => {
      const response = await apiRequest('POST', '/api/qr-code/generate', { machineId, customText: MAGNET_CAPTION });
      return response.blob();
    },
  });

/** GET /api/magnet-orders, newest first, through the default query function. */
export const magnetOrdersQuery = queryOptions<MagnetOrderView[]>({ queryKey: magnetKeys.orders });

/** GET /api/magnet-orders/{id}: one order, its receipt. */
export const magnetOrderQuery = (orderId: number) => queryOptions<MagnetOrderView>({ queryKey: magnetKeys.order(orderId) });

/** POST /api/magnet-orders/{id}/confirm-payment, once per return from Stripe. */
export const magnetPaymentConfirmationQuery = (orderId: number, sessionId: string) =>
  queryOptions({
    queryKey: magnetKeys.paymentConfirmation(orderId, sessionId),
    queryFn: () => apiJson<MagnetOrderView>('POST', `${MAGNET_ORDERS_URL}/${orderId}/confirm-payment`, { sessionId }),
    retry: false,
    gcTime: 0,
  });

/** GET /api/admin/magnet-orders, optionally by status (admins only). */
export const adminMagnetOrdersQuery = (status?: MagnetOrderStatus) =>
  queryOptions({
    queryKey: magnetKeys.adminList(status),
    queryFn: () => apiJson<AdminMagnetOrder[]>('GET', status ? `${ADMIN_MAGNET_ORDERS_URL}?status=${encodeURIComponent(status)}` : ADMIN_MAGNET_ORDERS_URL),
  });

export function useMagnetOrders() {
  return useQuery(magnetOrdersQuery);
}

/** POST /api/magnet-orders. The order list re-reads whatever the answer, as an order may now wait for payment. */
export function usePlaceMagnetOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: CreateMagnetOrder) => apiJson<MagnetOrderResult>('POST', MAGNET_ORDERS_URL, order),
    onSettled: () => invalidateKeys(queryClient, magnetKeys.orders, magnetKeys.admin),
  });
}

/** POST /api/admin/magnet-orders/{id}/ship: the order leaves the admin's list and its operator sees the tracking. */
export function useMarkMagnetOrderShipped() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, shipment }: { orderId: number; shipment: MarkShipped }) =>
      apiJson<AdminMagnetOrder>('POST', `${ADMIN_MAGNET_ORDERS_URL}/${orderId}/ship`, shipment),
    onSuccess: () => invalidateKeys(queryClient, magnetKeys.admin, magnetKeys.orders),
  });
}
