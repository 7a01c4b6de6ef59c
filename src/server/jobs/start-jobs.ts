import type { FastifyBaseLogger } from 'fastify';
import { appJobs, appSchedules } from './app-jobs.js';
import type { JobDeps } from './job-definition.js';
import { releaseInterruptedJobs } from './job-store.js';
import { startScheduler } from './scheduler.js';
import { startJobWorker, type JobWorkerOptions } from './worker.js';

export interface JobsOptions {
  deps: JobDeps;
  log: FastifyBaseLogger;
  /** True when this process alone owns the database (the embedded one): see releaseInterruptedJobs. */
  soleInstance: boolean;
  worker?: Omit<JobWorkerOptions, 'registry' | 'deps' | 'log'>;
  /** BACKUP_SCHEDULE: cron text (UTC) for the backup job, whose settings are in deps.backups. */
  backupSchedule?: string;
}

export interface RunningJobs {
  /** Stops the timers, then waits for running jobs; call before the database closes. */
  stop(): Promise<void>;
}

/** The app's worker and recurring jobs; start after migrations. */
export async function startJobs({ deps, log, soleInstance, worker: workerOptions, backupSchedule }: JobsOptions): Promise<RunningJobs> {
  if (soleInstance) {
    const released = await releaseInterruptedJobs(deps.db);
    if (released > 0) log.info({ count: released }, 'jobs cut off by the last shutdown run again');
  }
  const schedules = backupSchedule ? [...appSchedules, { name: 'backups.make', cron: backupSchedule, payload: {} }] : appSchedules;
  const scheduler = startScheduler(deps.db, appJobs, schedules, log);
  const worker = startJobWorker({ registry: appJobs, deps, log, ...workerOptions });
  return {
    async stop() {
      scheduler.stop();
      await worker.stop();
    },
  };
}
