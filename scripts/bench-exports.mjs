// `npm run bench:exports`: the CSV export of an operator's votes at scale, on PostgreSQL. Seeds an
// operator with 1,000,000 votes (after another operator's 200,000 in the table), starts the built
// server, and downloads GET /api/exports/votes.csv over HTTP: compressed as a browser takes it
// (Brotli), uncompressed, by a client that stops reading for a while (the server must wait for it
// rather than produce the file into memory), and for one machine over 30 days; then once more from
// a server whose heap is capped at 96 MB, which can only finish if the export holds no more than a
// batch. Checks every file is whole (one line per vote, ids in order) and records rows, seconds and
// the server's resident memory in the '## CSV exports' section of docs/performance.md. Exits
// non-zero if a file is incomplete, the capped server grows past its budget, or the server keeps
// working while its client reads nothing.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { createBrotliDecompress } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { freshBenchDatabase, signIn, startBenchServer } from './bench-support.mjs';
import { updatePerformanceDoc } from './performance-doc.mjs';

const root = new URL('..', import.meta.url).pathname;
const VOTES = Number(process.env.BENCH_EXPORT_VOTES ?? 1_000_000);
const OTHER_VOTES = Math.round(VOTES / 5);
const EMAIL = 'exports@bench.test';
const PASSWORD = 'bench-exports-password-1';
/** The heap a server is held to in the run that shows the export keeps no more than a batch, and how far it may grow. */
const CAPPED_HEAP_MB = 96;
const CAPPED_GROWTH_BUDGET_MB = 64;
const PAUSE = { afterBytes: 2 * 2 ** 20, seconds: 6 };
const PAUSE_SETTLE_S = 2;
/** CPU the server may spend beyond its idle self while its only client reads nothing. */
const PAUSED_CPU_BUDGET_S = 0.3;

