// `npm run bench:start-memory`: the memory of everything `npm start` runs (npm, the shell if any,
// start.mjs, the server and any process it starts) on the embedded default with a fresh data
// directory: while starting, idle, and under the vote load of `npm run bench`. Resident memory is
// summed over the process tree, walked from npm's pid through /proc. Written to docs/performance.md.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { updatePerformanceDoc } from './performance-doc.mjs';
import { uniqueResidentKb } from './resident-pages.mjs';
import { voteLoad as sharedVoteLoad } from './vote-load.mjs';

const root = new URL('..', import.meta.url).pathname;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const IDLE_SECONDS = 5;
const SESSION_SECRET = randomBytes(32).toString('hex');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/** The pid and every descendant, from the kernel's list of each thread's children. */
function processTree(pid) {
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) {
    try {
      for (const task of readFileSync(`/proc/${pids[i]}/task/${pids[i]}/children`, 'utf8').trim().split(/\s+/)) if (task) pids.push(Number(task));
    } catch {
      // Ended while walking.
    }
  }
  return pids;
}

/** One process's name and resident memory now and at its peak, in KB; null once it has ended. */
function readProcess(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name) => Number(status.match(new RegExp(`${name}:\\s+(\\d+)`))?.[1] ?? 0);
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    return { pid, name: describe(command), rssKb: field('VmRSS'), hwmKb: field('VmHWM') };
  } catch {
    return null;
  }
}

/** A short name a reader recognises: `npm start`, `sh -c …`, `node scripts/start.mjs`. */
function describe(command) {
  const [program, ...args] = command;
  const base = program?.split('/').at(-1) ?? '?';
  if (base === 'node' || base === 'nodejs') {
    if (args[0] === '-e') return `node -e ${short(args[1] ?? '')}`;
    const script = args.find((arg) => !arg.startsWith('-'));
    if (script?.endsWith('npm-cli.js') || script?.endsWith('/npm')) return `npm ${args.slice(args.indexOf(script) + 1).join(' ')}`.trim();
    const flags = args.filter((arg) => arg.startsWith('-') && args.indexOf(arg) < args.indexOf(script));
    return ['node', ...flags, script?.replace(`${root}`, '') ?? ''].join(' ').trim();
  }
  if (base === 'npm') return `npm ${args.join(' ')}`;
  return short([base, ...args].join(' '));
}

const short = (text) => (text.length > 60 ? `${text.slice(0, 59)}…` : text);

/**
 * Samples the tree every 100 ms until `stop()`; keeps each process's largest VmRSS and VmHWM and the
 * largest sum. Once a second it also counts the tree's pages each once (resident-pages.mjs) and
 * keeps the largest such count (null where the kernel does not show page frames).
 */
function sampleTree(rootPid) {
  const seen = new Map();
  let peakSumKb = 0;
  let lastSumKb = 0;
  let peakUniqueKb = 0;
  let running = true;
  let sample = 0;
  const done = (async () => {
    while (running) {
      const pids = processTree(rootPid);
      if (sample++ % 10 === 0 && peakUniqueKb !== null) {
        const uniqueKb = uniqueResidentKb(pids);
        peakUniqueKb = uniqueKb === null ? null : Math.max(peakUniqueKb, uniqueKb);
      }
      let sum = 0;
      for (const pid of pids) {
        const now = readProcess(pid);
        if (!now) continue;
        sum += now.rssKb;
        const before = seen.get(pid);
        // An ending process has no command line left: keep the name it had.
        seen.set(pid, { ...now, name: now.name === '?' && before ? before.name : now.name, maxRssKb: Math.max(before?.maxRssKb ?? 0, now.rssKb) });
      }
      lastSumKb = sum;
      peakSumKb = Math.max(peakSumKb, sum);
      await sleep(100);
    }
  })();
  return {
    get lastSumKb() {
      return lastSumKb;
    },
    stop: async () => {
      running = false;
      await done;
      return { peakSumKb, peakUniqueKb, processes: [...seen.values()] };
    },
  };
}

/** The vote load of `npm run bench` (scripts/vote-load.mjs) for SECONDS. */
const voteLoad = (url, productIds, { connections, rate }) =>
  sharedVoteLoad(url, productIds, { secret: SESSION_SECRET, connections, seconds: SECONDS, rate });

async function waitUntilReady(url, child) {
  for (let attempt = 0; attempt < 900; attempt++) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error('npm start did not become ready');
}

const mb = (kb) => Math.round(kb / 1024);

