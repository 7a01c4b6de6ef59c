import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMachine, createProduct, insertVotes } from '../../src/server/db/factories.js';
import { DEFAULT_PREFERENCES, SettingsMessages, type Settings } from '../../src/shared/settings.schemas.js';
import type { MachinePerformance } from '../../src/shared/products.schemas.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { expectJsonError, signIn } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('profile', () => {
  test('names, phone, company and website are stored; the email is not changed here', async () => {
    const { api, user } = await signIn(t);
    const saved = await api.patch('/api/settings/profile', { firstName: ' Dana ', lastName: 'Reyes', phone: '+1 (555) 010-2030', company: 'Snack Co', website: 'https://snack.example' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as Settings).profile).toEqual({ firstName: 'Dana', lastName: 'Reyes', email: user.email, phone: '+1 (555) 010-2030', company: 'Snack Co', website: 'https://snack.example' });
    const cleared = await api.patch('/api/settings/profile', { firstName: 'Dana', lastName: 'Reyes', phone: '', company: null, website: '' });
    expect((cleared.json() as Settings).profile).toMatchObject({ phone: null, company: null, website: null });
    expect((await api.get('/api/auth/me')).json()).toMatchObject({ firstName: 'Dana', lastName: 'Reyes' });
  });

  test('each bad field says what is wrong', async () => {
    const { api } = await signIn(t);
    const base = { firstName: 'A', lastName: 'B' };
    expectJsonError(await api.patch('/api/settings/profile', { ...base, firstName: ' ' }), 400, SettingsMessages.firstNameRequired);
    expectJsonError(await api.patch('/api/settings/profile', { ...base, website: 'javascript:alert(1)' }), 400, SettingsMessages.websiteInvalid);
    expectJsonError(await api.patch('/api/settings/profile', { ...base, phone: 'call me' }), 400, SettingsMessages.phoneInvalid);
    expectJsonError(await api.patch('/api/settings/profile', { ...base, email: 'new@example.com' }), 400);
  });
});

describe('preferences', () => {
  test("a new operator has the spec's defaults; the whole tab is saved", async () => {
    const { api } = await signIn(t);
    expect(((await api.get('/api/settings')).json() as Settings).preferences).toEqual(DEFAULT_PREFERENCES);
    const chosen = { timezone: 'America/Denver', currency: 'CAD', language: 'fr', theme: 'dark', autoReorderThreshold: 35, reportFrequency: 'monthly', restockWeekday: 4, assumedUnitsPerVote: 0.75 } as const;
    const saved = await api.patch('/api/settings/preferences', chosen);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as Settings).preferences).toEqual(chosen);
    expectJsonError(await api.patch('/api/settings/preferences', { ...chosen, timezone: 'Europe/Paris' }), 400);
    expectJsonError(await api.patch('/api/settings/preferences', { ...chosen, currency: 'JPY' }), 400);
    expectJsonError(await api.patch('/api/settings/preferences', { ...chosen, autoReorderThreshold: -1 }), 400);
    expectJsonError(await api.patch('/api/settings/preferences', { ...chosen, autoReorderThreshold: 2.5 }), 400);
    expectJsonError(await api.patch('/api/settings/preferences', { ...chosen, restockWeekday: 7 }), 400, 'Choose a weekday');
    expectJsonError(await api.patch('/api/settings/preferences', { ...chosen, assumedUnitsPerVote: 0 }), 400, 'At least 0.05');
    expectJsonError(await api.patch('/api/settings/preferences', { ...chosen, assumedUnitsPerVote: 1.234 }), 400, 'Use at most two decimals');
  });

  test("the time zone decides what 'today' means", async () => {
    const { api, user } = await signIn(t);
    const machine = await createMachine(t.database.db, user.id);
    const product = await createProduct(t.database.db, user.id);
    // A moment between the two zones' midnights: today in the zone whose day began first, yesterday in the other.
    const result = (await t.database.db.execute(
      sql`select (date_trunc('day', now() at time zone 'UTC') at time zone 'UTC') as utc,
                 (date_trunc('day', now() at time zone 'America/New_York') at time zone 'America/New_York') as new_york`,
    )) as unknown as { rows: { utc: string | Date; new_york: string | Date }[] };
    const starts = result.rows[0];
    const utcStart = new Date(starts!.utc).getTime();
    const newYorkStart = new Date(starts!.new_york).getTime();
    const moment = new Date(Math.max(utcStart, newYorkStart) - 60_000);
    await insertVotes(t.database.db, [{ productId: product.id, machineId: machine.id, voteType: 'up', voterId: 'tz-voter', createdAt: moment }]);

    const votesTodayIn = async (timezone: string) => {
      expect((await api.patch('/api/settings/preferences', { ...DEFAULT_PREFERENCES, timezone })).statusCode).toBe(200);
      return ((await api.get('/api/dashboard/machines')).json() as MachinePerformance[]).find((row) => row.id === machine.id)!.votesToday;
    };
    expect(await votesTodayIn('UTC')).toBe(utcStart < newYorkStart ? 1 : 0);
    expect(await votesTodayIn('America/New_York')).toBe(newYorkStart < utcStart ? 1 : 0);
  });

  test('signed out: 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/settings' })).statusCode).toBe(401);
  });
});
