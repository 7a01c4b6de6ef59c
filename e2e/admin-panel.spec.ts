import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { AuthMessages } from '../src/shared/auth.schemas.js';
import { testWithOwnAdmin } from './accounts.js';
import { expect, registerVerifiedOperator, toast } from './fixtures.js';

const ADMIN = { email: 'admin-panel-admin@example.com', password: 'every-account-in-one-place-3' };
const OPERATOR = { email: `admin-panel-operator-${Date.now()}@example.com`, password: 'every-account-in-one-place-3' };
const MEMBER = { email: `admin-panel-member-${Date.now()}@example.com`, password: 'every-account-in-one-place-3', firstName: 'Marta', lastName: 'Kowalski' };
/** Thirty Pending accounts share this word in their email: more than one page of 25. */
const MARKER = `panel${Date.now().toString(36)}`;
const PHONE = { width: 360, height: 740 };

const test = testWithOwnAdmin(ADMIN);

let address = 0;
test.beforeAll(async ({ adminServer, smtp }) => {
  await registerVerifiedOperator(adminServer, smtp, OPERATOR);
  await registerVerifiedOperator(adminServer, smtp, MEMBER);
  for (let n = 0; n < 30; n++) {
    const response = await fetch(`${adminServer.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.88.0.${++address}` },
      body: JSON.stringify({ firstName: 'Pending', lastName: `Person ${n}`, email: `${MARKER}-${n}@example.com`, password: ADMIN.password, confirmPassword: ADMIN.password }),
    });
    expect(response.status).toBe(201);
  }
});

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

const rows = (page: Page) => page.getByTestId('admin-user-row');

test('an admin sees the tabs and the users, searches, pages, and disables an account', async ({ page, login }) => {
  await login(ADMIN, '/admin-panel');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab');
  await expect(tabs).toHaveText(['User Database', 'Affiliate Program', 'Affiliate Setup', 'Educators', 'Resources', 'Charities', 'Messages', 'Audit']);
  await expect(page.getByRole('tab', { name: 'User Database' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('user-stat-total')).toContainText(/\d/);
  // The counts are labelled groups; the headings below the h1 never skip a level.
  await expect(page.getByRole('group', { name: 'Total users' })).toContainText(/\d/);
  const levels = await page.locator('h1, h2, h3, h4, h5, h6').evaluateAll((headings) => headings.map((heading) => Number(heading.tagName[1])));
  expect(levels.filter((level, i) => i > 0 && level > levels[i - 1]! + 1)).toEqual([]);
  await expect(rows(page).first()).toBeVisible();

  // Search, then the second page of the thirty.
  await page.getByLabel('Search users').fill(MARKER.toUpperCase());
  await expect(page.getByText('Showing 1-25 of 30')).toBeVisible();
  await expect(rows(page)).toHaveCount(25);
  await expect(rows(page).first()).toContainText('Pending');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Showing 26-30 of 30')).toBeVisible();
  await expect(rows(page)).toHaveCount(5);

  // Another tab, linkable.
  await page.getByRole('tab', { name: 'Educators' }).click();
  await expect(page).toHaveURL(/\?tab=educators$/);
  await expect(page.getByRole('button', { name: 'Add Educator' })).toBeVisible();
  await page.getByRole('tab', { name: 'User Database' }).click();

  // Disable a member: confirmed, told, shown, and their sign-in refused.
  await page.getByLabel('Search users').fill(MEMBER.email);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText('Marta Kowalski');
  await expect(rows(page)).toContainText('Verified');
  await page.getByRole('button', { name: 'Disable Marta Kowalski' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Disable account' }).click();
  await expect(toast(page, 'Account disabled')).toBeVisible();
  await expect(rows(page)).toContainText('Disabled');
  const refused = await page.request.post('/api/auth/login', { data: { email: MEMBER.email, password: MEMBER.password } });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBe(AuthMessages.accountDisabled);

  // Nobody can disable themselves: the admin's own row offers no Disable.
  await page.getByLabel('Search users').fill(ADMIN.email);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).getByRole('button', { name: /^Disable/ })).toHaveCount(0);

  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin Panel' })).toBeVisible();
});

test('Messages: an admin reads a contact message, answers it by mail, and it moves to Handled', async ({ page, login, adminServer, smtp }) => {
  const sender = `contact-sender-${Date.now()}@example.com`;
  const subject = `Do you support Nayax readers? ${Date.now()}`;
  const sent = await fetch(`${adminServer.url}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.89.0.1' },
    body: JSON.stringify({ name: 'Riley Chen', email: sender, subject, message: 'We run 12 machines.\nDo your QR codes work with Nayax?' }),
  });
  expect(sent.status).toBe(202);

  await login(ADMIN, '/admin-panel?tab=messages');
  await expect(page.getByRole('tab', { name: 'Messages' })).toHaveAttribute('aria-selected', 'true');
  const item = page.getByRole('listitem', { name: subject });
  await expect(item).toContainText('Waiting');
  await expect(item).toContainText(`Riley Chen <${sender}>`);
  await item.getByRole('button', { name: `Read ${subject}` }).click();
  await expect(item.getByText('Do your QR codes work with Nayax?')).toBeVisible();

  await item.getByRole('button', { name: 'Send reply' }).click();
  await expect(item.getByText('Please write a reply')).toBeVisible();
  await item.getByLabel('Reply to Riley Chen').fill('Yes, any reader works: the QR code opens a web page.');
  await item.getByRole('button', { name: 'Send reply' }).click();
  await expect(toast(page, 'Reply sent')).toContainText(sender);
  const mail = await smtp.waitForMail(sender, /^Re: Do you support Nayax readers/, 15_000);
  expect(mail.text).toContain('Yes, any reader works');

  // Answered is handled: it leaves the Waiting list and is found under Handled, with the reply and who sent it.
  await expect(page.getByRole('listitem', { name: subject })).toHaveCount(0);
  await page.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Handled' }).click();
  const handled = page.getByRole('listitem', { name: subject });
  await expect(handled).toContainText('Handled');
  await handled.getByRole('button', { name: `Read ${subject}` }).click();
  await expect(handled).toContainText(`${ADMIN.email} replied on`);
  await handled.getByRole('button', { name: `Mark as waiting ${subject}` }).click();
  await expect(toast(page, 'Marked as waiting')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('an operator gets the 404 page and no sidebar entry', async ({ page, login }) => {
  await login(OPERATOR, '/dashboard');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);
  await page.goto('/admin-panel');
  await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
});

test('no serious accessibility violations, and it fits a 360 px phone', async ({ page, login }) => {
  await page.setViewportSize(PHONE);
  await login(ADMIN, '/admin-panel');
  await expect(rows(page).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByRole('tab', { name: 'Resources' }).click();
  await expect(page.getByRole('button', { name: 'Add Resource' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
