import { createReadStream, createWriteStream } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { DatabaseHandle } from '../../db/client.js';

/**
 * One transaction on either engine, with COPY to and from files: what a backup and a restore
 * need, and nothing else. A PostgreSQL server streams COPY through pg-copy-streams; PGlite has
 * no COPY protocol and copies through its '/dev/blob' device instead, a whole table at a time.
 */
export interface SqlSession {
  query<T>(text: string): Promise<T[]>;
  /** Runs `COPY … TO STDOUT` and writes what it prints to `file`. */
  copyOut(copyToStdout: string, file: string): Promise<void>;
  /** Runs `COPY … FROM STDIN` with `file` as its input. */
  copyIn(copyFromStdin: string, file: string): Promise<void>;
}

export type TransactionMode = 'snapshot' | 'load';

const BEGIN: Record<TransactionMode, string> = {
  // Every table read in one consistent snapshot, while writers carry on (on a server).
  snapshot: 'begin isolation level repeatable read read only',
  load: 'begin',
};

function clientOf(handle: DatabaseHandle): PGlite | pg.Pool {
  const client = (handle.db as unknown as { $client: PGlite | pg.Pool }).$client;
  if (client instanceof PGlite || client instanceof pg.Pool) return client;
  throw new Error('The database handle has neither a PGlite client nor a pool');
}

/** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
export async function inTransaction<T>(handle: DatabaseHandle, mode: TransactionMode, work: (session: SqlSession) => Promise<T>): Promise<T> {
  const client = clientOf(handle);
  if (client instanceof PGlite) return inEmbeddedTransaction(client, mode, work);
  const connection = await client.connect();
  try {
    await connection.query(BEGIN[mode]);
    await connection.query("set local timezone to 'UTC'");
    const result = await work({
      query: async <T>(text: string) => (await connection.query(text)).rows as T[],
      copyOut: (text, file) => pipeline(connection.query(copyTo(text)), createWriteStream(file)),
      copyIn: (text, file) => pipeline(createReadStream(file), connection.query(copyFrom(text))),
    });
    await connection.query('commit');
    return result;
  } catch (error) {
    await connection.query('rollback').catch(() => {});
    throw error;
  } finally {
    connection.release();
  }
}

/**
 * PGlite is one connection: its transaction holds it, so the app's other queries wait until the
 * backup is written (seconds; see docs/performance.md) rather than run beside it.
 */
function inEmbeddedTransaction<T>(client: PGlite, mode: TransactionMode, work: (session: SqlSession) => Promise<T>): Promise<T> {
  return client.transaction(async (tx: Transaction) => {
    if (mode === 'snapshot') await tx.exec('set transaction isolation level repeatable read, read only');
    await tx.exec("set local timezone to 'UTC'");
    return work({
      query: async <T>(text: string) => (await tx.query<T>(text)).rows,
      async copyOut(text, file) {
        const result = await tx.query(text.replace(/\bto stdout\b/i, "to '/dev/blob'"));
        // An empty table writes nothing to the device, and then there is no blob.
        await writeFile(file, result.blob ? Buffer.from(await result.blob.arrayBuffer()) : Buffer.alloc(0));
      },
      async copyIn(text, file) {
        await tx.query(text.replace(/\bfrom stdin\b/i, "from '/dev/blob'"), [], { blob: new Blob([await readFile(file)]) });
      },
    });
  });
}
