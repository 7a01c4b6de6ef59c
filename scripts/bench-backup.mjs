// `npm run bench:backup`: `npm run backup` and `npm run restore` for an operator with 1,000,000
// votes, on the embedded database and on PostgreSQL. Backs up each (the server's with the app's own
// snapshot dump, and with pg_dump for comparison), restores the embedded backup into a new data
// directory and into an empty PostgreSQL database, and the server's into another, each restore
// checked against the backup's checksums. Records the seconds and sizes in the '## Backups' section
// of docs/performance.md, and exits non-zero if a backup or a restore takes more than 60 s.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { benchServerUrl, freshBenchDatabase } from './bench-support.mjs';
import { updatePerformanceDoc } from './performance-doc.mjs';

const root = new URL('..', import.meta.url).pathname;
const VOTES = Number(process.env.BENCH_BACKUP_VOTES ?? 1_000_000);
const BUDGET_S = 60;

// The server build is shared with other worktrees' tests and benchmarks: one build at a time.
if (spawnSync('flock', ['/tmp/vv-e2e.lock', '-c', 'npx tsc -p tsconfig.server.json'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);
const { openDatabase } = await import(join(root, 'dist/server/db/client.js'));
const { seedLargeOperator } = await import(join(root, 'dist/server/db/large-seed.js'));
const { writeBackup } = await import(join(root, 'dist/server/features/backups/make-backup.js'));
const { restoreBackup } = await import(join(root, 'dist/server/features/backups/restore-backup.js'));
const { createLocalFileStore } = await import(join(root, 'dist/server/integrations/file-store/index.js'));

const work = mkdtempSync(join(tmpdir(), 'vendvote-bench-backup-'));
const results = [];
const mb = (file) => (statSync(file).size / 2 ** 20).toFixed(0);
const secs = (start) => (performance.now() - start) / 1000;

async function seed(handle) {
  const start = performance.now();
  await seedLargeOperator(handle.db, { email: 'backup@bench.test', password: 'bench-backup-password-1', voteCount: VOTES, machines: 10, days: 365 });
  const [{ n }] = (await handle.db.execute(sql`select count(*)::int as n from votes`)).rows;
  console.log(`seeded ${n} votes in ${secs(start).toFixed(1)} s`);
}

async function backUp(label, handle, dataDir) {
  const result = await writeBackup({ database: handle, fileStore: createLocalFileStore(join(dataDir, 'uploads')), dataDir }, join(work, 'backups'));
  console.log(`${label}: ${result.seconds.toFixed(1)} s, ${mb(result.file)} MB`);
  results.push({ label, seconds: result.seconds, size: `${mb(result.file)} MB` });
  return result.file;
}

async function restore(label, archive, target) {
  const { seconds } = await restoreBackup(archive, target);
  console.log(`${label}: ${seconds.toFixed(1)} s`);
  results.push({ label, seconds, size: '' });
}

try {
  // Embedded: seeded, backed up, then restored into a new data directory and into a server.
  const sourceDir = join(work, 'embedded-source');
  const embedded = await openDatabase({ dataDir: sourceDir });
  await seed(embedded);
  const embeddedArchive = await backUp('Backup, embedded database', embedded, sourceDir);
  await embedded.close();
  const restoredDir = join(work, 'embedded-restored');
  await restore('Restore into a new embedded data directory', embeddedArchive, { dataDir: restoredDir, fileStore: createLocalFileStore(join(restoredDir, 'uploads')) });
  rmSync(restoredDir, { recursive: true, force: true });
  const movedDir = join(work, 'moved');
  await restore('Restore of the embedded backup into PostgreSQL', embeddedArchive, {
    databaseUrl: await freshBenchDatabase('vendvote_bench_backup_moved'),
    dataDir: movedDir,
    fileStore: createLocalFileStore(join(movedDir, 'uploads')),
  });

  // PostgreSQL: the same operator, backed up by the app and by pg_dump, restored by each.
  const sourceUrl = await freshBenchDatabase('vendvote_bench_backup_source');
  const server = await openDatabase({ databaseUrl: sourceUrl });
  await seed(server);
  await server.db.execute(sql`vacuum analyze`);
  const serverArchive = await backUp('Backup, PostgreSQL', server, join(work, 'server-source'));
  const [{ version }] = (await server.db.execute(sql`select current_setting('server_version') as version`)).rows;
  await server.close();
  const serverDir = join(work, 'server-restored');
  await restore('Restore into an empty PostgreSQL database', serverArchive, {
    databaseUrl: await freshBenchDatabase('vendvote_bench_backup_restored'),
    dataDir: serverDir,
    fileStore: createLocalFileStore(join(serverDir, 'uploads')),
  });
  const dumpFile = join(work, 'pg_dump.custom');
  let start = performance.now();
  if (spawnSync('pg_dump', ['-Fc', '-Z1', '-f', dumpFile, sourceUrl], { stdio: 'inherit' }).status !== 0) throw new Error('pg_dump failed');
  results.push({ label: 'For comparison: pg_dump -Fc -Z1', seconds: secs(start), size: `${mb(dumpFile)} MB` });
  const pgRestoreUrl = await freshBenchDatabase('vendvote_bench_backup_pg_restore');
  start = performance.now();
  if (spawnSync('pg_restore', ['--no-owner', '-d', pgRestoreUrl, dumpFile], { stdio: 'inherit' }).status !== 0) throw new Error('pg_restore failed');
  results.push({ label: 'For comparison: pg_restore of that dump', seconds: secs(start), size: '' });
  console.table(results);

  const over = results.filter((row) => !row.label.startsWith('For comparison') && row.seconds > BUDGET_S);
  const rows = results.map((row) => `| ${row.label} | ${row.seconds.toFixed(1)} | ${row.size} |`).join('\n');
  updatePerformanceDoc(
    join(root, 'docs/performance.md'),
    'Backups',
    `Written by \`npm run bench:backup\` on ${new Date().toISOString().slice(0, 10)}: one operator with ${VOTES.toLocaleString('en-US')} votes
(plus the tables around it), backed up with \`npm run backup\`'s code and restored with \`npm run restore\`'s, each restore
loading every table in one transaction and checking each table's row count and checksum against the backup before it
commits. ${cpus().length} CPU cores (${cpus()[0]?.model ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(0)} GB of memory,
load average ${loadavg()[0].toFixed(1)} at the end; PostgreSQL ${version} at ${new URL(benchServerUrl).host}. Budget: ${BUDGET_S} s each.

| What | Seconds | Archive |
| --- | --- | --- |
${rows}

The restores into a new embedded data directory include creating that directory (initdb and the migrations, about
15 s of the figure). pg_dump and pg_restore are shown for comparison only; see
\`docs/decisions/0040-backups-that-restore.md\` for why the app uses its own snapshot dump.`,
  );
  if (over.length > 0) {
    console.error(`Over the ${BUDGET_S} s budget: ${over.map((row) => row.label).join(', ')}`);
    process.exitCode = 1;
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
