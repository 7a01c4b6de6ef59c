import Stripe from 'stripe';

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
  return new Stripe(secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base ? { host: base.hostname, port: base.port || (protocol === 'http' ? 80 : 443), protocol } : {}),
  });
}
