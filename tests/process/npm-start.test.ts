import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { freePort } from '../support/server-process.js';

const root = new URL('../..', import.meta.url).pathname;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Flags = { serverNodeFlags: (env: Record<string, string | undefined>) => string[] };
const flagsModule = join(root, 'scripts/server-node-flags.mjs');

/** The pids whose parent is `pid`, from the kernel's list. */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

const commandOf = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);

describe('npm start', { timeout: 300_000 }, () => {
  test('package.json starts start.mjs with the embedded database flags, so the server needs no process of its own', async () => {
    const { serverNodeFlags } = (await import(flagsModule)) as Flags;
    const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(scripts.start).toBe(['node', ...serverNodeFlags({}), 'scripts/start.mjs'].join(' '));
  });

  test('Node accepts the flags of both databases (a mistyped V8 flag stops node before it starts)', async () => {
    const { serverNodeFlags } = (await import(flagsModule)) as Flags;
    for (const env of [{}, { DATABASE_URL: 'postgres://localhost/vendvote' }]) {
      const flags = serverNodeFlags(env);
      expect(flags.length).toBeGreaterThan(0);
      const run = spawnSync(process.execPath, [...flags, '-e', 'process.exit(0)'], { encoding: 'utf8' });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
    }
  });

  test('serves from the one node process npm starts, and on SIGTERM drains and exits 0', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const dataDir = mkdtempSync(join(tmpdir(), 'vendvote-npm-start-'));
    // Builds first when dist is missing or older than the sources, as a first `npm start` does.
    const npm = spawn('npm', ['start'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', DRAIN_SECONDS: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const npmExited = new Promise<number | null>((resolve) => npm.on('exit', (code) => resolve(code)));
    let server: number | undefined;
    try {
      await expect.poll(async () => (await fetch(`${url}/readyz`).catch(() => undefined))?.status, { timeout: 240_000, interval: 250 }).toBe(200);

      // npm → sh → node scripts/start.mjs, which is the server: no node process below it.
      const nodes = childrenOf(npm.pid!).flatMap((shell) => [shell, ...childrenOf(shell)]).filter((pid) => commandOf(pid)[0]?.endsWith('node'));
      expect(nodes, output).toHaveLength(1);
      server = nodes[0]!;
      expect(commandOf(server)).toEqual(['node', ...(await import(flagsModule) as Flags).serverNodeFlags({}), 'scripts/start.mjs']);
      expect(childrenOf(server)).toEqual([]);
      expect(output).toContain(`"pid":${server}`);

      process.kill(server, 'SIGTERM');
      const code = await Promise.race([npmExited, sleep(20_000).then(() => 'still running')]);
      expect(code, output).toBe(0);
      expect(output).toMatch(/SIGTERM received: \/readyz answers 503/);
      await expect(fetch(`${url}/readyz`)).rejects.toThrow();
    } finally {
      if (npm.exitCode === null) {
        if (server) process.kill(server, 'SIGKILL');
        npm.kill('SIGKILL');
      }
    }
  });
});
