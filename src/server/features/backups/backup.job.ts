import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { FileStore } from '../../integrations/file-store/file-store.js';
import { enqueue } from '../../jobs/enqueue.js';
import { defineJob, type JobDeps } from '../../jobs/job-definition.js';
import { backUpTo, type BackupDestination } from './backup-destination.js';

/** What the scheduled backup needs beyond the usual job dependencies; present when BACKUP_SCHEDULE is set. */
export interface BackupJobSettings {
  database: DatabaseHandle;
  fileStore: FileStore;
  dataDir: string;
  destination: BackupDestination;
  keep: number;
  adminEmails: string[];
}

export const describeDestination = (destination: BackupDestination) => ('dir' in destination ? destination.dir : 'the S3 bucket');

/** ADMIN_EMAILS and every account with the admin role, once each. */
async function adminAddresses(deps: JobDeps, settings: BackupJobSettings): Promise<string[]> {
  const admins = await deps.db.select({ email: users.email }).from(users).where(eq(users.role, 'admin'));
  return [...new Set([...settings.adminEmails, ...admins.map((admin) => admin.email.toLowerCase())])];
}

/**
 * One backup per scheduled slot: the scheduler's unique key per slot makes one job of it however
 * many instances run, and on the embedded database the server process is the only one that can
 * read it. One attempt only: a failure mails the admins at once instead of retrying into the next slot.
 */
export const makeBackupJob = defineJob({
  payload: z.object({}),
  maxAttempts: 1,
  async handle(_payload, deps) {
    const settings = deps.backups;
    if (!settings) throw new Error('Backups are not configured on this instance');
    try {
      const result = await backUpTo(settings, settings.destination, settings.keep);
      deps.log.info({ location: result.location, seconds: Number(result.seconds.toFixed(1)) }, 'backup made');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const startedAt = new Date().toISOString().slice(0, 16).replace('T', ' ');
      for (const to of await adminAddresses(deps, settings)) {
        await enqueue(deps.db, 'mail.backup-failed', { to, props: { startedAt, error: message, destination: describeDestination(settings.destination) } });
      }
      throw error;
    }
  },
});
