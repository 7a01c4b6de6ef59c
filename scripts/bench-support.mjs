// What the database benchmarks share: a fresh database on the PostgreSQL server, and a median.
import pg from 'pg';

/** The server the benchmarks use: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local `test`. */
export const benchServerUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Drops and creates `name` on the benchmark server; answers its URL. */
export async function freshBenchDatabase(name) {
  const admin = new pg.Client({ connectionString: benchServerUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(benchServerUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The median time of `runs` calls of `fn` in ms, after one warm-up call. */
export async function medianMs(fn, runs = 5) {
  await fn();
  const times = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)];
}
