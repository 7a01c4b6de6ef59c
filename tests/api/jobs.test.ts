import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import type { DatabaseHandle } from '../../src/server/db/client.js';
import { jobs } from '../../src/server/db/schema.js';
import { createMailer } from '../../src/server/integrations/mail/mailer.js';
import { enqueue, enqueueJob } from '../../src/server/jobs/enqueue.js';
import { defineJob, type JobRegistry } from '../../src/server/jobs/job-definition.js';
import { startJobWorker, type JobWorker } from '../../src/server/jobs/worker.js';
import { openTestDatabase, startSmtpServer } from '../support/index.js';
import { appJobs } from '../../src/server/jobs/app-jobs.js';

const log = pino({ level: 'silent' });
let database: DatabaseHandle;
const workers: JobWorker[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
});
afterAll(() => database.close());

const mailFor = (to: string) => ({
  to,
  props: { firstName: 'Ann', link: 'http://vendvote.test/verify-email?token=kept-out-of-logs' },
});

async function jobRow(id: number) {
  const [row] = await database.db.select().from(jobs).where(eq(jobs.id, id));
  return row!;
}

describe('enqueue', () => {
  test('rolls back with its transaction: no job survives a failed change', async () => {
    const to = 'rolled-back@example.test';
    await expect(
      database.db.transaction(async (tx) => {
        await enqueue(tx, 'mail.verify-email', mailFor(to));
        throw new Error('the change that caused the mail failed');
      }),
    ).rejects.toThrow('the change that caused the mail failed');
    const rows = await database.db.select().from(jobs).where(eq(jobs.name, 'mail.verify-email'));
    expect(rows.filter((row) => (row.payload as { to?: string }).to === to)).toEqual([]);

    const committed = await database.db.transaction((tx) => enqueue(tx, 'mail.verify-email', mailFor(to)));
    expect(await jobRow(committed!)).toMatchObject({ state: 'pending', attempts: 0, maxAttempts: 10 });
    await database.db.delete(jobs).where(eq(jobs.id, committed!));
  });

  test('refuses a payload its job does not accept', async () => {
    await expect(enqueue(database.db, 'mail.verify-email', { to: 'x@example.test', props: { firstName: 'Ann', link: 'not a link' } })).rejects.toThrow();
  });
});

describe('the worker', () => {
  test('retries a failed mail with growing delays, then sends it; nothing secret reaches the log', async () => {
    const smtp = await startSmtpServer({ refuseFirst: 2 });
    const lines: string[] = [];
    const recording = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'VendVote <no-reply@vendvote.test>', outboxDir: '', log: recording });
    try {
      const id = await enqueue(database.db, 'mail.verify-email', mailFor('retried@example.test'));
      const worker = startJobWorker({
        registry: { 'mail.verify-email': appJobs['mail.verify-email'] },
        deps: { db: database.db, mailer, log: recording },
        log: recording,
        pollIntervalMs: 20,
        retryBaseDelayMs: 200,
      });
      workers.push(worker);
      const mail = await smtp.waitForMail('retried@example.test', /Verify/, 10_000);
      expect(mail.text).toContain('http://vendvote.test/verify-email?token=kept-out-of-logs');
      await expect.poll(async () => (await jobRow(id!)).state).toBe('done');
      const row = await jobRow(id!);
      expect(row.attempts).toBe(3);
      expect(row.payload).toEqual({});
      // Two refusals, the second retry waiting twice as long as the first.
      expect(smtp.refusedAt).toHaveLength(2);
      const gaps = [smtp.refusedAt[1]! - smtp.refusedAt[0]!, mail.at - smtp.refusedAt[1]!];
      expect(gaps[0]).toBeGreaterThanOrEqual(180);
      expect(gaps[1]).toBeGreaterThanOrEqual(380);
      const retries = lines.filter((line) => line.includes('job failed; it will be retried'));
      expect(retries.map((line) => (JSON.parse(line) as { retryInMs: number }).retryInMs)).toEqual([200, 400]);
      expect(lines.join('\n')).not.toContain('kept-out-of-logs');
    } finally {
      await Promise.all(workers.splice(0).map((worker) => worker.stop()));
      mailer.close();
      await smtp.close();
    }
  });

  test('a job that fails every attempt ends dead, keeps its payload and is logged', async () => {
    const registry: JobRegistry = {
      'test.always-fails': defineJob({ payload: z.object({ n: z.number() }), handle: async () => Promise.reject(new Error('no luck')) }),
    };
    const lines: string[] = [];
    const recording = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const id = await enqueueJob(database.db, registry, 'test.always-fails', { n: 1 }, { maxAttempts: 3 });
    workers.push(startJobWorker({ registry, deps: { db: database.db, mailer: createMailer({ from: 'x <x@x.test>', outboxDir: '', log }), log }, log: recording, pollIntervalMs: 20, retryBaseDelayMs: 10 }));
    await expect.poll(async () => (await jobRow(id!)).state, { timeout: 5000 }).toBe('dead');
    expect(await jobRow(id!)).toMatchObject({ attempts: 3, lastError: 'no luck', payload: { n: 1 } });
    expect(lines.some((line) => line.includes('job failed for the last time and is dead'))).toBe(true);
  });

  test('stop() lets the job in progress finish before it resolves, and claims nothing more', async () => {
    let finish!: () => void;
    const started: number[] = [];
    const finished: number[] = [];
    const registry: JobRegistry = {
      'test.slow': defineJob({
        payload: z.object({ n: z.number() }),
        async handle({ n }) {
          started.push(n);
          await new Promise<void>((resolve) => (finish = resolve));
          finished.push(n);
        },
      }),
    };
    const first = await enqueueJob(database.db, registry, 'test.slow', { n: 1 });
    const worker = startJobWorker({ registry, deps: { db: database.db, mailer: createMailer({ from: 'x <x@x.test>', outboxDir: '', log }), log }, log, pollIntervalMs: 20, concurrency: 1 });
    await expect.poll(() => started).toEqual([1]);
    const second = await enqueueJob(database.db, registry, 'test.slow', { n: 2 });
    const stopping = worker.stop();
    let stopped = false;
    void stopping.then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(finished).toEqual([1]);
    expect((await jobRow(first!)).state).toBe('done');
    expect((await jobRow(second!)).state).toBe('pending');
  });
});
