import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { AffiliateMessages } from '../src/shared/affiliates.schemas.js';
import { PDF_BYTES } from '../tests/support/upload-files.js';
import { signInThroughApi } from './accounts.js';
import { registerVerifiedAffiliate, testWithAffiliateWorld } from './affiliate-world.js';
import { expect, registerVerifiedOperator, signIn, toast } from './fixtures.js';

const stamp = Date.now();
const PASSWORD = 'refer-the-snack-people-4';
const ADMIN = { email: 'affiliate-access-admin@example.com', password: PASSWORD };
const AFFILIATE = { email: `coach-${stamp}@example.com`, password: PASSWORD, firstName: 'Cora', lastName: 'Lindqvist' };
const MOVER = { email: `mover-${stamp}@example.com`, password: PASSWORD, firstName: 'Mo', lastName: 'Adeyemi' };
const OPERATOR = { email: `plain-operator-${stamp}@example.com`, password: PASSWORD };
const PHONE = { width: 360, height: 740 };

const test = testWithAffiliateWorld(ADMIN);

test.beforeAll(async ({ affiliateServer, smtp, playwright }) => {
  await registerVerifiedAffiliate(affiliateServer, smtp, AFFILIATE);
  await registerVerifiedAffiliate(affiliateServer, smtp, MOVER);
  await registerVerifiedOperator(affiliateServer, smtp, OPERATOR);
  // Material the team published for affiliates: a document to download and an email to copy.
  const { api } = await signInThroughApi(playwright, affiliateServer, ADMIN);
  const upload = async (multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>) =>
    expect((await api.post('/api/admin/marketing-resources', { multipart })).status()).toBe(201);
  await upload({ title: 'Program flyer', type: 'document', category: 'flyers', file: { name: 'program-flyer.pdf', mimeType: 'application/pdf', buffer: PDF_BYTES } });
  await upload({ title: 'Intro email', type: 'email_template', category: 'email', content: 'Hi! Vote for your snacks at our machine.' });
  await api.dispose();
});

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

const fitsTheScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('an affiliate signing in lands on their dashboard, without the operator pages', async ({ page }) => {
  const response = await page.goto('/affiliate-dashboard');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/affiliate\/login\?next=%2Faffiliate-dashboard$/);

  // The operators' sign-in page, too, leads an affiliate to the affiliate dashboard.
  await page.goto('/login');
  await page.getByLabel('Email').fill(AFFILIATE.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/affiliate-dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Affiliate Dashboard' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Dashboard', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  // 'The dashboard' is theirs: the affiliate dashboard; the operators' other pages stay closed.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/affiliate-dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Affiliate Dashboard' })).toBeVisible();
  await page.goto('/products');
  await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
  await page.goto('/affiliate/login');
  await expect(page).toHaveURL(/\/affiliate-dashboard$/);

  // Signed out, the affiliate sign-in page does the same.
  await page.context().clearCookies();
  await page.goto('/affiliate/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Affiliate sign in' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Join the affiliate program' })).toHaveAttribute('href', '/affiliate-signup');
  await page.getByLabel('Email').fill(AFFILIATE.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/affiliate-dashboard$/);

  // The plans offer no second account to someone signed in as an affiliate.
  await page.goto('/pricing');
  await expect(page.getByRole('link', { name: 'Run machines from your affiliate dashboard' })).toHaveCount(3);
  await expect(page.getByRole('button', { name: /free trial/ })).toHaveCount(0);
});

test('an operator outside the program reads why, with the way to the program', async ({ page }) => {
  await signIn(page, OPERATOR.email, PASSWORD);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Affiliate Dashboard' })).toHaveCount(0);
  await page.goto('/affiliate-dashboard');
  await expect(page.getByRole('heading', { level: 1, name: AffiliateMessages.notAffiliate })).toBeVisible();
  await expect(page.getByRole('link', { name: 'About the affiliate program' })).toHaveAttribute('href', '/affiliate-signup');
});

test('the link copies, the resources download or copy, and every tab says when it is empty', async ({ page, login, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // A failed load says so and offers to try again.
  let failures = 1;
  await page.route('**/api/affiliate/dashboard', (route) =>
    failures-- > 0 ? route.fulfill({ status: 500, json: { message: 'Something went wrong.' } }) : route.fallback(),
  );
  await login(AFFILIATE, '/affiliate-dashboard');
  await expect(page.getByRole('alert')).toContainText('Could not load your affiliate dashboard.');
  await page.getByRole('button', { name: 'Retry' }).click();
  const copyLink = page.getByRole('button', { name: 'Copy link' });
  await copyLink.click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Copied to the clipboard' })).toBeAttached();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await page.getByTestId('referral-link').textContent());
  await expect(copyLink).toBeVisible({ timeout: 4000 });

  const tabs = page.getByRole('tablist', { name: 'Resource types' }).getByRole('tab');
  await expect(tabs).toHaveText(['Images', 'Videos', 'Email Templates', 'Documents']);
  await expect(page.getByRole('heading', { name: 'No images yet' })).toBeVisible();
  await page.getByRole('tab', { name: 'Videos' }).click();
  await expect(page.getByRole('heading', { name: 'No videos yet' })).toBeVisible();
  await page.getByRole('tab', { name: 'Documents' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download Program flyer' }).click();
  expect((await download).suggestedFilename()).toBe('program-flyer.pdf');
  await page.getByRole('tab', { name: 'Email Templates' }).click();
  await expect(page.getByRole('region', { name: 'Intro email email' })).toHaveText('Hi! Vote for your snacks at our machine.');
  await page.getByRole('button', { name: 'Copy the Intro email email' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Hi! Vote for your snacks at our machine.');
});

test('an affiliate who also runs machines confirms, lands on the operator dashboard, and keeps the affiliate dashboard in the sidebar', async ({ page, login }) => {
  await login(MOVER, '/affiliate-dashboard');
  await page.getByRole('button', { name: 'Also run vending machines' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, add the operator dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const sidebar = page.getByRole('navigation', { name: 'Main' });
  await sidebar.getByRole('link', { name: 'Affiliate Dashboard' }).click();
  await expect(page).toHaveURL(/\/affiliate-dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Affiliate Dashboard' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Affiliate Dashboard' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('button', { name: 'Also run vending machines' })).toHaveCount(0);
  // Now an operator in the program, the affiliates' sign-in page still leads to the affiliate dashboard.
  await page.context().clearCookies();
  await page.goto('/affiliate/login');
  await page.getByLabel('Email').fill(MOVER.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/affiliate-dashboard$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

test('the admin lists the affiliates, deactivates and activates one, and sees the payouts', async ({ page, login }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/admin/affiliates', async (route) => {
    await held;
    await route.fallback();
  });
  await login(ADMIN, '/admin-panel?tab=affiliates');
  await expect(page.getByTestId('affiliate-skeleton-row')).toHaveCount(6);
  release();
  await expect(page.getByRole('group', { name: 'Referral commission rate' })).toContainText('40%');
  await expect(page.getByRole('group', { name: 'Commissions earned this month' })).toContainText('$');
  const active = page.getByRole('group', { name: 'Active affiliates' });
  await expect(active).toContainText(/^Active affiliates\d/);
  const before = Number((await active.textContent())!.match(/\d+/)![0]);

  const row = page.getByTestId('affiliate-row').filter({ hasText: AFFILIATE.email });
  await expect(row).toContainText('Cora Lindqvist');
  await expect(row).toContainText('$0.00');
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: 'Deactivate Cora Lindqvist' }).click();
  await expect(toast(page, 'Affiliate deactivated')).toBeVisible();
  await expect(row.getByText('Inactive', { exact: true })).toBeVisible();
  await expect(active).toContainText(`Active affiliates${before - 1}`);
  await row.getByRole('button', { name: 'Activate Cora Lindqvist' }).click();
  await expect(toast(page, 'Affiliate activated')).toBeVisible();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();

  await expect(page.getByText('No affiliate has approved earnings waiting.')).toBeVisible();
  await expect(page.getByText('No payouts recorded yet.')).toBeVisible();

  // Balances as the list would show them after 30 days: below $50.00 waits; above, the server recounts.
  await page.unroute('**/api/admin/affiliates');
  const listed = (await (await page.request.get('/api/admin/affiliates')).json()) as { email: string; approvedBalanceCents: number }[];
  const withBalances = listed.map((affiliate) => ({ ...affiliate, approvedBalanceCents: affiliate.email === AFFILIATE.email ? 6400 : 1600 }));
  await page.route('**/api/admin/affiliates', (route) => route.fulfill({ json: withBalances }));
  await page.reload();
  const owed = page.getByTestId('approved-balance-row');
  await expect(owed.filter({ hasText: 'Mo Adeyemi' }).getByRole('button', { name: 'Record payout' })).toBeDisabled();
  await expect(owed.filter({ hasText: 'Mo Adeyemi' })).toContainText('Below the $50.00 minimum payout');
  await owed.filter({ hasText: 'Cora Lindqvist' }).getByRole('button', { name: 'Record payout to Cora Lindqvist' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Record payout' }).click();
  await expect(dialog.getByText(AffiliateMessages.referenceRequired)).toBeVisible();
  await dialog.getByLabel('Payment reference').fill('TRF-2026-0042');
  await dialog.getByRole('button', { name: 'Record payout' }).click();
  await expect(toast(page, 'Payout not recorded')).toContainText(AffiliateMessages.belowMinimumPayout);

  await page.unroute('**/api/admin/affiliates');
  await page.route('**/api/admin/affiliates', (route) => route.fulfill({ json: [] }));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'No affiliates registered yet' })).toBeVisible();
});

test('no serious accessibility violations on the sign-up page, the dashboard and the admin tab; they fit a phone', async ({ page, login }) => {
  await page.setViewportSize(PHONE);
  for (const theme of ['light', 'dark']) {
    await page.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
    await page.goto('/affiliate-signup');
    await page.getByRole('button', { name: 'Join the Affiliate Program' }).click();
    await expect(page.getByText(AffiliateMessages.industryRequired)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await fitsTheScreen(page)).toBe(true);
  }
  await login(AFFILIATE, '/affiliate-dashboard');
  await expect(page.getByTestId('affiliate-monthly-chart')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  expect(await fitsTheScreen(page)).toBe(true);
  await page.context().clearCookies();
  await login(ADMIN, '/admin-panel?tab=affiliates');
  await expect(page.getByTestId('affiliate-row').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  expect(await fitsTheScreen(page)).toBe(true);
});
