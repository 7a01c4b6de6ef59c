import type { Page } from '@playwright/test';
import { registerAndSignInOperator } from './accounts.js';
import { expect, test, toast } from './fixtures.js';

/*
 * A machine's planogram grid, as an operator fills it from the keyboard and from a spreadsheet:
 * one operator with a small catalogue and two machines, made through the API.
 */
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const cell = (page: Page, column: string, row: number) => page.getByRole('grid').getByLabel(`${column}, row ${row}`, { exact: true });

/** Puts text on the clipboard and pastes it with the keyboard, as after copying cells in a spreadsheet. */
async function paste(page: Page, text: string) {
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await page.keyboard.press('ControlOrMeta+V');
}

test('fill a planogram from the keyboard and a pasted block, save it, and see a product change in the history', async ({ page, server, smtp, playwright }) => {
  const { api, session } = await registerAndSignInOperator(
    { server, smtp, playwright },
    { email: `planogram-${Date.now()}@example.com`, password: 'slots-and-spirals-77' },
  );
  for (const [name, price] of [
    ['Coca-Cola', '1.75'],
    ['Doritos', '1.50'],
    ['Twix', '1.25'],
  ] as const) {
    const created = await api.post('/api/products', { data: { name, brand: 'Brand', category: 'Chips', price, description: '', votes: 0 } });
    expect(created.status(), await created.text()).toBe(201);
  }
  for (const name of ['Lobby Snacks', 'Gym Drinks']) {
    const created = await api.post('/api/machines', { data: { name, location: 'Building A', type: 'combo', serialNumber: `SN-${name}`, status: 'active' } });
    expect(created.status(), await created.text()).toBe(201);
  }
  await page.context().addCookies(session);

  // From the machines list to the machine's page, which starts empty and says what a planogram is for.
  await page.goto('/vending-machines');
  await page.getByRole('link', { name: 'Planogram of Lobby Snacks' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lobby Snacks' })).toBeVisible();
  await expect(page.getByTestId('planogram-empty')).toContainText('VendVote tells those sales per product');

  // Typed like a spreadsheet: Tab moves right, the product cell offers the catalogue, Tab past the last cell starts a row.
  await page.getByRole('button', { name: 'Add first slot' }).click();
  await expect(cell(page, 'Code', 1)).toBeFocused();
  await page.keyboard.type('A1');
  await page.keyboard.press('Tab');
  await page.keyboard.type('coca');
  await expect(page.getByRole('option', { name: 'Coca-Cola' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(cell(page, 'Product', 1)).toHaveValue('Coca-Cola');
  for (const text of ['10', '8']) {
    await page.keyboard.press('Tab');
    await page.keyboard.type(text);
  }
  await page.keyboard.press('Tab');
  await expect(cell(page, 'Price', 1)).toHaveAttribute('placeholder', '1.75');
  await page.keyboard.press('Tab');
  await expect(cell(page, 'Code', 2)).toBeFocused();

  // A block copied from a spreadsheet fills down from the focused cell; a name the catalogue lacks is marked.
  await paste(page, 'A2\tdoritos\t12\t10\t2.00\r\nA3\tSnickers\t6\t6\t\r\n');
  await expect(cell(page, 'Product', 2)).toHaveValue('Doritos');
  await expect(cell(page, 'Price', 2)).toHaveValue('2.00');
  await expect(page.getByRole('grid').getByText('No product in your catalogue is called “Snickers”')).toBeVisible();
  await expect(cell(page, 'Product', 3)).toHaveAttribute('aria-invalid', 'true');

  // Arrow keys move between cells; typing over a cell replaces it, and the list takes a pick.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await expect(cell(page, 'Product', 3)).toBeFocused();
  await page.keyboard.type('twi');
  await page.keyboard.press('Enter');
  await expect(cell(page, 'Product', 3)).toHaveValue('Twix');
  await expect(cell(page, 'Product', 3)).not.toHaveAttribute('aria-invalid');

  // Leaving with unsaved changes asks first.
  await page.getByRole('link', { name: 'All vending machines' }).click();
  await page.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(page).toHaveURL(/\/vending-machines\/\d+$/);

  await page.keyboard.press('ControlOrMeta+S');
  await expect(toast(page, 'Planogram saved')).toBeVisible();
  await page.reload();
  await expect(cell(page, 'Product', 1)).toHaveValue('Coca-Cola');
  await expect(cell(page, 'Code', 3)).toHaveValue('A3');
  await expect(cell(page, 'Par', 2)).toHaveValue('10');

  // A1 gets another product: the history shows Coca-Cola's spell ended and Twix's begun.
  await cell(page, 'Product', 1).focus();
  await page.keyboard.type('Twix');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Planogram saved')).toBeVisible();
  await page.getByText('History', { exact: true }).click();
  const history = page.getByRole('table', { name: 'Planogram history' });
  await expect(history.getByRole('row').filter({ hasText: 'Coca-Cola' })).not.toContainText('Now');
  await expect(history.getByRole('row').filter({ hasText: 'A1' }).filter({ hasText: 'Twix' })).toContainText('Now');

  // On a phone the grid scrolls inside its own frame; the page does not.
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await api.dispose();
});
