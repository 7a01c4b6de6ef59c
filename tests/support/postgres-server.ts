import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server the tests may use: TEST_DATABASE_URL, or the local default. */
export const postgresServerUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Whether a PostgreSQL server answers at `url` (tests that need one skip, saying why, if not). */
export async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  // This client may see its own connection end when a test terminates backends; that is expected.
  client.on('error', () => {});
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

export interface ScratchDatabase {
  name: string;
  /** The server's URL with this database in its path. */
  url: string;
  /** Ends every session of the database (as a restart or a failover would); returns how many. */
  terminateSessions(): Promise<number>;
  drop(): Promise<void>;
}

/** An empty database of its own on the server at `serverUrl`, for one test file. */
export async function createScratchDatabase(serverUrl: string): Promise<ScratchDatabase> {
  const name = `vv_faults_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withClient(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    terminateSessions: () =>
      withClient(serverUrl, async (client) => {
        const { rows } = await client.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [name],
        );
        return rows.length;
      }),
    drop: () => withClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  };
}
