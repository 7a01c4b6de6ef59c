import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.js';

/** One queue (a job name) of the jobs table, for the metrics. */
export interface JobFigures {
  queue: string;
  /** Pending and due: the worker would take them now. */
  waiting: number;
  /** Pending, due later: a retry after its backoff, or a job set for a later time. */
  scheduled: number;
  running: number;
  dead: number;
  /** How long the longest-waiting due job has been due; 0 when none waits. */
  oldestWaitingSeconds: number;
}

/**
 * The jobs table by queue and state. Done jobs, kept only until pruned and the bulk of the table,
 * are left out; each half of the query lies within one of the table's partial indexes.
 */
export async function jobFigures(db: Database): Promise<JobFigures[]> {
  const rows = await queryRows<{ queue: string; waiting: number; scheduled: number; running: number; dead: number; oldest: number | string | null }>(
    db,
    sql`with live as (
          select name, state, run_at from jobs where state in ('pending', 'running')
          union all
          select name, state, run_at from jobs where state = 'dead'
        )
        select name as queue,
               (count(*) filter (where state = 'pending' and run_at <= now()))::int as waiting,
               (count(*) filter (where state = 'pending' and run_at > now()))::int as scheduled,
               (count(*) filter (where state = 'running'))::int as running,
               (count(*) filter (where state = 'dead'))::int as dead,
               extract(epoch from now() - min(run_at) filter (where state = 'pending' and run_at <= now()))::float8 as oldest
        from live
        group by name`,
  );
  return rows.map((row) => ({
    queue: row.queue,
    waiting: Number(row.waiting),
    scheduled: Number(row.scheduled),
    running: Number(row.running),
    dead: Number(row.dead),
    oldestWaitingSeconds: row.oldest === null ? 0 : Math.max(0, Number(row.oldest)),
  }));
}
