import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { affiliateCommissions, affiliatePayouts, apiTokens, invoices, referrals, subscriptions, teamMembers, users } from '../../src/server/db/schema.js';
import { recentPayouts } from '../../src/server/features/affiliates/payouts.js';
import type { AppContext } from '../../src/server/context.js';
import { createAffiliate, createMachine, createProduct } from '../../src/server/db/factories.js';
import { NotFoundMessages } from '../../src/shared/ids.js';
import { enqueue } from '../../src/server/jobs/enqueue.js';
import { AccountDataMessages, type DeletionScheduled } from '../../src/shared/account-data.schemas.js';
import type { CurrentUser } from '../../src/shared/auth.schemas.js';
import type { TwoFactorSetup } from '../../src/shared/two-factor.schemas.js';
import type { FakeStripe } from '../fakes/stripe.js';
import { createTestApp, sessionCookieFrom, type TestApp } from '../support/index.js';
import { api, DAY_MS, expectJsonError, login, sessionsOfUser, signIn, uniqueEmail } from './helpers.js';
import { deliverEvents, startPlanStripe } from './plan-stripe.js';
import { newVoter } from './voter.js';

const PRICES = { growth: 'price_growth_deletion', enterprise: 'price_enterprise_deletion' };
const SECRET_KEY = 'sk_test_account_deletion';
const WEBHOOK_SECRET = 'whsec_account_deletion';
const ADMIN_EMAIL = 'deletion-admin@example.test';

