// `npm run bench:account-export`: Settings → 'Download my data' for an operator with 1,000,000
// votes, on PostgreSQL. Seeds that operator (after another operator's 200,000 votes in the table,
// and a small operator whose export warms the server up), starts the built server with its file
// store in a temporary DATA_DIR and no SMTP server (the ready mail goes to DATA_DIR/outbox, as on a
// local install), asks for the export over HTTP as the operator, and polls its status until the
// job that builds the ZIP in the server process is done, sampling the server's resident memory
// every 50 ms. Then once more from a server whose heap is capped at 96 MB, which can only finish if
// the build holds no more than a batch. Each ZIP is downloaded through the mailed link and checked
// (every entry's CRC, votes.csv one line per vote of the operator's and no other's). Records the
// figures in the '## Account data export' section of docs/performance.md, and exits non-zero if a
// build fails, a ZIP is not whole, or the capped server grows past its budget.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { freshBenchDatabase, signIn, startBenchServer } from './bench-support.mjs';
import { updatePerformanceDoc } from './performance-doc.mjs';

const root = new URL('..', import.meta.url).pathname;
const VOTES = Number(process.env.BENCH_ACCOUNT_EXPORT_VOTES ?? 1_000_000);
const OTHER_VOTES = Math.round(VOTES / 5);
const WARM_UP_VOTES = 1_000;
const EMAIL = 'account-export@bench.test';
const WARM_UP_EMAIL = 'warm-up-account-export@bench.test';
const PASSWORD = 'bench-account-export-password-1';
/** The heap a server is held to in the run that shows the build keeps no more than a batch, and how far it may grow. */
const CAPPED_HEAP_MB = 96;
const CAPPED_GROWTH_BUDGET_MB = 64;
/** A build that takes longer has failed (the job's lease is 5 minutes). */
const BUILD_TIMEOUT_S = 600;
const EXPECTED_FILES = ['README.txt', 'account.json', 'billing.json', 'products.csv', 'votes.csv', 'suggestions.csv', 'vending-issues.csv', 'magnet-orders.csv', 'machines.csv', 'restocks.csv', 'purchase-list.csv', 'donations.csv', 'charities.csv', 'donation-lines.csv'];

