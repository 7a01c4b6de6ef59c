import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createMachine } from '../../src/server/db/factories.js';
import { billingCustomers, jobs, magnetOrders } from '../../src/server/db/schema.js';
import { jobEvents } from '../../src/server/jobs/enqueue.js';
import { LATE_AFTER_MS, pollMagnetOrdersJob } from '../../src/server/features/magnets/magnet-tracking.js';
import { PrintifyClient, type PrintifySettings } from '../../src/server/integrations/printify/printify-client.js';
import { createStripeClient } from '../../src/server/integrations/stripe/stripe-client.js';
import { MagnetMessages, MagnetOrderMessages, type MagnetOrderResult, type MagnetOrderView, type MagnetQuote } from '../../src/shared/magnets.schemas.js';
import { RegionMessages } from '../../src/shared/postal-regions.js';
import { startFakePrintify, type FakePrintify } from '../fakes/printify.js';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe.js';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../support/index.js';
import { expectJsonError, signIn } from './helpers.js';

const PRICES = { growth: 'price_growth_magnets', enterprise: 'price_enterprise_magnets' };
const STRIPE_KEY = 'sk_test_magnets';
const STRIPE_WEBHOOK_SECRET = 'whsec_magnets';
const PRINTIFY_WEBHOOK_SECRET = 'printify-webhook-secret';
const SMALL = { id: 101, size: '3" x 3"', cost: 399 };
const LARGE = { id: 103, size: '6" x 6"', cost: 850 };

let stripe: FakeStripe;
let printify: FakePrintify;
let t: TestApp;
let manual: TestApp;
let unpaid: TestApp;
let brokenPrintify: TestApp;

const printifySettings = (): PrintifySettings => ({
  client: new PrintifyClient({ apiToken: 'printify-token', shopId: '4242', apiBase: printify.url, retryBaseMs: 5, maxAttempts: 1 }),
  shopId: '4242',
  productId: 'magnet-product',
  webhookSecret: PRINTIFY_WEBHOOK_SECRET,
});

beforeAll(async () => {
  stripe = await startFakeStripe({
    secretKey: STRIPE_KEY,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    prices: [
      { id: PRICES.growth, unitAmount: 2000 },
      { id: PRICES.enterprise, unitAmount: 4000 },
    ],
  });
  printify = await startFakePrintify({
    apiToken: 'printify-token',
    shopId: '4242',
    blueprintId: 600,
    printProviderId: 70,
    variants: [SMALL, LARGE],
    webhookSecret: PRINTIFY_WEBHOOK_SECRET,
  });
  const billing = { stripe: createStripeClient({ secretKey: STRIPE_KEY, apiBase: stripe.url }), webhookSecret: STRIPE_WEBHOOK_SECRET, prices: PRICES };
  t = await createTestApp({ billing, printify: printifySettings() });
  manual = await createTestApp({ billing, adminEmails: ['magnet-admin@vendvote.test'] });
  unpaid = await createTestApp({ printify: printifySettings() });
  brokenPrintify = await createTestApp({ billing, printify: { ...printifySettings(), productId: 'a-product-that-is-gone' } });
});
afterAll(async () => {
  await t.close();
  await manual.close();
  await unpaid.close();
  await brokenPrintify.close();
  await stripe.close();
  await printify.close();
});

const ADDRESS = { fullName: 'Ada Lovelace', addressLine1: '12 Analytical Way', city: 'Springfield', state: 'IL', zipCode: '62701', country: 'US' };

async function operatorWithMachine(app: TestApp, seed: Parameters<typeof signIn>[1] = {}) {
  const operator = await signIn(app, seed);
  const machine = await createMachine(app.database.db, operator.user.id, { name: 'Lobby snacks' });
  return { ...operator, machine };
}

type Operator = Awaited<ReturnType<typeof operatorWithMachine>>;

/** The first size the app offers: Printify's smallest, or the spec's fallback without Printify. */
async function firstSku(operator: Operator) {
  return ((await operator.api.get('/api/printify/magnet-variants')).json() as { id: number }[])[0]!.id;
}

