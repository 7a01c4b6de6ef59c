import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { signInThroughApi, testWithOwnAdmin, type SignedInApi } from './accounts.js';
import { expect, registerVerifiedOperator, toast } from './fixtures.js';

const ADMIN = { email: 'education-admin@example.com', password: 'courses-for-every-route-5' };
const OPERATOR = { email: `education-operator-${Date.now()}@example.com`, password: 'courses-for-every-route-5', firstName: 'Noor' };
const EDUCATOR = 'Zephyr Route Coaching';
const RENAMED = 'Zephyr Route Coaching Pro';
const OTHER = 'Ledger Basics Studio';

const test = testWithOwnAdmin(ADMIN);

test.describe.configure({ mode: 'serial' });

let admin: SignedInApi;
test.beforeAll(async ({ adminServer, smtp, playwright }) => {
  await registerVerifiedOperator(adminServer, smtp, OPERATOR);
  admin = await signInThroughApi(playwright, adminServer, ADMIN);
});
test.afterAll(async () => {
  await admin?.api.dispose();
});

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

const cards = (page: Page) => page.getByTestId('educator-card');
const card = (page: Page, name: string) => page.getByRole('article', { name });

test('examples first; with none at all, Get Notified is stored and still shown after a reload', async ({ page, login }) => {
  await login(OPERATOR, '/education');
  await expect(page.getByRole('heading', { level: 1, name: 'Education' })).toBeVisible();
  // The demo data's invented educators, each marked, under the coming-soon panel.
  await expect(cards(page)).toHaveCount(3);
  await expect(cards(page).filter({ hasText: 'Example' })).toHaveCount(3);
  await expect(page.getByRole('heading', { name: 'No educators are listed yet' })).toBeVisible();
  // An example shows none of its invented figures or example.com links, and no emoji for an icon.
  await expect(cards(page).first()).toContainText('not a real school or teacher');
  await expect(cards(page).first().getByText(/ of 5$/)).toHaveCount(0);
  await expect(cards(page).getByRole('link')).toHaveCount(0);
  await expect(cards(page).first().locator('svg').first()).toBeVisible();
  expect(await cards(page).allInnerTexts()).not.toContainEqual(expect.stringMatching(/\p{Extended_Pictographic}/u));

  // An admin removes the examples: nothing at all is listed now.
  const list = await admin.api.get('/api/admin/educators');
  for (const { id } of (await list.json()).educators as { id: number }[]) {
    expect((await admin.api.delete(`/api/admin/educators/${id}`)).status()).toBe(200);
  }
  await page.reload();
  await expect(page.getByRole('heading', { name: 'The education directory is empty' })).toBeVisible();
  await expect(page.getByText('we will email you once, when the first real educator is listed')).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  await expect(page.getByRole('search')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Get Notified When Available' }).click();
  await expect(page.getByText("You're on the list")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Get Notified When Available' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByText("You're on the list")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Get Notified When Available' })).toHaveCount(0);
});

test('an admin adds an educator through the dialog and edits it; the waiting operator is mailed', async ({ page, login, smtp }) => {
  await login(ADMIN, '/admin-panel?tab=educators');
  await expect(page.getByText('No educators added yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add Educator' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Educator' });

  // Required fields are marked and checked; one highlight row cannot be removed.
  await dialog.getByRole('button', { name: 'Add Educator' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('Add at least one highlight')).toBeVisible();
  await expect(dialog.getByRole('button', { name: /Remove highlight/ })).toHaveCount(0);

  await dialog.getByLabel('Name *').fill(EDUCATOR);
  await dialog.getByLabel('Description *').fill('Weekly coaching calls on planning restocking routes.');
  await dialog.getByRole('combobox', { name: 'Category *' }).click();
  await page.getByRole('option', { name: 'Operations' }).click();
  await dialog.getByLabel('Specialization *').fill('Route planning');
  await dialog.getByLabel('Website URL *').fill('https://zephyr.example.com');
  await dialog.getByLabel('Affiliate URL *').fill('https://zephyr.example.com/courses?ref=vv');
  await dialog.getByRole('textbox', { name: 'Highlight 1', exact: true }).fill('Live weekly calls');
  await dialog.getByRole('button', { name: 'Add Highlight' }).click();
  await dialog.getByRole('textbox', { name: 'Highlight 2', exact: true }).fill('Temporary row');
  await dialog.getByRole('button', { name: 'Add Highlight' }).click();
  await dialog.getByRole('textbox', { name: 'Highlight 3', exact: true }).fill('Route templates');
  await dialog.getByRole('button', { name: 'Remove highlight 2' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Highlight 2', exact: true })).toHaveValue('Route templates');
  await expect(dialog.getByLabel('Rating (0-5)')).toHaveValue('4.5');
  await dialog.getByRole('switch', { name: 'Featured' }).click();
  await dialog.getByRole('button', { name: 'Add Educator' }).click();

  await expect(toast(page, 'Educator Added')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('educator-row').filter({ hasText: EDUCATOR });
  await expect(row).toContainText('Featured');
  await expect(row).toContainText('Route planning');
  await expect(page.getByTestId('educator-stat-total')).toContainText('1');
  await expect(page.getByTestId('educator-stat-featured')).toContainText('1');

  const mail = await smtp.waitForMail(OPERATOR.email, /Educational resources are now on VendVote/);
  expect(mail.text).toContain('Hi Noor,');
  expect(mail.text).toMatch(/https?:\/\/\S+\/education/);

  await page.getByRole('button', { name: `Edit ${EDUCATOR}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Educator' });
  await expect(edit.getByRole('textbox', { name: 'Highlight 2', exact: true })).toHaveValue('Route templates');
  await edit.getByLabel('Name *').fill(RENAMED);
  await edit.getByLabel('Students').fill('250');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Educator Updated')).toBeVisible();
  await expect(page.getByTestId('educator-row').filter({ hasText: RENAMED })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('operators find it on /education: new-tab links, search, category filter, no-match state', async ({ page, login }) => {
  const other = await admin.api.post('/api/admin/educators', {
    data: {
      name: OTHER,
      description: 'Bookkeeping for small vending businesses.',
      category: 'Finance',
      specialization: 'Bookkeeping',
      website: 'https://ledger.example.com',
      affiliateUrl: 'https://ledger.example.com/enroll',
      highlights: ['Tax-season checklists'],
    },
  });
  expect(other.status()).toBe(201);

  await login(OPERATOR, '/education');
  await expect(cards(page)).toHaveCount(2);
  // Featured first.
  await expect(cards(page).first()).toContainText(RENAMED);
  const zephyr = card(page, RENAMED);
  await expect(zephyr).toContainText('Featured');
  await expect(zephyr).toContainText('250 students');
  await expect(zephyr).toContainText('Route templates');
  const learnMore = zephyr.getByRole('link', { name: /Learn More/ });
  await expect(learnMore).toHaveAttribute('href', 'https://zephyr.example.com');
  await expect(learnMore).toHaveAttribute('target', '_blank');
  await expect(learnMore).toHaveAttribute('rel', /noopener/);
  await expect(learnMore).toContainText('opens in a new tab');
  const viewCourses = zephyr.getByRole('link', { name: /View Courses/ });
  await expect(viewCourses).toHaveAttribute('href', 'https://zephyr.example.com/courses?ref=vv');
  await expect(viewCourses).toHaveAttribute('target', '_blank');
  await expect(viewCourses).toHaveAttribute('rel', /noopener/);

  await page.getByLabel('Search educators').fill('BOOKKEEPING');
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page)).toContainText(OTHER);
  await page.getByLabel('Search educators').fill('');
  await expect(cards(page)).toHaveCount(2);

  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Finance' }).click();
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page)).toContainText(OTHER);
  await page.getByLabel('Search educators').fill('zephyr');
  await expect(page.getByRole('heading', { name: 'No educators match your search' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(cards(page)).toHaveCount(2);
  expect(await seriousViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test('an admin deletes an educator after confirming, and is told', async ({ page, login }) => {
  await login(ADMIN, '/admin-panel?tab=educators');
  await page.getByRole('button', { name: `Delete ${OTHER}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to delete this educator?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Educator Deleted')).toBeVisible();
  await expect(toast(page, 'Educator Deleted')).toContainText('Educator has been deleted successfully.');
  await expect(page.getByTestId('educator-row').filter({ hasText: OTHER })).toHaveCount(0);
  await expect(page.getByTestId('educator-row')).toHaveCount(1);
});
