// `npm run bench:page`: measures the public vote page as a phone on a mobile network meets it, and
// the drivers' route screen (its first load, and its loads from the phone's cache, online and not).
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
  const ready = { url, stop, dataDir };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('The server exited before answering');
    const response = await fetch(`${url}${PAGE}`).catch(() => null);
    if (response?.status === 200) return ready;
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
async function lighthouseRun(url, extraHeaders) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], extraHeaders });
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
      // What the page's scripts cost over the wire (compressed as served).
      scriptBytes: audits['resource-summary']?.details?.items?.find((item) => item.resourceType === 'script')?.transferSize ?? 0,
      finalUrl: result.lhr.finalDisplayedUrl,
    };
  } finally {
    await chrome.kill();
  }
}

async function lighthouseScores(url, extraHeaders) {
  const runs = [];
  for (let run = 1; run <= RUNS; run++) {
    const result = await lighthouseRun(url, extraHeaders).catch((error) => {
      console.warn(`${error.message}; trying that run once more`);
      return lighthouseRun(url, extraHeaders);
    });
    runs.push(result);
    console.log(`Lighthouse run ${run}: performance ${result.score} (FCP ${result.fcp}, LCP ${result.lcp}, TBT ${result.tbt}, CLS ${result.cls}, SI ${result.si}; LCP element ${result.lcpElement})`);
  }
  return runs;
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

/** The route screen (issue 31), as the demo operator, who owns its team and so sees every machine. */
const ROUTE_PAGE = '/route';
const TARGET_ROUTE_SCORE = 90;

/** Signs the demo operator in (its password is in the data directory) and answers the session cookie. */
async function demoSession(server) {
  const account = JSON.parse(readFileSync(join(server.dataDir, 'demo-account.json'), 'utf8'));
  const response = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: account.email, password: account.password }) });
  if (!response.ok) throw new Error(`The demo operator could not sign in: ${response.status}`);
  return response.headers.get('set-cookie').split(';')[0];
}

/**
 * The route screen opened again from the phone's cache: after a first visit has installed the
 * route's worker, the median time from navigation to the first machine on screen, online (the day
 * read from the network first) and with no network at all (everything from the phone), on a
 * 390 × 844 phone, 5 loads each.
 */
async function routeFromPhoneCache(url, cookie) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.filter((flag) => !flag.startsWith('--headless')) });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const [name, value] = cookie.split('=');
    await context.addCookies([{ name, value, url }]);
    const page = await context.newPage();
    await page.goto(`${url}${ROUTE_PAGE}`);
    await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration('/route'))?.active?.state === 'activated', null, { timeout: 60_000 });
    const firstStop = page.getByRole('list', { name: 'Machines to visit, in order' }).getByRole('heading', { level: 2 }).first();
    const timeLoads = async () => {
      const times = [];
      for (let load = 0; load < 5; load++) {
        const started = performance.now();
        await page.goto(`${url}${ROUTE_PAGE}`);
        await firstStop.waitFor();
        times.push(performance.now() - started);
      }
      return times.sort((a, b) => a - b)[2];
    };
    const online = await timeLoads();
    await context.setOffline(true);
    const offline = await timeLoads();
    return { online, offline };
  } finally {
    await browser.close();
  }
}

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
let routeRuns;
let fromCache;
let routeStops;
try {
  languages = await languageSizes(server.url);
  runs = await lighthouseScores(`${server.url}${PAGE}`);
  const cookie = await demoSession(server);
  routeStops = (await (await fetch(`${server.url}/api/route`, { headers: { cookie } })).json()).stops.length;
  routeRuns = await lighthouseScores(`${server.url}${ROUTE_PAGE}`, { Cookie: cookie });
  if (routeRuns.some((run) => !run.finalUrl.endsWith(ROUTE_PAGE))) throw new Error(`Lighthouse did not stay on ${ROUTE_PAGE}: ${routeRuns.map((run) => run.finalUrl).join(', ')}`);
  fromCache = await routeFromPhoneCache(server.url, cookie);
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

const routeMedian = [...routeRuns].sort((a, b) => a.score - b.score)[Math.floor(routeRuns.length / 2)];
const routeOk = routeMedian.score >= TARGET_ROUTE_SCORE;
const ms = (value) => `${Math.round(value)} ms`;
updatePerformanceDoc(reportFile, 'Route screen', `Measured ${date} by \`npm run bench:page\` on this machine: ${machine}. The built server on a fresh data directory, page \`${ROUTE_PAGE}\` signed in as the demo operator (its team's owner, so every machine of the demo: ${routeStops} on the route); Lighthouse ${LIGHTHOUSE_VERSION} from npm, mobile preset (default form factor, simulated throttling), Debian's Chromium, ${RUNS} runs, each in a fresh browser (no service worker yet: a first load).

| Figure | Result | Target | Met |
| --- | --- | --- | --- |
| Lighthouse mobile performance, median | ${routeMedian.score} | at least ${TARGET_ROUTE_SCORE} | ${routeOk ? 'yes' : 'NO'} |
| JavaScript over the wire on first load (as served, compressed) | ${kb(routeMedian.scriptBytes)} | none set | |
| Opened again from the phone's cache, online: navigation to the first machine on screen, median of 5 | ${ms(fromCache.online)} | none set | |
| Opened again with no network at all, median of 5 | ${ms(fromCache.offline)} | works offline | yes |

Median run: first contentful paint ${routeMedian.fcp}, largest contentful paint ${routeMedian.lcp}, total blocking time ${routeMedian.tbt}, cumulative layout shift ${routeMedian.cls}, speed index ${routeMedian.si}. All runs: ${routeRuns.map((run) => run.score).join(', ')}.

The route's worker (decision 0055) is registered by the route screen alone and keeps the files that screen loads (the app's entry and the route page with what they import) and the day's last answers; the offline queue (\`idb\`) is its own chunk, loaded with the route page. The vote page above loads none of it: its first-load scripts are listed there.
`);

console.log(`Route screen: Lighthouse mobile ${routeMedian.score} (runs ${routeRuns.map((run) => run.score).join(', ')}; target at least ${TARGET_ROUTE_SCORE}): ${routeOk ? 'met' : 'MISSED'}; scripts ${kb(routeMedian.scriptBytes)} over the wire; from the phone's cache ${ms(fromCache.online)} online, ${ms(fromCache.offline)} offline`);
console.log(`JavaScript on first load: ${kb(totalGzip)} gzip (target at most 100 KB): ${jsOk ? 'met' : 'MISSED'}`);
for (const lang of languages) console.log(`${lang.name}: HTML ${kb(lang.htmlGzip)} gzip, catalogue ${kb(lang.chunkGzip)} gzip`);
console.log(`Lighthouse mobile performance: ${median.score} (runs ${runs.map((run) => run.score).join(', ')}; target at least 90): ${scoreOk ? 'met' : 'MISSED'}`);
console.log(`Written to ${reportFile}`);
process.exit(jsOk && scoreOk && routeOk ? 0 : 1);
