import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMachine } from '../../src/server/db/factories.js';
import { subscriptions, users } from '../../src/server/db/schema.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { get, me, signIn, uniqueEmail } from './helpers.js';

const ADMIN_EMAIL = uniqueEmail('boss');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ adminEmails: [ADMIN_EMAIL] });
});
afterAll(() => t.close());

const CURRENT_USER_FIELDS = ['email', 'firstName', 'id', 'isAffiliate', 'lastName', 'phoneNumber', 'profileImageUrl', 'role', 'timeZone'];

describe('GET /api/auth/me', () => {
  test('signed out: 401 {"message":"Unauthorized"}', async () => {
    const res = await me(t);
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toBe('{"message":"Unauthorized"}');
  });

  test('a cookie header without a session cookie is still signed out', async () => {
    const res = await me(t, 'theme=dark; other=1');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthorized' });
  });

  test('signed in: exactly the public user fields, never the password or the verification token', async () => {
    const { user, cookie } = await signIn(t, { firstName: 'Oscar', lastName: 'Owner' });
    await t.database.db
      .update(users)
      .set({ phoneNumber: '+1 555 0100', profileImageUrl: 'https://img.example/me.png', verificationToken: 'secret-hash' })
      .where(eq(users.id, user.id));
    const res = await me(t, cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json() as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(CURRENT_USER_FIELDS);
    expect(body).toEqual({
      id: user.id,
      email: user.email,
      role: 'operator',
      isAffiliate: false,
      firstName: 'Oscar',
      lastName: 'Owner',
      profileImageUrl: 'https://img.example/me.png',
      phoneNumber: '+1 555 0100',
      timeZone: 'America/New_York',
    });
    expect(res.body).not.toContain('argon2');
    expect(res.body).not.toContain('secret-hash');
  });

  test('an email listed in adminEmails is reported as admin though its row says operator', async () => {
    const { user, cookie, res: loginRes } = await signIn(t, { email: ADMIN_EMAIL, role: 'operator' });
    expect(user.role).toBe('operator');
    expect(loginRes.json().user.role).toBe('admin');
    expect((await me(t, cookie)).json()).toMatchObject({ email: ADMIN_EMAIL, role: 'admin' });
  });

  test('role admin in the database is reported as admin', async () => {
    const { cookie } = await signIn(t, { role: 'admin' });
    expect((await me(t, cookie)).json().role).toBe('admin');
  });

  test('other accounts are operators by default and an affiliate stays an affiliate', async () => {
    const operator = await signIn(t);
    const affiliate = await signIn(t, { role: 'affiliate' });
    expect((await me(t, operator.cookie)).json().role).toBe('operator');
    expect((await me(t, affiliate.cookie)).json().role).toBe('affiliate');
  });

  test('a role change in the database shows on the next request of the same session', async () => {
    const { user, cookie } = await signIn(t);
    expect((await me(t, cookie)).json().role).toBe('operator');
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
    expect((await me(t, cookie)).json().role).toBe('admin');
  });
});

describe('GET /api/auth/subscription-status', () => {
  test('signed out: 401 Unauthorized', async () => {
    const res = await get(t, '/api/auth/subscription-status');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthorized' });
  });

  const DAY_MS = 86_400_000;
  const status = async (cookie: string) => {
    const res = await get(t, '/api/auth/subscription-status', cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  test('signed in, never subscribed: Starter, no subscription, 2 machines allowed, those in use counted', async () => {
    const { cookie, user } = await signIn(t);
    await createMachine(t.database.db, user.id);
    expect(await status(cookie)).toEqual({
      tier: 'free',
      status: 'none',
      trialEndsAt: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      scheduledChange: null,
      machineLimit: 2,
      machineCount: 1,
    });
  });

  test('a plan an admin set, without a subscription: that plan and its limit', async () => {
    const { cookie, user } = await signIn(t);
    await t.database.db.update(users).set({ subscriptionTier: 'enterprise' }).where(eq(users.id, user.id));
    expect(await status(cookie)).toMatchObject({ tier: 'enterprise', status: 'none', machineLimit: null, machineCount: 0 });
  });

  test('on a trial: the trial end and the period end of the subscription that gives the plan, not of an older ended one', async () => {
    const { cookie, user } = await signIn(t);
    const now = Date.now();
    const trialEnd = new Date(now + 20 * DAY_MS);
    const base = { userId: user.id, stripeCustomerId: 'cus_status', priceId: 'price_growth' };
    await t.database.db.insert(subscriptions).values([
      { ...base, id: `sub_old_${user.id}`, status: 'canceled', tier: 'enterprise', currentPeriodEnd: new Date(now - 40 * DAY_MS), stripeCreatedAt: new Date(now - 70 * DAY_MS) },
      { ...base, id: `sub_new_${user.id}`, status: 'trialing', tier: 'growth', trialEnd, currentPeriodEnd: trialEnd, cancelAtPeriodEnd: true, stripeCreatedAt: new Date(now - 10 * DAY_MS) },
    ]);
    await t.database.db.update(users).set({ subscriptionTier: 'growth' }).where(eq(users.id, user.id));
    expect(await status(cookie)).toEqual({
      tier: 'growth',
      status: 'trialing',
      trialEndsAt: trialEnd.toISOString(),
      currentPeriodEnd: trialEnd.toISOString(),
      cancelAtPeriodEnd: true,
      scheduledChange: null,
      machineLimit: 10,
      machineCount: 0,
    });
  });

  test('after the subscription ended: Starter again, the ended status, no period', async () => {
    const { cookie, user } = await signIn(t);
    await t.database.db.insert(subscriptions).values({
      id: `sub_ended_${user.id}`,
      userId: user.id,
      stripeCustomerId: 'cus_status',
      priceId: 'price_growth',
      status: 'canceled',
      tier: 'growth',
      currentPeriodEnd: new Date(Date.now() - DAY_MS),
      cancelAtPeriodEnd: true,
      stripeCreatedAt: new Date(Date.now() - 60 * DAY_MS),
    });
    expect(await status(cookie)).toMatchObject({ tier: 'free', status: 'canceled', currentPeriodEnd: null, cancelAtPeriodEnd: false, machineLimit: 2 });
  });
});
