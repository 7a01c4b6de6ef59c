import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMachine, createUser } from '../../src/server/db/factories.js';
import { subscriptions, users, vendingMachines } from '../../src/server/db/schema.js';
import { ADMIN_USER_PAGE_SIZE, AdminUserMessages, type AdminUser, type AdminUserPage, type AdminUserStats } from '../../src/shared/admin-users.schemas.js';
import { AuthMessages } from '../../src/shared/auth.schemas.js';
import { createTestApp, linkFrom, type TestApp } from '../support/index.js';
import { expectJsonError, login, me, sessionsOfUser, signIn, uniqueEmail } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Admin = Awaited<ReturnType<typeof signIn>>;
let run = 0;
/** A word only this test's accounts carry in their email, to search them apart from the rest. */
const marker = () => `mk${process.pid}x${Date.now().toString(36)}x${++run}`;

/** Accounts inserted at once (no sign-in needed), each with `machines` machines and its own join time. */
async function insertUsers(specs: { email: string; firstName?: string; lastName?: string; machines?: number; plan?: 'free' | 'growth' | 'enterprise'; createdAt?: Date; isVerified?: boolean }[]) {
  const rows = await t.database.db
    .insert(users)
    .values(
      specs.map((spec) => ({
        email: spec.email,
        password: 'not-a-password-hash',
        firstName: spec.firstName ?? 'Pat',
        lastName: spec.lastName ?? 'Doe',
        isVerified: spec.isVerified ?? true,
        subscriptionTier: spec.plan ?? 'free',
        ...(spec.createdAt ? { createdAt: spec.createdAt } : {}),
      })),
    )
    .returning();
  const machines = rows.flatMap((row, index) =>
    Array.from({ length: specs[index]!.machines ?? 0 }, (_, n) => ({ userId: row.id, name: `M${n}`, location: 'Hall', type: 'snacks' as const, serialNumber: `SN-${row.id}-${n}` })),
  );
  if (machines.length) await t.database.db.insert(vendingMachines).values(machines);
  return rows;
}

