import { and, eq, gt, max } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditEvents, contactMessages } from '../../src/server/db/schema.js';
import { hashAuditAddress } from '../../src/server/features/audit/record-audit.js';
import type { AuditAction } from '../../src/shared/audit.schemas.js';
import type { TwoFactorSetup } from '../../src/shared/two-factor.schemas.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { mailedToken, signIn, uniqueEmail } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Signed = Awaited<ReturnType<typeof signIn>>;
interface Expected {
  action: AuditAction;
  actorUserId: number;
  targetType: string;
  targetId: string | null;
  accountUserId: number | null;
}

const newestId = async () => (await t.database.db.select({ id: max(auditEvents.id) }).from(auditEvents))[0]?.id ?? 0;
const ok = (res: { statusCode: number; body: string }, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return JSON.parse(res.body || 'null');
};
const codeFor = (manualKey: string) => TOTP.generate({ secret: Secret.fromBase32(manualKey.replaceAll(' ', '')) });
const NEW_PASSWORD = 'another long passphrase for tests';
const catalogItem = { catalogue: 'toolkits', name: 'Audit Brush Set', brand: 'Acme', category: 'Machine Parts', price: 12.5, retailerProductId: 'b0audit001', warranty: '90 days', features: ['Three brush sizes'] };
const educator = { name: 'Audit Tutor', description: 'Courses.', category: 'Operations', specialization: 'Restocking', website: 'https://tutor.example.com', affiliateUrl: 'https://tutor.example.com/c', highlights: ['Short'] };

let admin: Signed;
beforeAll(async () => {
  admin = await signIn(t, { role: 'admin' });
});

