import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { loggableError } from '../plugins/error-handler.js';
import { enqueueJob } from './enqueue.js';
import type { JobRegistry } from './job-definition.js';

export interface RecurringJob {
  /** A job of the registry the scheduler is given. */
  name: string;
  /** Cron expression (five fields, or six with seconds first), read in `timezone` (UTC unless given). */
  cron: string;
  payload: unknown;
  timezone?: string;
}

export interface Scheduler {
  stop(): void;
}

/**
 * Every instance runs the same timers; each slot becomes one job because the job's unique key
 * names the slot (`name@2025-01-01T08:00:00.000Z`), so the first instance's insert wins and the
 * others' are no-ops. The job itself then runs once, on whichever worker claims it.
 */
export function startScheduler(db: Database, registry: JobRegistry, schedules: RecurringJob[], log: FastifyBaseLogger): Scheduler {
  const timers = schedules.map(
    (schedule) =>
      new Cron(schedule.cron, { timezone: schedule.timezone ?? 'UTC', protect: true, unref: true }, async (self) => {
        const slot = slotOf(self);
        try {
          await enqueueJob(db, registry, schedule.name, schedule.payload, { uniqueKey: `${schedule.name}@${slot.toISOString()}` });
        } catch (error) {
          log.error({ job: schedule.name, slot: slot.toISOString(), err: loggableError(error) }, 'could not enqueue a recurring job');
        }
      }),
  );
  return {
    stop() {
      timers.forEach((timer) => timer.stop());
    },
  };
}

/**
 * The scheduled time this run stands for. Croner fires a few milliseconds after it (later on a
 * busy process), and every instance must name the same slot: the latest match of the pattern
 * at or before now.
 */
export function slotOf(cron: Cron): Date {
  return cron.previousRuns(1, new Date(Date.now() + 1))[0] ?? new Date();
}