async function quoteFor(operator: Operator, quantity = 10) {
  const response = await operator.api.post('/api/magnet-quote', { sku: await firstSku(operator), quantity, countryCode: 'US' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as MagnetQuote;
}

async function order(operator: Operator, overrides: Record<string, unknown> = {}) {
  const quote = await quoteFor(operator);
  return operator.api.post('/api/magnet-orders', {
    machineId: operator.machine.id,
    machineName: 'ignored',
    qrCodeUrl: 'https://evil.example/ignored',
    sku: quote.variant.id,
    quantity: 10,
    unitPrice: quote.unitPrice.amount,
    totalPrice: quote.retailPrice.amount,
    shippingAddress: ADDRESS,
    specialInstructions: 'Leave at the front desk',
    ...overrides,
  });
}

const orderRow = async (app: TestApp, id: number) => (await app.database.db.select().from(magnetOrders).where(eq(magnetOrders.id, id)))[0]!;
const printifyOrdersFor = (id: number) => [...printify.orders.values()].filter((candidate) => candidate.external_id === `vendvote-magnet-${id}`);

async function deliverStripe(app: TestApp, event: FakeStripe['events'][number]) {
  const { payload, signature } = stripe.signed(event);
  return app.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload,
  });
}

function deliverPrintify(app: TestApp, payload: string, headers: Record<string, string>) {
  return app.app.inject({ method: 'POST', url: '/api/printify/webhook', headers, payload });
}

/** An operator whose paid subscription is past its trial and being charged: invoices can carry magnets. */
async function payingOperator(app: TestApp) {
  const operator = await operatorWithMachine(app);
  const { url } = (await operator.api.post('/api/stripe/create-checkout', { priceId: PRICES.growth })).json() as { url: string };
  const session = [...stripe.checkoutSessions.values()].find((candidate) => candidate.url === url)!;
  const { subscription, events } = stripe.completeCheckout(session.id, { addCard: true });
  for (const event of [...events, ...stripe.endPeriod(subscription.id as string)]) expect((await deliverStripe(app, event)).statusCode).toBe(200);
  return { ...operator, subscriptionId: subscription.id as string };
}

const waitForStatus = (app: TestApp, id: number, status: string) =>
  vi.waitFor(async () => expect((await orderRow(app, id)).status).toBe(status), { timeout: 10_000, interval: 50 });

