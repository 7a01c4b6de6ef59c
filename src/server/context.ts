import type { Database } from './db/client.js';
import type { BillingSettings } from './features/billing/billing-settings.js';

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
  /** Stripe, when STRIPE_SECRET_KEY is set; without it checkout answers 503 (DECISIONS 7). */
  billing?: BillingSettings;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
