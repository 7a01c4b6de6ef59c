import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../../src/server/db/data-dir-lock.js';

const freshDir = () => mkdtempSync(join(tmpdir(), 'vendvote-lock-'));

describe('the data directory lock', () => {
  test('holds the owner pid and is released once', () => {
    const dir = freshDir();
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, 'vendvote.lock'), 'utf8')).toBe(String(process.pid));
    release();
    release();
    expect(existsSync(join(dir, 'vendvote.lock'))).toBe(false);
  });

  test('refuses a directory held by a running process', () => {
    const dir = freshDir();
    // The parent of this test process is alive for the whole test.
    writeFileSync(join(dir, 'vendvote.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/already in use by another VendVote process \(pid \d+\)/);
  });

  test('takes over a lock left by a process that has ended', () => {
    const dir = freshDir();
    const ended = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
    writeFileSync(join(dir, 'vendvote.lock'), ended.stdout.trim());
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, 'vendvote.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });
});
