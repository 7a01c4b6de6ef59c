import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES, NotificationMessages, type NotificationPreferences } from '../../src/shared/notifications.schemas.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { expectJsonError, signIn } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('notification preferences', () => {
  test("a new operator has the spec's defaults", async () => {
    const { api } = await signIn(t);
    const response = await api.get('/api/notifications/preferences');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
  });

  test('the whole object is saved and read back, for this operator only', async () => {
    const operator = await signIn(t);
    const other = await signIn(t);
    const changed: NotificationPreferences = { email: false, sms: false, lowInventory: false, highVotes: true, machineOffline: false, dailySummary: true, periodicReport: false };
    const saved = await operator.api.patch('/api/notifications/preferences', changed);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(changed);
    expect((await operator.api.get('/api/notifications/preferences')).json()).toEqual(changed);
    expect((await other.api.get('/api/notifications/preferences')).json()).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
  });

  test("the spec's object without periodicReport leaves the report as it was", async () => {
    const { api } = await signIn(t);
    await api.patch('/api/notifications/preferences', { ...DEFAULT_NOTIFICATION_PREFERENCES, periodicReport: false });
    const { periodicReport: _kept, ...specFields } = DEFAULT_NOTIFICATION_PREFERENCES;
    const saved = await api.patch('/api/notifications/preferences', { ...specFields, highVotes: false });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ ...DEFAULT_NOTIFICATION_PREFERENCES, highVotes: false, periodicReport: false });
  });

  test('SMS cannot be turned on yet; a partial or unknown body is refused', async () => {
    const { api } = await signIn(t);
    expectJsonError(await api.patch('/api/notifications/preferences', { ...DEFAULT_NOTIFICATION_PREFERENCES, sms: true }), 400, NotificationMessages.smsUnavailable);
    expectJsonError(await api.patch('/api/notifications/preferences', { email: false }), 400);
    expectJsonError(await api.patch('/api/notifications/preferences', { ...DEFAULT_NOTIFICATION_PREFERENCES, pigeons: true }), 400);
    expect((await api.get('/api/notifications/preferences')).json()).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
  });

  test('signed out: 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications/preferences' })).statusCode).toBe(401);
  });
});

describe('the test email', () => {
  test("goes to the operator's own address through the queue", async () => {
    const { api, user } = await signIn(t);
    const response = await api.post('/api/notifications/test');
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toEqual({ message: NotificationMessages.testSentText });
    const mail = await t.smtp.waitForMail(user.email, /^VendVote test notification$/);
    expect(mail.text).toContain(`Hi ${user.firstName},`);
    expect(mail.text).toContain('/settings');
  });

  test('is refused while email notifications are off', async () => {
    const { api } = await signIn(t);
    await api.patch('/api/notifications/preferences', { ...DEFAULT_NOTIFICATION_PREFERENCES, email: false });
    expectJsonError(await api.post('/api/notifications/test'), 409, NotificationMessages.emailOff);
  });

  test('five an hour, then 429', async () => {
    const { api } = await signIn(t);
    for (let index = 0; index < 5; index++) expect((await api.post('/api/notifications/test')).statusCode).toBe(202);
    expectJsonError(await api.post('/api/notifications/test'), 429);
  });
});