async function measure() {
  const dataDir = mkdtempSync(join(tmpdir(), 'vendvote-start-memory-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', TRUST_PROXY: 'true', SESSION_SECRET, DRAIN_SECONDS: '0' };
  delete env.DATABASE_URL;
  delete env.NODE_OPTIONS;
  // Its own process group, so that nothing outlives the bench if it fails half way.
  const child = spawn('npm', ['start'], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'], detached: true });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  try {
    const starting = sampleTree(child.pid);
    await waitUntilReady(url, child);
    const start = await starting.stop();

    await sleep(3000);
    const idleSampler = sampleTree(child.pid);
    await sleep(IDLE_SECONDS * 1000);
    const idle = await idleSampler.stop();
    console.log(`idle: ${mb(idle.peakSumKb)} MB in ${idle.processes.length} processes; each page once: ${idle.peakUniqueKb === null ? 'not readable' : `${mb(idle.peakUniqueKb)} MB`}`);

    const productIds = (await (await fetch(`${url}/api/products?machineId=1`)).json()).map((p) => p.id);
    const loadSampler = sampleTree(child.pid);
    await voteLoad(url, productIds, { connections: 20 });
    await voteLoad(url, productIds, { connections: 10, rate: 200 });
    const votesPerSecond = [];
    for (let run = 0; run < 3; run++) votesPerSecond.push(Math.round((await voteLoad(url, productIds, { connections: 50 })).requests.average));
    const load = await loadSampler.stop();
    const hwm = Object.fromEntries(processTree(child.pid).map((pid) => [pid, readProcess(pid)?.hwmKb ?? 0]));
    console.log(`under load: ${mb(load.peakSumKb)} MB at the largest sample; ${votesPerSecond.join(', ')} votes/s`);
    const load1 = loadavg()[0];

    // As Ctrl-C or a service manager stops it: the whole group. (To npm alone, the signal would
    // reach only the shell npm runs the script in.)
    const tree = processTree(child.pid);
    process.kill(-child.pid, 'SIGTERM');
    await exited;
    for (let wait = 0; wait < 100 && tree.some((pid) => readProcess(pid)); wait++) await sleep(100);
    const stoppedCleanly = !tree.some((pid) => readProcess(pid));
    return { start, idle, load, hwm, votesPerSecond, load1, stoppedCleanly };
  } finally {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function render(result) {
  const { start, idle, load, hwm } = result;
  const rows = idle.processes.map((process) => {
    const underLoad = load.processes.find((p) => p.pid === process.pid);
    return `| \`${process.name}\` | ${mb(process.maxRssKb)} MB | ${mb(underLoad?.maxRssKb ?? 0)} MB | ${mb(hwm[process.pid] ?? underLoad?.hwmKb ?? 0)} MB |`;
  });
  const sumOfPeaks = idle.processes.reduce((sum, p) => sum + (hwm[p.pid] ?? 0), 0);
  const gone = start.processes.filter((p) => !idle.processes.some((q) => q.pid === p.pid));
  return [
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench:start-memory\` on this machine: ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, load average ${result.load1.toFixed(1)} at the end. ` +
      '`npm start` on a fresh data directory (the embedded database, first start included), every process it starts counted: resident memory (VmRSS) summed over the process tree from npm down, sampled every 100 ms; the largest sample is shown. ' +
      `Idle: ${IDLE_SECONDS} s from 3 s after /readyz first answers. Vote load: as \`npm run bench\` (${SECONDS} s at 20 connections, ${SECONDS} s at 200 votes/s, three times ${SECONDS} s at 50 connections).`,
    '',
    '| Process | Idle | Largest under vote load | Peak (VmHWM, start included) |',
    '| --- | --- | --- | --- |',
    ...rows,
    `| **Sum** | **${mb(idle.peakSumKb)} MB** | **${mb(load.peakSumKb)} MB** | ${mb(sumOfPeaks)} MB (sum of each process's peak) |`,
    ...(idle.peakUniqueKb !== null && load.peakUniqueKb !== null
      ? [`| **Each page once** | **${mb(idle.peakUniqueKb)} MB** | **${mb(load.peakUniqueKb)} MB** | |`]
      : []),
    '',
    'Sum: VmRSS added up, so a page that two processes map is counted twice; npm and the server run the same node binary and libraries, whose pages the kernel keeps once. Each page once: the physical pages the tree holds, each counted once (their frame numbers, read from /proc/<pid>/pagemap once a second), the memory the machine actually gives the tree.',
    '',
    `While starting, the tree held at most ${mb(start.peakSumKb)} MB${gone.length ? ` (with short-lived processes of the first start: ${gone.map((p) => `\`${p.name}\`, up to ${mb(p.maxRssKb)} MB`).join('; ')}; all ended before the server listened)` : ''}. ` +
      `Votes/s at 50 connections: ${result.votesPerSecond.join(', ')}. After SIGTERM to the process group, ${result.stoppedCleanly ? 'every process had ended within 10 s' : 'some process was still running after 10 s'}.`,
    '',
    'Target (issue "Votes at the speed of the database … and a lighter server"): at most 250 MB idle and 400 MB at peak, every process counted.',
  ].join('\n');
}

const result = await measure();
const section = render(result);
console.log(`\n${section}`);
if (process.env.BENCH_WRITE !== '0') {
  updatePerformanceDoc(join(root, 'docs/performance.md'), process.env.BENCH_TITLE ?? 'Memory of npm start', section);
  console.log('\nWritten to docs/performance.md');
}
