import type { Page } from '@playwright/test';
import { AffiliateMessages } from '../src/shared/affiliates.schemas.js';
import { AuthMessages } from '../src/shared/auth.schemas.js';
import { linkFrom } from '../tests/support/smtp-server.js';
import { signInThroughApi } from './accounts.js';
import { dashboardOf, nextAddress, PRICES, registerVerifiedAffiliate, testWithAffiliateWorld } from './affiliate-world.js';
import { expect } from './fixtures.js';

const stamp = Date.now();
const PASSWORD = 'refer-the-snack-people-4';
const ADMIN = { email: 'affiliates-admin@example.com', password: PASSWORD };
const AFFILIATE = { email: `teacher-${stamp}@example.com`, password: PASSWORD, firstName: 'Tessa', lastName: 'Okafor' };

const test = testWithAffiliateWorld(ADMIN);

test.beforeAll(async ({ affiliateServer, smtp }) => {
  await registerVerifiedAffiliate(affiliateServer, smtp, AFFILIATE);
});

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('the sign-up form checks its fields, shows the success screen, and the verified affiliate lands on their dashboard', async ({ page, smtp }) => {
  const email = `new-affiliate-${stamp}@example.com`;
  const response = await page.goto('/affiliate-signup');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Join the VendVote affiliate program' })).toBeVisible();
  await expect(page.getByText('Growth ($20.00/month) earns you $8.00 a month.', { exact: false })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute('href', '/affiliate/login');

  const join = page.getByRole('button', { name: 'Join the Affiliate Program' });
  await join.click();
  for (const message of [AuthMessages.firstNameRequired, AuthMessages.lastNameRequired, AuthMessages.invalidEmail, AuthMessages.passwordTooShort, AffiliateMessages.industryRequired, AffiliateMessages.experienceRequired]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByLabel('Industry')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Industry')).toHaveAttribute('aria-required', 'true');
  await expect(page.getByLabel('Experience')).toHaveAttribute('aria-required', 'true');

  await page.getByLabel('First Name').fill('Ada');
  await page.getByLabel('Last Name').fill('Mensah');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(`${PASSWORD}x`);
  await choose(page, 'Industry', 'Education');
  await choose(page, 'Experience', 'Intermediate (2-5 years)');
  await join.click();
  await expect(page.getByText(AuthMessages.passwordsDontMatch)).toBeVisible();
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await join.click();

  await expect(page.getByRole('heading', { name: 'Registration Successful!' })).toBeFocused();
  await expect(page.getByText('Welcome to the program. Check your email for next steps.').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to homepage' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: 'Affiliate sign in' })).toHaveAttribute('href', '/affiliate/login');

  // The same address again: the same answer as for a new one (sign-up tells nobody who has an
  // account); the owner, still unverified, is mailed a fresh link instead.
  await page.reload();
  await page.getByLabel('First Name').fill('Ada');
  await page.getByLabel('Last Name').fill('Mensah');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await choose(page, 'Industry', 'Sales');
  await choose(page, 'Experience', 'Expert (10+ years)');
  await join.click();
  await expect(page.getByRole('heading', { name: 'Registration Successful!' })).toBeFocused();
  await expect.poll(() => smtp.received.filter((mail) => mail.to.includes(email) && /Verify/.test(mail.subject)).length).toBe(2);

  await page.goto(linkFrom(await smtp.waitForMail(email, /Verify/), '/verify-email'));
  await page.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await expect(page).toHaveURL(/\/affiliate-dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Affiliate Dashboard' })).toBeVisible();
  await expect(page.getByTestId('affiliate-code')).toHaveText(/^[A-Z2-9]{8}$/);
});

test('from a referral link through sign-up, a paid invoice, to the affiliate\'s dashboard figures', async ({ page, browser, baseURL, smtp, stripe, login, playwright, affiliateServer }) => {
  const { api } = await signInThroughApi(playwright, affiliateServer, AFFILIATE);
  const { code, link } = await dashboardOf(api);
  expect(link).toBe(`${baseURL}/?ref=${code}`);

  // A stranger follows the link in a browser of their own and signs up as an operator.
  const visitor = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': nextAddress() } });
  const stranger = await visitor.newPage();
  const referred = `referred-${stamp}@example.com`;
  await stranger.goto(`/?ref=${code}`);
  expect((await visitor.cookies()).some((cookie) => cookie.name === 'ref' && cookie.httpOnly)).toBe(true);
  await stranger.goto('/register');
  await stranger.getByLabel('First Name').fill('Rory');
  await stranger.getByLabel('Last Name').fill('Ferris');
  await stranger.getByLabel('Email').fill(referred);
  await stranger.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await stranger.getByLabel('Confirm Password').fill(PASSWORD);
  await stranger.getByRole('button', { name: 'Create Account' }).click();
  await expect(stranger).toHaveURL(/\/check-email/);
  await stranger.goto(linkFrom(await smtp.waitForMail(referred, /Verify/), '/verify-email'));
  await stranger.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await expect(stranger).toHaveURL(/\/dashboard$/);

  // Growth with a card; the trial ends and Stripe charges the first $20.00 invoice.
  const checkout = await stranger.request.post('/api/stripe/create-checkout', { data: { priceId: PRICES.growth, planName: 'Growth' } });
  expect(checkout.status()).toBe(200);
  const sessionId = new URL(((await checkout.json()) as { url: string }).url).pathname.split('/').at(-1)!;
  const { subscription, events } = stripe.completeCheckout(sessionId, { addCard: true });
  for (const event of events) expect(await stripe.deliver(event)).toBe(200);
  const renewal = stripe.endPeriod(subscription.id as string);
  expect(renewal.map((event) => event.type)).toContain('invoice.paid');
  for (const event of renewal) expect(await stripe.deliver(event)).toBe(200);
  await visitor.close();

  await login(AFFILIATE, '/affiliate-dashboard');
  await expect(page.getByRole('group', { name: 'Clicks' })).toContainText(/^Clicks1Visits/);
  await expect(page.getByRole('group', { name: 'Sign-ups' })).toContainText(/^Sign-ups1Accounts/);
  await expect(page.getByRole('group', { name: 'Active referrals' })).toContainText(/^Active referrals1Referrals/);
  await expect(page.getByTestId('affiliate-pending')).toContainText('$8.00');
  await expect(page.getByTestId('affiliate-approved')).toContainText('$0.00');
  const row = page.getByTestId('referral-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('r***@e***.com');
  await expect(row).toContainText('Growth');
  await expect(row).toContainText('Paying');
  await expect(row).toContainText('$8.00');
  await expect(page.getByText(referred)).toHaveCount(0);
  await api.dispose();
});
