import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../db/client.js';
import type { Mailer } from '../integrations/mail/mailer.js';
import type { PrintifySettings } from '../integrations/printify/printify-client.js';
import type { FileStore } from '../integrations/file-store/file-store.js';
import type { WebhookSettings } from '../features/webhooks/webhook-settings.js';
import type { AppMetrics } from '../metrics/app-metrics.js';
import type { BackupJobSettings } from '../features/backups/backup.job.js';

/** What a job's handler may use; handed over by the worker, never taken from a request. */
export interface JobDeps {
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Our public origin, for addresses handed to other services (the printer fetches the QR image there). */
  publicUrl?: string;
  /** Printify, when configured; without it magnet orders wait for manual fulfilment. */
  printify?: PrintifySettings;
  /** Signs the one-click unsubscribe links of notices; the same key as the app's. */
  unsubscribeKey?: string;
  /** Outgoing webhooks' sealing key and address rule; without it their deliveries fail and retry. */
  webhooks?: WebhookSettings;
  /** Uploaded and generated files (the account data exports' ZIPs); without it those jobs fail and retry. */
  fileStore?: FileStore;
  /** The app's Prometheus figures (mails, webhook deliveries); absent where a test runs jobs alone. */
  metrics?: AppMetrics;
  /** Scheduled backups (BACKUP_SCHEDULE); without it the backup job refuses to run. */
  backups?: BackupJobSettings;
}

/** Which run of the job this is: a handler that records its own outcome knows when it is the last. */
export interface JobRun {
  attempt: number;
  maxAttempts: number;
}

export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  /** Checked when enqueued and again when run, so a stored row from an older release fails loudly. */
  payload: S;
  /** `run` is given by the worker; a test calling a handler directly may leave it out. */
  handle(payload: z.output<S>, deps: JobDeps, run?: JobRun): Promise<void>;
  /** Attempts before the job is dead; DEFAULT_MAX_ATTEMPTS unless given. */
  maxAttempts?: number;
}

export type JobRegistry = Record<string, JobDefinition>;

/**
 * Ten attempts with the worker's backoff (5 s doubling) span about 85 minutes: long enough to
 * ride out a mail server's restart or a short outage, short enough that a dead job is still news.
 */
export const DEFAULT_MAX_ATTEMPTS = 10;

export const defineJob = <S extends z.ZodType>(definition: JobDefinition<S>) => definition;
