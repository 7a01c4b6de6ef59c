import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extract } from 'tar';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase } from '../../src/server/db/client.js';
import { createMachine, createProduct, createUser, insertVotes } from '../../src/server/db/factories.js';
import { marketingResources, subscriptions } from '../../src/server/db/schema.js';
import type { Manifest } from '../../src/server/features/backups/backup-manifest.js';
import { createLocalFileStore } from '../../src/server/integrations/file-store/index.js';
import { inspectDatabase, type TableFigures } from '../support/backup-figures.js';
import { createScratchDatabase, postgresAnswers, postgresServerUrl, type ScratchDatabase } from '../support/postgres-server.js';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../support/server-process.js';
import { demoProductIds, startVoteLoad, VOTE_LOAD_SECRET, type VoteOutcome } from '../support/vote-load.js';

/*
 * A backup as an operator relies on it: the running server makes it on its schedule while votes
 * keep arriving; it is restored with `restore-main` into a new data directory and into an empty
 * PostgreSQL database; each table there equals the backup's snapshot, every vote acknowledged
 * before the backup began is there, and the app starts and takes new votes.
 */
const root = new URL('../..', import.meta.url).pathname;
const serverAnswers = await postgresAnswers(postgresServerUrl);
const UPLOAD = Buffer.from('%PDF-1.4 a flyer for the break room\n');
const serverEnv = { TRUST_PROXY: 'true', SESSION_SECRET: VOTE_LOAD_SECRET, LOG_LEVEL: 'warn' };

interface Run {
  code: number | null;
  output: string;
}

