import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { freePort } from '../support/server-process.js';

const root = new URL('../..', import.meta.url).pathname;
// util-linux's `script` gives the server a pseudo-terminal, as a person's shell would.
const hasScript = spawnSync('script', ['--version']).status === 0;

describe('starting at a terminal', { timeout: 90_000 }, () => {
  test.skipIf(!hasScript)('prints the address and the demo sign-in as plain lines, not JSON', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'vendvote-tty-'));
    // Its own process group, so that stopping it stops the server under the terminal too.
    const child = spawn('script', ['-qfec', `${process.execPath} --import tsx src/server/main.ts`, '/dev/null'], {
      cwd: root,
      detached: true,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise((resolve) => child.on('exit', resolve));
    try {
      await expect.poll(() => output, { timeout: 60_000, interval: 200 }).toContain('Demo operator:');
      const lines = output.split(/\r?\n/);
      expect(lines).toContain(`VendVote is running at http://localhost:${port} (database: embedded PostgreSQL in ${dataDir})`);
      expect(lines.find((line) => line.startsWith('Demo operator:'))).toMatch(
        new RegExp(`^Demo operator: sign in at http://localhost:${port}/login as demo@vendvote\\.local with password \\S+$`),
      );
      expect(output).not.toMatch(/"msg":/);
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    }
  });
});