// The build is shared with other worktrees' tests and benchmarks: one build at a time. Rebuilt when
// the export code is newer than its build.
const newest = (dir) => Math.max(...readdirSync(dir).map((name) => statSync(join(dir, name)).mtimeMs));
const built = join(root, 'dist/server/features/exports');
if (!existsSync(join(root, 'dist/server/main.js')) || !existsSync(built) || newest(join(root, 'src/server/features/exports')) > newest(built)) {
  if (spawnSync('flock', ['/tmp/vv-e2e.lock', '-c', 'npm run build'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);
}
const { openDatabase } = await import(join(root, 'dist/server/db/client.js'));
const { seedLargeOperator } = await import(join(root, 'dist/server/db/large-seed.js'));

const url = await freshBenchDatabase('vendvote_bench_exports');
const handle = await openDatabase({ databaseUrl: url });
const { db } = handle;
const seedStart = performance.now();
// Another operator's votes first, so the measured operator's ids do not start at 1.
await seedLargeOperator(db, { email: 'other-exports@bench.test', password: PASSWORD, voteCount: OTHER_VOTES, machines: 5, days: 365 });
const { machineIds } = await seedLargeOperator(db, { email: EMAIL, password: PASSWORD, voteCount: VOTES, machines: 10, days: 365 });
await db.execute(sql`vacuum analyze`);
const seedSeconds = (performance.now() - seedStart) / 1000;
const [{ version }] = (await db.execute(sql`select current_setting('server_version') as version`)).rows;
const [{ n: tableRows }] = (await db.execute(sql`select count(*)::int as n from votes`)).rows;
console.log(`seeded ${tableRows} votes in ${seedSeconds.toFixed(1)} s`);
const today = new Date().toISOString().slice(0, 10);
const monthAgo = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
const [{ n: machineMonthVotes }] = (
  await db.execute(sql`select count(*)::int as n from votes where machine_id = ${machineIds[0]} and created_at >= ${monthAgo}::date - 1 and created_at < ${today}::date + 2`)
).rows;
await handle.close();

/** CPU time the server has used so far (user and system), from the kernel, in seconds. */
const cpuSeconds = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
};
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** The server's resident memory now, from the kernel (VmRSS), in MB. */
const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

/**
 * Downloads `path`, checking each line as it arrives (one vote a line, ids ascending) without
 * keeping the file, and samples the server's memory every 50 ms. With `pause`, stops reading for
 * `pause.seconds` once `pause.afterBytes` have arrived, and measures the server's work meanwhile.
 */
function download(server, cookie, path, { encoding = 'identity', pause = null } = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let firstByteMs = null;
    let wireBytes = 0;
    let textBytes = 0;
    let lines = 0;
    let lastId = 0;
    let ordered = true;
    let pending = '';
    let paused = false;
    let pausedCpuSeconds = null;
    let pausedRssGrowthMb = null;
    let peak = rssMb(server.child.pid);
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(server.child.pid));
    }, 50);
    const req = request(`${server.url}${path}`, { headers: { cookie, 'accept-encoding': encoding } }, (res) => {
      if (res.statusCode !== 200) {
        clearInterval(sampler);
        reject(new Error(`${path}: ${res.statusCode}`));
        return;
      }
      const contentEncoding = res.headers['content-encoding'] ?? 'identity';
      // Fed by hand rather than piped, so pausing the response really stops reading the socket.
      const decoder = contentEncoding === 'br' ? createBrotliDecompress() : null;
      const text = decoder ?? res;
      res.on('data', (chunk) => {
        firstByteMs ??= performance.now() - started;
        wireBytes += chunk.length;
        decoder?.write(chunk);
      });
      if (decoder) res.on('end', () => decoder.end());
      text.setEncoding('utf8');
      text.on('data', (chunk) => {
        textBytes += Buffer.byteLength(chunk);
        const parts = (pending + chunk).split('\r\n');
        pending = parts.pop();
        for (const line of parts) {
          lines += 1;
          if (lines === 1) continue;
          const id = Number(line.slice(0, line.indexOf(',')));
          if (!(id > lastId)) ordered = false;
          lastId = id;
        }
      });
      if (pause) {
        // A client that stops reading: once the socket's buffers are full the server must stop
        // reading rows too, rather than keep producing the file into memory.
        res.on('data', () => {
          if (paused || wireBytes < pause.afterBytes) return;
          paused = true;
          res.pause();
          const rssBefore = rssMb(server.child.pid);
          // The kernel's socket buffers take several MB more before the server feels the pause;
          // the work is measured after they have had time to fill.
          let cpuBefore;
          setTimeout(() => {
            cpuBefore = cpuSeconds(server.child.pid);
          }, PAUSE_SETTLE_S * 1000);
          setTimeout(() => {
            pausedCpuSeconds = cpuSeconds(server.child.pid) - cpuBefore;
            pausedRssGrowthMb = rssMb(server.child.pid) - rssBefore;
            res.resume();
          }, pause.seconds * 1000);
        });
      }
      text.on('end', () => {
        clearInterval(sampler);
        peak = Math.max(peak, rssMb(server.child.pid));
        resolve({
          seconds: (performance.now() - started) / 1000,
          firstByteMs,
          wireMb: wireBytes / 2 ** 20,
          textMb: textBytes / 2 ** 20,
          rows: lines - 1,
          ordered: ordered && pending === '',
          contentEncoding,
          peakRssMb: peak,
          pausedCpuSeconds,
          pausedRssGrowthMb,
        });
      });
      text.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Starts the built server with `env`, signs in, warms the route up and runs `downloads` one after another. */
async function measureServer(env, downloads) {
  const server = startBenchServer({ SESSION_SECRET: randomBytes(32).toString('hex'), DATABASE_URL: url, DATA_DIR: mkdtempSync(join(tmpdir(), 'vv-bench-exports-')), ...env });
  const runs = [];
  try {
    await server.ready;
    const cookie = await signIn(server.url, EMAIL, PASSWORD);
    // Warm up the route and the plan on a small file.
    await download(server, cookie, `/api/exports/votes.csv?machineId=${machineIds[0]}&from=${today}&to=${today}`);
    const idleRssMb = rssMb(server.child.pid);
    for (const [label, path, options, expected] of downloads) {
      let idleCpuSeconds = null;
      if (options.pause) {
        // What the server spends doing nothing over the same time: its timers and garbage collection.
        const before = cpuSeconds(server.child.pid);
        await new Promise((resolve) => setTimeout(resolve, (options.pause.seconds - PAUSE_SETTLE_S) * 1000));
        idleCpuSeconds = cpuSeconds(server.child.pid) - before;
      }
      const result = { label, expected, idleCpuSeconds, ...(await download(server, cookie, path, options)) };
      runs.push(result);
      console.log(`${label}: ${result.rows} rows in ${result.seconds.toFixed(1)} s (first byte ${result.firstByteMs?.toFixed(0)} ms), ${result.wireMb.toFixed(1)} MB on the wire (${result.contentEncoding}), ${result.textMb.toFixed(1)} MB of CSV; server RSS ${idleRssMb.toFixed(0)} → peak ${result.peakRssMb.toFixed(0)} MB`);
    }
    const hwmMb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${server.child.pid}/status`, 'utf8'))[1]) / 1024;
    return { idleRssMb, hwmMb, runs };
  } finally {
    await server.stop();
  }
}

const all = '/api/exports/votes.csv';
const oneMachine = `/api/exports/votes.csv?machineId=${machineIds[0]}&from=${monthAgo}&to=${today}`;
// As production runs it against PostgreSQL: Node's default heap, which grows to put off collecting garbage.
const standard = await measureServer({}, [
  ['All votes, Brotli (as a browser downloads it)', all, { encoding: 'br, gzip' }, VOTES],
  ['All votes, uncompressed', all, {}, VOTES],
  [`All votes, uncompressed, the client stops reading for ${PAUSE.seconds} s after 2 MB`, all, { pause: PAUSE }, VOTES],
  ['One machine, last 30 days', oneMachine, { encoding: 'br, gzip' }, null],
]);
// The same file from a server whose heap may not pass CAPPED_HEAP_MB: it can only finish if it
// never holds more than a batch or so, whatever the default heap's peak above shows.
const capped = await measureServer({ NODE_OPTIONS: `--max-old-space-size=${CAPPED_HEAP_MB}` }, [
  [`All votes, Brotli, server heap capped at ${CAPPED_HEAP_MB} MB`, all, { encoding: 'br, gzip' }, VOTES],
]);

const runs = [...standard.runs, ...capped.runs];
const incomplete = runs.filter((run) => (run.expected !== null && run.rows !== run.expected) || !run.ordered);
const oneMachineRun = standard.runs.at(-1);
if (Math.abs(oneMachineRun.rows - machineMonthVotes) > machineMonthVotes * 0.1) incomplete.push(oneMachineRun);
const cappedGrowthMb = capped.runs[0].peakRssMb - capped.idleRssMb;
const overBudget = cappedGrowthMb > CAPPED_GROWTH_BUDGET_MB;
const pausedRun = standard.runs.find((run) => run.pausedCpuSeconds !== null);
const pausedWorkSeconds = pausedRun ? pausedRun.pausedCpuSeconds - pausedRun.idleCpuSeconds : Infinity;
const keptWorking = pausedWorkSeconds > PAUSED_CPU_BUDGET_S;
const fmt = (n) => n.toLocaleString('en-US');
const row = (run, idleRssMb) =>
  `| ${run.label} | ${fmt(run.rows)} | ${run.seconds.toFixed(1)} | ${fmt(Math.round(run.rows / run.seconds))} | ${run.firstByteMs.toFixed(0)} ms | ${run.wireMb.toFixed(1)} MB (${run.contentEncoding}) | ${run.textMb.toFixed(1)} MB | ${idleRssMb.toFixed(0)} → ${run.peakRssMb.toFixed(0)} MB |`;
const lines = [
  `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench:exports\` on this machine (${cpus().length} CPUs, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}) against PostgreSQL ${version} (${new URL(url).host}) on the same machine; load average ${loadavg()[0].toFixed(1)} at the end.`,
  '',
  `An operator with ${fmt(VOTES)} votes over a year at 10 machines, in a votes table of ${fmt(tableRows)} rows (another operator's ${fmt(OTHER_VOTES)} first), seeded with \`generate_series\` in ${seedSeconds.toFixed(0)} s. \`GET /api/exports/votes.csv\` over HTTP to the built server, signed in as that operator; the file is read line by line as it arrives and checked (one line per vote, ids ascending), never kept. The server reads ${fmt(5000)} rows per query by id (keyset) and writes each batch when the client has taken the last. Resident memory of the server process (VmRSS) sampled every 50 ms, from its size after start-up and a small warm-up export to its peak during the download.`,
  '',
  '| Download | Rows | Seconds | Rows/s | First byte | On the wire | CSV | Server RSS idle → peak |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...standard.runs.map((run) => row(run, standard.idleRssMb)),
  ...capped.runs.map((run) => row(run, capped.idleRssMb)),
  '',
  `With Node's default heap the server's peak (VmHWM ${standard.hwmMb.toFixed(0)} MB over the run) is mostly garbage that V8 has not yet collected: its heap grows while there is room. With the heap capped at ${CAPPED_HEAP_MB} MB the whole file still streams and the process grows by ${cappedGrowthMb.toFixed(0)} MB (budget ${CAPPED_GROWTH_BUDGET_MB} MB), so the export holds no more than a batch at a time.`,
  pausedRun
    ? `While the client read nothing for ${PAUSE.seconds} s, the server used ${pausedRun.pausedCpuSeconds.toFixed(2)} s of CPU in the last ${PAUSE.seconds - PAUSE_SETTLE_S} s (once the socket buffers had filled), against ${pausedRun.idleCpuSeconds.toFixed(2)} s when idle over the same time (budget: ${PAUSED_CPU_BUDGET_S} s more than idle)${keptWorking ? '' : ': it waited for the client rather than read on'}.`
    : 'The paused download never paused.',
  '',
  incomplete.length === 0 ? 'Every file was complete and in order.' : `Incomplete or out of order: ${incomplete.map((run) => run.label).join('; ')}.`,
];
updatePerformanceDoc(join(root, 'docs/performance.md'), 'CSV exports', lines.join('\n'));
if (incomplete.length > 0 || overBudget || keptWorking) process.exit(1);
