import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BillingConfigSchema,
  ChangePlanResultSchema,
  ChangePlanSchema,
  CheckoutConfirmationSchema,
  CheckoutSessionQuerySchema,
  CreateCheckoutSchema,
  RedirectUrlSchema,
  WebhookAckSchema,
} from '../../../shared/billing.schemas.js';
import { signedInUser } from '../../route-scopes.js';
import { configuredBilling, confirmCheckout, openCustomerPortal, startCheckout } from './checkout.js';
import { changePlan } from './plan-change.js';
import { handleStripeEvent, verifiedEvent } from './stripe-webhook.js';

/** What the pricing page reads before offering checkout (public). */
export async function billingPublicRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.get('/api/billing/config', { schema: { response: { 200: BillingConfigSchema } } }, async () => ({
    configured: ctx.billing !== undefined,
    priceIds: { growth: ctx.billing?.prices.growth ?? null, enterprise: ctx.billing?.prices.enterprise ?? null },
  }));
}

/** Billing and the plan are the team owner's alone (decision 0054). */
const ownerOnly = { teamAccess: 'owner' as const };

/** Checkout and the Customer Portal for the team's owner (operator scope). */
export async function billingOperatorRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.post('/api/stripe/create-checkout', { config: ownerOnly, schema: { body: CreateCheckoutSchema, response: { 200: RedirectUrlSchema } } }, async (request) =>
    startCheckout(ctx, signedInUser(request), request.body.priceId),
  );

  app.post('/api/stripe/portal', { config: ownerOnly, schema: { response: { 200: RedirectUrlSchema } } }, async (request) =>
    openCustomerPortal(ctx, signedInUser(request)),
  );

  app.post('/api/stripe/change-plan', { config: ownerOnly, schema: { body: ChangePlanSchema, response: { 200: ChangePlanResultSchema } } }, async (request) =>
    changePlan(ctx, signedInUser(request), request.body.tier),
  );

  app.get(
    '/api/stripe/checkout-session',
    { config: ownerOnly, schema: { querystring: CheckoutSessionQuerySchema, response: { 200: CheckoutConfirmationSchema } } },
    async (request) => confirmCheckout(ctx, signedInUser(request), request.query.session_id),
  );
}

/** Stripe's calls to us (webhook scope): signed, so the raw body is checked before anything else. */
export async function billingWebhookRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.post('/api/stripe/webhook', { schema: { response: { 200: WebhookAckSchema } } }, async (request) => {
    const billing = configuredBilling(ctx);
    const event = verifiedEvent(billing, request.rawBody, request.headers['stripe-signature']);
    await handleStripeEvent(ctx, billing, event);
    return { received: true as const };
  });
}
