import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * PostgreSQL settings for the embedded server, on top of PGlite's own. Its defaults are a
 * server's: 128 MB of shared buffers and 100 connections' worth of shared memory, allocated
 * inside the WebAssembly heap, which never shrinks. One in-process client needs far less, and
 * the data files stay in the system's file cache, so a page not in the buffers is a cheap read.
 * Durability is untouched (see docs/decisions/0012-embedded-database-memory.md).
 */
export const EMBEDDED_SETTINGS: Record<string, string> = {
  // 8 MB: half of what it was, 8 MB less resident. For an operator with 1,000,000 votes the
  // dashboard's totals then read some index pages from the file cache: about 3 ms more on
  // `GET /api/stats` (28 ms), nothing measurable elsewhere (docs/decisions/0045).
  shared_buffers: '8MB',
  wal_buffers: '1MB',
  temp_buffers: '1MB',
  work_mem: '4MB',
  maintenance_work_mem: '16MB',
  // Single-user PGlite is one backend; the lock table and the process array are sized from this.
  max_connections: '10',
  // The planner's guess at the file cache: the system's, not the buffers'.
  effective_cache_size: '256MB',
};

const startParams = (): string[] => [
  ...PGlite.defaultStartParams,
  ...Object.entries(EMBEDDED_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
];

const execFileAsync = promisify(execFile);

/**
 * A new data directory is made by initdb, which runs PostgreSQL a second time and leaves about
 * 450 MB behind in the process that ran it (freed, but kept by the allocator). Done in a short-lived
 * process of its own, that memory goes back to the system before the server opens the directory.
 */
async function createDataDirApart(pgdata: string): Promise<void> {
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script =
    'require(process.argv[1]).PGlite.create(process.argv[2]).then((db) => db.close())' +
    '.then(() => process.exit(0), (error) => { console.error(error); process.exit(1); });';
  await execFileAsync(process.execPath, ['-e', script, pglite, pgdata]);
}

/**
 * The embedded PostgreSQL in `pgdata`, or in memory without one (tests); an in-memory one may start
 * from a dumped data directory (`from`), which skips initdb.
 */
export async function openPglite(pgdata: string | undefined, from?: Blob): Promise<PGlite> {
  if (pgdata && !existsSync(join(pgdata, 'PG_VERSION'))) await createDataDirApart(pgdata);
  // One options object: PGlite ignores the second argument when the first is not a path.
  // pg_trgm: the admin panel's user search (migration 0018) indexes names and emails by trigrams.
  const client = new PGlite({ ...(pgdata ? { dataDir: pgdata } : {}), ...(from ? { loadDataDir: from } : {}), startParams: startParams(), extensions: { pg_trgm } });
  await client.waitReady;
  return client;
}
