import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

/**
 * Runs the built app's first start once (create the embedded database, migrate, seed the demo) into
 * a directory that every spec's server then copies (tests/support/server-process.ts), instead of
 * each of the suite's dozen-odd servers doing it again. Workers inherit the variable set here.
 */
export default function globalSetup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'vendvote-e2e-prepared-'));
  execFileSync(process.execPath, ['dist/server/db/first-start-main.js', dir], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  process.env.VV_TEST_PREPARED_DATA_DIR = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
