import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
// @ts-expect-error: a plain .mjs script of the benchmarks, without type declarations
import { updatePerformanceDoc } from '../../scripts/performance-doc.mjs';

const update = updatePerformanceDoc as (file: string, title: string, body: string) => void;

function docWith(text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'vendvote-perf-doc-')), 'performance.md');
  writeFileSync(file, text);
  return file;
}

describe('the benchmarks writing docs/performance.md', () => {
  test('a section is replaced at its own heading, not where another section names it', () => {
    const file = docWith(
      [
        '# Performance',
        '',
        '## Votes',
        '',
        'Old votes. What npm start runs: `## Memory of npm start`.',
        '',
        '## Memory of npm start',
        '',
        'Old memory.',
        '',
        '## Memory of npm start, before and after',
        '',
        'Kept by hand.',
        '',
      ].join('\n'),
    );
    update(file, 'Memory of npm start', 'New memory.');
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('Old votes. What npm start runs: `## Memory of npm start`.\n\n## Memory of npm start\n\nNew memory.\n\n## Memory of npm start, before and after\n\nKept by hand.');
    expect(text).not.toContain('Old memory.');
  });

  test('a longer title that begins with a shorter one is its own section', () => {
    const file = docWith('# Performance\n\n## Memory of npm start, before and after\n\nKept by hand.\n\n## Memory of npm start\n\nOld.\n');
    update(file, 'Memory of npm start, before and after', 'Rewritten.');
    expect(readFileSync(file, 'utf8')).toBe('# Performance\n\n## Memory of npm start, before and after\n\nRewritten.\n\n## Memory of npm start\n\nOld.\n');
  });

  test('a section not there yet is added at the end', () => {
    const file = docWith('# Performance\n\n## Votes\n\nFigures.\n');
    update(file, 'Vote page', 'Pages.');
    expect(readFileSync(file, 'utf8')).toBe('# Performance\n\n## Votes\n\nFigures.\n\n## Vote page\n\nPages.\n');
  });
});