async function list(admin: Admin, query: Record<string, string | number>): Promise<AdminUserPage> {
  const params = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  const res = await admin.api.get(`/api/admin/users?${params}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function stats(admin: Admin): Promise<AdminUserStats> {
  const res = await admin.api.get('/api/admin/users/stats');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('admin users: who may call', () => {
  test('operators get 403 on every call and nothing changes; signed out 401', async () => {
    const operator = await signIn(t);
    const other = await signIn(t);
    const id = other.user.id;
    const calls = [
      () => operator.api.get('/api/admin/users'),
      () => operator.api.get('/api/admin/users/stats'),
      () => operator.api.post(`/api/admin/users/${id}/resend-verification`),
      () => operator.api.post(`/api/admin/users/${id}/disable`),
      () => operator.api.post(`/api/admin/users/${id}/enable`),
      () => operator.api.patch(`/api/admin/users/${id}/plan`, { tier: 'enterprise' }),
    ];
    for (const call of calls) expect((await call()).statusCode).toBe(403);
    expect((await me(t, other.cookie)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users' })).statusCode).toBe(401);
  });

  test('an ADMIN_EMAILS address is an admin too', async () => {
    const email = uniqueEmail('listed-admin');
    const app = await createTestApp({ adminEmails: [email] });
    try {
      const { user, password } = await createUser(app.database.db, { email });
      const res = await login(app, user.email, password);
      const cookie = res.cookies.find((c) => c.name === 'vv_session')!;
      const listed = await app.app.inject({ method: 'GET', url: '/api/admin/users', headers: { cookie: `vv_session=${cookie.value}` } });
      expect(listed.statusCode, listed.body).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('GET /api/admin/users and /stats', () => {
  test('stat cards count every account by its plan, the Plan the table shows, whatever its machines', async () => {
    const admin = await signIn(t, { role: 'admin' });
    const before = await stats(admin);
    const mk = marker();
    // Machine counts that the spec's machine 'tiers' would have counted otherwise.
    const plans = { 0: 'growth', 2: 'free', 3: 'free', 10: 'enterprise', 11: 'free' } as const;
    await insertUsers(([0, 2, 3, 10, 11] as const).map((machines) => ({ email: `${mk}-${machines}@example.test`, machines, plan: plans[machines] })));
    const after = await stats(admin);
    expect({
      total: after.total - before.total,
      free: after.free - before.free,
      growth: after.growth - before.growth,
      enterprise: after.enterprise - before.enterprise,
    }).toEqual({ total: 5, free: 3, growth: 1, enterprise: 1 });
    expect(after.free + after.growth + after.enterprise).toBe(after.total);

    const page = await list(admin, { search: mk, sort: 'machines', order: 'asc' });
    expect(page.users.map((u) => [u.machineCount, u.plan])).toEqual([
      [0, 'growth'],
      [2, 'free'],
      [3, 'free'],
      [10, 'enterprise'],
      [11, 'free'],
    ]);
  });

  test('machine counts follow machines added and deleted', async () => {
    const admin = await signIn(t, { role: 'admin' });
    const [user] = await insertUsers([{ email: `${marker()}@example.test`, machines: 2 }]);
    const machine = await createMachine(t.database.db, user!.id);
    const find = async () => (await list(admin, { search: user!.email })).users[0]!;
    expect((await find()).machineCount).toBe(3);
    await t.database.db.delete(vendingMachines).where(eq(vendingMachines.id, machine.id));
    expect((await find()).machineCount).toBe(2);
  });

  test('search by name or email, case-insensitive; wildcards are literal; the rows carry no secrets', async () => {
    const admin = await signIn(t, { role: 'admin' });
    const mk = marker();
    await insertUsers([
      { email: `${mk}-a@example.test`, firstName: 'Zelda', lastName: `Quill${mk}` },
      { email: `${mk}-b@example.test`, firstName: 'Yannick', lastName: 'Rowe' },
    ]);
    expect((await list(admin, { search: `ZELDA QUILL${mk.toUpperCase()}` })).users.map((u) => u.email)).toEqual([`${mk}-a@example.test`]);
    expect((await list(admin, { search: `${mk.toUpperCase()}-B@EXAMPLE` })).users.map((u) => u.firstName)).toEqual(['Yannick']);
    expect((await list(admin, { search: `${mk}%` })).total).toBe(0);
    const page = await list(admin, { search: mk });
    expect(page.total).toBe(2);
    expect(Object.keys(page.users[0]!).sort()).toEqual(
      ['createdAt', 'disabledAt', 'email', 'firstName', 'hasSubscription', 'id', 'isVerified', 'lastName', 'machineCount', 'plan'].sort(),
    );
  });

  test('sorts by joined, name, email and machines, each way', async () => {
    const admin = await signIn(t, { role: 'admin' });
    const mk = marker();
    const day = (n: number) => new Date(Date.UTC(2024, 0, n));
    await insertUsers([
      { email: `${mk}-c@example.test`, firstName: 'bea', machines: 5, createdAt: day(1) },
      { email: `${mk}-a@example.test`, firstName: 'Cal', machines: 1, createdAt: day(3) },
      { email: `${mk}-b@example.test`, firstName: 'Abe', machines: 9, createdAt: day(2) },
    ]);
    const order = async (sort: string, dir: string) => (await list(admin, { search: mk, sort, order: dir })).users.map((u) => u.email.slice(mk.length + 1, mk.length + 2));
    expect(await order('joined', 'desc')).toEqual(['a', 'b', 'c']);
    expect(await order('joined', 'asc')).toEqual(['c', 'b', 'a']);
    expect(await order('name', 'asc')).toEqual(['b', 'c', 'a']);
    expect(await order('name', 'desc')).toEqual(['a', 'c', 'b']);
    expect(await order('email', 'asc')).toEqual(['a', 'b', 'c']);
    expect(await order('machines', 'desc')).toEqual(['b', 'c', 'a']);
    expect(await order('machines', 'asc')).toEqual(['a', 'c', 'b']);
    expectJsonError(await admin.api.get('/api/admin/users?sort=password'), 400, AdminUserMessages.badSort);
    expectJsonError(await admin.api.get('/api/admin/users?page=0'), 400, AdminUserMessages.badPage);
  });

  test('pages of 25 over 120 accounts: none overlap, every account once, totals right', async () => {
    const admin = await signIn(t, { role: 'admin' });
    const mk = marker();
    // Many share a join time and a machine count, so only the id keeps the order stable.
    const sameTime = new Date();
    await insertUsers(Array.from({ length: 120 }, (_, n) => ({ email: `${mk}-${String(n).padStart(3, '0')}@example.test`, machines: n % 3, createdAt: sameTime })));
    for (const sort of ['joined', 'machines']) {
      const seen: number[] = [];
      for (let page = 1; page <= 5; page++) {
        const result = await list(admin, { search: mk, sort, page });
        expect(result).toMatchObject({ page, pageSize: ADMIN_USER_PAGE_SIZE, total: 120 });
        expect(result.users).toHaveLength(page === 5 ? 20 : 25);
        seen.push(...result.users.map((u) => u.id));
      }
      expect(new Set(seen).size).toBe(120);
      const beyond = await list(admin, { search: mk, sort, page: 6 });
      expect(beyond).toMatchObject({ users: [], total: 120 });
    }
    const all = await list(admin, {});
    expect(all.users).toHaveLength(ADMIN_USER_PAGE_SIZE);
    expect(all.total).toBe((await stats(admin)).total);
  });
});

describe('PATCH /api/admin/users/{id}/plan', () => {
  test('an admin sets the plan of an account without a subscription; the list shows it', async () => {
    const admin = await signIn(t, { role: 'admin' });
    const [user] = await insertUsers([{ email: `${marker()}@example.test`, machines: 1 }]);
    const res = await admin.api.patch(`/api/admin/users/${user!.id}/plan`, { tier: 'enterprise' });
    expect(res.statusCode, res.body).toBe(200);
    const listed = (await list(admin, { search: user!.email })).users[0]!;
    expect(listed).toMatchObject({ plan: 'enterprise', hasSubscription: false });
  });

  test('refused with 409 while a Stripe subscription keeps a plan; allowed once it has ended', async () => {
    const admin = await signIn(t, { role: 'admin' });
    const [user] = await insertUsers([{ email: `${marker()}@example.test` }]);
    await t.database.db.update(users).set({ subscriptionTier: 'growth' }).where(eq(users.id, user!.id));
    const subscription = {
      id: `sub_${marker()}`,
      userId: user!.id,
      stripeCustomerId: `cus_${marker()}`,
      status: 'active',
      priceId: 'price_growth',
      tier: 'growth' as const,
      stripeCreatedAt: new Date(),
    };
    await t.database.db.insert(subscriptions).values(subscription);
    expect((await list(admin, { search: user!.email })).users[0]).toMatchObject({ plan: 'growth', hasSubscription: true });
    expectJsonError(await admin.api.patch(`/api/admin/users/${user!.id}/plan`, { tier: 'free' }), 409, AdminUserMessages.planFollowsSubscription);
    expect((await list(admin, { search: user!.email })).users[0]!.plan).toBe('growth');

    await t.database.db.update(subscriptions).set({ status: 'canceled' }).where(eq(subscriptions.id, subscription.id));
    expect((await admin.api.patch(`/api/admin/users/${user!.id}/plan`, { tier: 'free' })).statusCode).toBe(200);
  });
});

describe('POST /api/admin/users/{id}/resend-verification', () => {
  test('mails a working verification link to a Pending account; a Verified one answers 409', async () => {
    const admin = await signIn(t, { role: 'admin' });
    const { user } = await createUser(t.database.db, { email: uniqueEmail('pending'), isVerified: false });
    const res = await admin.api.post(`/api/admin/users/${user.id}/resend-verification`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: AdminUserMessages.verificationSent });
    const mail = await t.smtp.waitForMail(user.email, /verify/i);
    const link = new URL(linkFrom(mail, '/verify-email'));
    const verified = await t.app.inject({ method: 'GET', url: `/api/auth/verify-email${link.search}` });
    expect(verified.statusCode, verified.body).toBe(200);

    expectJsonError(await admin.api.post(`/api/admin/users/${user.id}/resend-verification`), 409, AdminUserMessages.alreadyVerified);
    expectJsonError(await admin.api.post('/api/admin/users/2147483647/resend-verification'), 404, 'User not found');
  });
});

describe('disable and re-enable', () => {
  test('disabling ends the sessions at once and refuses sign-in with a clear message; re-enabling lets it sign in', async () => {
    const admin = await signIn(t, { role: 'admin' });
    const operator = await signIn(t);
    const second = await login(t, operator.user.email, operator.password);
    expect(second.statusCode).toBe(200);
    expect(await sessionsOfUser(t, operator.user.id)).toHaveLength(2);

    const res = await admin.api.post(`/api/admin/users/${operator.user.id}/disable`);
    expect(res.statusCode, res.body).toBe(200);
    const disabled = res.json() as AdminUser;
    expect(disabled.disabledAt).not.toBeNull();
    expect(await sessionsOfUser(t, operator.user.id)).toHaveLength(0);
    expect((await me(t, operator.cookie)).statusCode).toBe(401);
    expectJsonError(await login(t, operator.user.email, operator.password), 403, AuthMessages.accountDisabled);
    // A wrong password still answers as for anyone: only the password's owner learns it is disabled.
    expectJsonError(await login(t, operator.user.email, 'not the password at all'), 401, AuthMessages.invalidCredentials);
    expect((await list(admin, { search: operator.user.email })).users[0]!.disabledAt).toBe(disabled.disabledAt);

    const enabled = await admin.api.post(`/api/admin/users/${operator.user.id}/enable`);
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect((enabled.json() as AdminUser).disabledAt).toBeNull();
    expect((await login(t, operator.user.email, operator.password)).statusCode).toBe(200);
  });

  test('a session that outlives the disabling (a sign-in racing it) is refused all the same', async () => {
    const operator = await signIn(t);
    await t.database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, operator.user.id));
    expect((await me(t, operator.cookie)).statusCode).toBe(401);
  });

  test('an admin cannot disable themselves (409); an unknown account is 404', async () => {
    const admin = await signIn(t, { role: 'admin' });
    expectJsonError(await admin.api.post(`/api/admin/users/${admin.user.id}/disable`), 409, AdminUserMessages.cannotDisableSelf);
    expect((await me(t, admin.cookie)).statusCode).toBe(200);
    expectJsonError(await admin.api.post('/api/admin/users/2147483647/disable'), 404, 'User not found');
    expectJsonError(await admin.api.post('/api/admin/users/abc/enable'), 400, 'User id must be a whole number');
  });
});
