import { createRequire } from 'node:module';
import type Stripe from 'stripe';

/**
 * The SDK is loaded when the first client is made: an install without Stripe never pays the
 * memory it takes (about 20 MB), which matters on the embedded database's small footprint.
 */
const loadStripe = () => createRequire(import.meta.url)('stripe') as typeof Stripe;

/** The API version our code and its webhook handling are written against. */
export const STRIPE_API_VERSION = '2026-10-28.endive';

export interface StripeSettings {
  secretKey: string;
  /**
   * A Stripe-compatible server to talk to instead of api.stripe.com (tests, local development),
   * e.g. `http://127.0.0.1:12111`.
   */
  apiBase?: string;
}

/** The one Stripe client of the app: pinned API version, retries on network errors, no telemetry. */
export function createStripeClient({ secretKey, apiBase }: StripeSettings): Stripe {
  const base = apiBase ? new URL(apiBase) : undefined;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  const StripeClient = loadStripe();
  return new StripeClient(secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base ? { host: base.hostname, port: base.port || (protocol === 'http' ? 80 : 443), protocol } : {}),
  });
}

/** An error of the Stripe SDK (Stripe refused, failed or could not be reached), told by its type name. */
export interface StripeSdkError extends Error {
  type: string;
  statusCode?: number;
}

export function isStripeError(error: unknown): error is StripeSdkError {
  if (!(error instanceof Error) || !('type' in error)) return false;
  return typeof error.type === 'string' && error.type.startsWith('Stripe');
}
