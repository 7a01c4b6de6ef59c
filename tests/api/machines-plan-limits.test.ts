import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMachine } from '../../src/server/db/factories.js';
import { users, vendingMachines } from '../../src/server/db/schema.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { api, expectJsonError, signIn } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const STARTER_FULL =
  'Your Starter plan includes up to 2 machines. Upgrade to Growth ($20/month, up to 10 machines) or Enterprise ($40/month, unlimited machines) on the Pricing page to add more.';
const GROWTH_FULL =
  'Your Growth plan includes up to 10 machines. Upgrade to Enterprise ($40/month, unlimited machines) on the Pricing page to add more.';

let serial = 0;
const addMachine = (cookie: string) =>
  api(t, cookie).post('/api/machines', { name: `Machine ${++serial}`, location: 'Hall', type: 'combo', serialNumber: `SN-${serial}` });

async function operatorOnPlan(tier: 'free' | 'growth' | 'enterprise', machines: number) {
  const operator = await signIn(t);
  await t.database.db.update(users).set({ subscriptionTier: tier }).where(eq(users.id, operator.user.id));
  for (let i = 0; i < machines; i++) await createMachine(t.database.db, operator.user.id);
  return operator;
}

const machineCount = async (userId: number) =>
  (await t.database.db.select({ n: count() }).from(vendingMachines).where(eq(vendingMachines.userId, userId)))[0]!.n;

describe('Starter (free): up to 2 machines', () => {
  test('the first two are added; the third is a 403 naming the plan and the upgrades, and is not stored', async () => {
    const { user, cookie } = await operatorOnPlan('free', 0);
    expect((await addMachine(cookie)).statusCode).toBe(201);
    expect((await addMachine(cookie)).statusCode).toBe(201);
    const body = expectJsonError(await addMachine(cookie), 403, STARTER_FULL);
    expect(body.message).toContain('Starter');
    expect(body.message).toContain('Upgrade');
    expect(await machineCount(user.id)).toBe(2);
  });

  test('deleting a machine makes room for another', async () => {
    const { cookie } = await operatorOnPlan('free', 1);
    const second = (await addMachine(cookie)).json();
    expectJsonError(await addMachine(cookie), 403);
    await api(t, cookie).delete(`/api/machines/${second.id}`);
    expect((await addMachine(cookie)).statusCode).toBe(201);
  });

  test('other operators’ machines do not count against the plan', async () => {
    await operatorOnPlan('free', 2);
    const { cookie } = await operatorOnPlan('free', 1);
    expect((await addMachine(cookie)).statusCode).toBe(201);
  });

  test('five simultaneous adds with one slot left create exactly one machine', async () => {
    const { user, cookie } = await operatorOnPlan('free', 1);
    const answers = await Promise.all(Array.from({ length: 5 }, () => addMachine(cookie)));
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses, answers.map((res) => res.body).join('\n')).toEqual([201, 403, 403, 403, 403]);
    expect(await machineCount(user.id)).toBe(2);
  });
});

describe('Growth: up to 10 machines', () => {
  test('a third machine is fine', async () => {
    const { user, cookie } = await operatorOnPlan('growth', 2);
    expect((await addMachine(cookie)).statusCode).toBe(201);
    expect(await machineCount(user.id)).toBe(3);
  });

  test('the eleventh is a 403 pointing to Enterprise', async () => {
    const { user, cookie } = await operatorOnPlan('growth', 9);
    expect((await addMachine(cookie)).statusCode).toBe(201);
    expectJsonError(await addMachine(cookie), 403, GROWTH_FULL);
    expect(await machineCount(user.id)).toBe(10);
  });
});

describe('Enterprise: unlimited', () => {
  test('a twelfth machine is fine', async () => {
    const { user, cookie } = await operatorOnPlan('enterprise', 11);
    expect((await addMachine(cookie)).statusCode).toBe(201);
    expect(await machineCount(user.id)).toBe(12);
  });
});