/** Each case acts once through the API and says which single entry that must leave. */
const cases: [string, () => Promise<Expected>][] = [
  ['a password sign-in', async () => {
    const operator = await signIn(t);
    return { action: 'account.signed_in', actorUserId: operator.user.id, targetType: 'user', targetId: String(operator.user.id), accountUserId: operator.user.id };
  }],
  ['a password change', async () => {
    const operator = await signIn(t);
    ok(await operator.api.post('/api/settings/password', { currentPassword: operator.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }));
    return { action: 'account.password_changed', actorUserId: operator.user.id, targetType: 'user', targetId: String(operator.user.id), accountUserId: operator.user.id };
  }],
  ['an email change request', async () => {
    const operator = await signIn(t);
    ok(await operator.api.post('/api/settings/email', { newEmail: uniqueEmail('moving'), password: operator.password }), 202);
    return { action: 'account.email_change_requested', actorUserId: operator.user.id, targetType: 'user', targetId: String(operator.user.id), accountUserId: operator.user.id };
  }],
  ['an email change confirmed', async () => {
    const operator = await signIn(t);
    const newEmail = uniqueEmail('moved');
    ok(await operator.api.post('/api/settings/email', { newEmail, password: operator.password }), 202);
    const mail = await t.smtp.waitForMail(newEmail, /Confirm your new/);
    const token = new URL(mail.text.match(/https?:\/\/\S+\/confirm-email-change\?token=\S+/)![0]).searchParams.get('token')!;
    const before = await newestId();
    ok(await t.app.inject({ method: 'POST', url: '/api/auth/confirm-email-change', payload: { token } }));
    await expectNone(before, 'account.email_change_requested');
    return { action: 'account.email_changed', actorUserId: operator.user.id, targetType: 'user', targetId: String(operator.user.id), accountUserId: operator.user.id };
  }],
  ['a password reset by link', async () => {
    const operator = await signIn(t);
    ok(await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: operator.user.email } }));
    const token = await mailedToken(t, operator.user.email, '/reset-password');
    ok(await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } }));
    return { action: 'account.password_reset', actorUserId: operator.user.id, targetType: 'user', targetId: String(operator.user.id), accountUserId: operator.user.id };
  }],
  ['two-factor turned on, then off', async () => {
    const operator = await signIn(t);
    const setup = ok(await operator.api.post('/api/settings/two-factor/setup', { password: operator.password })) as TwoFactorSetup;
    const before = await newestId();
    const { recoveryCodes: codes } = ok(await operator.api.post('/api/settings/two-factor/confirm', { setupToken: setup.setupToken, code: codeFor(setup.manualKey) }));
    await expectOne(before, { action: 'account.two_factor_enabled', actorUserId: operator.user.id, targetType: 'user', targetId: String(operator.user.id), accountUserId: operator.user.id });
    ok(await operator.api.post('/api/settings/two-factor/disable', { password: operator.password, code: codes[0] }));
    return { action: 'account.two_factor_disabled', actorUserId: operator.user.id, targetType: 'user', targetId: String(operator.user.id), accountUserId: operator.user.id };
  }],
  ['an API token made', async () => {
    const operator = await signIn(t);
    const token = ok(await operator.api.post('/api/settings/api-tokens', { name: 'Script', access: 'read-only' }), 201);
    return { action: 'api_token.created', actorUserId: operator.user.id, targetType: 'api_token', targetId: String(token.id), accountUserId: operator.user.id };
  }],
  ['an API token revoked', async () => {
    const operator = await signIn(t);
    const token = ok(await operator.api.post('/api/settings/api-tokens', { name: 'Script', access: 'read-only' }), 201);
    const before = await newestId();
    ok(await operator.api.delete(`/api/settings/api-tokens/${token.id}`));
    await expectNone(before, 'api_token.created');
    return { action: 'api_token.revoked', actorUserId: operator.user.id, targetType: 'api_token', targetId: String(token.id), accountUserId: operator.user.id };
  }],
  ['a webhook added', async () => {
    const operator = await signIn(t);
    const created = ok(await operator.api.post('/api/webhooks', { url: 'http://127.0.0.1:9/hook?key=secret', events: ['vote.milestone'] }), 201);
    return { action: 'webhook.created', actorUserId: operator.user.id, targetType: 'webhook', targetId: String(created.endpoint.id), accountUserId: operator.user.id };
  }],
  ['a webhook deleted', async () => {
    const operator = await signIn(t);
    const created = ok(await operator.api.post('/api/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['vote.milestone'] }), 201);
    ok(await operator.api.delete(`/api/webhooks/${created.endpoint.id}`));
    return { action: 'webhook.deleted', actorUserId: operator.user.id, targetType: 'webhook', targetId: String(created.endpoint.id), accountUserId: operator.user.id };
  }],
  ['a plan set by an administrator', async () => {
    const operator = await signIn(t);
    ok(await admin.api.patch(`/api/admin/users/${operator.user.id}/plan`, { tier: 'growth' }));
    return { action: 'user.plan_changed', actorUserId: admin.user.id, targetType: 'user', targetId: String(operator.user.id), accountUserId: operator.user.id };
  }],
  ['an account disabled', async () => {
    const operator = await signIn(t);
    ok(await admin.api.post(`/api/admin/users/${operator.user.id}/disable`));
    return { action: 'user.disabled', actorUserId: admin.user.id, targetType: 'user', targetId: String(operator.user.id), accountUserId: operator.user.id };
  }],
  ['an account re-enabled', async () => {
    const operator = await signIn(t);
    ok(await admin.api.post(`/api/admin/users/${operator.user.id}/disable`));
    const before = await newestId();
    ok(await admin.api.post(`/api/admin/users/${operator.user.id}/enable`));
    await expectNone(before, 'user.disabled');
    return { action: 'user.enabled', actorUserId: admin.user.id, targetType: 'user', targetId: String(operator.user.id), accountUserId: operator.user.id };
  }],
  ['a catalogue item added', async () => {
    const item = ok(await admin.api.post('/api/admin/catalog-items', catalogItem), 201);
    return { action: 'catalog_item.created', actorUserId: admin.user.id, targetType: 'catalog_item', targetId: String(item.id), accountUserId: null };
  }],
  ['a catalogue item edited, then deleted', async () => {
    const item = ok(await admin.api.post('/api/admin/catalog-items', { ...catalogItem, name: 'Audit Brush Set Two', retailerProductId: 'b0audit002' }), 201);
    const before = await newestId();
    ok(await admin.api.patch(`/api/admin/catalog-items/${item.id}`, { price: 14 }));
    await expectOne(before, { action: 'catalog_item.updated', actorUserId: admin.user.id, targetType: 'catalog_item', targetId: String(item.id), accountUserId: null });
    ok(await admin.api.delete(`/api/admin/catalog-items/${item.id}`));
    return { action: 'catalog_item.deleted', actorUserId: admin.user.id, targetType: 'catalog_item', targetId: String(item.id), accountUserId: null };
  }],
  ['an educator added, edited and deleted', async () => {
    const created = ok(await admin.api.post('/api/admin/educators', educator), 201);
    const target = { actorUserId: admin.user.id, targetType: 'educator', targetId: String(created.id), accountUserId: null };
    let before = await newestId();
    ok(await admin.api.put(`/api/admin/educators/${created.id}`, { ...educator, name: 'Audit Tutor Two' }));
    await expectOne(before, { action: 'educator.updated', ...target });
    before = await newestId();
    ok(await admin.api.delete(`/api/admin/educators/${created.id}`));
    await expectOne(before, { action: 'educator.deleted', ...target });
    return { action: 'educator.deleted', ...target };
  }],
  ['a contact message answered', async () => {
    const [message] = await t.database.db
      .insert(contactMessages)
      .values({ name: 'Sam', email: uniqueEmail('asker'), subject: 'Hello', message: 'A question', addressKey: 'k' })
      .returning();
    ok(await admin.api.post(`/api/admin/contact-messages/${message!.id}/replies`, { body: 'An answer' }), 201);
    return { action: 'contact_message.replied', actorUserId: admin.user.id, targetType: 'contact_message', targetId: String(message!.id), accountUserId: null };
  }],
];

async function entriesSince(before: number, action: AuditAction) {
  return t.database.db.select().from(auditEvents).where(and(gt(auditEvents.id, before), eq(auditEvents.action, action)));
}
async function expectOne(before: number, expected: Expected) {
  const rows = await entriesSince(before, expected.action);
  expect(rows, expected.action).toHaveLength(1);
  expect(rows[0]).toMatchObject({ ...expected, ipHash: hashAuditAddress({ ipHashKey: 'test-ip-hash-key' }, '127.0.0.1') });
}
async function expectNone(before: number, action: AuditAction) {
  expect(await entriesSince(before, action), action).toHaveLength(0);
}

describe('each audited action', () => {
  test.each(cases)('%s records exactly one entry naming who, what and on what', async (_name, act) => {
    const before = await newestId();
    const expected = await act();
    await expectOne(before, expected);
  });

  test('an action refused records nothing', async () => {
    const operator = await signIn(t);
    const before = await newestId();
    const res = await operator.api.post('/api/settings/password', { currentPassword: 'wrong password here', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(await t.database.db.select().from(auditEvents).where(gt(auditEvents.id, before))).toEqual([]);
  });

  test('a webhook entry keeps the host, never the path, query or signing secret', async () => {
    const operator = await signIn(t);
    const before = await newestId();
    const created = ok(await operator.api.post('/api/webhooks', { url: 'http://127.0.0.1:9/hook?key=hidden', events: ['vote.milestone'] }), 201);
    const [row] = await entriesSince(before, 'webhook.created');
    expect(row!.details).toEqual({ host: '127.0.0.1:9' });
    expect(JSON.stringify(row)).not.toContain(created.signingSecret);
    expect(JSON.stringify(row)).not.toContain('hidden');
  });
});

