import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Logger } from 'pino';
import { lockDataDir } from './data-dir-lock.js';
import { createPostgresPool } from './postgres-pool.js';
import { openPglite } from './embedded.js';
import { runPreparedEmbedded } from './embedded-prepared.js';
import * as schema from './schema.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'embedded' | 'postgres';
  /** Flushes everything to disk and releases the connection (and the data directory lock). */
  close(): Promise<void>;
}

/** Same path from src/server/db and from the compiled dist/server/db. */
const migrationsFolder = fileURLToPath(new URL('../../../src/server/db/migrations', import.meta.url));

/** Any constant will do; it only has to be the same for every instance of the app. */
const MIGRATION_LOCK_KEY = 7_240_117;

export type DatabaseOptions =
  | { databaseUrl: string; poolSize?: number; log?: Logger }
  | { dataDir: string }
  | { inMemory: true };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ('databaseUrl' in options) return openPostgres(createPostgresPool(options.databaseUrl, options.poolSize ?? 10, options.log));
  return openEmbedded('dataDir' in options ? options.dataDir : undefined);
}

async function openPostgres(pool: pg.Pool): Promise<DatabaseHandle> {
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;
  // Several app instances may start at once against one server: only one migrates at a time.
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    client.release();
  }
  return {
    db,
    kind: 'postgres',
    async close() {
      // Requests whose client went away may still be running a query: let those finish first.
      for (let waited = 0; pool.totalCount > pool.idleCount && waited < 10_000; waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await pool.end();
    },
  };
}

async function openEmbedded(dataDir: string | undefined): Promise<DatabaseHandle> {
  const releaseLock = dataDir ? lockDataDir(dataDir) : () => {};
  try {
    const client = await openPglite(dataDir ? join(dataDir, 'pgdata') : undefined);
    const db = drizzlePglite(client, { schema }) as unknown as Database;
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    return {
      db,
      kind: 'embedded',
      async close() {
        try {
          if (!client.closed) {
            await db.execute(sql`checkpoint`);
            await client.close();
          }
        } finally {
          releaseLock();
        }
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/** Rows of a raw SQL query; both drivers answer with `rows`, typed here once. */
export async function queryRows<T>(db: Pick<Database, 'execute'>, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

interface PreparingClient {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}
interface PlainClient {
  query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * Runs a hot statement by name, prepared once per connection and not planned again: by the
 * driver on a PostgreSQL server, by embedded-prepared.ts on the embedded database. Inside a
 * transaction (a `tx` whose client is neither) it runs as a plain query.
 */
export async function runPrepared<T>(db: Pick<Database, 'execute'>, name: string, text: string, values: unknown[]): Promise<T[]> {
  // A database has its pool or PGlite as `$client`; a transaction only its session's client.
  const handle = db as unknown as { $client?: PreparingClient | PGlite; session: { client: PlainClient } };
  const client = handle.$client ?? handle.session.client;
  if (client instanceof pg.Pool) return (await (client as PreparingClient).query({ name, text, values })).rows as T[];
  if (client instanceof PGlite) return runPreparedEmbedded<T>(client, name, text, values);
  return (await (client as PlainClient).query(text, values)).rows as T[];
}
