import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminMagnetOrderListSchema,
  AdminMagnetOrderQuerySchema,
  AdminMagnetOrderSchema,
  ConfirmMagnetPaymentSchema,
  CreateMagnetOrderSchema,
  MagnetOrderListSchema,
  MagnetOrderResultSchema,
  MagnetOrderSchema,
  MagnetQuoteRequestSchema,
  MagnetQuoteSchema,
  MagnetVariantListSchema,
  MarkMagnetOrderShippedSchema,
} from '../../../shared/magnets.schemas.js';
import { FileResponseSchema } from '../../../shared/api-error.js';
import { RedirectUrlSchema } from '../../../shared/billing.schemas.js';
import { limit } from '../../plugins/rate-limit.js';
import { signedInUser } from '../../route-scopes.js';
import { listOrdersForAdmin, markShippedByHand } from './magnet-fulfilment.js';
import { confirmMagnetPayment, resumeMagnetPayment } from './magnet-payment.js';
import { magnetPaymentOf } from './magnet-payment-method.js';
import { getOwnedMagnetOrder, listMagnetOrders, magnetQrImage, placeMagnetOrder, toMagnetOrderView } from './magnet-orders.service.js';
import { priceOrder, quoteOf } from './magnet-quote.js';
import { magnetCatalogue } from './magnet-variants.js';
import { handlePrintifyWebhook } from './printify-webhook.js';

const OrderParams = z.object({ id: z.coerce.number().int().positive() });

const MINUTE_MS = 60_000;
const perOperator = (request: FastifyRequest) => String(signedInUser(request).id);

/** Sizes, prices and the operator's own orders (operator scope). */
export async function magnetRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.get('/api/printify/magnet-variants', { schema: { response: { 200: MagnetVariantListSchema } } }, async (request) => {
    return (await magnetCatalogue(ctx.printify, request.log)).variants;
  });

  // A quote with an address asks Printify for shipping, and an order opens a Stripe page: both are
  // limited per operator so that nobody can spend the shop's Printify allowance or flood Stripe.
  const quoteLimit = limit(server, { name: 'magnet-quote', max: 60, windowMs: MINUTE_MS, per: perOperator });
  const orderLimit = limit(server, { name: 'magnet-order', max: 10, windowMs: 10 * MINUTE_MS, per: perOperator });

  app.post('/api/magnet-quote', { schema: { body: MagnetQuoteRequestSchema, response: { 200: MagnetQuoteSchema } }, preHandler: quoteLimit }, async (request) => {
    const payment = await magnetPaymentOf(ctx.db, signedInUser(request).id, Boolean(ctx.billing));
    return quoteOf(await priceOrder(ctx, request.log, request.body), request.body.quantity, payment);
  });

  app.post('/api/magnet-orders', { schema: { body: CreateMagnetOrderSchema, response: { 200: MagnetOrderResultSchema } }, preHandler: orderLimit }, async (request) =>
    placeMagnetOrder(ctx, request.log, signedInUser(request), request.body),
  );

  app.get('/api/magnet-orders', { schema: { response: { 200: MagnetOrderListSchema } } }, async (request) =>
    listMagnetOrders(ctx, signedInUser(request).id),
  );

  app.get('/api/magnet-orders/:id', { schema: { params: OrderParams, response: { 200: MagnetOrderSchema } } }, async (request) =>
    toMagnetOrderView(await getOwnedMagnetOrder(ctx, signedInUser(request).id, request.params.id)),
  );

  app.post(
    '/api/magnet-orders/:id/confirm-payment',
    { schema: { params: OrderParams, body: ConfirmMagnetPaymentSchema, response: { 200: MagnetOrderSchema } } },
    async (request) => confirmMagnetPayment(ctx, signedInUser(request).id, request.params.id, request.body.sessionId),
  );

  app.post('/api/magnet-orders/:id/pay', { schema: { params: OrderParams, response: { 200: RedirectUrlSchema } } }, async (request) =>
    resumeMagnetPayment(ctx, signedInUser(request).id, request.params.id),
  );
}

/** The QR image the printer fetches for an order (public: the token is the only key). */
export async function magnetPublicRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.get(
    '/api/magnet-orders/:token/qr.png',
    { schema: { params: z.object({ token: z.string().max(100) }), response: { 200: FileResponseSchema } } },
    async (request, reply) => {
    const png = await magnetQrImage(ctx, request.params.token);
    // An order's vote address never changes, so neither does its image.
    return reply.type('image/png').header('cache-control', 'public, max-age=86400, immutable').send(png);
    },
  );
}

/** Orders waiting to be printed and posted by hand when Printify is not configured (admin scope). */
export async function magnetAdminRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.get(
    '/api/admin/magnet-orders',
    { schema: { querystring: AdminMagnetOrderQuerySchema, response: { 200: AdminMagnetOrderListSchema } } },
    async (request) => listOrdersForAdmin(ctx, request.query.status),
  );

  app.post(
    '/api/admin/magnet-orders/:id/ship',
    { schema: { params: OrderParams, body: MarkMagnetOrderShippedSchema, response: { 200: AdminMagnetOrderSchema } } },
    async (request) => markShippedByHand(ctx, request.params.id, request.body),
  );
}

/** Printify's calls to us (webhook scope): signed, checked on the raw body. */
export async function magnetWebhookRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.post('/api/printify/webhook', { schema: { response: { 200: z.object({ received: z.literal(true) }) } } }, async (request) => {
    await handlePrintifyWebhook(ctx, request.log, request.rawBody, request.headers['x-pfy-signature']);
    return { received: true as const };
  });
}
