import { Cron } from 'croner';
import { like } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.js';
import { jobs } from '../../src/server/db/schema.js';
import { createMailer } from '../../src/server/integrations/mail/mailer.js';
import { defineJob, type JobRegistry } from '../../src/server/jobs/job-definition.js';
import { slotOf, startScheduler } from '../../src/server/jobs/scheduler.js';
import { startJobWorker } from '../../src/server/jobs/worker.js';
import { openTestDatabase } from '../support/index.js';

const log = pino({ level: 'silent' });
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('recurring jobs', () => {
  test('a slot is named by its scheduled time, not by when the timer fired', () => {
    const cron = new Cron('*/5 * * * * *', { paused: true });
    const slot = slotOf(cron);
    expect(slot.getUTCSeconds() % 5).toBe(0);
    expect(slot.getUTCMilliseconds()).toBe(0);
    expect(Date.now() - slot.getTime()).toBeLessThan(5000);
    cron.stop();
  });

  test('two instances on one database run each slot once', async () => {
    // Two instances are two connection pools on one server; the embedded database has one
    // process by design, so there the check is that one instance's timers run once per slot.
    const second = process.env.VV_TEST_DB === 'postgres' ? await openSecondPool(database) : undefined;
    const runs: string[] = [];
    const registryFor = (instance: string): JobRegistry => ({
      'test.tick': defineJob({
        payload: z.object({ label: z.string() }),
        async handle() {
          runs.push(instance);
        },
      }),
    });
    const instances = [database, second].filter((handle): handle is DatabaseHandle => handle !== undefined).map((handle, index) => {
      const registry = registryFor(`instance-${index}`);
      const deps = { db: handle.db, mailer: createMailer({ from: 'x <x@x.test>', outboxDir: '', log }), log };
      return {
        scheduler: startScheduler(handle.db, registry, [{ name: 'test.tick', cron: '* * * * * *', payload: { label: 'tick' } }], log),
        worker: startJobWorker({ registry, deps, log, pollIntervalMs: 50 }),
      };
    });
    await new Promise((resolve) => setTimeout(resolve, 3500));
    instances.forEach(({ scheduler }) => scheduler.stop());
    // The last slot's job may have been enqueued just now: let a worker take it.
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const { worker } of instances) await worker.stop();
    await second?.close();

    const rows = await database.db.select().from(jobs).where(like(jobs.uniqueKey, 'test.tick@%'));
    const slots = rows.map((row) => row.uniqueKey);
    expect(new Set(slots).size).toBe(slots.length);
    expect(slots.length).toBeGreaterThanOrEqual(3);
    expect(rows.every((row) => row.attempts === 1)).toBe(true);
    expect(rows.every((row) => row.state === 'done')).toBe(true);
    expect(runs).toHaveLength(rows.length);
  });
});

/** A second app instance's pool on the same PostgreSQL database as the first. */
async function openSecondPool(first: DatabaseHandle): Promise<DatabaseHandle> {
  const client = (first.db as unknown as { $client: { options: { connectionString: string } } }).$client;
  return openDatabase({ databaseUrl: client.options.connectionString, poolSize: 3 });
}
