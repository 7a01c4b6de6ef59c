import type { FastifyBaseLogger } from 'fastify';
import { ZodError } from 'zod';
import { loggableError } from '../plugins/error-handler.js';
import { jobEvents } from './enqueue.js';
import type { JobDeps, JobRegistry } from './job-definition.js';
import { claimJobs, completeJob, markJobDead, retryJobLater, type ClaimedJob } from './job-store.js';

export interface JobWorkerOptions {
  registry: JobRegistry;
  deps: JobDeps;
  log: FastifyBaseLogger;
  /** How often to look for due jobs when nothing wakes the worker; 1 s unless given. */
  pollIntervalMs?: number;
  /** Jobs run at once by this worker; 4 unless given. */
  concurrency?: number;
  /** How long a claimed job is ours before another worker may take it over; 5 minutes unless given. */
  leaseMs?: number;
  /** First retry after this long, doubling each time up to retryMaxDelayMs; 5 s and 1 h unless given. */
  retryBaseDelayMs?: number;
  retryMaxDelayMs?: number;
  /** How long stop() waits for running jobs; 10 s unless given. */
  stopTimeoutMs?: number;
}

export interface JobWorker {
  /** Claims no more jobs, waits for the running ones (up to stopTimeoutMs), then resolves. */
  stop(): Promise<void>;
}

export function retryDelayMs(attempt: number, baseMs: number, maxMs: number): number {
  return Math.min(baseMs * 2 ** (attempt - 1), maxMs);
}

/**
 * What is logged and stored of a failure: the message only, since a payload, a stack or a failed
 * query's parameters may hold a link that signs someone in.
 */
function failureMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const failedQuery = error as Error & { query?: unknown; cause?: unknown };
  if (typeof failedQuery.query === 'string') {
    return `database query failed: ${failedQuery.cause instanceof Error ? failedQuery.cause.message : 'no cause given'}`;
  }
  return error.message;
}

/** Polls the jobs table and runs due jobs of its registry, retrying failures with backoff. */
export function startJobWorker(options: JobWorkerOptions): JobWorker {
  const { registry, deps, log } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const concurrency = options.concurrency ?? 4;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const retryBase = options.retryBaseDelayMs ?? 5000;
  const retryMax = options.retryMaxDelayMs ?? 60 * 60_000;
  const names = Object.keys(registry);
  const running = new Set<Promise<void>>();
  let stopping = false;
  let wakeUp: (() => void) | undefined;
  let recheckSoon = false;

  const wake = () => {
    // The enqueuing transaction may not have committed yet: look once more shortly after.
    recheckSoon = true;
    wakeUp?.();
  };
  jobEvents.on('enqueued', wake);

  async function run(job: ClaimedJob) {
    const definition = registry[job.name]!;
    const context = { jobId: job.id, job: job.name, attempt: job.attempts };
    try {
      await definition.handle(definition.payload.parse(job.payload), deps, { attempt: job.attempts, maxAttempts: job.maxAttempts });
      await completeJob(deps.db, job);
    } catch (error) {
      const message = failureMessage(error);
      try {
        // A payload that no longer fits its schema will not fit on a later attempt either.
        if (job.attempts >= job.maxAttempts || error instanceof ZodError) {
          await markJobDead(deps.db, job, message);
          log.error({ ...context, error: message }, 'job failed for the last time and is dead');
        } else {
          const delayMs = retryDelayMs(job.attempts, retryBase, retryMax);
          await retryJobLater(deps.db, job, message, delayMs);
          log.warn({ ...context, error: message, retryInMs: delayMs }, 'job failed; it will be retried');
        }
      } catch (storeError) {
        log.error({ ...context, err: loggableError(storeError) }, 'could not record a failed job; it runs again after its lease');
      }
    }
  }

  function sleep(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
    });
  }

  async function loop() {
    while (!stopping) {
      const free = concurrency - running.size;
      let claimed: ClaimedJob[] = [];
      const wasWoken = recheckSoon;
      recheckSoon = false;
      if (free > 0) {
        try {
          claimed = await claimJobs(deps.db, names, free, leaseMs);
        } catch (error) {
          log.error({ err: loggableError(error) }, 'could not look for due jobs');
        }
      }
      for (const job of claimed) {
        const task = run(job).finally(() => {
          running.delete(task);
          wakeUp?.();
        });
        running.add(task);
      }
      if (stopping) break;
      if (claimed.length > 0 && claimed.length === free) continue;
      await sleep(wasWoken && claimed.length === 0 ? 50 : pollIntervalMs);
    }
  }

  const looping = loop();

  return {
    async stop() {
      stopping = true;
      jobEvents.off('enqueued', wake);
      wakeUp?.();
      await looping;
      if (running.size === 0) return;
      log.info({ count: running.size }, 'waiting for running jobs to finish');
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), options.stopTimeoutMs ?? 10_000);
      });
      const outcome = await Promise.race([Promise.allSettled([...running]), timeout]);
      clearTimeout(timer);
      if (outcome === 'timeout') {
        log.error({ count: running.size }, 'jobs still running at shutdown were left; they run again after their lease');
      }
    },
  };
}
