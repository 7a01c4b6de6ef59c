import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createAffiliate } from '../../src/server/db/factories.js';
import { affiliateCommissions, auditEvents, invoices, referrals } from '../../src/server/db/schema.js';
import { approveDueCommissions } from '../../src/server/features/affiliates/commissions.js';
import { enqueue } from '../../src/server/jobs/enqueue.js';
import type { AffiliateDashboard, AffiliateStats, AdminAffiliate } from '../../src/shared/affiliates.schemas.js';
import type { FakeStripe } from '../fakes/stripe.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { api, DAY_MS, expectJsonError, login, signIn, uniqueEmail } from './helpers.js';
import { deliverEvents, startPlanStripe } from './plan-stripe.js';
import { sessionCookieFrom } from '../support/index.js';

const PRICES = { growth: 'price_growth_affiliates', enterprise: 'price_enterprise_affiliates' };
const SECRET_KEY = 'sk_test_affiliates';
const WEBHOOK_SECRET = 'whsec_affiliate_tests';
const ADMIN_EMAIL = 'affiliate-admin@example.test';

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

type Event = FakeStripe['events'][number];

const deliver = (event: Event) => deliverEvents(t, fake, [event]);
const deliverAll = (events: Event[]) => deliverEvents(t, fake, events);

async function signedInAffiliate() {
  const created = await createAffiliate(t.database.db, { email: uniqueEmail('affiliate') });
  const cookie = sessionCookieFrom(await login(t, created.user.email, created.password));
  return { ...created, cookie, api: api(t, cookie) };
}

/** An operator the affiliate referred, subscribed with a card and past the trial: the first paid invoice is out. */
async function referredPayingOperator(affiliateUserId: number | null, priceId = PRICES.growth) {
  const operator = await signIn(t);
  if (affiliateUserId !== null) await t.database.db.insert(referrals).values({ referredUserId: operator.user.id, affiliateUserId });
  const { url } = (await operator.api.post('/api/stripe/create-checkout', { priceId })).json() as { url: string };
  const session = [...fake.checkoutSessions.values()].find((candidate) => candidate.url === url)!;
  const { subscription, events } = fake.completeCheckout(session.id, { addCard: true });
  await deliverAll(events);
  const renewal = fake.endPeriod(subscription.id);
  await deliverAll(renewal);
  const paid = renewal.find((event) => event.type === 'invoice.paid')!;
  return { ...operator, subscriptionId: subscription.id, invoiceId: (paid.data as { object: { id: string } }).object.id, paidEvent: paid };
}

const linesOfAffiliate = (affiliateUserId: number, status: 'paid') =>
  t.database.db
    .select()
    .from(affiliateCommissions)
    .where(and(eq(affiliateCommissions.affiliateUserId, affiliateUserId), eq(affiliateCommissions.status, status)));
const linesOf = (invoiceId: string) => t.database.db.select().from(affiliateCommissions).where(eq(affiliateCommissions.invoiceId, invoiceId));
const dashboardOf = async (affiliate: { api: ReturnType<typeof api> }) => (await affiliate.api.get('/api/affiliate/dashboard')).json() as AffiliateDashboard;

async function signedInAdmin() {
  return signIn(t, { email: ADMIN_EMAIL });
}
let admin: Awaited<ReturnType<typeof signedInAdmin>> | undefined;
const adminApi = async () => (admin ??= await signedInAdmin()).api;

describe('commissions from paid invoices', () => {
  test('a paid Growth invoice of a referred subscription earns $8.00, pending for 30 days; Enterprise earns $16.00', async () => {
    const affiliate = await signedInAffiliate();
    const growth = await referredPayingOperator(affiliate.user.id);
    const [line] = await linesOf(growth.invoiceId);
    expect(line).toMatchObject({ affiliateUserId: affiliate.user.id, referredUserId: growth.user.id, kind: 'invoice', baseCents: 2000, amountCents: 800, status: 'pending', currency: 'usd' });
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.id, growth.invoiceId));
    expect(line!.approvesAt.getTime() - invoice!.paidAt!.getTime()).toBe(30 * DAY_MS);

    const enterprise = await referredPayingOperator(affiliate.user.id, PRICES.enterprise);
    expect((await linesOf(enterprise.invoiceId))[0]).toMatchObject({ amountCents: 1600, status: 'pending' });
    const dashboard = await dashboardOf(affiliate);
    expect(dashboard.earnings).toEqual({ pendingCents: 2400, approvedCents: 0, paidCents: 0 });
    expect(dashboard.signUps).toBe(2);
    expect(dashboard.activeReferrals).toBe(2);
    expect(dashboard.recentReferrals.map((referral) => referral.earnedCents).sort()).toEqual([1600, 800]);
    expect(dashboard.monthly.at(-1)!.earnedCents).toBe(2400);
  });

  test('the same invoice paid twice (the event again, or a second event) makes one commission', async () => {
    const affiliate = await signedInAffiliate();
    const operator = await referredPayingOperator(affiliate.user.id);
    await deliver(operator.paidEvent);
    const invoice = fake.invoices.get(operator.invoiceId)!;
    await deliver(fake.emitEvent('invoice.paid', invoice));
    expect(await linesOf(operator.invoiceId)).toHaveLength(1);
  });

  test('an operator nobody referred and a deactivated affiliate earn nothing', async () => {
    const alone = await referredPayingOperator(null);
    expect(await linesOf(alone.invoiceId)).toEqual([]);
    const affiliate = await signedInAffiliate();
    expect((await (await adminApi()).patch(`/api/admin/affiliates/${affiliate.user.id}`, { isActive: false })).statusCode).toBe(200);
    const afterDeactivation = await referredPayingOperator(affiliate.user.id);
    expect(await linesOf(afterDeactivation.invoiceId)).toEqual([]);
  });
});

