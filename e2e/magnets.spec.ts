import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { formatUsd, priceMagnets } from '../src/shared/magnet-pricing.js';
import { MAGNET_ORDER_STATUS_LABELS, MagnetMessages, MagnetOrderMessages } from '../src/shared/magnets.schemas.js';
import { DEFAULT_PREFERENCES } from '../src/shared/settings.schemas.js';
import { startFakePrintify, type FakePrintify } from '../tests/fakes/printify.js';
import { startFakeStripe, type FakeStripe } from '../tests/fakes/stripe.js';
import type { TestSmtpServer } from '../tests/support/smtp-server.js';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../tests/support/server-process.js';
import { expect, registerVerifiedOperator, test as base, toast, type Account } from './fixtures.js';

const PRICES = { growth: 'price_e2e_magnets_growth', enterprise: 'price_e2e_magnets_enterprise' };
const SECRET_KEY = 'sk_test_e2e_magnets';
const WEBHOOK_SECRET = 'whsec_e2e_magnets';
const SMALL = { id: 101, size: '3" x 3"', cost: 399 };
const LARGE = { id: 103, size: '6" x 6"', cost: 850 };
const PHONE = { width: 375, height: 812 };
const ADMIN_EMAIL = 'magnets-admin@example.com';

/** The total the server quotes for `quantity` magnets of a size, as the dialog shows it. */
const totalOf = (size: { cost: number }, quantity: number) => formatUsd(priceMagnets(size.cost, quantity).totalCents);

interface MagnetWorld {
  server: ServerProcess;
  stripe: FakeStripe;
  printify: FakePrintify;
}

/**
 * The fixtures against this file's own server, with Stripe and Printify configured against their
 * local fakes and Stripe's webhooks posted back (the worker's server has neither).
 */
const test = base.extend<{ world: MagnetWorld }, { magnetWorld: MagnetWorld }>({
  magnetWorld: [
    async ({ smtp }, use) => {
      const stripe = await startFakeStripe({
        secretKey: SECRET_KEY,
        webhookSecret: WEBHOOK_SECRET,
        prices: [
          { id: PRICES.growth, unitAmount: 2000 },
          { id: PRICES.enterprise, unitAmount: 4000 },
        ],
      });
      const printify = await startFakePrintify({ apiToken: 'printify-e2e', shopId: '4242', blueprintId: 600, printProviderId: 70, variants: [SMALL, LARGE] });
      const server = await startServerProcess({
        from: 'built',
        env: {
          SMTP_URL: smtp.url,
          LOG_LEVEL: 'warn',
          STRIPE_SECRET_KEY: SECRET_KEY,
          STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
          STRIPE_PRICE_GROWTH: PRICES.growth,
          STRIPE_PRICE_ENTERPRISE: PRICES.enterprise,
          STRIPE_API_BASE: stripe.url,
          PRINTIFY_API_TOKEN: 'printify-e2e',
          PRINTIFY_SHOP_ID: '4242',
          PRINTIFY_PRODUCT_ID: 'magnet-product',
          PRINTIFY_API_BASE: printify.url,
          ADMIN_EMAILS: ADMIN_EMAIL,
        },
      });
      stripe.options.webhookUrl = `${server.url}/api/stripe/webhook`;
      await use({ server, stripe, printify });
      await stopServerProcess(server);
      await printify.close();
      await stripe.close();
    },
    { scope: 'worker' },
  ],
  world: async ({ magnetWorld }, use) => use(magnetWorld),
  baseURL: async ({ magnetWorld }, use) => use(magnetWorld.server.url),
});
test.use({ viewport: PHONE });

/** A verified operator with one machine, signed in on `page`. */
async function operatorWithMachine(
  { page, login, world, smtp }: { page: Page; login: (account: Account, path?: string) => Promise<void>; world: MagnetWorld; smtp: TestSmtpServer },
  name: string,
  machineName: string,
) {
  const account = { email: name.includes('@') ? name : `${name}-${Date.now()}@example.com`, password: 'magnets-on-the-fridge-4' };
  await registerVerifiedOperator(world.server, smtp, account);
  await login(account, '/magnet-orders');
  const machine = await page.request.post('/api/machines', {
    data: { name: machineName, location: 'Building A lobby', type: 'snacks', serialNumber: `SN-${name}` },
  });
  expect(machine.status(), await machine.text()).toBe(201);
  return account;
}