function runCommand(main: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<Run> {
  const child = spawn(process.execPath, ['--import', 'tsx', `src/server/${main}-main.ts`, ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

async function until<T>(probe: () => T | undefined, what: string, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** When a backup began, from its name (vendvote-backup-2026-11-28T12-50-12-618Z.tar.gz). */
function timeOfBackup(file: string): number {
  const [, date, h, m, sec, ms] = /^vendvote-backup-(\d{4}-\d\d-\d\d)T(\d\d)-(\d\d)-(\d\d)-(\d{3})Z/.exec(file)!;
  return Date.parse(`${date}T${h}:${m}:${sec}.${ms}Z`);
}

const cleanup: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanup.push(dir);
  return dir;
};

let source: ServerProcess;
let archive: string;
let manifest: Manifest;
let acknowledgedBefore: VoteOutcome[];
let scratch: ScratchDatabase | undefined;

beforeAll(async () => {
  const dataDir = tempDir('vendvote-backup-source-');
  const backupDir = join(dataDir, 'backups');
  // An operator with votes, an uploaded file and a paid subscription, seeded before the server starts.
  const database = await openDatabase({ dataDir });
  const { user } = await createUser(database.db, { email: 'owner@backup.test' });
  const machine = await createMachine(database.db, user.id);
  const products = await Promise.all([1, 2, 3].map(() => createProduct(database.db, user.id)));
  await insertVotes(
    database.db,
    Array.from({ length: 300 }, (_, i) => ({ productId: products[i % 3]!.id, machineId: machine.id, voteType: 'up' as const, voterId: `seed-${i}`, createdAt: new Date(Date.now() - i * 60_000) })),
  );
  await database.db.insert(subscriptions).values({ id: 'sub_backup', userId: user.id, stripeCustomerId: 'cus_backup', status: 'active', priceId: 'price_growth', tier: 'growth', stripeCreatedAt: new Date() });
  await createLocalFileStore(join(dataDir, 'uploads')).put('marketing-resources/0123abcd', UPLOAD, 'application/pdf');
  await database.db.insert(marketingResources).values({ title: 'Flyer', type: 'document', category: 'flyers', fileKey: 'marketing-resources/0123abcd', fileName: 'flyer.pdf', fileMime: 'application/pdf' });
  await database.close();

  // A backup every ten seconds; the one that counts began while the votes were already flowing.
  source = await startServerProcess({ dataDir, env: { ...serverEnv, BACKUP_SCHEDULE: '*/10 * * * * *', BACKUP_DIR: backupDir, BACKUP_KEEP: '50' } });
  const load = startVoteLoad(source.url, await demoProductIds(source.url), 2);
  const loadStarted = Date.now();
  // While the server runs, the command refuses: the embedded database is the server's alone.
  const refused = await runCommand('backup', [], { DATA_DIR: dataDir });
  expect(refused.code).toBe(1);
  expect(refused.output).toContain('set BACKUP_SCHEDULE');
  const name = await until(
    () => (existsSync(backupDir) ? readdirSync(backupDir).find((file) => file.endsWith('.tar.gz') && timeOfBackup(file) > loadStarted + 2000) : undefined),
    'a scheduled backup made while votes arrive',
  );
  // Votes keep arriving a little after the backup was written, then the source stops.
  await new Promise((resolve) => setTimeout(resolve, 500));
  await load.stop();
  await stopServerProcess(source);
  archive = join(backupDir, name);
  const unpacked = tempDir('vendvote-backup-manifest-');
  await extract({ file: archive, cwd: unpacked }, ['manifest.json']);
  manifest = JSON.parse(readFileSync(join(unpacked, 'manifest.json'), 'utf8')) as Manifest;
  expect(Date.parse(manifest.createdAt)).toBe(timeOfBackup(name));
  const began = Date.parse(manifest.createdAt);
  acknowledgedBefore = load.outcomes.filter((outcome) => outcome.status === 201 && outcome.at < began);
  expect(acknowledgedBefore.length).toBeGreaterThan(20);
  expect(load.outcomes.some((outcome) => outcome.status === 201 && outcome.at > began)).toBe(true);
}, 240_000);

afterAll(async () => {
  await scratch?.drop();
  for (const dir of cleanup) rmSync(dir, { recursive: true, force: true });
});

function expectSnapshot(figures: TableFigures, votesOfVoters: number) {
  const expected = new Map(manifest.tables.map((table) => [table.name, { rows: table.rows, checksum: table.checksum }]));
  expect(figures).toEqual(expected);
  expect(figures.get('subscriptions')!.rows).toBe(1);
  expect(figures.get('marketing_resources')!.rows).toBe(1);
  expect(votesOfVoters).toBe(acknowledgedBefore.length);
}

async function votesAgain(server: ServerProcess) {
  const load = startVoteLoad(server.url, await demoProductIds(server.url), 1);
  await until(() => (load.outcomes.length >= 5 ? true : undefined), 'votes on the restored install');
  await load.stop();
  // A sequence left behind would make new rows collide with restored ids (500s).
  expect(load.outcomes.map((outcome) => outcome.status)).toEqual(load.outcomes.map(() => 201));
}

describe('backups', { timeout: 240_000 }, () => {
  test('restore into a new data directory: every table as in the snapshot, acknowledged votes there, the app runs', async () => {
    const dataDir = tempDir('vendvote-backup-restored-');
    const restored = await runCommand('restore', [archive], { DATA_DIR: dataDir });
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain('each table checked against the backup');
    const { figures, votesOfVoters } = await inspectDatabase({ dataDir }, acknowledgedBefore.map((outcome) => outcome.voterId));
    expectSnapshot(figures, votesOfVoters);
    const server = await startServerProcess({ dataDir, env: serverEnv });
    try {
      const file = await createLocalFileStore(join(dataDir, 'uploads')).get('marketing-resources/0123abcd');
      expect(file?.size).toBe(UPLOAD.length);
      await votesAgain(server);
    } finally {
      await stopServerProcess(server);
    }

    // A second restore into the same place is refused, and a damaged archive before anything is written.
    const again = await runCommand('restore', [archive], { DATA_DIR: dataDir });
    expect(again.code).toBe(1);
    expect(again.output).toContain('add --force');
  });

  test.skipIf(!serverAnswers)('restore an embedded install into an empty PostgreSQL database', async () => {
    scratch = await createScratchDatabase(postgresServerUrl);
    const dataDir = tempDir('vendvote-backup-to-server-');
    const restored = await runCommand('restore', [archive], { DATA_DIR: dataDir, DATABASE_URL: scratch.url });
    expect(restored.code, restored.output).toBe(0);
    const { figures, votesOfVoters } = await inspectDatabase({ databaseUrl: scratch.url, poolSize: 1 }, acknowledgedBefore.map((outcome) => outcome.voterId));
    expectSnapshot(figures, votesOfVoters);
    const server = await startServerProcess({ dataDir, env: { ...serverEnv, DATABASE_URL: scratch.url } });
    try {
      await votesAgain(server);
    } finally {
      await stopServerProcess(server);
    }
    const again = await runCommand('restore', [archive], { DATA_DIR: dataDir, DATABASE_URL: scratch.url });
    expect(again.code).toBe(1);
    expect(again.output).toContain('the database at DATABASE_URL has tables');
    // Told --force, it replaces what is there, and the tables are the snapshot's again.
    const forced = await runCommand('restore', [archive, '--force'], { DATA_DIR: dataDir, DATABASE_URL: scratch.url });
    expect(forced.code, forced.output).toBe(0);
    const replaced = await inspectDatabase({ databaseUrl: scratch.url, poolSize: 1 }, acknowledgedBefore.map((outcome) => outcome.voterId));
    expectSnapshot(replaced.figures, replaced.votesOfVoters);
  });
});