describe('approval after 30 days', () => {
  test('the job approves what is due at the instant it is given, and nothing earlier', async () => {
    const affiliate = await signedInAffiliate();
    const operator = await referredPayingOperator(affiliate.user.id);
    const [line] = await linesOf(operator.invoiceId);
    await approveDueCommissions(t.database.db, new Date(line!.approvesAt.getTime() - 60_000));
    expect((await linesOf(operator.invoiceId))[0]!.status).toBe('pending');

    await enqueue(t.database.db, 'affiliates.approve-commissions', { at: new Date(line!.approvesAt.getTime() + 60_000).toISOString() });
    await expect.poll(async () => (await linesOf(operator.invoiceId))[0]!.status, { timeout: 10_000 }).toBe('approved');
    expect((await dashboardOf(affiliate)).earnings).toEqual({ pendingCents: 0, approvedCents: 800, paidCents: 0 });
  });
});

/** Approves every commission of the affiliate now, as the job would 30 days on. */
const approveAllOf = (affiliateUserId: number) =>
  t.database.db
    .update(affiliateCommissions)
    .set({ status: 'approved', approvedAt: new Date() })
    .where(and(eq(affiliateCommissions.affiliateUserId, affiliateUserId), eq(affiliateCommissions.status, 'pending')));

describe('refunds', () => {
  test('before payout: a full refund cancels the commission, a partial one lowers it; a repeated event changes nothing', async () => {
    const affiliate = await signedInAffiliate();
    const full = await referredPayingOperator(affiliate.user.id);
    await deliver(fake.refundInvoice(full.invoiceId));
    expect((await linesOf(full.invoiceId))[0]).toMatchObject({ status: 'cancelled' });

    const partial = await referredPayingOperator(affiliate.user.id);
    const refund = fake.refundInvoice(partial.invoiceId, 500);
    await deliver(refund);
    await deliver(refund);
    expect(await linesOf(partial.invoiceId)).toMatchObject([{ kind: 'invoice', amountCents: 600, status: 'pending' }]);
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.id, partial.invoiceId));
    expect(invoice!.amountRefunded).toBe(500);
    expect((await dashboardOf(affiliate)).earnings.pendingCents).toBe(600);
  });

  test('a refund that arrives before its invoice.paid keeps the invoice first, and the late invoice.paid changes nothing', async () => {
    const affiliate = await signedInAffiliate();
    const operator = await signIn(t);
    await t.database.db.insert(referrals).values({ referredUserId: operator.user.id, affiliateUserId: affiliate.user.id });
    const { url } = (await operator.api.post('/api/stripe/create-checkout', { priceId: PRICES.growth })).json() as { url: string };
    const session = [...fake.checkoutSessions.values()].find((candidate) => candidate.url === url)!;
    const { subscription, events } = fake.completeCheckout(session.id, { addCard: true });
    await deliverAll(events);
    const renewal = fake.endPeriod(subscription.id);
    const paid = renewal.find((event) => event.type === 'invoice.paid')!;
    const invoiceId = (paid.data as { object: { id: string } }).object.id;
    await deliver(fake.refundInvoice(invoiceId, 1000));
    expect(await linesOf(invoiceId)).toMatchObject([{ kind: 'invoice', baseCents: 2000, amountCents: 400, status: 'pending' }]);
    await deliverAll(renewal);
    expect(await linesOf(invoiceId)).toMatchObject([{ kind: 'invoice', amountCents: 400 }]);
  });

  test('after payout: a negative line, approved at once, is taken off the next payout', async () => {
    const affiliate = await signedInAffiliate();
    const operators = [];
    for (let i = 0; i < 4; i++) operators.push(await referredPayingOperator(affiliate.user.id, PRICES.enterprise));
    await approveAllOf(affiliate.user.id);
    const admin = await adminApi();
    const paid = await admin.post('/api/admin/affiliate-payouts', { affiliateUserId: affiliate.user.id, expectedAmountCents: 6400, reference: 'TRANSFER-1' });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json()).toMatchObject({ amountCents: 6400, reference: 'TRANSFER-1' });
    // The audit trail has the payout once: who recorded it, on which payout, for which affiliate.
    const payoutId = String((paid.json() as { id: number }).id);
    const entries = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'affiliate.payout_recorded'), eq(auditEvents.targetId, payoutId)));
    expect(entries).toEqual([expect.objectContaining({ targetType: 'payout', actorUserId: expect.any(Number), details: { affiliateUserId: affiliate.user.id, amountCents: 6400 } })]);
    expect(entries[0]!.actorUserId).not.toBe(affiliate.user.id);

    const refunded = operators[0]!;
    const event = fake.refundInvoice(refunded.invoiceId);
    await deliver(event);
    await deliver(event);
    expect(await linesOf(refunded.invoiceId)).toMatchObject([
      { kind: 'invoice', amountCents: 1600, status: 'paid' },
      { kind: 'reversal', amountCents: -1600, status: 'approved' },
    ]);
    const dashboard = await dashboardOf(affiliate);
    expect(dashboard.earnings).toEqual({ pendingCents: 0, approvedCents: -1600, paidCents: 6400 });
    expect(dashboard.payouts).toMatchObject([{ amountCents: 6400, reference: 'TRANSFER-1' }]);

    // Later earnings pay out net of the reversal, once they are past the minimum again.
    for (let i = 0; i < 5; i++) await referredPayingOperator(affiliate.user.id, PRICES.enterprise);
    await approveAllOf(affiliate.user.id);
    const next = await admin.post('/api/admin/affiliate-payouts', { affiliateUserId: affiliate.user.id, expectedAmountCents: 6400, reference: 'TRANSFER-2' });
    expect(next.json()).toMatchObject({ amountCents: 5 * 1600 - 1600 });
  });
});

