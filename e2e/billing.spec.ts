import { AxeBuilder } from '@axe-core/playwright';
import { startFakeStripe, type FakeStripe } from '../tests/fakes/stripe.js';
import { linkFrom, startSmtpServer, type TestSmtpServer } from '../tests/support/smtp-server.js';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../tests/support/server-process.js';
import type { Page } from '@playwright/test';
import { expect, test, toast } from './fixtures.js';

const PRICES = { growth: 'price_e2e_growth', enterprise: 'price_e2e_enterprise' };
const SECRET_KEY = 'sk_test_e2e_billing';
const WEBHOOK_SECRET = 'whsec_e2e_billing';

/** This file's own server, with Stripe configured against the local fake and its webhooks posted back. */
let fake: FakeStripe;
let smtp: TestSmtpServer;
let stripeServer: ServerProcess;
test.beforeAll(async () => {
  fake = await startFakeStripe({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    prices: [
      { id: PRICES.growth, unitAmount: 2000 },
      { id: PRICES.enterprise, unitAmount: 4000 },
    ],
  });
  smtp = await startSmtpServer();
  stripeServer = await startServerProcess({
    from: 'built',
    env: {
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'warn',
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_GROWTH: PRICES.growth,
      STRIPE_PRICE_ENTERPRISE: PRICES.enterprise,
      STRIPE_API_BASE: fake.url,
    },
  });
  fake.options.webhookUrl = `${stripeServer.url}/api/stripe/webhook`;
});
test.afterAll(async () => {
  await stopServerProcess(stripeServer);
  await smtp.close();
  await fake.close();
});

