// `npm run bench:page`: measures the public vote page as a phone on a mobile network meets it.
// (a) the gzip size of every JavaScript file the page loads on first load, and (b) the Lighthouse
// mobile performance score (default form factor, simulated throttling) of /vote/1, median of 3
// runs, in Debian's Chromium. Writes the '## Vote page' section of docs/performance.md and exits
// non-zero when a target is missed. Builds first when the build is missing or older than the code.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { updatePerformanceDoc } from './performance-doc.mjs';
import { serverNodeFlags } from './server-node-flags.mjs';

const root = new URL('..', import.meta.url).pathname;
const webDir = join(root, 'dist/web');
const reportFile = join(root, 'docs/performance.md');
const CHROMIUM = '/usr/bin/chromium';
const PAGE = '/vote/1';
const RUNS = 3;
const TARGET_JS_BYTES = 100_000;
const TARGET_SCORE = 90;
const LIGHTHOUSE_VERSION = JSON.parse(readFileSync(join(root, 'node_modules/lighthouse/package.json'), 'utf8')).version;

function newestSourceTime(path) {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestSourceTime(join(path, name))));
}

function buildIfNeeded() {
  const outputs = [join(webDir, 'vote.html'), join(root, 'dist/server/main.js')];
  const sources = ['src', 'vote.html', 'index.html', 'vite.config.ts'].map((path) => join(root, path));
  const built = outputs.every(existsSync) ? Math.min(...outputs.map((path) => statSync(path).mtimeMs)) : 0;
  if (built > Math.max(...sources.map(newestSourceTime))) return;
  console.log('Building (the build is missing or older than the code)...');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build failed');
}

function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolvePort(port));
    });
  });
}

/** The built server on a fresh data directory; it seeds the demo operator (machines 1 and 2). */
async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'vendvote-bench-page-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = { PATH: process.env.PATH ?? '', NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: url, LOG_LEVEL: 'warn' };
  const child = spawn(process.execPath, [...serverNodeFlags(env), 'dist/server/main.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((done) => child.once('exit', done));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('The server exited before answering');
    const response = await fetch(`${url}${PAGE}`).catch(() => null);
    if (response?.status === 200) return { url, stop };
    await new Promise((wait) => setTimeout(wait, 500));
  }
  await stop();
  throw new Error(`The server did not answer ${PAGE} within 2 minutes`);
}

/** Every script the page loads before it runs: its module scripts, preloads and their static imports. */
function firstLoadScripts() {
  const html = readFileSync(join(webDir, 'vote.html'), 'utf8');
  const queue = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"|<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1] ?? m[2]);
  const seen = new Set();
  while (queue.length) {
    const path = queue.shift();
    if (seen.has(path)) continue;
    seen.add(path);
    const code = readFileSync(join(webDir, path), 'utf8');
    // Static imports only; import("…") loads later and is not part of the first load.
    for (const [, spec] of code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w*{}\s,$]*from\s*)?["'](\.{1,2}\/[^"']+)["']/g)) {
      queue.push(resolve(dirname(path), spec));
    }
  }
  return [...seen].map((path) => {
    const bytes = readFileSync(join(webDir, path));
    return { path, bytes: bytes.length, gzip: gzipSync(bytes).length };
  });
}

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

/** One Lighthouse run in a fresh Chromium (a reused one now and then loses the trace: NO_NAVSTART). */
async function lighthouseRun(url) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`Lighthouse: ${runtimeError.code} ${runtimeError.message}`);
    const metric = (id) => audits[id]?.displayValue ?? 'n/a';
    return {
      score: Math.round((categories.performance.score ?? 0) * 100),
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      si: metric('speed-index'),
      lcpElement: audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? 'n/a',
    };
  } finally {
    await chrome.kill();
  }
}

