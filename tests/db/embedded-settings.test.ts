import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { openDatabase, queryRows } from '../../src/server/db/client.js';
import { EMBEDDED_SETTINGS } from '../../src/server/db/embedded.js';

const dataDir = mkdtempSync(join(tmpdir(), 'vendvote-embedded-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function settingsOf(options: Parameters<typeof openDatabase>[0]) {
  const database = await openDatabase(options);
  try {
    const rows = await queryRows<{ name: string; setting: string }>(
      database.db,
      sql`select name, current_setting(name) as setting from unnest(string_to_array(${Object.keys(EMBEDDED_SETTINGS).join(',')}, ',')) as name`,
    );
    const tables = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from pg_tables where schemaname = 'public'`);
    return { settings: Object.fromEntries(rows.map((row) => [row.name, row.setting])), tables: tables[0]!.n };
  } finally {
    await database.close();
  }
}

describe('the embedded database', { timeout: 120_000 }, () => {
  test('a new data directory is created, migrated and runs with the small-footprint settings', async () => {
    const { settings, tables } = await settingsOf({ dataDir });
    expect(settings).toEqual(EMBEDDED_SETTINGS);
    expect(tables).toBeGreaterThan(5);
  });

  test('an existing data directory opens again with the same settings and its tables', async () => {
    const { settings, tables } = await settingsOf({ dataDir });
    expect(settings).toEqual(EMBEDDED_SETTINGS);
    expect(tables).toBeGreaterThan(5);
  });

  test('the in-memory database of the tests uses them too', async () => {
    expect((await settingsOf({ inMemory: true })).settings).toEqual(EMBEDDED_SETTINGS);
  });
});
