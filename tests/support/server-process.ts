import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  dataDir: string;
  child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

export interface StartOptions {
  dataDir?: string;
  env?: Record<string, string>;
  /** `built` runs dist/server/main.js (after `npm run build`); `source` runs the TypeScript through tsx. */
  from?: 'built' | 'source';
  /** Wait until the server answers HTTP; false returns at once (for processes expected to fail). */
  waitUntilReady?: boolean;
}

/**
 * A data directory as the first start leaves it (migrated, demo seeded), which a server started
 * without a directory of its own starts from, skipping the first start's ten-odd seconds. The
 * browser tests' global setup makes one with the real first start (e2e/global-setup.ts); the
 * process tests have none, so they start on an empty directory as a new install does.
 */
const preparedDataDir = process.env.VV_TEST_PREPARED_DATA_DIR;

function newDataDir(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'vendvote-'));
  if (preparedDataDir) cpSync(preparedDataDir, dataDir, { recursive: true });
  return dataDir;
}

/** Starts the real server as its own process on a free port, as `npm start` would. */
export async function startServerProcess(options: StartOptions = {}): Promise<ServerProcess> {
  const dataDir = options.dataDir ?? newDataDir();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const args = options.from === 'built' ? ['dist/server/main.js'] : ['--import', 'tsx', 'src/server/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'info',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const server: ServerProcess = { url, dataDir, child, output: () => output, exited };
  if (options.waitUntilReady !== false) await waitUntilAnswering(server);
  return server;
}

async function waitUntilAnswering(server: ServerProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let ended = false;
  void server.exited.then(() => (ended = true));
  while (Date.now() < deadline) {
    if (ended) throw new Error(`The server exited before answering:\n${server.output()}`);
    try {
      const response = await fetch(`${server.url}/api/auth/me`);
      if (response.status === 401) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  server.child.kill('SIGKILL');
  throw new Error(`The server did not answer within ${timeoutMs} ms:\n${server.output()}`);
}

/** Sends a signal and waits for the process to end. */
export async function stopServerProcess(server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.child.exitCode;
  server.child.kill(signal);
  return server.exited;
}