/** Puts the signed-in operator on an active Growth subscription: checkout, the trial ended, Stripe's events delivered. */
async function subscribeToGrowth(page: Page, stripe: FakeStripe) {
  const checkout = await page.request.post('/api/stripe/create-checkout', { data: { priceId: PRICES.growth, planName: 'Growth' } });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const sessionId = new URL(((await checkout.json()) as { url: string }).url).pathname.split('/').at(-1)!;
  const { subscription, events } = stripe.completeCheckout(sessionId, { addCard: true });
  for (const event of events) expect(await stripe.deliver(event)).toBe(200);
  const active = stripe.changeSubscription(subscription.id, { status: 'active', trial_end: null, trial_start: null });
  expect(await stripe.deliver(active)).toBe(200);
}

async function openOrderDialog(page: Page, machineName: string) {
  await page.goto('/vending-machines');
  await page.getByRole('article', { name: machineName }).getByRole('button', { name: `Order QR Magnet for ${machineName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Order QR Code Magnet' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Serious and critical accessibility violations, on the page or in one part of it. */
async function seriousViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

async function fillAddress(page: Page) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Full Name', { exact: true }).fill('Sam Rivera');
  await dialog.getByLabel('Address Line 1', { exact: true }).fill('1 Main St');
  await dialog.getByLabel('Address Line 2 (optional)').fill('Suite 4');
  await dialog.getByLabel('City', { exact: true }).fill('Springfield');
  await dialog.getByLabel('State', { exact: true }).fill('IL');
  await dialog.getByLabel('ZIP Code', { exact: true }).fill('62701');
}

test('a paid plan: sizes and a quote, the address checked, the order placed and its receipt', async ({ page, login, world, smtp }) => {
  await operatorWithMachine({ page, login, world, smtp }, 'paid-magnets', 'Lobby Snacks');
  await subscribeToGrowth(page, world.stripe);

  const dialog = await openOrderDialog(page, 'Lobby Snacks');
  const sizes = dialog.getByRole('group', { name: 'Magnet size' });
  await expect(sizes.getByRole('radio', { name: SMALL.size })).toBeChecked();
  await expect(sizes.getByRole('radio', { name: LARGE.size })).not.toBeChecked();
  await expect(dialog.getByRole('group', { name: 'Quantity' }).getByRole('radio', { name: '10', exact: true })).toBeChecked();
  await expect(dialog.getByRole('group', { name: 'Ship to' }).getByRole('radio', { name: 'United States' })).toBeChecked();
  await expect(dialog.getByTestId('magnet-total')).toHaveText(totalOf(SMALL, 10));
  await expect(dialog.getByText('Production time: 3-4 business days')).toBeVisible();
  const preview = dialog.getByRole('img', { name: /^Magnet preview for Lobby Snacks/ });
  await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  // Operators do not see what the platform earns.
  await expect(dialog.getByText('Wholesale cost')).toHaveCount(0);

  // Each choice is priced again by the server.
  await sizes.getByRole('radio', { name: LARGE.size }).check();
  await dialog.getByRole('group', { name: 'Quantity' }).getByRole('radio', { name: '25', exact: true }).check();
  await expect(dialog.getByTestId('magnet-total')).toHaveText(totalOf(LARGE, 25));

  // The dialog scrolls inside a phone's screen, sideways not at all.
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  expect(await dialog.evaluate((element) => element.scrollHeight > element.clientHeight && getComputedStyle(element).overflowY)).toBe('auto');
  expect(await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);

  const placeOrder = dialog.getByRole('button', { name: 'Place Order' });
  await placeOrder.click();
  await expect(toast(page, MagnetMessages.missingInformationTitle)).toContainText(MagnetMessages.missingInformationText);
  for (const label of ['Full Name', 'Address Line 1', 'City', 'State', 'ZIP Code']) {
    await expect(dialog.getByLabel(label, { exact: true })).toHaveAttribute('aria-invalid', 'true');
  }
  await expect(dialog.getByLabel('Address Line 2 (optional)')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('Full Name', { exact: true })).toBeFocused();

  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);

  // A complete address is priced again (with the printer's shipping), once typing pauses.
  const addressQuote = page.waitForResponse((response) => response.url().endsWith('/api/magnet-quote'));
  await fillAddress(page);
  expect((await addressQuote).request().postDataJSON()).toMatchObject({ sku: LARGE.id, quantity: 25, countryCode: 'US', address: { zipCode: '62701' } });
  await dialog.getByLabel('Special Instructions (optional)').fill('Leave with the front desk.');
  await expect(dialog.getByLabel('Full Name', { exact: true })).not.toHaveAttribute('aria-invalid', 'true');

  // The price moved on the server since the quote: the quote is read again, and nothing typed is lost.
  const quotes: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/magnet-quote')) quotes.push(request.url());
  });
  await page.route('**/api/magnet-orders', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ message: MagnetOrderMessages.priceChanged, errors: { totalPrice: MagnetOrderMessages.priceChanged } }),
        })
      : route.fallback(),
  );
  await placeOrder.click();
  await expect(toast(page, MagnetMessages.orderFailedTitle)).toContainText(MagnetOrderMessages.priceChanged);
  await expect(dialog.getByRole('alert').filter({ hasText: MagnetOrderMessages.priceChanged })).toBeVisible();
  await expect.poll(() => quotes.length).toBeGreaterThan(0);
  await expect(dialog.getByLabel('Full Name', { exact: true })).toHaveValue('Sam Rivera');
  await expect(dialog.getByLabel('Special Instructions (optional)')).toHaveValue('Leave with the front desk.');
  await expect(dialog.getByRole('radio', { name: LARGE.size })).toBeChecked();
  await page.unroute('**/api/magnet-orders');

  await placeOrder.click();
  await expect(toast(page, MagnetOrderMessages.submitted)).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('link', { name: 'Magnet orders' }).click();
  await expect(page).toHaveURL(/\/magnet-orders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Magnet orders' })).toBeVisible();
  const card = page.getByTestId('magnet-order-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Lobby Snacks');
  await expect(card).toContainText(LARGE.size);
  await expect(card).toContainText('25');
  await expect(card).toContainText(totalOf(LARGE, 25));
  await expect(card.locator('[data-status]')).toHaveText(new RegExp(`^(${Object.values(MAGNET_ORDER_STATUS_LABELS).join('|')})$`));
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);

  await card.getByRole('link', { name: /^Receipt for Order #\d+$/ }).click();
  await expect(page).toHaveURL(/\/magnet-orders\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Order #\d+$/ })).toBeVisible();
  for (const text of ['Lobby Snacks', LARGE.size, totalOf(LARGE, 25), 'Added to your next invoice', 'Sam Rivera', 'Suite 4', 'Springfield, IL 62701', 'Leave with the front desk.']) {
    await expect(page.getByRole('main')).toContainText(text);
  }
  expect(await seriousViolations(page)).toEqual([]);
  await page.evaluate(() => {
    window.print = () => document.body.setAttribute('data-printed', 'yes');
  });
  await page.getByRole('button', { name: 'Print' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-printed', 'yes');

  // Plan & billing lists what the next invoice will carry.
  await page.goto('/billing');
  const onInvoice = page.getByRole('region', { name: 'On your next invoice' });
  await expect(onInvoice).toContainText('Lobby Snacks');
  await expect(onInvoice).toContainText(totalOf(LARGE, 25));
});

test('the Starter plan pays first: the button names the total and Stripe’s page opens; the return is confirmed', async ({ page, login, world, smtp }) => {
  const { stripe } = world;
  await operatorWithMachine({ page, login, world, smtp }, 'free-magnets', 'Break Room');
  await page.route(`${stripe.url}/pay/**`, (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Stripe Checkout</h1>' }));

  const dialog = await openOrderDialog(page, 'Break Room');
  const pay = dialog.getByRole('button', { name: `Pay ${totalOf(SMALL, 10)} & Order` });
  await expect(pay).toBeEnabled();
  await fillAddress(page);
  await pay.click();
  await expect(page).toHaveURL(new RegExp(`^${stripe.url}/pay/cs_test_`));
  const session = stripe.checkoutSessions.get(new URL(page.url()).pathname.split('/').at(-1)!)!;
  expect(session.mode).toBe('payment');
  expect(session.amount_total).toBe(priceMagnets(SMALL.cost, 10).totalCents);

  // Back without paying: a calm note, and the address is cleaned.
  await page.goto(session.cancel_url as string);
  await expect(page.getByRole('status').filter({ hasText: 'is waiting for payment' })).toBeVisible();
  await expect(page).toHaveURL(/\/magnet-orders$/);
  await expect(page.getByTestId('magnet-order-card').locator('[data-status]')).toHaveText(MAGNET_ORDER_STATUS_LABELS.awaiting_payment);
  // 'Pay now' goes back to the order's own Stripe page.
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(session.url as string);

  // Paid on Stripe's page: the return asks the server, which asks Stripe, once.
  const readsBefore = stripe.requests.filter((request) => request.method === 'GET' && request.path === `/v1/checkout/sessions/${session.id}`).length;
  stripe.completePayment(session.id);
  await page.goto(session.success_url as string);
  await expect(page.getByRole('status').filter({ hasText: MagnetOrderMessages.received })).toBeVisible();
  await expect(page).toHaveURL(/\/magnet-orders$/);
  await expect(page.getByTestId('magnet-order-card').locator('[data-status]')).not.toHaveText(MAGNET_ORDER_STATUS_LABELS.awaiting_payment);
  const confirmations = stripe.requests.filter((request) => request.method === 'GET' && request.path === `/v1/checkout/sessions/${session.id}`);
  expect(confirmations).toHaveLength(readsBefore + 1);

  await page.getByTestId('magnet-order-card').getByRole('link', { name: /^Receipt for/ }).click();
  await expect(page.getByRole('main')).toContainText(/Paid by card on /);
});

// The worker's own server has no Stripe: nothing can be charged, and the dialog says so from the start.
base('without billing the dialog says so when it opens, and the order waits for manual fulfilment, uncharged', async ({ page, login, server, smtp }) => {
  const account = { email: `manual-magnets-${Date.now()}@example.com`, password: 'magnets-on-the-fridge-4' };
  await registerVerifiedOperator(server, smtp, account);
  await login(account, '/magnet-orders');
  const machine = await page.request.post('/api/machines', { data: { name: 'Night Shift', location: 'Dock 3', type: 'snacks', serialNumber: `SN-manual-${Date.now()}` } });
  expect(machine.status(), await machine.text()).toBe(201);

  const dialog = await openOrderDialog(page, 'Night Shift');
  // Before any address is typed: the notice, and a button that promises no payment.
  await expect(dialog.getByTestId('magnet-manual-notice')).toContainText(MagnetOrderMessages.manualNotice);
  const place = dialog.getByRole('button', { name: 'Place Order for Manual Fulfilment' });
  await expect(place).toBeEnabled();
  await expect(dialog.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);

  await fillAddress(page);
  await place.click();
  await expect(toast(page, MagnetOrderMessages.manualReceived)).toContainText('Nothing was charged.');
  await expect(dialog).toBeHidden();
  await page.goto('/magnet-orders');
  await expect(page.getByTestId('magnet-order-card').locator('[data-status]')).toHaveText(MAGNET_ORDER_STATUS_LABELS.pending);
  await page.getByTestId('magnet-order-card').getByRole('link', { name: /^Receipt for/ }).click();
  await expect(page.getByRole('main')).toContainText('Not charged online: settled by hand');
});

test('admins see the revenue breakdown, and the orders to post by hand with a checked Mark shipped form', async ({ page, login, world, smtp }) => {
  await operatorWithMachine({ page, login, world, smtp }, ADMIN_EMAIL, 'Admin Kiosk');
  await page.evaluate(() => window.localStorage.setItem('theme', 'dark'));
  const dialog = await openOrderDialog(page, 'Admin Kiosk');
  const revenue = dialog.getByTestId('magnet-revenue');
  const price = priceMagnets(SMALL.cost, 10);
  await expect(revenue).toContainText(`Wholesale cost${formatUsd(price.wholesaleCents)}`);
  await expect(revenue).toContainText(`Platform profit${formatUsd(price.profitCents)}`);
  await expect(revenue).toContainText(`Customer pays${formatUsd(price.totalCents)}`);
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // An order Printify refuses waits for someone to print and post it by hand.
  await page.goto('/admin/magnet-orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Magnet orders to fulfil' })).toBeVisible();
  await expect(page.getByText('No orders waiting')).toBeVisible();
  await subscribeToGrowth(page, world.stripe);
  world.printify.failNext(1000, { status: 422, only: /\/orders\.json$/ });
  try {
    const machines = (await (await page.request.get('/api/machines')).json()) as { id: number; name: string }[];
    const quote = (await (await page.request.post('/api/magnet-quote', { data: { sku: SMALL.id, quantity: 5, countryCode: 'CA' } })).json()) as {
      unitPrice: { amount: string };
      retailPrice: { amount: string };
    };
    const placed = await page.request.post('/api/magnet-orders', {
      data: {
        machineId: machines.find((machine) => machine.name === 'Admin Kiosk')!.id,
        sku: SMALL.id,
        quantity: 5,
        unitPrice: quote.unitPrice.amount,
        totalPrice: quote.retailPrice.amount,
        shippingAddress: { fullName: 'Ana Diaz', addressLine1: '9 Elm St', city: 'Toronto', state: 'ON', zipCode: 'M5V 2T6', country: 'CA' },
      },
    });
    expect(placed.status(), await placed.text()).toBe(200);
    const { orderId } = (await placed.json()) as { orderId: number };
    await expect
      .poll(async () => ((await (await page.request.get('/api/admin/magnet-orders')).json()) as { id: number }[]).map((listed) => listed.id))
      .toContain(orderId);

    await page.reload();
    const order = page.getByTestId('admin-magnet-order');
    for (const text of [`Order #${orderId}`, 'Admin Kiosk', ADMIN_EMAIL, `Customer pays${formatUsd(priceMagnets(SMALL.cost, 5).totalCents)}`, 'Ana Diaz', 'Toronto, ON M5V 2T6', 'Canada', 'Printify refused it']) {
      await expect(order).toContainText(text);
    }
    const image = await page.request.get((await order.getByRole('link', { name: /Open the QR image/ }).getAttribute('href'))!);
    expect(image.headers()['content-type']).toBe('image/png');

    await order.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(order.getByText('Carrier is required')).toBeVisible();
    await expect(order.getByText('Tracking number is required')).toBeVisible();
    await order.getByLabel('Carrier').fill('Canada Post');
    await order.getByLabel('Tracking number').fill('CP123456789CA');
    await order.getByLabel('Tracking link (optional)').fill('not a link');
    await order.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(order.getByText('Tracking link must be a web address')).toBeVisible();
    await order.getByLabel('Tracking link (optional)').fill('');
    await order.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(toast(page, 'Order marked shipped')).toBeVisible();
    await expect(page.getByText('No orders waiting')).toBeVisible();
    await smtp.waitForMail(ADMIN_EMAIL, /^Your QR magnets for Admin Kiosk have shipped$/);
    await page.goto(`/magnet-orders/${orderId}`);
    await expect(page.getByRole('main')).toContainText('CP123456789CA');
  } finally {
    world.printify.clearFailures();
  }
});

test('the admin page is for admins only', async ({ page, login, world, smtp }) => {
  await operatorWithMachine({ page, login, world, smtp }, 'not-admin-magnets', 'Side Door');
  await page.goto('/admin/magnet-orders');
  await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
});

test('an operator who keeps another currency sees our charges marked as US dollars', async ({ page, login, world, smtp }) => {
  await operatorWithMachine({ page, login, world, smtp }, 'cad-magnets', 'Maple Lobby');
  const saved = await page.request.patch('/api/settings/preferences', { data: { ...DEFAULT_PREFERENCES, currency: 'CAD' } });
  expect(saved.status(), await saved.text()).toBe(200);

  const dialog = await openOrderDialog(page, 'Maple Lobby');
  await expect(dialog.getByRole('button', { name: `Pay US${totalOf(SMALL, 10)} & Order` })).toBeEnabled();
  await expect(dialog.locator('section[aria-labelledby="magnet-price-heading"]')).toContainText(`US${totalOf(SMALL, 10)}`);
  await page.keyboard.press('Escape');

  // Back to dollars: the same figures without the mark.
  await page.request.patch('/api/settings/preferences', { data: { ...DEFAULT_PREFERENCES, currency: 'USD' } });
  const again = await openOrderDialog(page, 'Maple Lobby');
  await expect(again.getByRole('button', { name: `Pay ${totalOf(SMALL, 10)} & Order` })).toBeEnabled();
});
