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
  /** The server's address (postgres only), for connections of their own outside the pool (LISTEN). */
  url?: string;
  /** Flushes everything to disk and releases the connection (and the data directory lock). */
  close(): Promise<void>;
  /**
   * Runs `work` while no other instance of the app runs work of its own through this (the demo
   * data at start, which instances starting together would otherwise both try to create).
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
}

/** Same path from src/server/db and from the compiled dist/server/db. */
export const migrationsFolder = fileURLToPath(new URL('../../../src/server/db/migrations', import.meta.url));

/** Any constants will do; they only have to be the same for every instance of the app. */
const MIGRATION_LOCK_KEY = 7_240_117;
const EXCLUSIVE_WORK_LOCK_KEY = 7_240_118;

export type DatabaseOptions =
  | { databaseUrl: string; poolSize?: number; log?: Logger }
  | { dataDir: string }
  | { inMemory: true };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ('databaseUrl' in options) {
    const handle = await openPostgres(createPostgresPool(options.databaseUrl, options.poolSize ?? 10, options.log));
    return { ...handle, url: options.databaseUrl };
  }
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
    async exclusively(work) {
      // A session lock on a connection of its own; `work` runs its queries through the pool.
      const holder = await pool.connect();
      try {
        await holder.query('select pg_advisory_lock($1)', [EXCLUSIVE_WORK_LOCK_KEY]);
        return await work();
      } finally {
        await holder.query('select pg_advisory_unlock($1)', [EXCLUSIVE_WORK_LOCK_KEY]).catch(() => {});
        holder.release();
      }
    },
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
      // One process per data directory: nothing to exclude.
      exclusively: (work) => work(),
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