describe('payouts', () => {
  test('below $50.00 approved a payout is refused; once recorded the lines are paid and the balance is empty', async () => {
    const affiliate = await signedInAffiliate();
    const admin = await adminApi();
    for (let i = 0; i < 6; i++) await referredPayingOperator(affiliate.user.id);
    await approveAllOf(affiliate.user.id);
    expectJsonError(await admin.post('/api/admin/affiliate-payouts', { affiliateUserId: affiliate.user.id, expectedAmountCents: 4800, reference: 'X' }), 400, 'The approved balance is below the $50.00 minimum payout.');
    await referredPayingOperator(affiliate.user.id);
    await approveAllOf(affiliate.user.id);
    expectJsonError(await admin.post('/api/admin/affiliate-payouts', { affiliateUserId: affiliate.user.id, expectedAmountCents: 5600, reference: '  ' }), 400);
    expectJsonError(await admin.post('/api/admin/affiliate-payouts', { affiliateUserId: 2_000_000_000, expectedAmountCents: 5600, reference: 'X' }), 404, 'Affiliate not found');
    // The amount is the server's: one sent along is refused, not used; the figure the admin saw is
    // only checked, and a balance that moved since is refused rather than recorded.
    expectJsonError(await admin.post('/api/admin/affiliate-payouts', { affiliateUserId: affiliate.user.id, expectedAmountCents: 5600, reference: 'X', amountCents: 1 }), 400);
    expectJsonError(await admin.post('/api/admin/affiliate-payouts', { affiliateUserId: affiliate.user.id, expectedAmountCents: 4800, reference: 'X' }), 409, /balance changed/);

    const [first, second] = await Promise.all([
      admin.post('/api/admin/affiliate-payouts', { affiliateUserId: affiliate.user.id, expectedAmountCents: 5600, reference: 'WIRE-7' }),
      admin.post('/api/admin/affiliate-payouts', { affiliateUserId: affiliate.user.id, expectedAmountCents: 5600, reference: 'WIRE-8' }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 400]);
    expect(await linesOfAffiliate(affiliate.user.id, 'paid')).toHaveLength(7);
    const listed = (await admin.get('/api/admin/affiliates')).json() as AdminAffiliate[];
    expect(listed.find((row) => row.userId === affiliate.user.id)).toMatchObject({ approvedBalanceCents: 0, totalEarningsCents: 5600, referralCount: 7 });
    expect((await dashboardOf(affiliate)).earnings).toEqual({ pendingCents: 0, approvedCents: 0, paidCents: 5600 });
    const recent = (await admin.get('/api/admin/affiliate-payouts')).json() as { recent: { affiliateUserId: number; amountCents: number }[] };
    expect(recent.recent.find((payout) => payout.affiliateUserId === affiliate.user.id)).toMatchObject({ amountCents: 5600 });
  });

  test('the stats are computed from the commissions and the referred invoices, not fixed', async () => {
    const admin = await adminApi();
    const before = (await admin.get('/api/admin/affiliate-stats')).json() as AffiliateStats;
    const affiliate = await signedInAffiliate();
    await referredPayingOperator(affiliate.user.id);
    const after = (await admin.get('/api/admin/affiliate-stats')).json() as AffiliateStats;
    expect(after.commissionRate).toBe(40);
    expect(after.activeAffiliateUsers).toBe(before.activeAffiliateUsers + 1);
    expect(Number(after.totalCommissionsPending) - Number(before.totalCommissionsPending)).toBeCloseTo(8, 2);
    expect(Number(after.monthlyRevenue) - Number(before.monthlyRevenue)).toBeCloseTo(20, 2);
    expect(Number(after.monthlyPayouts) - Number(before.monthlyPayouts)).toBeCloseTo(8, 2);
    expect(after.monthlyPayouts).not.toBe('2456.00');
  });
});
