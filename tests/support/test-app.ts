import type { FastifyBaseLogger, FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import type { DatabaseHandle } from '../../src/server/db/client.js';
import { createMailer } from '../../src/server/integrations/mail/mailer.js';
import { appJobs } from '../../src/server/jobs/app-jobs.js';
import { startJobs } from '../../src/server/jobs/start-jobs.js';
import { AppMetrics } from '../../src/server/metrics/app-metrics.js';
import { openLiveBus } from '../../src/server/live/open-live-bus.js';
import { deriveKey } from '../../src/server/secrets.js';
import { SESSION_COOKIE } from '../../src/server/sessions.js';
import { startSmtpServer, type TestSmtpServer } from './smtp-server.js';
import { openTestDatabase } from './test-database.js';
import pino from 'pino';
import type { BillingSettings } from '../../src/server/features/billing/billing-settings.js';
import type { PrintifySettings } from '../../src/server/integrations/printify/printify-client.js';
import type { RetailSettings } from '../../src/server/features/resources-hub/retailer-links.js';
import type { FileStore } from '../../src/server/integrations/file-store/file-store.js';
import { AmazonCreatorsClient } from '../../src/server/integrations/amazon-creators/amazon-creators-client.js';
import { FlexOffersClient } from '../../src/server/integrations/flexoffers/flexoffers-client.js';
import type { RetailAffiliateSettings } from '../../src/server/features/retail-affiliates/retail-affiliate-settings.js';
import type { WebhookSettings } from '../../src/server/features/webhooks/webhook-settings.js';

export const TEST_PUBLIC_URL = 'http://vendvote.test';
const TEST_SESSION_SECRET = 'test-session-secret-that-is-long-enough-0123456789';
/** Derived as main.ts derives it, so tests seal two-factor secrets with a key of the real shape. */
export const TEST_TWO_FACTOR_KEY = deriveKey(TEST_SESSION_SECRET, 'two-factor');
/** Signs the unsubscribe links of notices; tests make links of their own with it. */
export const TEST_UNSUBSCRIBE_KEY = deriveKey(TEST_SESSION_SECRET, 'unsubscribe');
/** Seals the retail affiliate secrets, derived as retailAffiliatesFrom derives it from an ENCRYPTION_KEY. */
export const TEST_RETAIL_SECRET_KEY = deriveKey('test-encryption-key-that-is-long-enough-0123456789', 'retail-affiliate-secrets');
/** Webhooks as webhooksFrom makes them, allowing loopback receivers (WEBHOOK_ALLOW_PRIVATE_URLS); a test may pass its own. */
export const TEST_WEBHOOKS: WebhookSettings = { secretKey: deriveKey('test-encryption-key-that-is-long-enough-0123456789', 'webhook-secrets'), allowPrivateUrls: true };
/** Nothing listens on the discard port: without a fake, a connection test fails at once and never leaves the machine. */
const NOWHERE = 'http://127.0.0.1:9';

/** Where the retail clients call (the local fakes) and how long a connection test may take. */
export interface TestRetailApis {
  amazonApiBase?: string;
  flexOffersApiBase?: string;
  timeoutMs?: number;
}

function testRetailAffiliates(apis: TestRetailApis = {}): RetailAffiliateSettings {
  return {
    secretKey: TEST_RETAIL_SECRET_KEY,
    amazon: new AmazonCreatorsClient({ apiBase: apis.amazonApiBase ?? NOWHERE, timeoutMs: apis.timeoutMs }),
    flexOffers: new FlexOffersClient({ apiBase: apis.flexOffersApiBase ?? NOWHERE, timeoutMs: apis.timeoutMs }),
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  smtp: TestSmtpServer;
  /** The app's Prometheus figures, shared with its jobs worker as main.ts shares them. */
  metrics: AppMetrics;
  close(): Promise<void>;
}

/** The real app on a fresh database, with its jobs worker sending mail to a real SMTP server on loopback. */
export async function createTestApp(
  options: { adminEmails?: string[]; supportEmail?: string; publicUrl?: string; webDir?: string; billing?: BillingSettings; printify?: PrintifySettings; retail?: RetailSettings; fileStore?: FileStore; retailApis?: TestRetailApis; logger?: FastifyBaseLogger; webhooks?: WebhookSettings } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const smtp = await startSmtpServer();
  const log = pino({ level: 'silent' });
  const mailer = createMailer({ smtpUrl: smtp.url, from: 'VendVote <no-reply@vendvote.test>', outboxDir: '', log });
  const publicUrl = options.publicUrl ?? TEST_PUBLIC_URL;
  const live = await openLiveBus(database);
  const webhooks = options.webhooks ?? TEST_WEBHOOKS;
  const metrics = new AppMetrics({ db: database.db, jobQueues: Object.keys(appJobs) });
  const jobs = await startJobs({ deps: { db: database.db, mailer, log, publicUrl, printify: options.printify, unsubscribeKey: TEST_UNSUBSCRIBE_KEY, webhooks, fileStore: options.fileStore, metrics }, log, soleInstance: false });
  const app = await buildApp({
    context: { db: database.db, publicUrl, adminEmails: options.adminEmails ?? [], supportEmail: options.supportEmail, ipHashKey: 'test-ip-hash-key', twoFactorKey: TEST_TWO_FACTOR_KEY, unsubscribeKey: TEST_UNSUBSCRIBE_KEY, billing: options.billing, printify: options.printify, retail: options.retail, fileStore: options.fileStore, retailAffiliates: testRetailAffiliates(options.retailApis), webhooks, live, metrics },
    sessionSecret: TEST_SESSION_SECRET,
    webDir: options.webDir,
    logger: options.logger,
  });
  await app.ready();
  return {
    app,
    database,
    smtp,
    metrics,
    async close() {
      await app.close();
      await live.close();
      await jobs.stop();
      mailer.close();
      await smtp.close();
      await database.close();
    },
  };
}

/** The session cookie an answer set, as a Cookie header value for the next request. */
export function sessionCookieFrom(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error(`No ${SESSION_COOKIE} cookie in the response`);
  return `${SESSION_COOKIE}=${cookie.value}`;
}
