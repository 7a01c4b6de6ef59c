import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';

/**
 * The vote counters have one writer (src/server/features/votes/vote-counters.ts, with the SQL
 * texts of vote-statements.ts). This scan finds any other source file that inserts, updates or
 * deletes counter rows, in SQL or through Drizzle, so a new feature cannot quietly break the
 * "counters = recount of the rows" invariant.
 */
const root = new URL('../..', import.meta.url).pathname;
const OWNERS = ['src/server/features/votes/vote-counters.ts', 'src/server/features/votes/vote-statements.ts'];

const COUNTER_TABLES = '(?:machine_product_votes|machine_voters|operator_voters|machineProductVotes|machineVoters|operatorVoters)';
const WRITE_PATTERNS = [
  // SQL text, with the table written out or interpolated from the Drizzle schema.
  new RegExp(`\\b(?:insert\\s+into|update|delete\\s+from)\\s+(?:\\$\\{\\s*)?${COUNTER_TABLES}\\b`, 'i'),
  // An UPDATE of products that sets a count.
  /\bupdate\s+(?:\$\{\s*)?products\b[^;`]*?\bset\b[^;`]*?\b(?:votes|demo_votes)\s*=/is,
  // Drizzle's query builder.
  new RegExp(`\\.(?:insert|update|delete)\\(\\s*${COUNTER_TABLES}\\s*\\)`),
  /\.update\(\s*products\s*\)\s*\.set\(\s*\{[^}]*\b(?:votes|demoVotes)\s*:/s,
];

export function writesCounters(source: string): boolean {
  return WRITE_PATTERNS.some((pattern) => pattern.test(source));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the vote counters have one writer', () => {
  test('the scan recognises every form of a counter write', () => {
    expect(writesCounters('await tx.execute(sql`update machine_product_votes set votes = 0`)')).toBe(true);
    expect(writesCounters('sql`delete from ${machineVoters} where machine_id = 1`')).toBe(true);
    expect(writesCounters('sql`insert into operator_voters (user_id) values (1)`')).toBe(true);
    expect(writesCounters('sql`update ${products} p set votes = greatest(p.votes - 1, 0)`')).toBe(true);
    expect(writesCounters('await db.delete(operatorVoters).where(x)')).toBe(true);
    expect(writesCounters('await db.update(products).set({ name: "x", demoVotes: 0 })')).toBe(true);
    // Reads, and product changes that leave the counts alone, are fine anywhere.
    expect(writesCounters('sql`select votes from machine_product_votes`')).toBe(false);
    expect(writesCounters('await db.update(products).set({ name: "x" })')).toBe(false);
    expect(writesCounters('sql`update products set name = ${name} where id = 1`')).toBe(false);
  });

  test('no file but the counters module writes them', () => {
    const offenders = sourceFiles(join(root, 'src'))
      .map((file) => relative(root, file))
      .filter((file) => !OWNERS.includes(file))
      .filter((file) => writesCounters(readFileSync(join(root, file), 'utf8')));
    expect(offenders).toEqual([]);
  });

  test('the owners do write them (the scan is looking at the right files)', () => {
    for (const owner of OWNERS) expect(writesCounters(readFileSync(join(root, owner), 'utf8')), owner).toBe(true);
  });
});
