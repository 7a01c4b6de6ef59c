// `npm run bench:notices`: what the notices cost the database for an operator with 1,000,000 votes
// over 180 days on PostgreSQL: each notice's queries (median of 5 after a warm-up), and one sweep
// for that operator when nothing is due (what every ten-minute run costs most of the day) and when
// the daily summary and the report are due. Writes the '## Notices' section of docs/performance.md.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { freshBenchDatabase, medianMs } from './bench-support.mjs';
import { updatePerformanceDoc } from './performance-doc.mjs';

const root = new URL('..', import.meta.url).pathname;
const VOTES = Number(process.env.BENCH_LARGE_VOTES ?? 1_000_000);
const RUNS = 5;

if (!existsSync(join(root, 'dist/server/main.js'))) {
  if (spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);
}
const { openDatabase } = await import(join(root, 'dist/server/db/client.js'));
const { seedLargeOperator } = await import(join(root, 'dist/server/db/large-seed.js'));
const queries = await import(join(root, 'dist/server/features/notifications/notice-queries.js'));
const { addDays, lastCompletedPeriod, localClock, periodBefore } = await import(join(root, 'dist/server/features/notifications/local-time.js'));
const { sweepNotifications } = await import(join(root, 'dist/server/features/notifications/notification-sweep.js'));

const url = new URL(await freshBenchDatabase('vendvote_bench_notices'));

const handle = await openDatabase({ databaseUrl: url.toString() });
const { db } = handle;
const { user } = await seedLargeOperator(db, { email: 'notices@bench.test', password: 'bench-notices-password-1', voteCount: VOTES });
// The machines and products are as old as their history, so high votes compares today with a full 28 days.
await db.execute(sql`update vending_machines set created_at = now() - interval '180 days' where user_id = ${user.id}`);
await db.execute(sql`update products set created_at = now() - interval '180 days' where user_id = ${user.id}`);
await db.execute(sql`update users set created_at = now() - interval '180 days' where id = ${user.id}`);
await db.execute(sql`analyze`);

const timeZone = 'America/New_York';
const now = new Date();
const today = localClock(now, timeZone).date;

const median = (fn) => medianMs(fn, RUNS);

const rows = [];
const measure = async (label, fn) => {
  const ms = await median(fn);
  rows.push([label, ms]);
  console.log(label, `${ms.toFixed(1)} ms`);
};
await measure('High votes: today against the last 28 days', () => queries.findHighVotes(db, user.id, timeZone, today, now));
await measure('Machine offline: quiet spells and status changes', () => queries.findOfflineMachines(db, user.id, timeZone, now));
await measure('Daily summary: one day', () => queries.loadDailySummary(db, user.id, timeZone, addDays(today, -1)));
for (const frequency of ['weekly', 'monthly', 'quarterly']) {
  const period = lastCompletedPeriod(frequency, today);
  await measure(`Periodic report: ${frequency}`, () => queries.loadPeriodicReport(db, user.id, timeZone, period, periodBefore(frequency, period)));
}

// A sweep at 9:00 local with the summary and a quarterly report due, then again with nothing due.
await db.execute(sql`update users set daily_summary = true, periodic_report = true, report_frequency = 'quarterly' where id = ${user.id}`);
const morning = new Date(`${today}T14:00:00Z`);
const deps = { db, publicUrl: 'http://bench.test', unsubscribeKey: 'bench-key' };
let start = performance.now();
await sweepNotifications(deps, morning);
rows.push(['Sweep, one operator, summary and report due', performance.now() - start]);
await measure('Sweep, one operator, nothing due', () => sweepNotifications(deps, morning));
await handle.close();

const lines = [
  `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench:notices\` on PostgreSQL (${url.host}), one operator with ${VOTES.toLocaleString('en-US')} votes over 180 days at 10 machines and 24 products; median of ${RUNS} runs after one warm-up (the sweep with mail due runs once).`,
  '',
  '| What | Time |',
  '| --- | --- |',
  ...rows.map(([label, ms]) => `| ${label} | ${ms.toFixed(1)} ms |`),
  '',
  'The ten-minute sweep runs the high-votes and offline checks for every operator with those notices on; the summary and the report are computed once per operator and period (a delivery row is checked first).',
  "High votes reads the last 28 days of up-votes of every product and machine with at least 10 up-votes today, so its cost grows with the operator's recent volume (here about 155,000 votes in 28 days, far above a typical route). If a sweep ever takes a large part of its ten minutes, the 28-day baselines can be kept per operator and day in a table, computed once a day instead of at every sweep.",
];
updatePerformanceDoc(join(root, 'docs/performance.md'), 'Notices', lines.join('\n'));
