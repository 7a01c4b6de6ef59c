import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMachine } from '../../src/server/db/factories.js';
import { BillingMessages } from '../../src/shared/billing.schemas.js';
import { machineLimitMessage } from '../../src/shared/plans.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { expectJsonError, signIn } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('PATCH /api/admin/users/{id}/plan', () => {
  test("an admin sets an operator's plan; the operator's status and limit follow", async () => {
    const admin = await signIn(t, { role: 'admin' });
    const operator = await signIn(t);
    const res = await admin.api.patch(`/api/admin/users/${operator.user.id}/plan`, { tier: 'growth' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ tier: 'growth', status: 'none', machineLimit: 10, machineCount: 0 });
    expect((await operator.api.get('/api/auth/subscription-status')).json()).toMatchObject({ tier: 'growth', machineLimit: 10 });
  });

  test('a downgrade deletes nothing: machines over the new limit keep working, adding more is refused', async () => {
    const admin = await signIn(t, { role: 'admin' });
    const operator = await signIn(t);
    await admin.api.patch(`/api/admin/users/${operator.user.id}/plan`, { tier: 'growth' });
    const machines = [];
    for (let n = 1; n <= 3; n++) machines.push(await createMachine(t.database.db, operator.user.id, { name: `Machine ${n}` }));
    const res = await admin.api.patch(`/api/admin/users/${operator.user.id}/plan`, { tier: 'free' });
    expect(res.json()).toMatchObject({ tier: 'free', machineLimit: 2, machineCount: 3 });
    expect((await operator.api.get('/api/machines')).json()).toHaveLength(3);
    const edit = await operator.api.patch(`/api/machines/${machines[2]!.id}`, { name: 'Still mine' });
    expect(edit.statusCode, edit.body).toBe(200);
    expectJsonError(await operator.api.post('/api/machines', { name: 'A fourth', location: 'Hall', type: 'snacks', serialNumber: 'SN-4' }), 403, machineLimitMessage('free'));
  });

  test('only admins: an operator gets 403 and nothing changes; signed out 401', async () => {
    const operator = await signIn(t);
    const other = await signIn(t);
    expect((await operator.api.patch(`/api/admin/users/${other.user.id}/plan`, { tier: 'enterprise' })).statusCode).toBe(403);
    expect((await operator.api.patch(`/api/admin/users/${operator.user.id}/plan`, { tier: 'enterprise' })).statusCode).toBe(403);
    expect((await other.api.get('/api/auth/subscription-status')).json()).toMatchObject({ tier: 'free' });
    expect((await operator.api.get('/api/auth/subscription-status')).json()).toMatchObject({ tier: 'free' });
  });

  test('an unknown user, a malformed id and an unknown plan each answer with a clear message', async () => {
    const admin = await signIn(t, { role: 'admin' });
    expectJsonError(await admin.api.patch('/api/admin/users/2147483647/plan', { tier: 'growth' }), 404, 'User not found');
    expectJsonError(await admin.api.patch('/api/admin/users/abc/plan', { tier: 'growth' }), 400, 'User id must be a whole number');
    expectJsonError(await admin.api.patch(`/api/admin/users/${admin.user.id}/plan`, { tier: 'platinum' }), 400, BillingMessages.unknownTier);
  });
});
