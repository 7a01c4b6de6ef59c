import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, isNotNull } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.js';
import { auditEvents, charities, charityImports } from '../../src/server/db/schema.js';
import { testDatabaseKind } from '../support/test-database.js';

/**
 * `npm run charities:import -- FILE…` end to end, against a fresh PostgreSQL database named by
 * DATABASE_URL. On the embedded engine the command would first prepare a data directory of its
 * own (about 12 s), so this file runs on PostgreSQL only (VV_TEST_DB=postgres).
 */
const root = new URL('../..', import.meta.url).pathname;
const SAMPLE = join(root, 'tests/fixtures/eo-bmf-sample.csv');
const BUILT = existsSync(join(root, 'dist/server/charities-import-main.js'));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The command as an admin types it when the server is built; the TypeScript entry through tsx otherwise. */
function runImport(databaseUrl: string, files: string[], via: 'npm' | 'source'): Promise<Run> {
  const [command, args] =
    via === 'npm' && BUILT
      ? ['npm', ['run', '--silent', 'charities:import', '--', ...files]]
      : [process.execPath, ['--import', 'tsx', 'src/server/charities-import-main.ts', ...files]];
  const child = spawn(command, args, {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

let dataDir: string;
let serverUrl: string;
let databaseName: string;
let databaseUrl: string;
let database: DatabaseHandle | undefined;

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

describe.skipIf(testDatabaseKind !== 'postgres')('npm run charities:import', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'vendvote-charities-'));
    serverUrl = process.env.TEST_DATABASE_URL!;
    databaseName = `vv_test_cli_${process.pid}_${randomBytes(4).toString('hex')}`;
    // An empty database: the command migrates it, as the server would.
    await admin((client) => client.query(`create database ${databaseName}`));
    const url = new URL(serverUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  });

  afterAll(async () => {
    await database?.close();
    if (databaseName) await admin((client) => client.query(`drop database if exists ${databaseName} with (force)`));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('imports the sample file into the database named, prints what became of the rows, and updates on a second run', async () => {
    const first = await runImport(databaseUrl, [SAMPLE], 'npm');
    expect(first.code, first.stderr + first.stdout).toBe(0);
    expect(first.stdout).toMatch(/^Read 19 rows from eo-bmf-sample\.csv in [\d.]+ s: 13 charities added, 0 updated, 2 not 501\(c\)\(3\) skipped, 4 rejected\.$/m);
    expect(first.stdout).toContain('eo-bmf-sample.csv line 16 (EIN 12345): EIN must be 9 digits');
    expect(first.stdout).toContain('eo-bmf-sample.csv line 17 (EIN 000000216): NAME is empty');
    expect(first.stdout).toContain('eo-bmf-sample.csv line 18 (EIN 000000217): ZIP must be 5 digits, or ZIP+4');
    expect(first.stdout).toContain('eo-bmf-sample.csv line 19 (EIN 000000218): ZIP code 00000 is not in the ZIP code table');

    const second = await runImport(databaseUrl, [SAMPLE], 'source');
    expect(second.code, second.stderr + second.stdout).toBe(0);
    expect(second.stdout).toContain('0 charities added, 13 updated');

    database = await openDatabase({ databaseUrl, poolSize: 2 });
    const rows = await database.db.select().from(charities).where(isNotNull(charities.ein)).orderBy(asc(charities.ein));
    expect(rows).toHaveLength(13);
    expect(rows.every((row) => row.source === 'irs')).toBe(true);
    expect(rows[0]).toMatchObject({ ein: '000000201', type: 'food_bank', zip: '78741', contactPerson: 'JANE DOE' });
    const imports = await database.db.select().from(charityImports).orderBy(asc(charityImports.id));
    expect(imports.map((entry) => [entry.fileNames, entry.imported, entry.updated, entry.userId])).toEqual([
      [['eo-bmf-sample.csv'], 13, 0, null],
      [['eo-bmf-sample.csv'], 0, 13, null],
    ]);
    // Each run leaves one entry in the audit trail, by the system (no user, no address).
    const trail = await database.db.select().from(auditEvents).orderBy(asc(auditEvents.id));
    expect(trail.map((entry) => [entry.action, entry.actorUserId, entry.ipHash, entry.details])).toEqual([
      ['charities.imported', null, null, { files: 'eo-bmf-sample.csv', imported: 13, updated: 0, partial: false, via: 'command line' }],
      ['charities.imported', null, null, { files: 'eo-bmf-sample.csv', imported: 0, updated: 13, partial: false, via: 'command line' }],
    ]);
  });

  test('a file that is not the extract, a missing file, or none at all end with a message and a failing exit code', async () => {
    const wrong = join(dataDir, 'members.csv');
    writeFileSync(wrong, 'Name,City\nEastside Pantry,Austin\n');
    const notExtract = await runImport(databaseUrl, [wrong], 'source');
    expect(notExtract.code).toBe(1);
    expect(notExtract.stderr).toContain('members.csv is not an IRS EO BMF extract: it has no EIN, ZIP, SUBSECTION columns.');

    const missing = await runImport(databaseUrl, [join(dataDir, 'eo_nowhere.csv')], 'source');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`Not found: ${join(dataDir, 'eo_nowhere.csv')}`);

    const none = await runImport(databaseUrl, [], 'source');
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('Name one or more IRS EO BMF files');
  });
});