/** A new operator registered through the API and signed in by the mailed link's Continue, in `page`. */
async function newOperator(page: Page, base: string, mailbox: TestSmtpServer, email: string) {
  const password = 'a-long-enough-password-7';
  await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Ali', lastName: 'Reza', email, password, confirmPassword: password }),
  });
  await page.goto(linkFrom(await mailbox.waitForMail(email, /Verify/), '/verify-email'));
  await page.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('signed out: choose Growth, register, verify, and checkout opens by itself; the webhook gives the plan', async ({ page }) => {
  const base = stripeServer.url;
  const email = `trial-${Date.now()}@example.com`;
  const password = 'growth-plan-for-the-route-3';
  // Stripe's hosted checkout page, as far as the browser is concerned.
  await page.route(`${fake.url}/pay/**`, (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Stripe Checkout</h1>' }));

  await page.goto(`${base}/pricing`);
  await page.getByRole('group', { name: 'Growth' }).getByRole('button', { name: 'Start 30-day free trial' }).click();
  await expect(page).toHaveURL(`${base}/register`);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('subscriptionIntent') ?? 'null'))).toEqual({ priceId: PRICES.growth, planName: 'Growth' });
  await expect(page.getByText('Growth plan selected')).toBeVisible();

  await page.getByLabel('First Name').fill('Jordan');
  await page.getByLabel('Last Name').fill('Park');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/check-email/);

  await page.goto(linkFrom(await smtp.waitForMail(email, /Verify/), '/verify-email'));
  await page.getByRole('button', { name: 'Continue to Growth checkout' }).click();
  await expect(page).toHaveURL(new RegExp(`^${fake.url}/pay/cs_test_`));
  expect(await page.evaluate(() => localStorage.getItem('subscriptionIntent'))).toBeNull();

  // The customer finishes on Stripe's page; Stripe posts its signed events and sends the browser back.
  const sessionId = new URL(page.url()).pathname.split('/').at(-1)!;
  const { events } = fake.completeCheckout(sessionId);
  for (const event of events) expect(await fake.deliver(event)).toBe(200);
  await page.goto(`${base}/subscription/success?session_id=${sessionId}`);
  await expect(page.getByText(sessionId.slice(0, 20), { exact: true })).toBeVisible();
  await expect(page.getByText(sessionId, { exact: true })).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Your Growth plan is active' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for subscribing!' })).toBeVisible();
  await expect(page.getByTestId('falling-money')).toBeAttached();

  await page.goto(`${base}/billing`);
  await expect(page.getByRole('heading', { level: 2, name: 'Growth plan' })).toBeVisible();
  await expect(page.getByText('Free trial', { exact: true })).toBeVisible();
  await expect(page.getByText(/30 days left in your free trial/)).toBeVisible();
  await expect(page.getByText('of 10')).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // On a phone the page fits the screen.
  await page.setViewportSize({ width: 375, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test('a plan chosen while signed out opens its checkout after signing in with a password too', async ({ page }) => {
  const base = stripeServer.url;
  const email = `password-${Date.now()}@example.com`;
  await newOperator(page, base, smtp, email);
  await page.context().clearCookies();
  await page.route(`${fake.url}/pay/**`, (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Stripe Checkout</h1>' }));

  await page.goto(`${base}/pricing`);
  await page.getByRole('group', { name: 'Enterprise' }).getByRole('button', { name: 'Start 30-day free trial' }).click();
  await expect(page).toHaveURL(`${base}/register`);
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('a-long-enough-password-7');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(new RegExp(`^${fake.url}/pay/cs_test_`));
  const session = fake.checkoutSessions.get(new URL(page.url()).pathname.split('/').at(-1)!)!;
  expect((session.line_items as { data: { price: { id: string } }[] }).data[0]!.price.id).toBe(PRICES.enterprise);
});

test('the success page confirms with the server: signed out it asks to sign in, and a made-up session id grants nothing', async ({ page }) => {
  const base = stripeServer.url;
  const email = `made-up-${Date.now()}@example.com`;
  await newOperator(page, base, smtp, email);
  await page.context().clearCookies();

  // Signed out: no thanks for an id anyone can type, but sign-in, and back here after it.
  const successPath = '/subscription/success?session_id=cs_test_made_up_by_someone';
  await page.goto(`${base}${successPath}`);
  await expect(page).toHaveURL(`${base}/login?next=${encodeURIComponent(successPath)}`);
  await expect(page.getByText('Thank you for subscribing!')).toHaveCount(0);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('a-long-enough-password-7');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(`${base}${successPath}`);

  await expect(page.getByText('Checkout session not found')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Your subscription' })).toBeVisible();
  await expect(page.getByText('Thank you for subscribing!')).toHaveCount(0);
  await expect(page.getByTestId('falling-money')).toHaveCount(0);
  await page.goto(`${base}/billing`);
  await expect(page.getByRole('heading', { level: 2, name: 'Starter plan' })).toBeVisible();
});

test('signed in: the plan button stays busy until the browser leaves, and a failure says Checkout Error', async ({ page }) => {
  const base = stripeServer.url;
  await newOperator(page, base, smtp, `busy-${Date.now()}@example.com`);

  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/stripe/create-checkout', async (route) => {
    await held;
    await route.fulfill({ status: 502, contentType: 'application/json', body: JSON.stringify({ message: 'Failed to start checkout. Please try again.' }) });
  });
  await page.goto(`${base}/pricing`);
  const enterprise = page.getByRole('group', { name: 'Enterprise' });
  await enterprise.getByRole('button', { name: 'Start 30-day free trial' }).click();
  await expect(enterprise.getByRole('button', { name: 'Processing…' })).toBeDisabled();
  release();
  await expect(toast(page, 'Checkout Error')).toBeVisible();
  await expect(toast(page, 'Checkout Error')).toContainText('Failed to start checkout. Please try again.');
  await expect(enterprise.getByRole('button', { name: 'Start 30-day free trial' })).toBeEnabled();
});

test('without Stripe, a signed-in operator reads that billing is not configured', async ({ page, server, smtp: workerSmtp }) => {
  await newOperator(page, server.url, workerSmtp, `unconfigured-${Date.now()}@example.com`);
  await page.goto('/pricing#top');
  await expect(page.getByText('Billing is not configured')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Starter' }).getByRole('button', { name: 'Your current plan' })).toBeDisabled();
});

test('Plan & billing: an upgrade from the page takes effect at once, and Manage billing opens the Customer Portal', async ({ page }) => {
  const base = stripeServer.url;
  await newOperator(page, base, smtp, `upgrade-${Date.now()}@example.com`);
  const checkout = await page.request.post(`${base}/api/stripe/create-checkout`, { data: { priceId: PRICES.growth, planName: 'Growth' } });
  const sessionId = new URL(((await checkout.json()) as { url: string }).url).pathname.split('/').at(-1)!;
  for (const event of fake.completeCheckout(sessionId).events) expect(await fake.deliver(event)).toBe(200);

  await page.getByRole('link', { name: 'Plan & billing' }).click();
  await expect(page).toHaveURL(`${base}/billing`);
  await expect(page.getByRole('heading', { level: 2, name: 'Growth plan' })).toBeVisible();
  await page.getByRole('button', { name: 'Upgrade to Enterprise' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('The change takes effect at once. Nothing is charged during your free trial.');
  await dialog.getByRole('button', { name: 'Upgrade to Enterprise' }).click();
  await expect(toast(page, 'Plan updated')).toContainText('You are now on the Enterprise plan.');
  await expect(page.getByRole('heading', { level: 2, name: 'Enterprise plan' })).toBeVisible();
  await expect(page.getByText('(no limit)')).toBeVisible();

  await page.route(`${fake.url}/portal/**`, (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Stripe Customer Portal</h1>' }));
  await page.getByRole('button', { name: 'Manage billing' }).click();
  await expect(page).toHaveURL(new RegExp(`^${fake.url}/portal/`));
  const portal = [...fake.portalSessions.values()].at(-1)!;
  expect(portal.return_url).toBe(`${base}/billing`);
});
