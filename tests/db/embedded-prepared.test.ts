import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, queryRows, runPrepared, type DatabaseHandle } from '../../src/server/db/client.js';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({ inMemory: true });
  await database.db.execute(sql`create table prepared_probe (id serial primary key, label text not null, at timestamptz)`);
});
afterAll(() => database.close());

const preparedCount = async (name: string) =>
  (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from pg_prepared_statements where name = ${name}`))[0]!.n;

describe('hot statements on the embedded database', () => {
  test('run as named prepared statements, parsed once, with typed parameters and results', async () => {
    const insert = 'insert into prepared_probe (label, at) values ($1::text, $2::timestamptz) returning id, label, at';
    const at = new Date('2026-03-04T05:06:07.890Z');
    const [first] = await runPrepared<{ id: number; label: string; at: Date }>(database.db, 'probe-insert', insert, ['cola', at]);
    const [second] = await runPrepared<{ id: number; label: string; at: Date | null }>(database.db, 'probe-insert', insert, ['chips', null]);
    expect(first).toEqual({ id: expect.any(Number), label: 'cola', at });
    expect(second).toMatchObject({ id: first!.id + 1, label: 'chips', at: null });
    expect(await preparedCount('probe-insert')).toBe(1);
  });

  test('a statement that fails while running stays usable', async () => {
    const divide = 'select 10 / $1::int as quotient';
    await expect(runPrepared(database.db, 'probe-divide', divide, [0])).rejects.toThrow(/division by zero/);
    expect(await runPrepared(database.db, 'probe-divide', divide, [5])).toEqual([{ quotient: 2 }]);
  });

  test('never runs inside another caller’s transaction', async () => {
    const count = 'select count(*)::int as n from prepared_probe where label = $1::text';
    let countedDuring: Promise<unknown> | undefined;
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into prepared_probe (label) values ('uncommitted')`);
        countedDuring = runPrepared(database.db, 'probe-count', count, ['uncommitted']);
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error('roll back');
      })
      .catch(() => {});
    // Run inside the transaction it would have seen the row that was rolled back.
    expect(await countedDuring).toEqual([{ n: 0 }]);
  });
});