describe('Starter plan: pay on Stripe, then print', () => {
  test('the order waits for payment; the paid webhook sends it to Printify once, with the QR image of that order', async () => {
    const operator = await operatorWithMachine(t);
    expect((await quoteFor(operator)).payment).toBe('checkout');
    const response = await order(operator);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json() as MagnetOrderResult;
    expect(result).toMatchObject({ requiresPayment: true, trackingInfo: null });
    const session = [...stripe.checkoutSessions.values()].find((candidate) => candidate.url === result.checkoutUrl)!;
    expect(session).toMatchObject({ mode: 'payment', amount_total: 10 * 599 + 499, metadata: { magnetOrderId: String(result.orderId) } });
    expect(session.success_url).toBe(`${TEST_PUBLIC_URL}/magnet-orders?order=${result.orderId}&session_id=${session.id}`);

    const waiting = await orderRow(t, result.orderId);
    expect(waiting).toMatchObject({
      status: 'awaiting_payment',
      paymentMethod: 'checkout',
      machineName: 'Lobby snacks',
      // The magnet's QR code tells the scan funnel it was scanned from a magnet.
      voteUrl: `${TEST_PUBLIC_URL}/vote/${operator.machine.id}?src=magnet`,
      unitPriceCents: 599,
      shippingCents: 499,
      totalCents: 6489,
      paidAt: null,
    });
    expect(printifyOrdersFor(result.orderId)).toHaveLength(0);

    const [paid] = stripe.completePayment(session.id);
    expect((await deliverStripe(t, paid!)).statusCode).toBe(200);
    await waitForStatus(t, result.orderId, 'sending-to-production');
    // Stripe delivers the same event again: still one order at the printer, one submission job.
    expect((await deliverStripe(t, paid!)).statusCode).toBe(200);
    const row = await orderRow(t, result.orderId);
    expect(row.paidAt).not.toBeNull();
    expect(row.stripePaymentIntentId).toMatch(/^pi_/);
    const atPrinter = printifyOrdersFor(result.orderId);
    expect(atPrinter).toHaveLength(1);
    expect(atPrinter[0]!.status).not.toBe('pending');
    expect(row.printifyOrderId).toBe(atPrinter[0]!.id);
    const submissions = await t.database.db.select().from(jobs).where(eq(jobs.uniqueKey, `magnet-submit:${result.orderId}`));
    expect(submissions).toHaveLength(1);

    const lineItem = (atPrinter[0]!.line_items as { variant_id: number; quantity: number; print_areas?: { front: string } }[])[0]!;
    expect(lineItem).toMatchObject({ variant_id: SMALL.id, quantity: 10 });
    const imageUrl = (printify.requests.find((request) => request.method === 'POST' && request.path.endsWith('/orders.json') && (request.body as { external_id: string }).external_id === `vendvote-magnet-${result.orderId}`)!
      .body as { line_items: { print_areas: { front: string } }[] }).line_items[0]!.print_areas.front;
    expect(imageUrl).toBe(`${TEST_PUBLIC_URL}/api/magnet-orders/${row.qrToken}/qr.png`);
    const image = await t.app.inject({ method: 'GET', url: new URL(imageUrl).pathname });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  test('coming back from Stripe confirms the payment even before the webhook; only the order\'s own session counts', async () => {
    const operator = await operatorWithMachine(t);
    const result = (await order(operator)).json() as MagnetOrderResult;
    const session = [...stripe.checkoutSessions.values()].find((candidate) => candidate.url === result.checkoutUrl)!;
    const stranger = await operatorWithMachine(t);

    const early = await operator.api.post(`/api/magnet-orders/${result.orderId}/confirm-payment`, { sessionId: session.id });
    expect(early.statusCode, early.body).toBe(200);
    expect((early.json() as MagnetOrderView).status).toBe('awaiting_payment');

    stripe.completePayment(session.id);
    expectJsonError(await stranger.api.post(`/api/magnet-orders/${result.orderId}/confirm-payment`, { sessionId: session.id }), 404);
    expectJsonError(await operator.api.post(`/api/magnet-orders/${result.orderId}/confirm-payment`, { sessionId: 'cs_test_someone_elses' }), 404);
    const confirmed = await operator.api.post(`/api/magnet-orders/${result.orderId}/confirm-payment`, { sessionId: session.id });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((confirmed.json() as MagnetOrderView).paidAt).not.toBeNull();
    await waitForStatus(t, result.orderId, 'sending-to-production');
  });

  test('a paid session of another order, or a subscription checkout, pays for nothing', async () => {
    const operator = await operatorWithMachine(t);
    const first = (await order(operator)).json() as MagnetOrderResult;
    const second = (await order(operator)).json() as MagnetOrderResult;
    const firstSession = [...stripe.checkoutSessions.values()].find((candidate) => candidate.url === first.checkoutUrl)!;
    // The first order's session, pointed at the second order by its metadata: not the second's session.
    firstSession.metadata = { magnetOrderId: String(second.orderId) };
    const [paid] = stripe.completePayment(firstSession.id as string);
    expect((await deliverStripe(t, paid!)).statusCode).toBe(200);
    expect((await orderRow(t, second.orderId)).status).toBe('awaiting_payment');
    expect((await orderRow(t, first.orderId)).status).toBe('awaiting_payment');
  });

  test('a checkout left unpaid until it expires cancels its order, which is never printed', async () => {
    const operator = await operatorWithMachine(t);
    const result = (await order(operator)).json() as MagnetOrderResult;
    const session = [...stripe.checkoutSessions.values()].find((candidate) => candidate.url === result.checkoutUrl)!;
    const [expired] = stripe.expireCheckout(session.id as string);
    expect((await deliverStripe(t, expired!)).statusCode).toBe(200);
    expect((await orderRow(t, result.orderId)).status).toBe('canceled');
    expect(printifyOrdersFor(result.orderId)).toHaveLength(0);
  });

  test('an operator who left Stripe unpaid gets the same page again, until it expires', async () => {
    const operator = await operatorWithMachine(t);
    const result = (await order(operator)).json() as MagnetOrderResult;
    const stranger = await operatorWithMachine(t);
    expectJsonError(await stranger.api.post(`/api/magnet-orders/${result.orderId}/pay`), 404);
    const again = await operator.api.post(`/api/magnet-orders/${result.orderId}/pay`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ url: result.checkoutUrl });
    const session = [...stripe.checkoutSessions.values()].find((candidate) => candidate.url === result.checkoutUrl)!;
    stripe.expireCheckout(session.id as string); // the webhook is late: the answer still follows Stripe
    expectJsonError(await operator.api.post(`/api/magnet-orders/${result.orderId}/pay`), 409, MagnetOrderMessages.paymentExpired);
    expect((await orderRow(t, result.orderId)).status).toBe('canceled');
    expectJsonError(await operator.api.post(`/api/magnet-orders/${result.orderId}/pay`), 409, MagnetOrderMessages.nothingToPay);
  });

  test('without Stripe configured, the quote says so and the order waits, uncharged, for the admins to fulfil by hand', async () => {
    const operator = await operatorWithMachine(unpaid);
    expect((await quoteFor(operator)).payment).toBe('manual');
    const response = await order(operator);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json() as MagnetOrderResult;
    expect(result).toMatchObject({ requiresPayment: false, checkoutUrl: null, title: MagnetOrderMessages.manualReceived });
    // Nothing was charged, so nothing is sent to the printer on its own.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await orderRow(unpaid, result.orderId)).toMatchObject({ status: 'pending', paymentMethod: 'manual', stripeCheckoutSessionId: null, printifyOrderId: null });
    expect(await unpaid.database.db.select().from(jobs).where(eq(jobs.uniqueKey, `magnet-submit:${result.orderId}`))).toEqual([]);
    expect((await operator.api.get(`/api/magnet-orders/${result.orderId}`)).json()).toMatchObject({ paymentMethod: 'manual', status: 'pending' });
    expectJsonError(await operator.api.post(`/api/magnet-orders/${result.orderId}/pay`), 503);

    const admin = await signIn(unpaid, { role: 'admin' });
    const listed = (await admin.api.get('/api/admin/magnet-orders')).json() as { id: number }[];
    expect(listed.map((candidate) => candidate.id)).toContain(result.orderId);
    const shipped = await admin.api.post(`/api/admin/magnet-orders/${result.orderId}/ship`, { carrier: 'USPS', trackingNumber: 'EZ200' });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect((await orderRow(unpaid, result.orderId)).status).toBe('fulfilled');
  });

  test('a trialing operator pays by card: a trial may end without a card, so nothing goes on its invoice', async () => {
    const operator = await operatorWithMachine(t);
    const { url } = (await operator.api.post('/api/stripe/create-checkout', { priceId: PRICES.growth })).json() as { url: string };
    const session = [...stripe.checkoutSessions.values()].find((candidate) => candidate.url === url)!;
    for (const event of stripe.completeCheckout(session.id).events) expect((await deliverStripe(t, event)).statusCode).toBe(200);
    expect((await quoteFor(operator)).payment).toBe('checkout');
    expect(((await order(operator)).json() as MagnetOrderResult).requiresPayment).toBe(true);
  });
});

describe('paid plans: on the next invoice, printed at once', () => {
  test('the total goes on the invoice as an item; the order is submitted without a payment step', async () => {
    const operator = await payingOperator(t);
    expect((await quoteFor(operator)).payment).toBe('invoice');
    const response = await order(operator, { shippingAddress: { ...ADDRESS, state: 'illinois', zipCode: ' 62701-1234 ' } });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json() as MagnetOrderResult;
    expect(result).toMatchObject({ requiresPayment: false, checkoutUrl: null, title: MagnetOrderMessages.submitted, message: MagnetOrderMessages.submittedText });
    const items = [...stripe.invoiceItems.values()].filter((item) => (item.metadata as Record<string, string>).magnetOrderId === String(result.orderId));
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ amount: 6489, currency: 'usd' });
    await waitForStatus(t, result.orderId, 'sending-to-production');
    const row = await orderRow(t, result.orderId);
    expect(row).toMatchObject({ paymentMethod: 'invoice', stripeInvoiceItemId: items[0]!.id, paidAt: null });
    // The printer gets the address as the post writes it.
    expect(row.shippingAddress).toMatchObject({ state: 'IL', zipCode: '62701-1234' });
    expect(printifyOrdersFor(result.orderId)[0]!.address_to).toMatchObject({ region: 'IL', zip: '62701-1234' });
    expect(printifyOrdersFor(result.orderId)).toHaveLength(1);

    const listed = (await operator.api.get('/api/magnet-orders')).json() as MagnetOrderView[];
    expect(listed.map((view) => view.id)).toContain(result.orderId);
    expect(listed.find((view) => view.id === result.orderId)).toMatchObject({ total: { amount: '64.89' }, paymentMethod: 'invoice', magnetSize: SMALL.size, paidAt: null });

    // The next renewal invoices the plan and the magnets together; once it is paid, so is the order.
    const renewal = stripe.endPeriod(operator.subscriptionId);
    const invoice = stripe.invoices.get((renewal.find((event) => event.type === 'invoice.paid')!.data as { object: { id: string } }).object.id)!;
    expect(invoice.amount_paid).toBe(2000 + 6489);
    for (const event of renewal) expect((await deliverStripe(t, event)).statusCode).toBe(200);
    expect((await orderRow(t, result.orderId)).paidAt).not.toBeNull();
  });

  test('when Stripe refuses the invoice item, the answer is 502 and no order is left behind', async () => {
    const operator = await payingOperator(t);
    await t.database.db.update(billingCustomers).set({ stripeCustomerId: 'cus_gone' }).where(eq(billingCustomers.userId, operator.user.id));
    const itemsBefore = stripe.invoiceItems.size;
    expectJsonError(await order(operator), 502);
    expect(stripe.invoiceItems.size).toBe(itemsBefore);
    expect(await t.database.db.select().from(magnetOrders).where(eq(magnetOrders.userId, operator.user.id))).toEqual([]);
  });

  test('an invoice item whose every answer was lost is found and taken back: no charge for an order that failed', async () => {
    const operator = await payingOperator(t);
    const customer = (await t.database.db.select().from(billingCustomers).where(eq(billingCustomers.userId, operator.user.id)))[0]!.stripeCustomerId;
    // The first attempt makes the item; it and the client's two retries (replayed by the idempotency key) lose their answers.
    stripe.lostAnswers.push(/^POST \/v1\/invoiceitems$/, /^POST \/v1\/invoiceitems$/, /^POST \/v1\/invoiceitems$/);
    expectJsonError(await order(operator), 502);
    expect(stripe.lostAnswers).toEqual([]);
    expect([...stripe.invoiceItems.values()].filter((item) => item.customer === customer)).toEqual([]);
    expect(await t.database.db.select().from(magnetOrders).where(eq(magnetOrders.userId, operator.user.id))).toEqual([]);
  });

  test.each(['reject', 'accept'] as const)(
    'a retried submission makes one order at Printify, whether it refuses a repeated external id or not (%s)',
    async (duplicates) => {
    printify.options.duplicateExternalIds = duplicates;
    const operator = await payingOperator(t);
    // Printify makes the order but its answer is lost, and so is the lookup that follows: the attempt fails.
    printify.failNext(2, { status: 502, afterProcessing: true, only: /\/orders\.json$/ });
    const result = (await order(operator)).json() as MagnetOrderResult;
    await vi.waitFor(
      async () => {
        const [job] = await t.database.db.select().from(jobs).where(eq(jobs.uniqueKey, `magnet-submit:${result.orderId}`));
        expect(job!.attempts).toBeGreaterThanOrEqual(1);
        expect(job!.state).toBe('pending');
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(printifyOrdersFor(result.orderId)).toHaveLength(1);
    expect((await orderRow(t, result.orderId)).printifyOrderId).toBeNull();
    // The retry is due now rather than after the worker's backoff.
    await t.database.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.uniqueKey, `magnet-submit:${result.orderId}`));
    jobEvents.emit('enqueued');
    await waitForStatus(t, result.orderId, 'sending-to-production');
    expect(printifyOrdersFor(result.orderId)).toHaveLength(1);
    expect((await orderRow(t, result.orderId)).printifyOrderId).toBe(printifyOrdersFor(result.orderId)[0]!.id);
      printify.options.duplicateExternalIds = 'reject';
    },
  );
});

