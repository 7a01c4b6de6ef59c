import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, registerVerifiedOperator, test, toast } from './fixtures.js';

const account = { email: `hub-${Date.now()}@example.com`, password: 'spotless-machines-every-week-7' };

const product = (page: Page, name: string) => page.getByRole('article', { name });

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  return serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test.describe('the business resources hub', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({ server, smtp }) => {
    await registerVerifiedOperator(server, smtp, account);
  });

  test('the hub shows the five areas, each a link, and the catalogue as counted', async ({ page, login }) => {
    await login(account, '/resources');
    await expect(page.getByRole('heading', { level: 1, name: 'Business Resources' })).toBeVisible();
    const summary = await (await page.request.get('/api/resources/summary')).json();
    await expect(page.getByTestId('hub-stat-Products listed')).toHaveText(String(summary.totalItems));
    await expect(page.getByText('500+')).toHaveCount(0);
    // The prices are a stored copy: the page says how old it is.
    const updated = new Date(summary.pricesUpdatedAt as string).toLocaleDateString('en-US', { dateStyle: 'medium' });
    await expect(page.getByTestId('prices-updated')).toHaveText(`Prices last updated ${updated}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: /Cleaning Kits/ })).toBeVisible();
    await expect(main.getByRole('link', { name: /Toolkits & Parts/ })).toBeVisible();
    await expect(main.getByRole('link', { name: /Inventory Analytics/ })).toHaveAttribute('href', '/resources/inventory-analytics');
    await expect(main.getByRole('link', { name: /Demographics/ })).toHaveAttribute('href', '/resources/demographics');
    await expect(main.getByText('Coming soon')).toHaveCount(0);
    await expect(main.locator('[aria-disabled]')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await main.getByRole('link', { name: /Credit Card Readers/ }).click();
    await expect(page).toHaveURL(/\/resources\/card-readers$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Credit Card Readers' })).toBeVisible();
    await expect(page.getByTestId('prices-updated')).toContainText('Prices last updated');
  });

  test('card readers: search, filter, clear; add to cart with a toast; change the quantity; check out on Amazon in a new tab', async ({ page, login }) => {
    await login(account, '/resources/card-readers');
    const items = page.getByTestId('catalog-item');
    await expect(items.first()).toBeVisible();
    const all = await items.count();

    await page.getByLabel('Search card readers').fill('nayax');
    await expect(items).toHaveCount(2);
    await page.getByRole('button', { name: 'Mobile Card Readers' }).click();
    await expect(page.getByText('No products match your search')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(page.getByLabel('Search card readers')).toHaveValue('');
    await expect(items).toHaveCount(all);
    await page.getByRole('button', { name: 'Mobile Card Readers' }).click();
    await expect(page.getByRole('button', { name: 'Mobile Card Readers' })).toHaveAttribute('aria-pressed', 'true');
    await expect(items).toHaveCount(2);
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await expect(items).toHaveCount(all);

    // Out of stock: the add button is disabled.
    const onyx = product(page, 'Nayax Onyx Cashless Reader');
    await expect(onyx.getByText('Out of stock', { exact: true })).toBeVisible();
    await expect(onyx.getByRole('button', { name: /Out of Stock/ })).toBeDisabled();

    const vposName = 'Nayax VPOS Touch Cashless Reader';
    await expect(product(page, vposName).getByRole('link', { name: /View on Amazon.*\(opens in a new tab\)$/ })).toHaveAttribute('rel', 'noopener noreferrer');
    await product(page, vposName).getByRole('button', { name: /Add to Cart/ }).click();
    await expect(toast(page, 'Added to Cart')).toContainText(`${vposName} has been added to your cart.`);
    await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: '1 item in your cart' })).toBeAttached();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Cart, 1 item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your cart' });
    const quantity = dialog.getByRole('group', { name: `Quantity of ${vposName}` });
    await quantity.getByRole('button', { name: `Increase quantity of ${vposName}` }).click();
    await expect(dialog.getByTestId('cart-line-quantity')).toHaveText('2');
    // The count is a live region, so the change is read out as it happens.
    await expect(quantity.getByRole('status')).toHaveText('Quantity 2');
    // Links that open a new tab say so to screen readers.
    await expect(dialog.getByRole('link', { name: `${vposName} (opens in a new tab)` })).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(dialog.getByTestId('cart-subtotal')).toHaveText('$698.00');
    expect(await seriousViolations(page)).toEqual([]);

    // No internet here: the Amazon page is answered locally, and only its address is checked.
    await page.context().route('https://www.amazon.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Amazon</title>' }));
    const checkout = dialog.getByRole('link', { name: /Check out on Amazon/ });
    await expect(checkout).toHaveAttribute('target', '_blank');
    await expect(checkout).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(checkout).toHaveAccessibleName(/\(opens in a new tab\)$/);
    const [popup] = await Promise.all([page.waitForEvent('popup'), checkout.click()]);
    const url = new URL(popup.url());
    expect(`${url.origin}${url.pathname}`).toBe('https://www.amazon.com/gp/aws/cart/add.html');
    expect(url.searchParams.get('Quantity.1')).toBe('2');
    expect(url.searchParams.get('ASIN.1')).toMatch(/^[A-Z0-9]{10}$/);
    await popup.close();

    await dialog.getByRole('button', { name: `Remove ${vposName}` }).click();
    await expect(dialog.getByText('Your cart is empty.')).toBeVisible();
  });

  test('cleaning kits word the toast their own way, and the cart survives a reload', async ({ page, login }) => {
    await login(account, '/resources/cleaning-kits');
    await page.getByRole('button', { name: 'Disinfectants' }).click();
    await page.getByTestId('catalog-item').first().getByRole('button', { name: /Add to Cart/ }).click();
    await expect(toast(page, 'Added to Cart')).toContainText('Product added to your cleaning supplies cart');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
    await page.getByRole('button', { name: 'Cart, 1 item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your cart' });
    await dialog.getByRole('button', { name: 'Clear cart' }).click();
    await expect(dialog.getByText('Your cart is empty.')).toBeVisible();
    // An open dialog hides the page from the accessibility tree; closed, the count reads 0.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Cart, 0 items' })).toBeVisible();
  });

  test('on a 360 px phone the hub and a catalogue fit the screen', async ({ page, login }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of ['/resources', '/resources/toolkits']) {
      await login(account, path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (path !== '/resources') await expect(page.getByTestId('catalog-item').first()).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await expect(page.getByRole('button', { name: /Cart, / })).toBeInViewport();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
