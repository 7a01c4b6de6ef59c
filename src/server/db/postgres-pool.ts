import pg from 'pg';
import type { Logger } from 'pino';

/**
 * How long a call waits for a connection (a new one, or a free one from a full pool) before it
 * fails. Without a bound, calls made while the database is unreachable hang until the client gives
 * up; with it they answer 503 (see connection-errors.ts) and the client may try again.
 */
export const CONNECT_TIMEOUT_MS = 5_000;

/**
 * The app's queries are short; a few read thousands of rows through correlated subqueries the
 * planner prices high, and PostgreSQL's JIT then spends more compiling them (40 ms of a 100 ms read
 * of a fleet's slots) than it could ever save. Off for every connection (decision 0050).
 */
const SESSION_OPTIONS = '-c jit=off';

/**
 * A pool that outlives its database connections. node-postgres emits `error` on the pool when an
 * idle connection is ended by the server (pg_terminate_backend, a restart, a failover, a proxy's
 * idle timeout); an `error` event without a listener ends the process. We log it and carry on: the
 * broken connection is dropped and the next call opens a new one, so service resumes by itself as
 * soon as the database is back.
 */
export function createPostgresPool(databaseUrl: string, poolSize: number, log?: Logger): pg.Pool {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, options: SESSION_OPTIONS });
  pool.on('error', (error: Error & { code?: string }) => {
    // The driver's message and code only: the connection string (with its password) is not in them.
    log?.error({ err: { type: error.name, message: error.message, code: error.code } }, 'a database connection was lost; it will be replaced');
  });
  pool.on('connect', (client) => {
    // A connection that is checked out (a transaction between two statements) has no pool listener
    // of its own; its next query fails with the error instead, and the request answers 503. The
    // pool then discards it on release, as it is no longer queryable.
    client.on('error', () => {});
  });
  return pool;
}
