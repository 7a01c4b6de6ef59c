// `npm run bench:vote-profile`: where the server's time goes while votes arrive at saturation.
// Starts the built server on a fresh PostgreSQL database under `node --cpu-prof`, sends the vote
// load of `npm run bench` (50 connections) for 15 s after a warm-up, stops the server, and reads
// the profile's samples from the load alone: the share of time the server was idle, and the
// functions it spent its own time in. Written to the '## Vote endpoint profile' section of
// docs/performance.md. BENCH_PROFILE_ROOT runs another checkout's build (to profile an earlier
// version the same way); BENCH_ENGINES=embedded profiles the embedded database instead.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchPort, freshBenchDatabase } from './bench-support.mjs';
import { updatePerformanceDoc } from './performance-doc.mjs';
import { voteLoad } from './vote-load.mjs';

const root = new URL('..', import.meta.url).pathname;
const buildRoot = process.env.BENCH_PROFILE_ROOT ?? root;
const engine = process.env.BENCH_ENGINES ?? 'postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const TOP = 15;

if (buildRoot === root && !existsSync(join(root, 'dist/server/main.js'))) {
  if (spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);
}
const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: buildRoot, encoding: 'utf8' }).stdout.trim();

const secret = randomBytes(32).toString('hex');
const profileDir = mkdtempSync(join(tmpdir(), 'vendvote-profile-'));
const databaseUrl = engine === 'postgres' ? await freshBenchDatabase('vendvote_bench_profile') : undefined;
const port = benchPort();
const url = `http://127.0.0.1:${port}`;
const spawnedAt = performance.now();
const server = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, join(buildRoot, 'dist/server/main.js')], {
  cwd: buildRoot,
  env: {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
    DRAIN_SECONDS: '0',
    SESSION_SECRET: secret,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'vendvote-profile-data-')),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
for (let attempt = 0; ; attempt++) {
  try {
    if ((await fetch(`${url}/api/auth/me`)).status === 401) break;
  } catch {
    if (attempt > 600) throw new Error('the server did not start');
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
}
const productIds = (await (await fetch(`${url}/api/products?machineId=1`)).json()).map((product) => product.id);
await voteLoad(url, productIds, { secret, connections: 20, seconds: 3 });
const loadStart = performance.now() - spawnedAt;
const result = await voteLoad(url, productIds, { secret, connections: 50, seconds: SECONDS });
const loadEnd = performance.now() - spawnedAt;
await new Promise((resolve) => {
  server.once('exit', resolve);
  server.kill('SIGTERM');
});

const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
if (!file) throw new Error('the server wrote no profile');
const profile = JSON.parse(readFileSync(join(profileDir, file), 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));

/** Where a frame comes from: a package, the app, Node itself, or V8 ('(idle)', '(garbage collector)'). */
function origin(frame) {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(frame.url);
  if (pkg) return pkg[1];
  if (frame.url.includes('/dist/')) return 'the app';
  if (frame.url.startsWith('node:')) return 'Node.js';
  return frame.url ? 'other' : frame.functionName;
}
const nameOf = (frame) => {
  const where = frame.url.replace(/.*node_modules\//, '').replace(/.*\/dist\//, '').replace(/^node:/, 'node:');
  return `${frame.functionName || '(anonymous)'}${where ? ` (${where}:${frame.lineNumber + 1})` : ''}`;
};

// Samples from the measured load only; the profile's clock starts with the process.
const byFunction = new Map();
const byOrigin = new Map();
let clock = 0;
let windowMicros = 0;
for (let i = 0; i < profile.samples.length; i++) {
  const delta = profile.timeDeltas[i] ?? 0;
  clock += delta;
  const ms = clock / 1000;
  if (ms < loadStart || ms > loadEnd) continue;
  windowMicros += delta;
  const frame = nodes.get(profile.samples[i]).callFrame;
  byFunction.set(nameOf(frame), (byFunction.get(nameOf(frame)) ?? 0) + delta);
  byOrigin.set(origin(frame), (byOrigin.get(origin(frame)) ?? 0) + delta);
}
const share = (micros) => `${((100 * micros) / windowMicros).toFixed(1)} %`;
const top = (map, count) => [...map].sort((a, b) => b[1] - a[1]).slice(0, count);

const votesPerSecond = Math.round(result.requests.average);
console.log(`${votesPerSecond} votes/s under the profiler, p99 ${result.latency.p99} ms`);
for (const [name, micros] of top(byFunction, TOP)) console.log(share(micros).padStart(8), name);

const lines = [
  `Profiled ${new Date().toISOString().slice(0, 10)} by \`npm run bench:vote-profile\` at ${commit}: the built server under \`node --cpu-prof\` on ${engine === 'postgres' ? 'PostgreSQL' : 'the embedded database'}, ` +
    `the vote load of \`npm run bench\` at 50 connections for ${SECONDS} s after a warm-up, samples from the load alone. ${cpus().length} cores, load average ${loadavg()[0].toFixed(1)} at the end. ` +
    `Under the profiler: ${votesPerSecond} votes/s, p99 ${result.latency.p99} ms, ${result.non2xx} answers other than 201.`,
  '',
  '| Where | Share of the server\'s time |',
  '| --- | ---: |',
  ...top(byOrigin, 10).map(([name, micros]) => `| ${name} | ${share(micros)} |`),
  '',
  `The ${TOP} functions the server spent most of its own time in:`,
  '',
  '| Function | Self time |',
  '| --- | ---: |',
  ...top(byFunction, TOP).map(([name, micros]) => `| \`${name.replaceAll('|', '\\|')}\` | ${share(micros)} |`),
];
updatePerformanceDoc(join(root, 'docs/performance.md'), 'Vote endpoint profile', lines.join('\n'));
console.log('\nWritten to docs/performance.md');
