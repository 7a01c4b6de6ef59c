import { and, eq, lt, or, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.js';
import { jobs } from '../db/schema.js';

export interface ClaimedJob {
  id: number;
  name: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
}

/**
 * Takes up to `limit` due jobs for this worker and marks them running until `leaseMs` from now.
 * SKIP LOCKED lets several instances claim side by side without ever taking the same row; a job
 * whose worker died (its lease ran out while running) is due again.
 */
export async function claimJobs(db: Database, names: string[], limit: number, leaseMs: number): Promise<ClaimedJob[]> {
  if (names.length === 0 || limit <= 0) return [];
  return queryRows<ClaimedJob>(
    db,
    sql`update ${jobs}
        set state = 'running', attempts = attempts + 1, locked_until = now() + ${leaseMs} * interval '1 millisecond'
        where id in (
          select id from ${jobs}
          where state in ('pending', 'running')
            and run_at <= now()
            and (state = 'pending' or locked_until < now())
            and name in (${sql.join(names.map((name) => sql`${name}`), sql`, `)})
          order by run_at, id
          limit ${limit}
          for update skip locked
        )
        returning id, name, payload, attempts, max_attempts as "maxAttempts"`,
  );
}

/** Only the claim that is still current may finish the job (not one whose lease was taken over). */
const stillOurs = (job: ClaimedJob) => and(eq(jobs.id, job.id), eq(jobs.state, 'running'), eq(jobs.attempts, job.attempts));

/** Done work needs no data: the payload (which may hold a sign-in link) is dropped. */
export async function completeJob(db: Database, job: ClaimedJob): Promise<void> {
  await db
    .update(jobs)
    .set({ state: 'done', payload: {}, lockedUntil: null, lastError: null, finishedAt: sql`now()` })
    .where(stillOurs(job));
}

export async function retryJobLater(db: Database, job: ClaimedJob, error: string, delayMs: number): Promise<void> {
  await db
    .update(jobs)
    .set({ state: 'pending', lockedUntil: null, lastError: error, runAt: sql`now() + ${delayMs} * interval '1 millisecond'` })
    .where(stillOurs(job));
}

/** Kept with its payload so someone can see what failed; pruned after a while like done jobs. */
export async function markJobDead(db: Database, job: ClaimedJob, error: string): Promise<void> {
  await db
    .update(jobs)
    .set({ state: 'dead', lockedUntil: null, lastError: error, finishedAt: sql`now()` })
    .where(stillOurs(job));
}

/**
 * For the embedded database only, where one process owns the data directory: anything still
 * marked running was cut off by a crash of this very app, so it is due again at once rather
 * than after its lease.
 */
export async function releaseInterruptedJobs(db: Database): Promise<number> {
  const released = await db
    .update(jobs)
    .set({ state: 'pending', lockedUntil: null, runAt: sql`now()` })
    .where(eq(jobs.state, 'running'))
    .returning({ id: jobs.id });
  return released.length;
}

export async function pruneFinishedJobs(db: Database, doneOlderThanMs: number, deadOlderThanMs: number): Promise<number> {
  const olderThan = (ms: number) => lt(jobs.finishedAt, sql`now() - ${ms} * interval '1 millisecond'`);
  const pruned = await db
    .delete(jobs)
    .where(
      or(
        and(eq(jobs.state, 'done'), olderThan(doneOlderThanMs)),
        and(eq(jobs.state, 'dead'), olderThan(deadOlderThanMs)),
      ),
    )
    .returning({ id: jobs.id });
  return pruned.length;
}
