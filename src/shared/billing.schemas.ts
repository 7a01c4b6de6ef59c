import { z } from 'zod';
import { SubscriptionTierSchema } from './auth.schemas.js';
import { idParamsSchema } from './ids.js';

/**
 * Plans and billing with Stripe (extended spec 2 Pricing, 7, 8, 9; DECISIONS 5 and 7). Stripe's
 * webhooks decide a plan; the browser only asks for checkout, portal and plan-change sessions.
 */

export const PaidTierSchema = z.enum(['growth', 'enterprise']);
export type PaidTier = z.infer<typeof PaidTierSchema>;

/** Stripe's subscription statuses, and 'none' for an operator who never subscribed. */
export const BillingStatusSchema = z.enum([
  'none',
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'paused',
]);
export type BillingStatus = z.infer<typeof BillingStatusSchema>;

/** GET /api/auth/subscription-status: the signed-in operator's plan and what it allows. */
export const SubscriptionStatusSchema = z.object({
  tier: SubscriptionTierSchema,
  status: BillingStatusSchema,
  /** ISO time the free trial ends; null outside a trial. */
  trialEndsAt: z.string().nullable(),
  /** ISO time the current period ends (the next charge, or the end of a cancelled plan). */
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** A downgrade waiting for the end of the period: the plan it will become, and when. */
  scheduledChange: z.object({ tier: SubscriptionTierSchema, at: z.string() }).nullable(),
  /** Null: unlimited. */
  machineLimit: z.number().int().nullable(),
  machineCount: z.number().int(),
});
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

/** GET /api/billing/config (public): what the pricing page needs to offer checkout. */
export const BillingConfigSchema = z.object({
  /** False without STRIPE_SECRET_KEY: checkout answers 503 and the pricing page says so. */
  configured: z.boolean(),
  /** The Stripe price id of each paid plan (STRIPE_PRICE_GROWTH, STRIPE_PRICE_ENTERPRISE). */
  priceIds: z.object({ growth: z.string().nullable(), enterprise: z.string().nullable() }),
});
export type BillingConfig = z.infer<typeof BillingConfigSchema>;

/**
 * POST /api/stripe/create-checkout, as the spec's call names it. Only `priceId` is trusted, and only
 * when it is one of the two configured prices; who pays is the session's user, never `userId` or
 * `email` from the body (accepted and ignored so the spec's payload stays valid).
 */
export const CreateCheckoutSchema = z.object({
  priceId: z.string({ error: 'Choose a plan' }).trim().min(1, 'Choose a plan').max(200),
  planName: z.string().max(100).optional(),
  userId: z.union([z.string(), z.number()]).optional(),
  email: z.string().max(320).optional(),
});
export type CreateCheckout = z.infer<typeof CreateCheckoutSchema>;

/** A Stripe-hosted page the browser navigates to: Checkout, or the Customer Portal. */
export const RedirectUrlSchema = z.object({ url: z.string() });
export type RedirectUrl = z.infer<typeof RedirectUrlSchema>;

/** POST /api/stripe/change-plan: an operator with a subscription moves to another paid plan. */
export const ChangePlanSchema = z.object({ tier: PaidTierSchema });
export const ChangePlanResultSchema = z.object({
  /** 'now': an upgrade, in effect at once; 'period_end': a downgrade, at the end of the period. */
  effective: z.enum(['now', 'period_end']),
  subscription: SubscriptionStatusSchema,
});

/** GET /api/stripe/checkout-session?session_id=: the success page asks Stripe through us. */
export const CheckoutSessionQuerySchema = z.object({ session_id: z.string().trim().min(1).max(255) });
export const CheckoutConfirmationSchema = z.object({
  /** 'complete' once paid or trialing; 'open' still waiting; 'expired' abandoned. */
  status: z.enum(['open', 'complete', 'expired']),
  /** The plan the session bought; null when Stripe names a price we do not sell. */
  tier: SubscriptionTierSchema.nullable(),
  /** The operator's plan as our records hold it now (webhooks may still be on their way). */
  subscription: SubscriptionStatusSchema,
});
export type CheckoutConfirmation = z.infer<typeof CheckoutConfirmationSchema>;

/** What POST /api/stripe/webhook answers Stripe once an event is applied (or was already). */
export const WebhookAckSchema = z.object({ received: z.literal(true) });

/** The browser-storage key and shape of a plan chosen before signing up (extended spec 3). */
export const SUBSCRIPTION_INTENT_KEY = 'subscriptionIntent';
export const SubscriptionIntentSchema = z.object({ priceId: z.string().min(1), planName: z.string().trim().min(1) });
export type SubscriptionIntent = z.infer<typeof SubscriptionIntentSchema>;

/** Days before a trial ends that Stripe's customer.subscription.trial_will_end arrives, and we mail. */
export const TRIAL_REMINDER_DAYS = 3;

export const BillingMessages = {
  notConfigured: 'Billing is not configured',
  unknownPrice: 'That plan is not for sale. Please choose a plan on the Pricing page.',
  noSubscription: 'You have no paid subscription yet. Choose a plan on the Pricing page.',
  samePlan: 'You are already on that plan.',
  alreadySubscribed: 'You already have a subscription. Change your plan on the Plan & billing page.',
  checkoutNotFound: 'Checkout session not found',
  /** Extended spec 8. */
  checkoutErrorTitle: 'Checkout Error',
  checkoutErrorText: 'Failed to start checkout. Please try again.',
  portalErrorText: 'Failed to open billing. Please try again.',
  changePlanErrorText: 'Failed to change the plan. Please try again.',
  confirmErrorText: 'Failed to check the checkout with Stripe. Please try again.',
  upgradeNotPaid: 'The payment for the upgrade did not go through, so your plan was not changed. Update your card under Manage billing and try again.',
  badSignature: 'Invalid signature',
  /** A Stripe event could not be applied because Stripe did not answer our reads; Stripe sends it again. */
  eventReadFailed: 'Could not read this event from Stripe. Please send it again.',
  unknownTier: 'Plan must be free, growth or enterprise',
} as const;

/** PATCH /api/admin/users/{id}/plan (admin): set a plan by hand, chiefly where billing is not configured. */
export const AdminSetPlanSchema = z.object({ tier: z.enum(SubscriptionTierSchema.options, { error: BillingMessages.unknownTier }) });
export const UserIdParamsSchema = idParamsSchema('user');