describe('what the server refuses', () => {
  test('prices changed in the browser are refused, and nothing is ordered or charged', async () => {
    const operator = await payingOperator(t);
    const itemsBefore = stripe.invoiceItems.size;
    for (const tampered of [{ unitPrice: '0.01', totalPrice: '0.10' }, { totalPrice: '1.00' }, { unitPrice: 1 }, { totalPrice: '64.88' }]) {
      expectJsonError(await order(operator, tampered), 400, MagnetOrderMessages.priceChanged);
    }
    expectJsonError(await order(operator, { unitPrice: '-5' }), 400);
    expect(stripe.invoiceItems.size).toBe(itemsBefore);
    expect(await t.database.db.select().from(magnetOrders).where(eq(magnetOrders.userId, operator.user.id))).toEqual([]);
  });

  test("another operator's machine, or one that does not exist, answers 404", async () => {
    const operator = await operatorWithMachine(t);
    const other = await operatorWithMachine(t);
    for (const machineId of [other.machine.id, 999_999]) {
      expectJsonError(await order(operator, { machineId }), 404);
    }
    expect(await t.database.db.select().from(magnetOrders).where(eq(magnetOrders.userId, operator.user.id))).toEqual([]);
  });

  test("a missing address field says 'Please fill in all required shipping address fields.'", async () => {
    const operator = await operatorWithMachine(t);
    for (const field of ['fullName', 'addressLine1', 'city', 'state', 'zipCode'] as const) {
      const response = await order(operator, { shippingAddress: { ...ADDRESS, [field]: '  ' } });
      const body = expectJsonError(response, 400);
      expect(JSON.stringify(body)).toContain(MagnetMessages.missingInformationText);
    }
    const badState = expectJsonError(await order(operator, { shippingAddress: { ...ADDRESS, state: 'Ontario' } }), 400);
    expect(badState.errors?.['shippingAddress.state']).toBe(RegionMessages.unknownState);
    const badZip = expectJsonError(await order(operator, { shippingAddress: { ...ADDRESS, zipCode: 'K1A 0B1' } }), 400);
    expect(badZip.errors?.['shippingAddress.zipCode']).toBe(RegionMessages.badZip);
    expectJsonError(await order(operator, { quantity: 7 }), 400);
    expectJsonError(await order(operator, { shippingAddress: { ...ADDRESS, country: 'MX' } }), 400);
    expectJsonError(await order(operator, { sku: 999 }), 400, MagnetMessages.unknownSize);
  });

  test("orders are their operator's own: another's answers 404 and is never listed", async () => {
    const operator = await payingOperator(t);
    const result = (await order(operator)).json() as MagnetOrderResult;
    const stranger = await operatorWithMachine(t);
    expectJsonError(await stranger.api.get(`/api/magnet-orders/${result.orderId}`), 404);
    expect((await stranger.api.get('/api/magnet-orders')).json()).toEqual([]);
    expect((await operator.api.get(`/api/magnet-orders/${result.orderId}`)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/magnet-orders' })).statusCode).toBe(401);
  });

  test('the QR image answers 404 for a made-up or malformed token', async () => {
    for (const token of ['A'.repeat(43), 'short', '..%2F..%2Fetc']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/magnet-orders/${token}/qr.png` })).statusCode).toBe(404);
    }
  });
});

describe("Printify's webhooks and the poller", () => {
  async function submittedOrder() {
    const operator = await payingOperator(t);
    const result = (await order(operator)).json() as MagnetOrderResult;
    await waitForStatus(t, result.orderId, 'sending-to-production');
    return { operator, orderId: result.orderId, printifyOrderId: (await orderRow(t, result.orderId)).printifyOrderId! };
  }

  test('shipped and delivered: carrier, tracking and dates recorded, the operator mailed once', async () => {
    const { operator, orderId, printifyOrderId } = await submittedOrder();
    const events = printify.ship(printifyOrderId, { carrier: 'usps', trackingNumber: '9400111899', url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899' });
    for (const event of [...events, ...events]) {
      const { payload, headers } = printify.signed(event);
      expect((await deliverPrintify(t, payload, headers)).statusCode).toBe(200);
    }
    const shipped = await orderRow(t, orderId);
    expect(shipped).toMatchObject({ status: 'fulfilled', carrier: 'usps', trackingNumber: '9400111899' });
    expect(shipped.shippedAt).not.toBeNull();
    const mail = await t.smtp.waitForMail(operator.user.email, /^Your QR magnets for Lobby snacks have shipped$/);
    expect(mail.text).toContain('9400111899');
    expect(mail.text).toContain('https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899');

    const delivered = printify.deliver(printifyOrderId);
    const signed = printify.signed(delivered);
    expect((await deliverPrintify(t, signed.payload, signed.headers)).statusCode).toBe(200);
    expect((await orderRow(t, orderId)).deliveredAt).not.toBeNull();
    const view = ((await operator.api.get(`/api/magnet-orders/${orderId}`)).json()) as MagnetOrderView;
    expect(view.tracking).toEqual({ carrier: 'usps', number: '9400111899', url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.smtp.received.filter((received) => received.to.includes(operator.user.email) && /shipped/.test(received.subject))).toHaveLength(1);
  });

  test('a forged, unsigned or tampered webhook answers 400 and changes nothing', async () => {
    const { orderId, printifyOrderId } = await submittedOrder();
    const [shipment] = printify.ship(printifyOrderId, { carrier: 'ups', trackingNumber: '1Z999', url: 'https://ups.example/1Z999' });
    const forged = printify.signed(shipment!, 'not-the-secret');
    const genuine = printify.signed(shipment!);
    const attempts = [
      await deliverPrintify(t, forged.payload, forged.headers),
      await deliverPrintify(t, genuine.payload, { 'content-type': 'application/json' }),
      await deliverPrintify(t, genuine.payload.replace('1Z999', '1Z000'), genuine.headers),
    ];
    for (const response of attempts) expectJsonError(response, 400);
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'sending-to-production', trackingNumber: null });
  });

  test('the poller asks Printify about orders whose webhooks are late', async () => {
    const { orderId, printifyOrderId } = await submittedOrder();
    printify.ship(printifyOrderId, { carrier: 'fedex', trackingNumber: 'FX123', url: 'https://fedex.example/FX123' });
    const deps = { db: t.database.db, log: pino({ level: 'silent' }), printify: printifySettings(), publicUrl: TEST_PUBLIC_URL, mailer: undefined as never };
    await pollMagnetOrdersJob.handle({}, deps);
    expect((await orderRow(t, orderId)).trackingNumber).toBeNull(); // not late yet
    await t.database.db.update(magnetOrders).set({ updatedAt: new Date(Date.now() - LATE_AFTER_MS - 60_000) }).where(eq(magnetOrders.id, orderId));
    await pollMagnetOrdersJob.handle({}, deps);
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'fulfilled', carrier: 'fedex', trackingNumber: 'FX123' });
  });
});

describe('without Printify: manual fulfilment by admins', () => {
  test('a paid order waits as pending; an admin sees it and marks it shipped, and the operator is mailed', async () => {
    const operator = await payingOperator(manual);
    const response = await order(operator);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json() as MagnetOrderResult;
    expect(result).toMatchObject({ title: MagnetOrderMessages.received, message: MagnetOrderMessages.receivedText });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await orderRow(manual, result.orderId)).status).toBe('pending');

    expect((await operator.api.get('/api/admin/magnet-orders')).statusCode).toBe(403);
    const admin = await signIn(manual, { email: 'magnet-admin@vendvote.test', role: 'admin' });
    const listed = (await admin.api.get('/api/admin/magnet-orders')).json() as { id: number; operatorEmail: string; qrImageUrl: string }[];
    const mine = listed.find((candidate) => candidate.id === result.orderId)!;
    expect(mine.operatorEmail).toBe(operator.user.email);
    expect((await manual.app.inject({ method: 'GET', url: new URL(mine.qrImageUrl).pathname })).statusCode).toBe(200);

    expectJsonError(await admin.api.post(`/api/admin/magnet-orders/${result.orderId}/ship`, { carrier: '', trackingNumber: '' }), 400);
    const shipped = await admin.api.post(`/api/admin/magnet-orders/${result.orderId}/ship`, { carrier: 'USPS', trackingNumber: 'EZ100', trackingUrl: 'https://usps.example/EZ100' });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(await orderRow(manual, result.orderId)).toMatchObject({ status: 'fulfilled', carrier: 'USPS', trackingNumber: 'EZ100' });
    await manual.smtp.waitForMail(operator.user.email, /have shipped$/);
    expectJsonError(await admin.api.post(`/api/admin/magnet-orders/${result.orderId}/ship`, { carrier: 'USPS', trackingNumber: 'EZ101' }), 409);
    expectJsonError(await admin.api.post('/api/admin/magnet-orders/999999/ship', { carrier: 'USPS', trackingNumber: 'EZ101' }), 404);
  });
});

describe('when Printify refuses or cannot be read', () => {
  test('an order Printify refuses is not retried: it goes to the admins, who may post it by hand', async () => {
    const operator = await payingOperator(t);
    printify.failNext(3, { status: 422, only: /\/orders\.json$/ });
    const result = (await order(operator)).json() as MagnetOrderResult;
    await waitForStatus(t, result.orderId, 'had-issues');
    printify.clearFailures();
    const row = await orderRow(t, result.orderId);
    expect(row.printifyProblem).toBeTruthy();
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.uniqueKey, `magnet-submit:${result.orderId}`));
    expect(job!.state).toBe('done');

    const admin = await signIn(t, { role: 'admin' });
    const listed = (await admin.api.get('/api/admin/magnet-orders')).json() as { id: number; printifyProblem: string | null }[];
    expect(listed.find((candidate) => candidate.id === result.orderId)?.printifyProblem).toBe(row.printifyProblem);
    const shipped = await admin.api.post(`/api/admin/magnet-orders/${result.orderId}/ship`, { carrier: 'USPS', trackingNumber: 'HAND1' });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect((await orderRow(t, result.orderId)).status).toBe('fulfilled');
  });

  test("with Printify, a pending order is the printer's: it is not listed for hand fulfilment and cannot be marked shipped", async () => {
    const operator = await payingOperator(t);
    // The order is paid and waiting, its submission not yet run.
    const [machine] = [operator.machine];
    const [row] = await t.database.db
      .insert(magnetOrders)
      .values({
        userId: operator.user.id,
        machineId: machine.id,
        machineName: machine.name,
        voteUrl: `${TEST_PUBLIC_URL}/vote/${machine.id}`,
        qrToken: 'p'.repeat(43),
        variantId: SMALL.id,
        magnetSize: SMALL.size,
        quantity: 10,
        unitPriceCents: 599,
        shippingCents: 499,
        totalCents: 6489,
        wholesaleCents: 3990,
        shippingAddress: { ...ADDRESS, addressLine2: null, country: 'US' },
        status: 'pending',
        paymentMethod: 'invoice',
      })
      .returning();
    const admin = await signIn(t, { role: 'admin' });
    const listed = (await admin.api.get('/api/admin/magnet-orders')).json() as { id: number }[];
    expect(listed.map((candidate) => candidate.id)).not.toContain(row!.id);
    expectJsonError(await admin.api.post(`/api/admin/magnet-orders/${row!.id}/ship`, { carrier: 'USPS', trackingNumber: 'X1' }), 409);
    expect((await orderRow(t, row!.id)).status).toBe('pending');
  });

  test('while the magnet product cannot be read, orders are refused (503) rather than taken for a size that cannot print', async () => {
    const operator = await operatorWithMachine(brokenPrintify);
    const sessionsBefore = stripe.checkoutSessions.size;
    const response = await order(operator);
    expectJsonError(response, 503, MagnetOrderMessages.printerUnavailable);
    expect(stripe.checkoutSessions.size).toBe(sessionsBefore);
    expect(await brokenPrintify.database.db.select().from(magnetOrders)).toEqual([]);
  });
});

describe('who pays how', () => {
  test('a subscription set to end at its period pays by card: no invoice is left to carry the magnets', async () => {
    const operator = await payingOperator(t);
    expect((await quoteFor(operator)).payment).toBe('invoice');
    const ending = stripe.changeSubscription(operator.subscriptionId, { cancel_at_period_end: true });
    expect((await deliverStripe(t, ending)).statusCode).toBe(200);
    expect((await quoteFor(operator)).payment).toBe('checkout');
    const result = (await order(operator)).json() as MagnetOrderResult;
    expect(result).toMatchObject({ requiresPayment: true, title: MagnetOrderMessages.paymentRequired });
  });

  test('ten orders in ten minutes per operator, then 429', async () => {
    const operator = await operatorWithMachine(t);
    for (let attempt = 0; attempt < 10; attempt++) {
      expectJsonError(await order(operator, { totalPrice: '0.01' }), 400, MagnetOrderMessages.priceChanged);
    }
    const refused = await order(operator);
    expectJsonError(refused, 429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});
