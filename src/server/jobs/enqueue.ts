import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../db/client.js';
import { jobs } from '../db/schema.js';
import { appJobs, type AppJobName } from './app-jobs.js';
import { DEFAULT_MAX_ATTEMPTS, type JobRegistry } from './job-definition.js';

/** The database or a Drizzle transaction: enqueue inside the transaction of the change that causes the job. */
export type JobExecutor = Pick<Database, 'insert'>;

export interface EnqueueOptions {
  /** Not before this many milliseconds from now. */
  delayMs?: number;
  /** At most one job with this key, ever; a second enqueue is a no-op that answers null. */
  uniqueKey?: string;
  maxAttempts?: number;
}

/** Wakes this process's workers, so a job enqueued here does not wait for the next poll. */
export const jobEvents = new EventEmitter<{ enqueued: [] }>();

export async function enqueueJob(
  executor: JobExecutor,
  registry: JobRegistry,
  name: string,
  payload: unknown,
  options: EnqueueOptions = {},
): Promise<number | null> {
  const definition = registry[name];
  if (!definition) throw new Error(`No job named ${name}`);
  const [row] = await executor
    .insert(jobs)
    .values({
      name,
      payload: definition.payload.parse(payload),
      maxAttempts: options.maxAttempts ?? definition.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      uniqueKey: options.uniqueKey,
      ...(options.delayMs ? { runAt: sql`now() + ${options.delayMs} * interval '1 millisecond'` } : {}),
    })
    .onConflictDoNothing({ target: jobs.uniqueKey })
    .returning({ id: jobs.id });
  jobEvents.emit('enqueued');
  return row?.id ?? null;
}

/** Enqueues one of the app's jobs, its payload typed by the job's schema. */
export function enqueue<N extends AppJobName>(
  executor: JobExecutor,
  name: N,
  payload: z.input<(typeof appJobs)[N]['payload']>,
  options?: EnqueueOptions,
): Promise<number | null> {
  return enqueueJob(executor, appJobs, name, payload, options);
}