// The build is shared with other worktrees' tests and benchmarks: one build at a time. Rebuilt when
// the code of the export (the account's ZIP, and the CSV exports it reuses) is newer than its build.
const newest = (dir) => Math.max(...readdirSync(dir).map((name) => statSync(join(dir, name)).mtimeMs));
const stale = (feature) => {
  const built = join(root, 'dist/server/features', feature);
  return !existsSync(built) || newest(join(root, 'src/server/features', feature)) > newest(built);
};
if (!existsSync(join(root, 'dist/server/main.js')) || stale('account-data') || stale('exports')) {
  if (spawnSync('flock', ['/tmp/vv-e2e.lock', '-c', 'npm run build'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);
}
const { openDatabase } = await import(join(root, 'dist/server/db/client.js'));
const { seedLargeOperator } = await import(join(root, 'dist/server/db/large-seed.js'));

const url = await freshBenchDatabase('vendvote_bench_account_export');
const handle = await openDatabase({ databaseUrl: url });
const { db } = handle;
const seedStart = performance.now();
// Another operator's votes first, so the measured operator's ids do not start at 1.
await seedLargeOperator(db, { email: 'other-account-export@bench.test', password: PASSWORD, voteCount: OTHER_VOTES, machines: 5, days: 365 });
const { user, machineIds } = await seedLargeOperator(db, { email: EMAIL, password: PASSWORD, voteCount: VOTES, machines: 10, days: 365 });
await seedLargeOperator(db, { email: WARM_UP_EMAIL, password: PASSWORD, voteCount: WARM_UP_VOTES, machines: 2, days: 30 });
await db.execute(sql`vacuum analyze`);
const seedSeconds = (performance.now() - seedStart) / 1000;
const [{ version }] = (await db.execute(sql`select current_setting('server_version') as version`)).rows;
const [{ n: tableRows }] = (await db.execute(sql`select count(*)::int as n from votes`)).rows;
// The operator's votes, to check the file against: how many, their ids' range and sum.
const [own] = (
  await db.execute(sql`select count(*)::int as n, min(v.id)::int as "minId", max(v.id)::int as "maxId", coalesce(sum(v.id), 0)::text as "idSum"
    from votes v join vending_machines m on m.id = v.machine_id where m.user_id = ${user.id}`)
).rows;
// Nobody else's vote may lie within that range, or "in range" would not mean "the operator's".
const [{ n: othersInRange }] = (
  await db.execute(sql`select count(*)::int as n from votes v join vending_machines m on m.id = v.machine_id
    where m.user_id <> ${user.id} and v.id between ${own.minId} and ${own.maxId}`)
).rows;
console.log(`seeded ${tableRows} votes in ${seedSeconds.toFixed(1)} s; the operator's ${own.n} are ids ${own.minId}–${own.maxId}`);
await handle.close();
if (own.n !== VOTES || othersInRange !== 0) throw new Error(`unexpected seed: ${own.n} votes, ${othersInRange} of others in their range`);

/** A line of /proc/<pid>/status in MB: VmRSS (resident now) or VmHWM (the highest it has been). */
const statusMb = (pid, field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
const rssMb = (pid) => {
  try {
    return statusMb(pid, 'VmRSS');
  } catch {
    return 0; // The server has exited (out of memory, say).
  }
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function call(server, cookie, method, path) {
  const response = await fetch(`${server.url}${path}`, { method, headers: { cookie } });
  const body = await response.json();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/** The mailed link to the export, read from the .eml the server wrote to its outbox (quoted-printable undone). */
async function mailedLink(dataDir, email) {
  const outbox = join(dataDir, 'outbox');
  for (let attempt = 0; attempt < 100; attempt++) {
    for (const name of existsSync(outbox) ? readdirSync(outbox) : []) {
      const text = readFileSync(join(outbox, name), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
      if (!text.includes(`To: ${email}`)) continue;
      const match = /\/api\/account\/data-export\/\d+\/download\?token=[A-Za-z0-9_-]+/.exec(text);
      if (match) return match[0];
    }
    await sleep(100);
  }
  throw new Error(`no mail with the export's link reached ${email}`);
}

/**
 * Asks for the account's export over HTTP, polls its status until the server's jobs worker has
 * built it, sampling the server's memory every 50 ms; then downloads the ZIP through the mailed link.
 */
async function buildExport(server, dataDir, email, zipFile) {
  const cookie = await signIn(server.url, email, PASSWORD);
  const pid = server.child.pid;
  const idleRssMb = rssMb(pid);
  let peakRssMb = idleRssMb;
  const sampler = setInterval(() => {
    peakRssMb = Math.max(peakRssMb, rssMb(pid));
  }, 50);
  const started = performance.now();
  let latest;
  try {
    const { exportId } = await call(server, cookie, 'POST', '/api/account/data-export');
    for (;;) {
      if (server.child.exitCode !== null || server.child.signalCode !== null) {
        latest = { state: `crashed (server exited with ${server.child.exitCode ?? server.child.signalCode})` };
        break;
      }
      try {
        ({ latest } = await call(server, cookie, 'GET', '/api/account/data-export'));
      } catch (error) {
        // Refused because the server has just died: the check above says so on the next turn.
        await sleep(500);
        if (server.child.exitCode === null && server.child.signalCode === null) throw error;
        continue;
      }
      if (latest?.id === exportId && latest.state !== 'building') break;
      if (performance.now() - started > BUILD_TIMEOUT_S * 1000) throw new Error(`the export was not built within ${BUILD_TIMEOUT_S} s`);
      await sleep(250);
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  peakRssMb = Math.max(peakRssMb, rssMb(pid));
  if (latest.state !== 'ready') return { ok: false, state: latest.state, seconds, idleRssMb, peakRssMb };
  const link = await mailedLink(dataDir, email);
  const response = await fetch(`${server.url}${link}`, { headers: { cookie } });
  if (!response.ok) throw new Error(`download: ${response.status}`);
  await pipeline(Readable.fromWeb(response.body), createWriteStream(zipFile));
  return { ok: true, state: latest.state, seconds, idleRssMb, peakRssMb, sizeBytes: latest.sizeBytes, downloadedBytes: statSync(zipFile).size };
}

/** Starts the built server with `env`, warms it up on a small account's export, and builds the measured operator's. */
async function measureServer(label, env, zipFile) {
  const dataDir = mkdtempSync(join(tmpdir(), 'vv-bench-account-export-'));
  const server = startBenchServer({ SESSION_SECRET: randomBytes(32).toString('hex'), DATABASE_URL: url, DATA_DIR: dataDir, ...env });
  try {
    await server.ready;
    // The first export loads the job's code, the ZIP library and the query plans.
    const warmUp = await buildExport(server, dataDir, WARM_UP_EMAIL, `${zipFile}.warm-up`);
    if (!warmUp.ok) throw new Error(`${label}: the warm-up export ${warmUp.state}`);
    const result = { label, ...(await buildExport(server, dataDir, EMAIL, zipFile)) };
    result.hwmMb = result.ok ? statusMb(server.child.pid, 'VmHWM') : result.peakRssMb;
    console.log(
      `${label}: ${result.state} in ${result.seconds.toFixed(1)} s, ${((result.sizeBytes ?? 0) / 2 ** 20).toFixed(1)} MB ZIP; server RSS ${result.idleRssMb.toFixed(0)} → peak ${result.peakRssMb.toFixed(0)} MB (VmHWM ${result.hwmMb.toFixed(0)} MB)`,
    );
    return result;
  } finally {
    if (server.child.exitCode === null && server.child.signalCode === null) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** What is wrong with the ZIP, if anything: a failed CRC, a missing file, or votes.csv not exactly the operator's votes. */
async function checkZip(zipFile) {
  const problems = [];
  const test = spawnSync('unzip', ['-tqq', zipFile], { encoding: 'utf8' });
  if (test.status !== 0) problems.push(`unzip -t: ${(test.stdout + test.stderr).trim().slice(0, 300)}`);
  const names = spawnSync('unzip', ['-Z1', zipFile], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
  const missing = EXPECTED_FILES.filter((name) => !names.includes(name));
  if (missing.length > 0) problems.push(`missing ${missing.join(', ')}`);
  // votes.csv read line by line as unzip writes it: the header, then one line per vote, ids ascending.
  const unzip = spawn('unzip', ['-p', zipFile, 'votes.csv'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const ownMachines = new Set(machineIds.map(String));
  let lines = 0;
  let header = '';
  let lastId = 0;
  let idSum = 0n;
  let ordered = true;
  let othersRows = 0;
  for await (const line of createInterface({ input: unzip.stdout, crlfDelay: Infinity })) {
    lines += 1;
    if (lines === 1) {
      header = line.replace(/^\uFEFF/, ''); // The spreadsheet byte-order mark.
      continue;
    }
    const [id, , machineId] = line.split(',', 3);
    const n = Number(id);
    if (!(n > lastId)) ordered = false;
    lastId = n;
    idSum += BigInt(n);
    if (n < own.minId || n > own.maxId || !ownMachines.has(machineId)) othersRows += 1;
  }
  const rows = lines - 1;
  if (!header.startsWith('Vote ID,')) problems.push(`votes.csv header: ${header.slice(0, 80)}`);
  if (rows !== own.n) problems.push(`votes.csv has ${rows} votes, not ${own.n}`);
  if (!ordered) problems.push('votes.csv ids are not ascending');
  if (othersRows > 0) problems.push(`votes.csv has ${othersRows} votes that are not the operator's`);
  if (idSum.toString() !== own.idSum) problems.push('votes.csv ids do not add up to the operator\'s');
  return { rows, entries: names.length, problems };
}

const work = mkdtempSync(join(tmpdir(), 'vv-bench-account-export-zips-'));
const runs = [];
try {
  // As production runs it against PostgreSQL: Node's default heap, which grows to put off collecting garbage.
  runs.push({ ...(await measureServer("Node's default heap", {}, join(work, 'standard.zip'))), zipFile: join(work, 'standard.zip') });
  // The same build in a server whose heap may not pass CAPPED_HEAP_MB: it can only finish if it
  // never holds more than a batch or so, whatever the default heap's peak above shows.
  runs.push({
    ...(await measureServer(`Server heap capped at ${CAPPED_HEAP_MB} MB`, { NODE_OPTIONS: `--max-old-space-size=${CAPPED_HEAP_MB}` }, join(work, 'capped.zip'))),
    zipFile: join(work, 'capped.zip'),
    capped: true,
  });
  for (const run of runs) {
    run.check = run.ok ? await checkZip(run.zipFile) : { rows: 0, entries: 0, problems: [`the export ${run.state}`] };
    if (run.ok && run.downloadedBytes !== run.sizeBytes) run.check.problems.push(`downloaded ${run.downloadedBytes} bytes of ${run.sizeBytes}`);
    console.log(`${run.label}: ${run.check.rows} votes in votes.csv, ${run.check.entries} files${run.check.problems.length ? `; ${run.check.problems.join('; ')}` : ', whole'}`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

const [standard, capped] = runs;
const cappedGrowthMb = capped.peakRssMb - capped.idleRssMb;
const overBudget = !capped.ok || cappedGrowthMb > CAPPED_GROWTH_BUDGET_MB;
const broken = runs.filter((run) => run.check.problems.length > 0);
const fmt = (n) => n.toLocaleString('en-US');
const row = (run) =>
  `| ${run.label} | ${fmt(run.check.rows)} | ${run.seconds.toFixed(1)} | ${run.ok ? `${(run.sizeBytes / 2 ** 20).toFixed(1)} MB` : run.state} | ${run.idleRssMb.toFixed(0)} → ${run.peakRssMb.toFixed(0)} MB (+${(run.peakRssMb - run.idleRssMb).toFixed(0)}) |`;
const lines = [
  `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench:account-export\` on this machine (${cpus().length} CPUs, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}) against PostgreSQL ${version} (${new URL(url).host}) on the same machine; load average ${loadavg()[0].toFixed(1)} at the end.`,
  '',
  `An operator with ${fmt(VOTES)} votes over a year at 10 machines, in a votes table of ${fmt(tableRows)} rows (another operator's ${fmt(OTHER_VOTES)} first, and ${fmt(WARM_UP_VOTES)} of a small account whose export warms the server up), seeded with \`generate_series\` in ${seedSeconds.toFixed(0)} s. Settings → 'Download my data' over HTTP to the built server, signed in as that operator: \`POST /api/account/data-export\`, then \`GET /api/account/data-export\` every 250 ms until the server's jobs worker has built the ZIP into the file store (a temporary DATA_DIR) and marked it ready. Seconds are from the request to ready. The ZIP is then downloaded through the link of the mail the server wrote to its outbox (no SMTP server set) and checked: \`unzip -t\` passes every entry's CRC, all ${EXPECTED_FILES.length} files are there, and votes.csv holds its header and one line per vote of the operator's, ids ascending, none of another operator's. The job reads votes ${fmt(5000)} rows per query by id (keyset) and deflates each part into the ZIP only when the file store has taken the last. Resident memory of the server process (VmRSS) sampled every 50 ms, from its size after start-up and a small account's export (warm-up) to its peak during the build.`,
  '',
  '| Server | Votes in votes.csv | Seconds | ZIP | Server RSS idle → peak |',
  '| --- | ---: | ---: | ---: | ---: |',
  ...runs.map(row),
  '',
  `With Node's default heap the build adds ${(standard.peakRssMb - standard.idleRssMb).toFixed(0)} MB to the idle server (VmHWM ${standard.hwmMb.toFixed(0)} MB over the server's life, start-up and warm-up included); ${capped.ok ? 'the capped run below grows by less, so part of that is garbage V8 leaves for later while its heap has room' : 'it is the capped run that shows whether the build holds more than a batch'}. ${
    capped.ok
      ? `With the heap capped at ${CAPPED_HEAP_MB} MB the whole archive is still built and the process grows by ${cappedGrowthMb.toFixed(0)} MB (budget ${CAPPED_GROWTH_BUDGET_MB} MB), so the build holds no more than a batch at a time: an operator with ${fmt(VOTES)} votes does not fill the server's memory.`
      : `With the heap capped at ${CAPPED_HEAP_MB} MB the build ${capped.state}: it holds more than a batch at a time.`
  }`,
  '',
  broken.length === 0 ? 'Every ZIP was whole.' : `Not whole: ${broken.map((run) => `${run.label} (${run.check.problems.join('; ')})`).join('; ')}.`,
];
updatePerformanceDoc(join(root, 'docs/performance.md'), 'Account data export', lines.join('\n'));
if (broken.length > 0 || overBudget) {
  if (overBudget) console.error(`The capped server ${capped.ok ? `grew by ${cappedGrowthMb.toFixed(0)} MB, over its ${CAPPED_GROWTH_BUDGET_MB} MB budget` : `did not build the export (${capped.state})`}`);
  process.exit(1);
}
