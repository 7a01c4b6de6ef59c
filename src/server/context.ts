import type { Database } from './db/client.js';
import type { BillingSettings } from './features/billing/billing-settings.js';
import type { PrintifySettings } from './integrations/printify/printify-client.js';
import type { FileStore } from './integrations/file-store/file-store.js';
import type { RetailSettings } from './features/resources-hub/retailer-links.js';
import type { LiveBus } from './live/live-bus.js';
import type { AppMetrics } from './metrics/app-metrics.js';
import type { RetailAffiliateSettings } from './features/retail-affiliates/retail-affiliate-settings.js';
import type { WebhookSettings } from './features/webhooks/webhook-settings.js';

/** What every feature needs from the running app; built once in app.ts, handed to services. */
export interface AppContext {
  db: Database;
  /** Origin used in emails and QR codes, without a trailing slash. */
  publicUrl: string;
  adminEmails: string[];
  /** Receives contact-page messages (SUPPORT_EMAIL); without it they are only kept for admins. */
  supportEmail?: string;
  /** Key for hashing client addresses before they are stored (votes keep no raw IP). */
  ipHashKey: string;
  /**
   * Seals two-factor secrets at rest (AES-256-GCM): a base64url 32-byte key, derived from
   * SESSION_SECRET with deriveKey(secret, 'two-factor'), so a copy of the database alone makes no codes.
   */
  twoFactorKey: string;
  /**
   * The same key derived from earlier secrets (SESSION_SECRET_FALLBACKS): two-factor secrets and
   * recovery codes made before the secret changed still open, so a rotation locks nobody out.
   */
  previousTwoFactorKeys?: string[];
  /** Signs the one-click unsubscribe links of notices (features/notifications/unsubscribe.ts). */
  unsubscribeKey: string;
  /** Unsubscribe keys of earlier secrets: links in mails already sent keep working after a rotation. */
  previousUnsubscribeKeys?: string[];
  /** Stripe, when STRIPE_SECRET_KEY is set; without it checkout answers 503 (DECISIONS 7). */
  billing?: BillingSettings;
  /** Printify, when PRINTIFY_API_TOKEN and PRINTIFY_SHOP_ID are set; without it magnets fall back (DECISIONS 7). */
  printify?: PrintifySettings;
  /** The resource hub's retailer links (AMAZON_ASSOCIATE_TAG, AMAZON_BASE_URL); amazon.com without a tag when absent. */
  retail?: RetailSettings;
  /** Uploaded files (DATA_DIR/uploads, or a bucket when S3_URL is set); without it uploads answer 503. */
  fileStore?: FileStore;
  /**
   * Operators' and the platform's retail integrations (Amazon, Sam's Club through FlexOffers): the key
   * their secrets are sealed with (from ENCRYPTION_KEY) and the clients; without it their calls answer 503.
   */
  retailAffiliates?: RetailAffiliateSettings;
  /** Outgoing webhooks: the key their signing secrets are sealed with (from ENCRYPTION_KEY); without it their routes answer 503. */
  webhooks?: WebhookSettings;
  /** Live updates to open tabs: by LISTEN/NOTIFY on a PostgreSQL server (every instance), in memory on the embedded one. */
  live: LiveBus;
  /**
   * The Prometheus figures (metrics/app-metrics.ts), shared with the jobs worker. buildApp makes one
   * when none is given, so inside the app it is always there; code that counts uses `?.` anyway,
   * as services are also called with a bare context in tests.
   */
  metrics?: AppMetrics;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
