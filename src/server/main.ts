import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { openDatabase } from './db/client.js';
import { prepareEmbeddedDataDirApart } from './db/first-start.js';
import { seedDemoData } from './db/seed.js';
import { drainSeconds, parseAdminEmails, readEnv } from './env.js';
import { billingFromEnv } from './features/billing/billing-settings.js';
import { printifySettingsFrom } from './integrations/printify/printify-client.js';
import { retailSettingsFrom } from './features/resources-hub/retailer-links.js';
import { retailAffiliatesFrom } from './features/retail-affiliates/retail-affiliate-settings.js';
import { webhooksFrom } from './features/webhooks/webhook-settings.js';
import { createMailer } from './integrations/mail/mailer.js';
import { describeFileStore, fileStoreFrom } from './integrations/file-store/index.js';
import { appJobs } from './jobs/app-jobs.js';
import { startJobs } from './jobs/start-jobs.js';
import { AppMetrics } from './metrics/app-metrics.js';
import { startMetricsServer, type MetricsServer } from './metrics/metrics-server.js';
import { backupDestinationFrom } from './features/backups/backup-destination.js';
import { openLiveBus } from './live/open-live-bus.js';
import { loggableError } from './plugins/error-handler.js';
import { closeGracefully } from './plugins/graceful-close.js';
import { createLogger } from './logging.js';
import { deriveKey, loadOrCreateSecret } from './secrets.js';
import { deleteExpiredSessions } from './sessions.js';
import { announceStartup } from './startup-lines.js';

const env = readEnv();
const log = createLogger(env.LOG_LEVEL);
const dataDir = resolve(env.DATA_DIR);
const isLoopbackUrl = (url: string) => ['localhost', '127.0.0.1', '[::1]'].includes(new URL(url).hostname);
const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
const webDir = fileURLToPath(new URL('../../dist/web', import.meta.url));

async function main() {
  if (!env.DATABASE_URL) await prepareEmbeddedDataDirApart(dataDir);
  const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL, log } : { dataDir });
  // Loaded only when asked for: a few MB resident that a single instance never uses.
  const redis = env.REDIS_URL ? new (await import('ioredis')).Redis(env.REDIS_URL, { maxRetriesPerRequest: 1, connectTimeout: 2000 }) : undefined;
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: resolve(dataDir, 'outbox'), log });
  const printify = printifySettingsFrom(env);
  if (printify && isLoopbackUrl(publicUrl) && !env.PRINTIFY_API_BASE) {
    // Printify fetches each order's QR image from PUBLIC_URL: from this address it could not.
    log.warn(`Printify cannot fetch magnet QR images from ${publicUrl}; set PUBLIC_URL to this server's public address`);
  }
  const sessionSecret = env.SESSION_SECRET ?? loadOrCreateSecret(dataDir, 'session');
  const unsubscribeKey = deriveKey(sessionSecret, 'unsubscribe');
  const previousSecrets = env.SESSION_SECRET_FALLBACKS;
  const live = await openLiveBus(database, log);
  const webhooks = webhooksFrom(env, dataDir);
  const fileStore = fileStoreFrom(env, dataDir);
  // One set of figures for the app and its jobs worker (mails, webhook deliveries).
  const metrics = new AppMetrics({ db: database.db, jobQueues: Object.keys(appJobs) });
  const backups = env.BACKUP_SCHEDULE
    ? { database, fileStore, dataDir, destination: backupDestinationFrom(env, dataDir, fileStore), keep: env.BACKUP_KEEP, adminEmails: parseAdminEmails(env.ADMIN_EMAILS) }
    : undefined;
  const jobs = await startJobs({
    deps: { db: database.db, mailer, log, publicUrl, printify, unsubscribeKey, webhooks, fileStore, metrics, backups },
    log,
    soleInstance: database.kind === 'embedded',
    backupSchedule: env.BACKUP_SCHEDULE,
  });
  const app = await buildApp({
    context: {
      db: database.db,
      publicUrl,
      adminEmails: parseAdminEmails(env.ADMIN_EMAILS),
      supportEmail: env.SUPPORT_EMAIL,
      ipHashKey: deriveKey(sessionSecret, 'ip-hash'),
      twoFactorKey: deriveKey(sessionSecret, 'two-factor'),
      previousTwoFactorKeys: previousSecrets.map((secret) => deriveKey(secret, 'two-factor')),
      unsubscribeKey,
      previousUnsubscribeKeys: previousSecrets.map((secret) => deriveKey(secret, 'unsubscribe')),
      billing: billingFromEnv(env),
      printify,
      retail: retailSettingsFrom(env),
      retailAffiliates: retailAffiliatesFrom(env, dataDir),
      fileStore,
      webhooks,
      live,
      metrics,
    },
    sessionSecret,
    previousSessionSecrets: previousSecrets,
    redis,
    webDir,
    trustProxy: env.TRUST_PROXY,
    logger: log,
  });

  const demo = await database.exclusively(() => seedDemoData(database.db, dataDir));
  await deleteExpiredSessions(database.db);
  const sweep = setInterval(() => void deleteExpiredSessions(database.db).catch(() => {}), 60 * 60 * 1000);
  sweep.unref();

  let metricsServer: MetricsServer | undefined;
  const drainMs = drainSeconds(env) * 1000;
  // A second signal while draining skips the rest of the wait (Ctrl-C twice).
  const skipDrain = new AbortController();
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      skipDrain.abort();
      return;
    }
    closing = true;
    log.info(
      drainMs > 0
        ? `${signal} received: /readyz answers 503 and requests are still served for ${drainMs / 1000} s (signal again to skip), then open requests are finished and the database closed`
        : `${signal} received: finishing open requests, then closing the database`,
    );
    clearInterval(sweep);
    try {
      await closeGracefully(app, { drainMs, skipDrain: skipDrain.signal });
      // Scrapes go on while the app drains; the metrics listener closes after it.
      await metricsServer?.close();
      await live.close();
      // A job in progress (a mail half-sent) finishes before the database it reports to closes.
      await jobs.stop();
      await database.close();
      mailer.close();
      redis?.disconnect();
      process.exit(0);
    } catch (error) {
      log.error({ err: loggableError(error) }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: env.PORT, host: env.HOST });
  if (env.METRICS_PORT !== undefined) {
    metricsServer = await startMetricsServer({ metrics, port: env.METRICS_PORT, host: env.HOST, log });
    log.info(`Prometheus metrics are served at ${metricsServer.url} (not on the public port)`);
  }
  announceStartup(log, {
    publicUrl,
    database: database.kind === 'embedded' ? `embedded PostgreSQL in ${dataDir}` : 'PostgreSQL at DATABASE_URL',
    files: describeFileStore(env, dataDir),
    // A local install shows the password; a server deployment's logs only say where it is kept.
    demo:
      demo &&
      (database.kind === 'embedded'
        ? { email: demo.email, password: demo.password }
        : { email: demo.email, passwordFile: `${dataDir}/demo-account.json` }),
  });
}

main().catch((error: unknown) => {
  log.fatal({ err: loggableError(error) }, 'VendVote could not start');
  process.exit(1);
});
