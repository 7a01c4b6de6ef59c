import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import pg from 'pg';
import type { LiveEnvelope } from '../../src/server/live/live-bus.js';
import { openLiveBus } from '../../src/server/live/open-live-bus.js';
import { LIVE_CHANNEL, payloadsOf, PostgresLiveBus } from '../../src/server/live/postgres-live-bus.js';
import { openTestDatabase, testDatabaseKind } from '../support/index.js';
import type { DatabaseHandle } from '../../src/server/db/client.js';

const vote = (ownerId: number, productId: number): LiveEnvelope => ({ ownerId, event: { type: 'vote', machineId: 1, productId } });

function collect(bus: { subscribe(listener: (envelope: LiveEnvelope) => void): () => void }) {
  const received: LiveEnvelope[] = [];
  bus.subscribe((envelope) => received.push(envelope));
  return received;
}

describe('payloads of a NOTIFY batch', () => {
  test('every envelope once, in order, each payload under the 8,000-byte limit', () => {
    const envelopes = Array.from({ length: 500 }, (_, i) => vote(7, i));
    const payloads = payloadsOf(envelopes);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8_000);
    expect(payloads.flatMap((payload) => JSON.parse(payload) as LiveEnvelope[])).toEqual(envelopes);
  });
});

describe.skipIf(testDatabaseKind !== 'postgres')('LISTEN/NOTIFY between instances', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  test('an event published by one instance reaches every instance, itself included', async () => {
    const first = await openLiveBus(database);
    const second = await openLiveBus(database);
    expect(first).toBeInstanceOf(PostgresLiveBus);
    const heardByFirst = collect(first);
    const heardBySecond = collect(second);
    first.publish(vote(1, 10));
    second.publish(vote(2, 20));
    await expect.poll(() => heardBySecond.length).toBe(2);
    await expect.poll(() => heardByFirst.length).toBe(2);
    expect(heardBySecond).toEqual(expect.arrayContaining([vote(1, 10), vote(2, 20)]));
    await first.close();
    await second.close();
  });

  test('a burst of events travels in a few notifications, none lost', async () => {
    const sender = await openLiveBus(database);
    const receiver = await openLiveBus(database);
    const heard = collect(receiver);
    const burst = Array.from({ length: 2_000 }, (_, i) => vote(3, i));
    for (const envelope of burst) sender.publish(envelope);
    await expect.poll(() => heard.length, { timeout: 10_000 }).toBe(burst.length);
    expect(heard.map((envelope) => (envelope.event as { productId: number }).productId)).toEqual(burst.map((_, i) => i));
    await sender.close();
    await receiver.close();
  });

  test("a notification in another version's shape is ignored", async () => {
    const receiver = await openLiveBus(database);
    const heard = collect(receiver);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query('select pg_notify($1, $2)', [LIVE_CHANNEL, JSON.stringify([{ ownerId: 1, event: { type: 'unknown' } }])]);
    await client.query('select pg_notify($1, $2)', [LIVE_CHANNEL, 'not json']);
    await client.query('select pg_notify($1, $2)', [LIVE_CHANNEL, JSON.stringify([vote(4, 1)])]);
    await expect.poll(() => heard.length).toBe(1);
    expect(heard[0]).toEqual(vote(4, 1));
    await client.end();
    await receiver.close();
  });

  test('a dropped listening connection is opened again, and events flow once more', async () => {
    const sender = await openLiveBus(database);
    const receiver = await openLiveBus(database);
    const heard = collect(receiver);
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    // Every listening connection of this database goes (a restart or a failover would do the same).
    await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%'`);
    await expect
      .poll(
        async () => {
          sender.publish(vote(5, heard.length));
          return heard.length;
        },
        { timeout: 15_000, interval: 300 },
      )
      .toBeGreaterThan(0);
    await admin.end();
    await sender.close();
    await receiver.close();
  });
});
