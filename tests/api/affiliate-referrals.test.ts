import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { createAffiliate } from '../../src/server/db/factories.js';
import { affiliates, referralClicks, referrals, users } from '../../src/server/db/schema.js';
import { AffiliateMessages, type AffiliateDashboard } from '../../src/shared/affiliates.schemas.js';
import { createTestApp, sessionCookieFrom, type TestApp } from '../support/index.js';
import { api, DAY_MS, expectJsonError, GOOD_PASSWORD, login, mailedToken, me, registration, signIn, uniqueEmail, verifyEmailCall } from './helpers.js';

const ADMIN_EMAIL = 'referrals-admin@example.test';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ adminEmails: [ADMIN_EMAIL] });
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

/** The `ref` cookie an answer set, as a Cookie header value; null when it set none. */
function referralCookieOf(res: LightMyRequestResponse): string | null {
  const cookie = res.cookies.find((candidate) => candidate.name === 'ref');
  return cookie ? `ref=${cookie.value}` : null;
}

const visit = (url: string, cookie?: string) => api(t, cookie).get(url);
const clicksOf = async (affiliateUserId: number) =>
  (await t.database.db.select().from(referralClicks).where(eq(referralClicks.affiliateUserId, affiliateUserId))).length;
const referrerOf = async (email: string) => {
  const [row] = await t.database.db
    .select({ affiliateUserId: referrals.affiliateUserId })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referredUserId))
    .where(eq(users.email, email));
  return row?.affiliateUserId ?? null;
};
const registerWith = (cookie: string | null, overrides: Record<string, unknown> = {}) =>
  api(t, cookie ?? undefined).post('/api/auth/register', registration(overrides));

describe('referral links', () => {
  test('a visit through ?ref= counts a click and sets a signed, HttpOnly cookie for 60 days; a reload counts once', async () => {
    const affiliate = await createAffiliate(t.database.db);
    const res = await visit(`/pricing?ref=${affiliate.code.toLowerCase()}`);
    const cookie = res.cookies.find((candidate) => candidate.name === 'ref')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 60 * 24 * 60 * 60 });
    expect(cookie.value).toContain(affiliate.code);
    expect(await clicksOf(affiliate.user.id)).toBe(1);
    expect(referralCookieOf(await visit(`/?ref=${affiliate.code}`, `ref=${cookie.value}`))).toBeNull();
    expect(await clicksOf(affiliate.user.id)).toBe(1);
  });

  test("the first referral wins: a second affiliate's link counts its click but the sign-up goes to the first", async () => {
    const first = await createAffiliate(t.database.db);
    const second = await createAffiliate(t.database.db);
    const cookie = referralCookieOf(await visit(`/?ref=${first.code}`))!;
    expect(referralCookieOf(await visit(`/about?ref=${second.code}`, cookie))).toBeNull();
    expect(await clicksOf(second.user.id)).toBe(1);
    const email = uniqueEmail('referred');
    expect((await registerWith(cookie, { email })).statusCode).toBe(201);
    expect(await referrerOf(email)).toBe(first.user.id);
  });

  test('unknown codes, deactivated affiliates, API calls and forged cookies bind nothing', async () => {
    expect(referralCookieOf(await visit('/?ref=NOSUCHCODE'))).toBeNull();
    const inactive = await createAffiliate(t.database.db, { isActive: false });
    expect(referralCookieOf(await visit(`/?ref=${inactive.code}`))).toBeNull();
    expect(await clicksOf(inactive.user.id)).toBe(0);
    const active = await createAffiliate(t.database.db);
    expect(referralCookieOf(await visit(`/api/auth/me?ref=${active.code}`))).toBeNull();
    const forged = `ref=${active.code}:${Date.now()}.forgedsignature`;
    const email = uniqueEmail('forged');
    expect((await registerWith(forged, { email })).statusCode).toBe(201);
    expect(await referrerOf(email)).toBeNull();
  });

  test('one address counts at most 30 clicks an hour; past that the page is still served', async () => {
    const affiliate = await createAffiliate(t.database.db);
    const script = (i: number) => api(t, undefined, { ip: '203.0.113.77' }).get(`/?ref=${affiliate.code}&n=${i}`);
    for (let i = 0; i < 35; i++) expect((await script(i)).statusCode).not.toBe(429);
    expect(await clicksOf(affiliate.user.id)).toBe(30);
    await api(t, undefined, { ip: '203.0.113.78' }).get(`/?ref=${affiliate.code}`);
    expect(await clicksOf(affiliate.user.id)).toBe(31);
  });

  test('a cookie older than 60 days binds nothing', async () => {
    const affiliate = await createAffiliate(t.database.db);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 61 * DAY_MS });
    const cookie = referralCookieOf(await visit(`/?ref=${affiliate.code}`))!;
    vi.useRealTimers();
    const email = uniqueEmail('late');
    expect((await registerWith(cookie, { email })).statusCode).toBe(201);
    expect(await referrerOf(email)).toBeNull();

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 59 * DAY_MS });
    const fresh = referralCookieOf(await visit(`/?ref=${affiliate.code}`))!;
    vi.useRealTimers();
    const inTime = uniqueEmail('in-time');
    await registerWith(fresh, { email: inTime });
    expect(await referrerOf(inTime)).toBe(affiliate.user.id);
  });

  test('an affiliate cannot refer themselves, by the same email or a plus-address of it', async () => {
    const local = `self-${Date.now().toString(36)}`;
    const affiliate = await createAffiliate(t.database.db, { email: `${local}@example.test` });
    const cookie = referralCookieOf(await visit(`/?ref=${affiliate.code}`))!;
    const tagged = `${local.toUpperCase()}+vending@Example.test`;
    expect((await registerWith(cookie, { email: tagged })).statusCode).toBe(201);
    expect(await referrerOf(tagged.toLowerCase())).toBeNull();
    // Their own link, followed to the affiliate sign-up, binds no one either.
    const res = await api(t, cookie).post('/api/affiliate/register', { ...registration({ email: `${local}+again@example.test` }), industry: 'sales', experience: 'expert' });
    expect(res.statusCode).toBe(201);
    expect(await referrerOf(`${local}+again@example.test`)).toBeNull();
  });
});

