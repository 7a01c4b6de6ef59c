import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BillingConfigSchema, CreateCheckoutSchema, RedirectUrlSchema } from '../../../shared/billing.schemas.js';
import { signedInUser } from '../../route-scopes.js';
import { openCustomerPortal, startCheckout } from './checkout.js';

/** What the pricing page reads before offering checkout (public). */
export async function billingPublicRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.get('/api/billing/config', { schema: { response: { 200: BillingConfigSchema } } }, async () => ({
    configured: ctx.billing !== undefined,
    priceIds: { growth: ctx.billing?.prices.growth ?? null, enterprise: ctx.billing?.prices.enterprise ?? null },
  }));
}

/** Checkout and the Customer Portal for the signed-in operator (operator scope). */
export async function billingOperatorRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.post('/api/stripe/create-checkout', { schema: { body: CreateCheckoutSchema, response: { 200: RedirectUrlSchema } } }, async (request) =>
    startCheckout(ctx, signedInUser(request), request.body.priceId),
  );

  app.post('/api/stripe/portal', { schema: { response: { 200: RedirectUrlSchema } } }, async (request) =>
    openCustomerPortal(ctx, signedInUser(request)),
  );
}