async function lighthouseScores(url) {
  const runs = [];
  for (let run = 1; run <= RUNS; run++) {
    const result = await lighthouseRun(url).catch((error) => {
      console.warn(`${error.message}; trying that run once more`);
      return lighthouseRun(url);
    });
    runs.push(result);
    console.log(`Lighthouse run ${run}: performance ${result.score} (FCP ${result.fcp}, LCP ${result.lcp}, TBT ${result.tbt}, CLS ${result.cls}, SI ${result.si}; LCP element ${result.lcpElement})`);
  }
  return runs;
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

const LANGUAGES = [
  ['en', 'English'],
  ['es', 'Spanish'],
  ['fr', 'French'],
  ['de', 'German'],
];

/**
 * Per language: the page's HTML as served for that Accept-Language (its texts inlined, so no
 * language adds JavaScript to the first load), and the catalogue chunk a switch to it fetches.
 */
async function languageSizes(url) {
  const chunks = readdirSync(join(webDir, 'assets'));
  return Promise.all(
    LANGUAGES.map(async ([code, name]) => {
      const response = await fetch(`${url}${PAGE}`, { headers: { 'accept-language': code, 'accept-encoding': 'identity' } });
      const html = Buffer.from(await response.arrayBuffer());
      const lang = /<html[^>]*\slang="([^"]+)"/.exec(html.toString())?.[1];
      if (lang !== code) throw new Error(`${PAGE} with Accept-Language: ${code} answered lang="${lang}"`);
      const chunk = chunks.find((file) => file.startsWith(`${code}-`) && file.endsWith('.js'));
      const chunkGzip = chunk ? gzipSync(readFileSync(join(webDir, 'assets', chunk))).length : 0;
      return { code, name, html: html.length, htmlGzip: gzipSync(html).length, chunkGzip };
    }),
  );
}

buildIfNeeded();
const scripts = firstLoadScripts();
const totalGzip = scripts.reduce((sum, file) => sum + file.gzip, 0);
const server = await startServer();
let runs;
let languages;
try {
  languages = await languageSizes(server.url);
  runs = await lighthouseScores(`${server.url}${PAGE}`);
} finally {
  await server.stop();
}
const median = [...runs].sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)];
const jsOk = totalGzip <= TARGET_JS_BYTES;
const scoreOk = median.score >= TARGET_SCORE;
const date = new Date().toISOString().slice(0, 10);
const machine = `${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB`;

updatePerformanceDoc(reportFile, 'Vote page', `Measured ${date} by \`npm run bench:page\` on this machine: ${machine}. The built server on a fresh data directory (demo data), page \`${PAGE}\`; Lighthouse ${LIGHTHOUSE_VERSION} from npm, mobile preset (default form factor, simulated throttling), Debian's Chromium, ${RUNS} runs.

| Figure | Result | Target | Met |
| --- | --- | --- | --- |
| JavaScript on first load, gzip | ${kb(totalGzip)} | at most 100 KB | ${jsOk ? 'yes' : 'NO'} |
| Lighthouse mobile performance, median | ${median.score} | at least 90 | ${scoreOk ? 'yes' : 'NO'} |

Median run: first contentful paint ${median.fcp}, largest contentful paint ${median.lcp}, total blocking time ${median.tbt}, cumulative layout shift ${median.cls}, speed index ${median.si}. All runs: ${runs.map((run) => run.score).join(', ')}.

How the page stays within them: its own Vite entry (\`vote.html\`, \`src/web/vote/\`) with plain React and no router, query library, Radix, forms library, zod or icon set; its data inlined in the HTML, so the first paint needs no API call; the machine's name painted by the server before the script arrives; everything served compressed (brotli or gzip, @fastify/compress), its hashed assets cached for a year.

| Script loaded on first load | Size | Gzip |
| --- | --- | --- |
${scripts.map((file) => `| \`${file.path}\` | ${kb(file.bytes)} | ${kb(file.gzip)} |`).join('\n')}

Languages (docs/decisions/0029-vote-page-languages.md): the server inlines the chosen language's texts into the HTML, so the JavaScript above is the same in every language; a switch fetches the other language's catalogue once.

| Language | HTML of \`${PAGE}\` | HTML gzip | Catalogue fetched on a switch, gzip |
| --- | --- | --- | --- |
${languages.map((lang) => `| ${lang.name} (\`${lang.code}\`) | ${kb(lang.html)} | ${kb(lang.htmlGzip)} | ${kb(lang.chunkGzip)} |`).join('\n')}
`);

console.log(`JavaScript on first load: ${kb(totalGzip)} gzip (target at most 100 KB): ${jsOk ? 'met' : 'MISSED'}`);
for (const lang of languages) console.log(`${lang.name}: HTML ${kb(lang.htmlGzip)} gzip, catalogue ${kb(lang.chunkGzip)} gzip`);
console.log(`Lighthouse mobile performance: ${median.score} (runs ${runs.map((run) => run.score).join(', ')}; target at least 90): ${scoreOk ? 'met' : 'MISSED'}`);
console.log(`Written to ${reportFile}`);
process.exit(jsOk && scoreOk ? 0 : 1);
