import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMachine, createProduct, insertVotes, type VoteRow } from '../../src/server/db/factories.js';
import { users } from '../../src/server/db/schema.js';
import { VOTE_TREND_DAYS, type VoteTrend } from '../../src/shared/products.schemas.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { DAY_MS, HOUR_MS, expectJsonError, get, post, signIn } from './helpers.js';

/**
 * The dashboard's votes-per-day chart. The operator keeps Tokyo time (UTC+9, no daylight saving),
 * so a vote at 20:00 UTC belongs to the next calendar day there: a day counted in UTC would be off.
 */
const ZONE = 'Asia/Tokyo';
const TOKYO_OFFSET_MS = 9 * HOUR_MS;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The Tokyo calendar date `daysAgo` days before today there, as YYYY-MM-DD. */
const tokyoDate = (daysAgo: number) => new Date(Date.now() + TOKYO_OFFSET_MS - daysAgo * DAY_MS).toISOString().slice(0, 10);
/** An instant at `hour`:30 Tokyo time, `daysAgo` days ago. */
function tokyoInstant(daysAgo: number, hour: number): Date {
  const date = tokyoDate(daysAgo);
  return new Date(Date.parse(`${date}T${String(hour).padStart(2, '0')}:30:00Z`) - TOKYO_OFFSET_MS);
}

async function trend(cookie: string, query = ''): Promise<VoteTrend> {
  const res = await get(t, `/api/stats/daily${query}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const dayOf = (result: VoteTrend, daysAgo: number) => result.days.find((day) => day.date === tokyoDate(daysAgo));

describe('GET /api/stats/daily', () => {
  let owner: Awaited<ReturnType<typeof signIn>>;
  let machineIds: number[];
  beforeAll(async () => {
    owner = await signIn(t);
    await t.database.db.update(users).set({ timeZone: ZONE }).where(eq(users.id, owner.user.id));
    const db = t.database.db;
    const a = await createMachine(db, owner.user.id);
    const b = await createMachine(db, owner.user.id);
    machineIds = [a.id, b.id];
    const product = await createProduct(db, owner.user.id);
    // Early in the Tokyo morning (late the previous evening in UTC) to catch a UTC day.
    const hour = new Date(Date.now() + TOKYO_OFFSET_MS).getUTCHours() >= 2 ? 1 : 0;
    const rows: VoteRow[] = [
      { productId: product.id, machineId: a.id, voteType: 'up', voterId: 'v1', createdAt: tokyoInstant(2, hour) },
      { productId: product.id, machineId: b.id, voteType: 'up', voterId: 'v2', createdAt: tokyoInstant(2, hour) },
      { productId: product.id, machineId: a.id, voteType: 'down', voterId: 'v3', createdAt: tokyoInstant(2, hour) },
      { productId: product.id, machineId: a.id, voteType: 'up', voterId: 'v4', createdAt: tokyoInstant(5, 12) },
      // Past the chart's window: never shown.
      { productId: product.id, machineId: a.id, voteType: 'up', voterId: 'v5', createdAt: tokyoInstant(VOTE_TREND_DAYS + 3, 12) },
      // The demo page (no machine) is not one of the operator's machines.
      { productId: product.id, machineId: null, voteType: 'up', voterId: 'v6', createdAt: tokyoInstant(2, hour) },
    ];
    await insertVotes(db, rows);
  });

  test('every day of the window in the operator\'s calendar, oldest first, days without votes as zeros', async () => {
    const result = await trend(owner.cookie);
    expect(result.timeZone).toBe(ZONE);
    expect(result.days).toHaveLength(VOTE_TREND_DAYS);
    expect(result.days.at(-1)!.date).toBe(tokyoDate(0));
    expect(result.days[0]!.date).toBe(tokyoDate(VOTE_TREND_DAYS - 1));
    expect(dayOf(result, 2)).toEqual({ date: tokyoDate(2), votes: 3, up: 2, down: 1 });
    expect(dayOf(result, 5)).toEqual({ date: tokyoDate(5), votes: 1, up: 1, down: 0 });
    expect(result.days.reduce((sum, day) => sum + day.votes, 0)).toBe(4);
  });

  test('one machine: only its votes', async () => {
    const result = await trend(owner.cookie, `?machineId=${machineIds[1]}`);
    expect(dayOf(result, 2)).toEqual({ date: tokyoDate(2), votes: 1, up: 1, down: 0 });
    expect(result.days.reduce((sum, day) => sum + day.votes, 0)).toBe(1);
  });

  test("another operator's machine is a 404, as a missing one", async () => {
    const other = await signIn(t);
    expectJsonError(await get(t, `/api/stats/daily?machineId=${machineIds[0]}`, other.cookie), 404, 'Machine not found');
    expectJsonError(await get(t, '/api/stats/daily?machineId=abc', owner.cookie), 400, 'Machine id must be a whole number');
    expect((await trend(other.cookie)).days.every((day) => day.votes === 0)).toBe(true);
  });

  test('after Reset All Votes the chart starts afresh, like every other dashboard figure', async () => {
    const reset = await post(t, '/api/votes/reset', undefined, { headers: { cookie: owner.cookie } });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await trend(owner.cookie)).days.every((day) => day.votes === 0)).toBe(true);
  });
});