describe('affiliate sign-up', () => {
  const affiliateForm = (overrides: Record<string, unknown> = {}) => ({ ...registration(), industry: 'education', experience: 'advanced', ...overrides });

  test('makes an unverified affiliate account with a code, verified by email; signed in, it lands in the program', async () => {
    const form = affiliateForm();
    const res = await api(t).post('/api/affiliate/register', form);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ message: 'Registration Successful! Welcome to the program. Check your email for next steps.', email: form.email });
    expectJsonError(await login(t, form.email, GOOD_PASSWORD), 403, 'Please verify your email before signing in.');
    const token = await mailedToken(t, form.email, '/verify-email');
    expect((await verifyEmailCall(t, token)).statusCode).toBe(200);
    const signedIn = await login(t, form.email, GOOD_PASSWORD);
    const cookie = sessionCookieFrom(signedIn);
    expect((await me(t, cookie)).json()).toMatchObject({ role: 'affiliate', isAffiliate: true });
    const [row] = await t.database.db.select().from(affiliates).innerJoin(users, eq(users.id, affiliates.userId)).where(eq(users.email, form.email));
    expect(row!.affiliates).toMatchObject({ industry: 'education', experience: 'advanced', isActive: true });
    expect(row!.affiliates.code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    const dashboard = (await api(t, cookie).get('/api/affiliate/dashboard')).json() as AffiliateDashboard;
    expect(dashboard).toMatchObject({ code: row!.affiliates.code, link: `http://vendvote.test/?ref=${row!.affiliates.code}`, clicks: 0, signUps: 0, isOperator: false, commissionRatePercent: 40 });
    expect(dashboard.monthly).toHaveLength(12);
  });

  test('requires industry and experience and the operator sign-up rules, with field messages', async () => {
    const missing = expectJsonError(await api(t).post('/api/affiliate/register', affiliateForm({ industry: undefined, experience: 'guru' })), 400);
    expect(missing.errors).toMatchObject({ industry: 'Please select your industry', experience: 'Please select your experience level' });
    const mismatch = expectJsonError(await api(t).post('/api/affiliate/register', affiliateForm({ confirmPassword: 'something else entirely' })), 400);
    expect(mismatch.errors).toMatchObject({ confirmPassword: "Passwords don't match" });
    // A taken address answers as a new one would; its owner is mailed a way to the affiliate sign-in.
    const taken = await signIn(t);
    const res = await api(t).post('/api/affiliate/register', affiliateForm({ email: taken.user.email }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ message: AffiliateMessages.registered, email: taken.user.email });
    const mail = await t.smtp.waitForMail(taken.user.email, /Someone tried to register/);
    expect(mail.text).toContain('/affiliate/login');
    expect(await t.database.db.select().from(affiliates).where(eq(affiliates.userId, taken.user.id))).toHaveLength(0);
  });
});

