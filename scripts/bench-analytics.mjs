// `npm run bench:analytics`: inventory analytics and demographics for an operator with 1,000,000
// votes over a year at 20 machines in 5 locations, with weekly restock records, on PostgreSQL: the nightly computation of their
// forecasts and views, then every analytics call of the two pages over HTTP against the built server
// (p50 and p95 of 60 calls after 10 warm-up calls). Writes the '## Analytics' section of
// docs/performance.md, and exits non-zero if any call's p95 is over the target.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { callLatencies, freshBenchDatabase, signIn, startBenchServer } from './bench-support.mjs';
import { updatePerformanceDoc } from './performance-doc.mjs';

const root = new URL('..', import.meta.url).pathname;
const VOTES = Number(process.env.BENCH_LARGE_VOTES ?? 1_000_000);
const MACHINES = 20;
const LOCATIONS = ['Airport Terminal, 1 Airport Blvd, Chicago, IL 60666', 'City Hospital, 200 Health Way, Austin, TX 78701', 'Tech Campus, 5 Innovation Dr, San Jose, CA 95134', 'State University, 10 College Ave, Columbus, OH 43210', 'Harbor Mall, 77 Pier St, Seattle, WA 98101'];
const TARGET_P95_MS = 300;
const EMAIL = 'analytics@bench.test';
const PASSWORD = 'bench-analytics-password-1';

if (!existsSync(join(root, 'dist/server/main.js')) || !existsSync(join(root, 'dist/server/features/inventory-analytics/compute-analytics.js'))) {
  if (spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);
}
const { openDatabase } = await import(join(root, 'dist/server/db/client.js'));
const { seedLargeOperator } = await import(join(root, 'dist/server/db/large-seed.js'));
const { computeAnalytics } = await import(join(root, 'dist/server/features/inventory-analytics/compute-analytics.js'));

const url = await freshBenchDatabase('vendvote_bench_analytics');
const handle = await openDatabase({ databaseUrl: url });
const { db } = handle;
const seedStart = performance.now();
const { user, machineIds } = await seedLargeOperator(db, { email: EMAIL, password: PASSWORD, voteCount: VOTES, machines: MACHINES, days: 365 });
// Four machines at each of five locations, with addresses that name their state.
for (const [index, id] of machineIds.entries()) {
  const [location, ...address] = LOCATIONS[index % LOCATIONS.length].split(', ');
  await db.execute(sql`update vending_machines set location = ${location}, address = ${address.join(', ')}, created_at = now() - interval '366 days' where id = ${id}`);
}
await db.execute(sql`update products set created_at = now() - interval '366 days' where user_id = ${user.id}`);
// An operator who records every visit: a weekly restock of every product at every machine for the
// last 12 weeks, so the stock figures read recorded stock and measure units per up-vote.
await db.execute(sql`
  insert into restock_records (user_id, machine_id, product_id, units_left, units_filled, restocked_at)
  select ${user.id}, m.id, p.id, (m.id + p.id + w) % 12, 40, now() - make_interval(days => 7 * w, hours => 3)
  from vending_machines m cross join products p cross join generate_series(1, 12) as w
  where m.user_id = ${user.id} and p.user_id = ${user.id}`);
await db.execute(sql`vacuum analyze`);
console.log(`seeded ${VOTES} votes in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

// The nightly job's work for this operator, measured as it runs.
const computeStart = performance.now();
const computed = await computeAnalytics(db, user.id, new Date());
const computeMs = performance.now() - computeStart;
console.log(`computed ${computed.forecasts} forecasts and ${computed.views} views in ${(computeMs / 1000).toFixed(1)} s`);
await handle.close();

const server = startBenchServer({ SESSION_SECRET: randomBytes(32).toString('hex'), DATABASE_URL: url, DATA_DIR: mkdtempSync(join(tmpdir(), 'vv-bench-analytics-')) });
let results;
try {
  await server.ready;
  const cookie = await signIn(server.url, EMAIL, PASSWORD);
  const machine = machineIds[0];
  const location = encodeURIComponent(LOCATIONS[0].split(', ')[0]);
  const paths = [
    '/api/analytics/inventory',
    '/api/analytics/inventory?range=7d',
    '/api/analytics/inventory?range=1y',
    `/api/analytics/inventory?machineId=${machine}&range=90d`,
    '/api/analytics/demographics',
    '/api/analytics/demographics?range=1y',
    `/api/analytics/demographics?location=${location}&range=90d`,
    `/api/analytics/demographics?machineId=${machine}`,
    '/api/analytics/demographics/report.pdf?range=1y',
    '/api/stock/purchase-list',
    '/api/stock/restocks',
  ];
  results = await callLatencies(server.url, cookie, paths, { calls: 70, warmUp: 10 });
} finally {
  await server.stop();
}

const rows = Object.entries(results);
for (const [path, { p50, p95 }] of rows) console.log(`${path}  p50 ${p50} ms  p95 ${p95} ms`);
const slow = rows.filter(([, { p95 }]) => p95 > TARGET_P95_MS);
const load = loadavg()[0].toFixed(1);
const lines = [
  `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench:analytics\` on PostgreSQL (${new URL(url).host}): one operator with ${VOTES.toLocaleString('en-US')} votes over 365 days at ${MACHINES} machines in ${LOCATIONS.length} locations and ${computed.forecasts} product-machine series, each restocked weekly for 12 weeks (recorded), on ${cpus().length} CPUs with a load average of ${load} at the end.`,
  '',
  `- The nightly computation for this operator (read the votes, back-test and forecast every series, store every view): ${(computeMs / 1000).toFixed(1)} s, ${computed.views} stored views. It runs as one job per operator, so operators are computed one after another or on several instances at once.`,
  `- Each call as the pages make it, over HTTP to the built server, ${70 - 10} calls after 10 warm-up calls. Target: at most ${TARGET_P95_MS} ms at p95.`,
  '',
  '| Call | p50 (ms) | p95 (ms) |',
  '| --- | ---: | ---: |',
  ...rows.map(([path, { p50, p95 }]) => `| \`${path}\` | ${p50} | ${p95} |`),
  '',
  slow.length === 0 ? `Every call is within the target.` : `Over the target: ${slow.map(([path]) => `\`${path}\``).join(', ')}.`,
];
updatePerformanceDoc(join(root, 'docs/performance.md'), 'Analytics', lines.join('\n'));
if (slow.length > 0) process.exit(1);
