import { afterAll, describe, expect, test } from 'vitest';
import { createPostgresPool } from '../../src/server/db/postgres-pool.js';

const serverUrl = process.env.TEST_DATABASE_URL;
const pool = serverUrl ? createPostgresPool(serverUrl, 2) : null;
afterAll(() => pool?.end());

describe.skipIf(!serverUrl)("the app's connections to a PostgreSQL server", () => {
  test('run without JIT compilation, which the server would otherwise use on large reads', async () => {
    // Two at once: every connection the pool opens has it, not only the first.
    const [first, second] = await Promise.all([pool!.query('show jit'), pool!.query('select pg_sleep(0.05), current_setting($1) as jit', ['jit'])]);
    expect(first.rows[0].jit).toBe('off');
    expect(second.rows[0].jit).toBe('off');
    expect(pool!.totalCount).toBe(2);
  });
});
