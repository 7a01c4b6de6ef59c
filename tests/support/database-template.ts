import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client.js';
import { testDatabaseKind, withAdminClient, databaseUrlNamed } from './test-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated embedded data directory (PGlite's dumpDataDir tarball) that each test file loads. */
    embeddedTemplate?: string;
    /** A migrated database on the server at TEST_DATABASE_URL that each test file copies. */
    postgresTemplate?: string;
  }
}

/**
 * Vitest's global setup: migrates one database before any test file runs, which every file then
 * copies instead of making and migrating its own (initdb and thirty-odd migrations cost about 3.5 s
 * a file on the embedded database; loading the copy about 0.9 s). The copy is the same schema the
 * migrations make, so the migrations themselves stay tested: by this setup, and by the process
 * tests that start the real server on an empty data directory.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  return testDatabaseKind === 'embedded' ? embeddedTemplate(project) : postgresTemplate(project);
}

async function embeddedTemplate(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'vendvote-template-'));
  const handle = await openDatabase({ inMemory: true });
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await handle.close();
  const file = join(dir, 'pgdata.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('embeddedTemplate', file);
  return async () => rmSync(dir, { recursive: true, force: true });
}

async function postgresTemplate(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('VV_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `vv_template_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database ${name}`));
  const handle = await openDatabase({ databaseUrl: databaseUrlNamed(serverUrl, name), poolSize: 1 });
  await handle.close();
  project.provide('postgresTemplate', name);
  return () => withAdminClient(serverUrl, async (client) => void (await client.query(`drop database if exists ${name} with (force)`)));
}
