import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A stand-in for the built web app (dist/web), so the page and file routes are registered too. */
export function fakeWebBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'vendvote-web-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title><body></body>');
  writeFileSync(join(dir, 'vote.html'), '<!doctype html><title>vote</title><body></body>');
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
  return dir;
}
