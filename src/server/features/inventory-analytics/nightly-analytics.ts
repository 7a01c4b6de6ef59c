import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { enqueue } from '../../jobs/enqueue.js';
import { HISTORY_DAYS } from './analytics-source.js';

/**
 * Queues a compute for each operator with votes at their machines within the analytics' history
 * (others have nothing new to show: their stored figures stay as they were). The day's unique key
 * keeps a second run of the nightly job, on this instance or another, from queueing twice.
 */
export async function queueNightlyComputes(db: Database, now: Date): Promise<number> {
  const operators = await queryRows<{ userId: number }>(db, sql`
    select m.user_id as "userId" from vending_machines m
    where exists (select 1 from votes v where v.machine_id = m.id and v.created_at > ${now.toISOString()}::timestamptz - ${HISTORY_DAYS} * interval '1 day')
    group by m.user_id order by m.user_id`);
  const day = now.toISOString().slice(0, 10);
  let queued = 0;
  for (const { userId } of operators) {
    if (await enqueue(db, 'analytics.compute', { userId, at: now.toISOString() }, { uniqueKey: `analytics.nightly:${userId}:${day}` })) queued += 1;
  }
  return queued;
}
