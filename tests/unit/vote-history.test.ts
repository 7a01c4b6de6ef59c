import { describe, expect, test } from 'vitest';
import { generateVoteHistory } from '../../src/server/db/vote-history.js';

const plan = {
  scopes: [
    { machineId: 1, votesPerDay: 40 },
    { machineId: null, votesPerDay: 10 },
  ],
  products: [
    { id: 1, demand: 10 },
    { id: 2, demand: 3 },
    { id: 3, demand: 1 },
  ],
  days: 28,
  now: new Date('2026-03-10T15:00:00Z'),
  seed: 7,
};

describe('the demo vote history', () => {
  const rows = generateVoteHistory(plan);

  test('is the same for the same seed and different for another', () => {
    expect(generateVoteHistory(plan)).toEqual(rows);
    expect(generateVoteHistory({ ...plan, seed: 8 })).not.toEqual(rows);
  });

  test('lies within the planned weeks and never in the future', () => {
    const earliest = plan.now.getTime() - (plan.days + 1) * 86_400_000;
    for (const row of rows) {
      expect(row.createdAt.getTime()).toBeLessThanOrEqual(plan.now.getTime());
      expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(earliest);
    }
    expect(rows.length).toBeGreaterThan(500);
  });

  test('has each voter vote at most once per product and scope', () => {
    const keys = rows.map((row) => `${row.voterId}|${row.productId}|${row.machineId}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  test('never takes a count below zero in time order, and has some down votes', () => {
    const counts = new Map<string, number>();
    for (const row of [...rows].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) {
      const key = `${row.machineId}|${row.productId}`;
      const next = (counts.get(key) ?? 0) + (row.voteType === 'up' ? 1 : -1);
      expect(next).toBeGreaterThanOrEqual(0);
      counts.set(key, next);
    }
    expect(rows.some((row) => row.voteType === 'down')).toBe(true);
  });

  test('follows demand: the most wanted product gets the most votes', () => {
    const perProduct = (id: number) => rows.filter((row) => row.productId === id).length;
    expect(perProduct(1)).toBeGreaterThan(perProduct(2));
    expect(perProduct(2)).toBeGreaterThan(perProduct(3));
  });
});