describe('who may use what', () => {
  test('affiliates are kept out of operator pages, operators out of the affiliate dashboard, and both out of the admin calls', async () => {
    const affiliate = await createAffiliate(t.database.db);
    const affiliateCookie = sessionCookieFrom(await login(t, affiliate.user.email, affiliate.password));
    for (const url of ['/api/machines', '/api/vending-issues', '/api/settings', '/api/affiliate-config']) expect((await api(t, affiliateCookie).get(url)).statusCode, url).toBe(403);
    for (const url of ['/api/admin/affiliates', '/api/admin/affiliate-stats']) expect((await api(t, affiliateCookie).get(url)).statusCode, url).toBe(403);
    const operator = await signIn(t);
    expectJsonError(await operator.api.get('/api/affiliate/dashboard'), 403, 'This page is for affiliates.');
    expectJsonError(await operator.api.get('/api/affiliate/resources'), 403);
    expect((await operator.api.get('/api/admin/affiliates')).statusCode).toBe(403);
    expectJsonError(await api(t).get('/api/affiliate/dashboard'), 401, 'Unauthorized');
  });

  test('an affiliate may become an operator too, and keeps the program', async () => {
    const affiliate = await createAffiliate(t.database.db);
    const cookie = sessionCookieFrom(await login(t, affiliate.user.email, affiliate.password));
    const res = await api(t, cookie).post('/api/affiliate/become-operator');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ role: 'operator', isAffiliate: true });
    // Signing in again, the answer itself says the account is in the program, as /api/auth/me does.
    expect((await login(t, affiliate.user.email, affiliate.password)).json()).toMatchObject({ user: { role: 'operator', isAffiliate: true } });
    expect((await api(t, cookie).get('/api/machines')).statusCode).toBe(200);
    expect(((await api(t, cookie).get('/api/affiliate/dashboard')).json() as AffiliateDashboard).isOperator).toBe(true);
    expectJsonError(await api(t, cookie).post('/api/affiliate/become-operator'), 409, 'This account already runs machines.');
  });

  test('admins list affiliates and switch them off and on; a foreign id answers 404', async () => {
    const admin = await signIn(t, { email: ADMIN_EMAIL });
    const affiliate = await createAffiliate(t.database.db, { firstName: 'Listed', lastName: 'Person' });
    const listed = (await admin.api.get('/api/admin/affiliates')).json() as { userId: number }[];
    expect(listed.find((row) => row.userId === affiliate.user.id)).toMatchObject({ firstName: 'Listed', affiliateCode: affiliate.code, isActive: true, referralCount: 0, totalEarningsCents: 0 });
    expect((await admin.api.patch(`/api/admin/affiliates/${affiliate.user.id}`, { isActive: false })).json()).toMatchObject({ isActive: false });
    expect(referralCookieOf(await visit(`/?ref=${affiliate.code}`))).toBeNull();
    expect((await admin.api.patch(`/api/admin/affiliates/${affiliate.user.id}`, { isActive: true })).json()).toMatchObject({ isActive: true });
    expect(referralCookieOf(await visit(`/?ref=${affiliate.code}`))).not.toBeNull();
    expectJsonError(await admin.api.patch('/api/admin/affiliates/2000000000', { isActive: true }), 404, 'Affiliate not found');
    const operator = await signIn(t);
    expectJsonError(await admin.api.patch(`/api/admin/affiliates/${operator.user.id}`, { isActive: true }), 404);
  });
});
