import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.js';

/**
 * Which engine the tests run on: the embedded PGlite by default, or a PostgreSQL server when
 * the runner sets VV_TEST_DB=postgres (it does so when TEST_DATABASE_URL is given).
 */
export const testDatabaseKind = process.env.VV_TEST_DB === 'postgres' ? 'postgres' : 'embedded';

/** The migrated template of database-template.ts, read once per test file's process. */
let embeddedTemplate: Blob | undefined;

/**
 * A fresh, migrated database of its own for one test file, dropped again on close: a copy of the
 * template the global setup migrated (see database-template.ts), or migrated here without one.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (testDatabaseKind === 'embedded') {
    const templateFile = inject('embeddedTemplate');
    if (templateFile) embeddedTemplate ??= new Blob([readFileSync(templateFile)]);
    return openDatabase({ inMemory: true, from: embeddedTemplate });
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('VV_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `vv_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = inject('postgresTemplate');
  await withAdminClient(serverUrl, (client) => client.query(`create database ${name}${template ? ` template ${template}` : ''}`));
  const handle = await openDatabase({ databaseUrl: databaseUrlNamed(serverUrl, name), poolSize: 5 });
  return {
    ...handle,
    async close() {
      await handle.close();
      await withAdminClient(serverUrl, async (client) => {
        // pg's pool.end() resolves before its connections have said goodbye; dropping "with
        // (force)" at once would terminate them mid-way, which the driver throws as uncaught.
        for (let waited = 0; waited < 2000; waited += 20) {
          const { rows } = await client.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
          if (rows[0]?.n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await client.query(`drop database if exists ${name} with (force)`);
      });
    },
  };
}

/** `serverUrl` with another database name. */
export function databaseUrlNamed(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
