import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
// @ts-expect-error: a plain .mjs script of the benchmarks, without type declarations
import { uniqueResidentKb } from '../../scripts/resident-pages.mjs';

const uniqueKb = uniqueResidentKb as (pids: number[]) => number | null;
const rssKb = (pid: number) => Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)![1]);
// Page frame numbers are shown to root only; elsewhere the count is null and there is nothing to check.
const framesReadable = process.platform === 'linux' && uniqueKb([process.pid]) !== null;

describe.skipIf(!framesReadable)('the memory of processes, each page counted once', () => {
  test('one process holds about its resident size, and naming it twice counts its pages once', () => {
    const alone = uniqueKb([process.pid])!;
    expect(alone).toBeGreaterThan(rssKb(process.pid) * 0.8);
    expect(alone).toBeLessThan(rssKb(process.pid) * 1.2);
    expect(uniqueKb([process.pid, process.pid])!).toBeLessThan(alone * 1.1);
  });

  test('two node processes share the binary: together they hold less than their resident sizes added', async () => {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const together = uniqueKb([process.pid, child.pid!])!;
      const added = rssKb(process.pid) + rssKb(child.pid!);
      // The child's share of node's binary and libraries is already counted with this process.
      expect(together).toBeLessThan(added - 10 * 1024);
      expect(together).toBeGreaterThan(uniqueKb([process.pid])!);
    } finally {
      child.kill();
    }
  });

  test('a process that has ended holds nothing', () => {
    expect(uniqueKb([2 ** 22 + 17])).toBe(0);
  });
});
