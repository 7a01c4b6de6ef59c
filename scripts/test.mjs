// `npm test`: unit and API tests on the embedded database, again on a PostgreSQL server when
// TEST_DATABASE_URL is set, then the browser tests in headless Chromium. Ends with one line
// counting every runner's tests, and fails when any test failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const reports = join(root, 'test-results', 'reports');
const CHROMIUM = '/usr/bin/chromium';

rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  if (process.getuid?.() !== 0) {
    console.error(`Browser tests need ${CHROMIUM}: run 'sudo apt-get install -y chromium', then npm test again.`);
    return false;
  }
  console.log('Installing Debian\'s chromium for the browser tests...');
  run('apt-get', ['update', '-qq']);
  return run('apt-get', ['install', '-y', '-qq', 'chromium']) === 0 && existsSync(CHROMIUM);
}

/** Counts from Vitest's JSON report; a run that wrote no report counts as one failure. */
function vitestCounts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 1 };
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: report.numPassedTests, failed: report.numFailedTests + (report.success || report.numFailedTests ? 0 : 1) };
}

function playwrightCounts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 1 };
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected + (stats.expected + stats.unexpected + stats.flaky === 0 ? 1 : 0) };
}

const totals = { passed: 0, failed: 0 };
const add = ({ passed, failed }) => {
  totals.passed += passed;
  totals.failed += failed;
};

/** How long each phase took, printed at the end so a slower suite shows where it grew. */
const phases = [];
function timed(name, work) {
  const started = Date.now();
  const result = work();
  phases.push({ name, seconds: (Date.now() - started) / 1000 });
  return result;
}

const vitestArgs = (report) => ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];

console.log('\n== Unit and API tests (embedded PostgreSQL) ==');
const embeddedReport = join(reports, 'vitest-embedded.json');
timed('unit and API, embedded', () => run('npx', vitestArgs(embeddedReport), { VV_TEST_DB: 'embedded' }));
add(vitestCounts(embeddedReport));

if (process.env.TEST_DATABASE_URL) {
  console.log('\n== API tests (PostgreSQL server at TEST_DATABASE_URL) ==');
  const serverReport = join(reports, 'vitest-postgres.json');
  // The charity import command's test needs a server to give it an empty database of its own.
  const serverFiles = ['tests/api', 'tests/db', 'tests/process/charities-import-command.test.ts'];
  timed('API, PostgreSQL server', () => run('npx', [...vitestArgs(serverReport), ...serverFiles], { VV_TEST_DB: 'postgres' }));
  add(vitestCounts(serverReport));
}

console.log('\n== Browser tests (headless Chromium) ==');
if (!ensureChromium()) {
  add({ passed: 0, failed: 1 });
} else if (timed('build', () => run('npm', ['run', 'build'])) !== 0) {
  console.error('The build failed, so the browser tests could not run.');
  add({ passed: 0, failed: 1 });
} else {
  const browserReport = join(reports, 'playwright.json');
  timed('browser', () => run('npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: browserReport }));
  add(playwrightCounts(browserReport));
}

console.log('\n== Time per phase ==');
for (const { name, seconds } of phases) console.log(`${name.padEnd(28)} ${(seconds / 60).toFixed(1).padStart(5)} min`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