let fake: FakeStripe;
let t: TestApp;
beforeAll(async () => {
  const world = await startPlanStripe({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, prices: PRICES });
  fake = world.fake;
  t = await createTestApp({ adminEmails: [ADMIN_EMAIL], billing: { stripe: world.stripe, webhookSecret: WEBHOOK_SECRET, prices: PRICES } });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

type Operator = Awaited<ReturnType<typeof signIn>>;

const userRow = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];
const deleteAccount = (operator: Operator, body: Record<string, unknown>) => operator.api.post('/api/account/deletion', body);
/** Runs the erase job as the scheduler would at instant `at`, and waits for it to finish. */
async function eraseDueAt(at: Date) {
  const jobId = await enqueue(t.database.db, 'account-data.erase-due', { at: at.toISOString() });
  const { jobs } = await import('../../src/server/db/schema.js');
  await expect.poll(async () => (await t.database.db.select({ state: jobs.state }).from(jobs).where(eq(jobs.id, jobId!)))[0]?.state, { timeout: 15_000 }).toBe('done');
}

/** A subscribed operator past the trial, with the first paid invoice in, and an affiliate who referred them. */
async function payingOperator() {
  const affiliate = await createAffiliate(t.database.db, { email: uniqueEmail('deletion-affiliate') });
  const operator = await signIn(t);
  await t.database.db.insert(referrals).values({ referredUserId: operator.user.id, affiliateUserId: affiliate.user.id });
  const { url } = (await operator.api.post('/api/stripe/create-checkout', { priceId: PRICES.growth })).json() as { url: string };
  const session = [...fake.checkoutSessions.values()].find((candidate) => candidate.url === url)!;
  const { subscription, events } = fake.completeCheckout(session.id, { addCard: true });
  await deliverEvents(t, fake, events);
  const renewal = fake.endPeriod(subscription.id);
  await deliverEvents(t, fake, renewal);
  const paid = renewal.find((event) => event.type === 'invoice.paid')!;
  return { ...operator, subscriptionId: subscription.id as string, invoiceId: (paid.data as { object: { id: string } }).object.id };
}

describe('asking to delete the account', () => {
  test('a wrong password is refused and changes nothing', async () => {
    const operator = await signIn(t);
    expectJsonError(await deleteAccount(operator, { password: 'not my password' }), 400, AccountDataMessages.passwordWrong);
    expect((await userRow(operator.user.id))!.eraseAfter).toBeNull();
    expect((await operator.api.get('/api/machines')).statusCode).toBe(200);
  });

  test('with two-factor on, the code is required and must be right; a current code lets it through', async () => {
    const operator = await signIn(t);
    const setup = (await operator.api.post('/api/settings/two-factor/setup', { password: operator.password })).json() as TwoFactorSetup;
    const secret = Secret.fromBase32(setup.manualKey.replaceAll(' ', ''));
    const codeAt = (steps: number) => TOTP.generate({ secret, timestamp: Date.now() + steps * 30_000 });
    // Confirmed with the current step's code and deleted with the next one's: each stays within the
    // window of one step either side even if a slow machine crosses a step boundary meanwhile.
    expect((await operator.api.post('/api/settings/two-factor/confirm', { setupToken: setup.setupToken, code: codeAt(0) })).statusCode).toBe(200);
    expectJsonError(await deleteAccount(operator, { password: operator.password }), 400, AccountDataMessages.codeRequired);
    const near = [-1, 0, 1].map(codeAt);
    const wrong = ['000000', '111111', '222222'].find((code) => !near.includes(code))!;
    expectJsonError(await deleteAccount(operator, { password: operator.password, code: wrong }), 400);
    expect((await userRow(operator.user.id))!.eraseAfter).toBeNull();
    const res = await deleteAccount(operator, { password: operator.password, code: codeAt(1) });
    expect(res.statusCode, res.body).toBe(200);
  });

  test('cancels the subscription in Stripe, ends sessions and tokens, closes the vote pages at once, and mails the owner', async () => {
    const operator = await payingOperator();
    const machine = await createMachine(t.database.db, operator.user.id);
    const product = await createProduct(t.database.db, operator.user.id);
    const other = sessionCookieFrom(await login(t, operator.user.email, operator.password));
    const { token } = (await operator.api.post('/api/settings/api-tokens', { name: 'Spreadsheet', access: 'read-only' })).json() as { token: string };
    expect((await api(t).get(`/api/vote-page/${machine.id}`)).statusCode).toBe(200);
    const voter = await newVoter(t, { machineId: machine.id, ip: '203.0.113.71' });
    const castVote = () => api(t, voter, { ip: '203.0.113.71' }).post(`/api/products/${product.id}/vote?machineId=${machine.id}`, { voteType: 'up' });

    const res = await deleteAccount(operator, { password: operator.password });
    expect(res.statusCode, res.body).toBe(200);
    const { eraseAfter } = res.json() as DeletionScheduled;
    expect(Math.abs(new Date(eraseAfter).getTime() - (Date.now() + 14 * DAY_MS))).toBeLessThan(60_000);

    expect(fake.subscriptions.get(operator.subscriptionId)!.status).toBe('canceled');
    expect((await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, operator.subscriptionId)))[0]!.status).toBe('canceled');
    expect((await userRow(operator.user.id))!.subscriptionTier).toBe('free');
    expect(await sessionsOfUser(t, operator.user.id)).toEqual([]);
    expect((await api(t, other).get('/api/machines')).statusCode).toBe(401);
    expect(await t.database.db.select().from(apiTokens).where(eq(apiTokens.userId, operator.user.id))).toEqual([]);
    expect((await api(t).get('/api/machines', { headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
    expectJsonError(await api(t).get(`/api/vote-page/${machine.id}`), 404);
    expect((await api(t).get(`/api/vote-page/${machine.id}/live`)).statusCode).toBe(404);
    // A customer whose page was already open: the vote is refused like one at a machine that does not exist.
    expectJsonError(await castVote(), 404, NotFoundMessages.machine);
    expectJsonError(await api(t).get(`/api/stats?machineId=${machine.id}`), 404);
    const mail = await t.smtp.waitForMail(operator.user.email, /will be deleted/);
    expect(mail.text).toMatch(/Sign in to keep your account/);
  });

  test('a person who handed their team to someone else cannot delete the account that holds it', async () => {
    const founder = await signIn(t, { firstName: 'Fay', lastName: 'Founder' });
    const successor = await signIn(t, { firstName: 'Sam', lastName: 'Successor' });
    // The hand-over as the owner makes it: the founder steps down to manager, the successor owns the team.
    await t.database.db.insert(teamMembers).values({ teamId: founder.user.id, userId: successor.user.id, role: 'manager' });
    await t.database.db.update(teamMembers).set({ role: 'manager' }).where(and(eq(teamMembers.teamId, founder.user.id), eq(teamMembers.userId, founder.user.id)));
    await t.database.db.update(teamMembers).set({ role: 'owner' }).where(and(eq(teamMembers.teamId, founder.user.id), eq(teamMembers.userId, successor.user.id)));
    expectJsonError(await deleteAccount(founder, { password: founder.password }), 409, AccountDataMessages.teamHandedOver('Sam Successor'));
    const [kept] = await t.database.db.select({ eraseAfter: users.eraseAfter }).from(users).where(eq(users.id, founder.user.id));
    expect(kept?.eraseAfter).toBeNull();
  });

  test('the last admin cannot delete themself', async () => {
    const admin = await signIn(t, { email: ADMIN_EMAIL });
    expectJsonError(await deleteAccount(admin, { password: admin.password }), 409, AccountDataMessages.lastAdmin);
    expect((await userRow(admin.user.id))!.eraseAfter).toBeNull();
  });

  test('signed out, nothing happens', async () => {
    expect((await api(t).post('/api/account/deletion', { password: 'x' })).statusCode).toBe(401);
  });
});

describe('the grace period', () => {
  test('signing in offers the undo: everything else is closed until the owner keeps the account', async () => {
    const operator = await signIn(t);
    const machine = await createMachine(t.database.db, operator.user.id);
    expect((await deleteAccount(operator, { password: operator.password })).statusCode).toBe(200);

    const again = await login(t, operator.user.email, operator.password);
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json() as { user: CurrentUser }).user.deletionScheduledFor).toBeDefined();
    const account = api(t, sessionCookieFrom(again));
    expectJsonError(await account.get('/api/machines'), 403, AccountDataMessages.scheduledForDeletion);

    const undone = await account.delete('/api/account/deletion');
    expect(undone.statusCode, undone.body).toBe(200);
    expect((await userRow(operator.user.id))!.eraseAfter).toBeNull();
    expect((await account.get('/api/machines')).statusCode).toBe(200);
    expect((await api(t).get(`/api/vote-page/${machine.id}`)).statusCode).toBe(200);
    expect((await me(account)).deletionScheduledFor).toBeUndefined();
    expectJsonError(await account.delete('/api/account/deletion'), 409, AccountDataMessages.notScheduled);

    await eraseDueAt(new Date(Date.now() + 20 * DAY_MS));
    expect(await userRow(operator.user.id)).toBeDefined();
  });

  test('the job erases only after the 14 days; paid invoices and commissions keep their amounts without the account', async () => {
    const operator = await payingOperator();
    const [invoiceBefore] = await t.database.db.select().from(invoices).where(eq(invoices.id, operator.invoiceId));
    const [commissionBefore] = await t.database.db.select().from(affiliateCommissions).where(eq(affiliateCommissions.invoiceId, operator.invoiceId));
    expect(commissionBefore).toBeDefined();
    const { eraseAfter } = (await deleteAccount(operator, { password: operator.password })).json() as DeletionScheduled;

    await eraseDueAt(new Date(new Date(eraseAfter).getTime() - 60_000));
    expect(await userRow(operator.user.id)).toBeDefined();

    await eraseDueAt(new Date(new Date(eraseAfter).getTime() + 60_000));
    expect(await userRow(operator.user.id)).toBeUndefined();
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.id, operator.invoiceId));
    expect(invoice).toMatchObject({ userId: null, stripeCustomerId: 'erased', amountPaid: invoiceBefore!.amountPaid, currency: invoiceBefore!.currency });
    const [commission] = await t.database.db.select().from(affiliateCommissions).where(eq(affiliateCommissions.id, commissionBefore!.id));
    expect(commission).toMatchObject({ referredUserId: null, amountCents: commissionBefore!.amountCents, affiliateUserId: commissionBefore!.affiliateUserId });
    await t.smtp.waitForMail(operator.user.email, /has been deleted/);
  });

  test("an erased affiliate's commissions and payouts keep their amounts, without the affiliate", async () => {
    const operator = await payingOperator();
    const [commissionBefore] = await t.database.db.select().from(affiliateCommissions).where(eq(affiliateCommissions.invoiceId, operator.invoiceId));
    const affiliateUserId = commissionBefore!.affiliateUserId!;
    const [payoutBefore] = await t.database.db.insert(affiliatePayouts).values({ affiliateUserId, amountCents: 4321, reference: 'TRANSFER-77' }).returning();
    await t.database.db.update(users).set({ eraseAfter: new Date(Date.now() - 60_000) }).where(eq(users.id, affiliateUserId));

    await eraseDueAt(new Date());
    expect(await userRow(affiliateUserId)).toBeUndefined();
    const [commission] = await t.database.db.select().from(affiliateCommissions).where(eq(affiliateCommissions.id, commissionBefore!.id));
    expect(commission).toMatchObject({ affiliateUserId: null, amountCents: commissionBefore!.amountCents, invoiceId: operator.invoiceId });
    const [payout] = await t.database.db.select().from(affiliatePayouts).where(eq(affiliatePayouts.id, payoutBefore!.id));
    expect(payout).toMatchObject({ affiliateUserId: null, amountCents: 4321, reference: 'TRANSFER-77' });
    const { recent } = await recentPayouts({ db: t.database.db } as AppContext);
    expect(recent.find((line) => line.id === payoutBefore!.id)).toMatchObject({ affiliateUserId: null, affiliateName: 'Erased account', amountCents: 4321 });
  });
});

async function me(account: ReturnType<typeof api>) {
  const res = await account.get('/api/auth/me');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CurrentUser;
}
