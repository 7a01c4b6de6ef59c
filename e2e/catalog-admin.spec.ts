import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { testWithOwnAdmin } from './accounts.js';
import { expect, registerVerifiedOperator, toast } from './fixtures.js';

const ADMIN = { email: 'catalog-admin@example.com', password: 'kits-readers-and-tools-4' };
const OPERATOR = { email: `catalog-operator-${Date.now()}@example.com`, password: 'kits-readers-and-tools-4' };
const NEW_ITEM = 'Bench Multimeter Kit';
const TOOLKITS = '/resources/toolkits';

const test = testWithOwnAdmin(ADMIN);

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ adminServer, smtp }) => {
  await registerVerifiedOperator(adminServer, smtp, OPERATOR);
});

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

const card = (page: Page, name: string) => page.getByRole('article', { name });
const field = (page: Page, name: string) => page.getByRole('dialog').getByRole('textbox', { name, exact: true });

test('an admin adds an item: required fields checked, the slug made from the name, a taken slug refused under its field', async ({ page, login }) => {
  await login(ADMIN, TOOLKITS);
  await expect(page.getByTestId('catalog-item').first()).toBeVisible();
  await expect(card(page, 'Fluke 101 Digital Multimeter').getByRole('button', { name: 'Edit Fluke 101 Digital Multimeter' })).toBeVisible();

  await page.getByRole('button', { name: 'Add item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add item' });
  await expect(dialog).toBeVisible();
  // Toolkits have a warranty; the other catalogues' own fields are not offered.
  await expect(field(page, 'Warranty')).toBeVisible();
  await expect(dialog.getByText('Installation')).toHaveCount(0);
  await expect(dialog.getByText('Business savings (%)')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await dialog.getByRole('button', { name: 'Add item' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('Category is required')).toBeVisible();
  await expect(dialog.getByText('Price must be an amount such as 19.99')).toBeVisible();
  await expect(dialog.getByText('The Amazon ASIN is 10 letters and digits')).toBeVisible();
  await expect(field(page, 'Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, 'Name')).toHaveAttribute('aria-required', 'true');
  expect(await seriousViolations(page)).toEqual([]);

  await field(page, 'Name').fill(NEW_ITEM);
  await expect(field(page, 'Slug')).toHaveValue('bench-multimeter-kit');
  await field(page, 'Brand').fill('Testwell');
  await dialog.getByRole('combobox', { name: 'Category' }).fill('Electrical');
  await field(page, 'Price (US$)').fill('42.50');
  await field(page, 'Original price (US$)').fill('49.99');
  await field(page, 'Amazon ASIN').fill('b0test1234');
  await field(page, 'Warranty').fill('2 years');
  for (const feature of ['Auto ranging', 'Left out', 'Backlit display']) {
    await dialog.getByRole('button', { name: 'Add feature' }).click();
    await page.keyboard.type(feature);
  }
  await dialog.getByRole('button', { name: 'Remove feature 2' }).click();
  await expect(dialog.getByRole('textbox', { name: /^Feature \d$/ })).toHaveCount(2);

  // The server's refusal of a taken slug stands under the slug.
  await field(page, 'Slug').fill('fluke-101-digital-multimeter');
  await dialog.getByRole('button', { name: 'Add item' }).click();
  await expect(toast(page, 'Save Failed')).toBeVisible();
  await expect(field(page, 'Slug')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, 'Slug')).toHaveAccessibleDescription(/Another item in this catalogue already has this slug/);
  // Typed by hand, the slug no longer follows the name.
  await field(page, 'Name').fill(`${NEW_ITEM} `);
  await expect(field(page, 'Slug')).toHaveValue('fluke-101-digital-multimeter');

  await field(page, 'Name').fill(NEW_ITEM);
  await field(page, 'Slug').fill('testwell-bench-multimeter-kit');
  await dialog.getByRole('button', { name: 'Add item' }).click();
  await expect(toast(page, 'Item Saved')).toContainText(`${NEW_ITEM} is listed in Toolkits & Parts.`);
  await expect(dialog).toBeHidden();
  const added = card(page, NEW_ITEM);
  await expect(added.getByTestId('catalog-item-price')).toHaveText('$42.50');
  await expect(added.getByRole('listitem')).toHaveText(['Auto ranging', 'Backlit display']);
  await expect(added.getByText('2 years')).toBeVisible();
  await expect(added.getByRole('link', { name: /View on Amazon/ })).toHaveAttribute('href', /B0TEST1234/);
});

test('an operator sees the new item, with no admin controls, and the server refuses them', async ({ page, login }) => {
  await login(OPERATOR, TOOLKITS);
  await expect(card(page, NEW_ITEM)).toBeVisible();
  await expect(card(page, NEW_ITEM).getByRole('button', { name: /Add to Cart/ })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Add item' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  await expect(page.getByRole('switch')).toHaveCount(0);
  expect((await page.request.get('/api/admin/catalog-items')).status()).toBe(403);
});

test('the admin edits price and stock: out of stock disables adding to the cart; the card switch puts it back', async ({ page, login }) => {
  await login(ADMIN, TOOLKITS);
  const item = card(page, NEW_ITEM);
  await item.getByRole('button', { name: `Edit ${NEW_ITEM}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit item' });
  await expect(field(page, 'Name')).toHaveValue(NEW_ITEM);
  await expect(dialog.getByRole('textbox', { name: 'Feature 2' })).toHaveValue('Backlit display');
  await field(page, 'Price (US$)').fill('39.99');
  await dialog.getByRole('checkbox', { name: 'In stock' }).uncheck();
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, 'Item Saved')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(item.getByTestId('catalog-item-price')).toHaveText('$39.99');
  await expect(item.getByText('Out of stock', { exact: true })).toBeVisible();
  await expect(item.getByRole('button', { name: /Out of Stock/ })).toBeDisabled();

  const stock = item.getByRole('switch', { name: /^In stock/ });
  await expect(stock).toHaveAttribute('aria-checked', 'false');
  await stock.click();
  await expect(toast(page, 'Item Saved')).toContainText(`${NEW_ITEM} is now in stock.`);
  await expect(stock).toHaveAttribute('aria-checked', 'true');
  await expect(item.getByRole('button', { name: /Add to Cart/ })).toBeEnabled();
});

test('on a 360 px phone the admin controls and the dialog fit the screen', async ({ page, login }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await login(ADMIN, TOOLKITS);
  await expect(card(page, NEW_ITEM)).toBeVisible();
  await page.getByRole('button', { name: 'Add item' }).click();
  await expect(page.getByRole('dialog', { name: 'Add item' })).toBeInViewport();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the admin deletes the item only after confirming; operators no longer see it', async ({ page, login }) => {
  await login(ADMIN, TOOLKITS);
  const item = card(page, NEW_ITEM);
  await item.getByRole('button', { name: `Delete ${NEW_ITEM}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this item?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(item).toBeVisible();

  await item.getByRole('button', { name: `Delete ${NEW_ITEM}` }).click();
  await confirm.getByRole('button', { name: 'Delete item' }).click();
  await expect(toast(page, 'Item Deleted')).toContainText(`${NEW_ITEM} is no longer listed.`);
  await expect(item).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add item' })).toBeFocused();

  await login(OPERATOR, TOOLKITS);
  await expect(page.getByTestId('catalog-item').first()).toBeVisible();
  await expect(card(page, NEW_ITEM)).toHaveCount(0);
});
