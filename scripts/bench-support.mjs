// What the benchmarks share: a fresh database on the PostgreSQL server, a median, the built server
// started as production runs it, and the latency of API calls made to it over HTTP.
import { spawn } from 'node:child_process';
import pg from 'pg';
import { serverNodeFlags } from './server-node-flags.mjs';

const root = new URL('..', import.meta.url).pathname;

/** The server the benchmarks use: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local `test`. */
export const benchServerUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Drops and creates `name` on the benchmark server (or on `serverUrl`); answers its URL. */
export async function freshBenchDatabase(name, serverUrl = benchServerUrl) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
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

/**
 * A port for a bench server: from 10000 to 18999, clear of the services this machine runs on lower
 * ports (RabbitMQ's epmd listens on 4369) and of the kernel's ephemeral ports from 32768.
 */
export const benchPort = () => 10_000 + Math.floor(Math.random() * 9_000);

/** Starts dist/server/main.js on a free port with `env` (which must hold SESSION_SECRET); `ready` resolves once it answers. */
export function startBenchServer(env) {
  const port = benchPort();
  const child = spawn(process.execPath, [...serverNodeFlags(env), 'dist/server/main.js'], {
    cwd: root,
    // DRAIN_SECONDS 0: no balancer to drain for, so a stop does not wait.
    env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', TRUST_PROXY: 'true', DRAIN_SECONDS: '0', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const ready = (async () => {
    for (let attempt = 0; attempt < 600; attempt++) {
      try {
        if ((await fetch(`${url}/api/auth/me`)).status === 401) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('server did not start');
  })();
  return { child, url, ready, stop: () => new Promise((resolve) => { child.once('exit', resolve); child.kill('SIGTERM'); }) };
}

/** Signs in over HTTP and answers the session cookie. */
export async function signIn(url, email, password) {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.200.0.1' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  return response.headers.get('set-cookie').split(';')[0];
}

/** p50 and p95 in ms of each GET path, called one after another `calls` times; the first `warmUp` calls warm caches and plans. */
export async function callLatencies(url, cookie, paths, { calls = 120, warmUp = 20, allow404 = false } = {}) {
  const results = {};
  for (const path of paths) {
    const times = [];
    for (let i = 0; i < calls; i++) {
      const started = performance.now();
      const response = await fetch(`${url}${path}`, { headers: { cookie } });
      await response.arrayBuffer();
      if (!response.ok && !(allow404 && response.status === 404)) throw new Error(`${path}: ${response.status}`);
      if (i >= warmUp) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    results[path] = { p50: +times[Math.floor(times.length * 0.5)].toFixed(1), p95: +times[Math.floor(times.length * 0.95)].toFixed(1) };
  }
  return results;
}
