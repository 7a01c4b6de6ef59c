import type { APIRequestContext, Cookie } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import { registerAndSignInOperator } from './accounts.js';
import { expect, test } from './fixtures.js';

// A customer scans a magnet's QR code and votes; the operator sees where they came from.
const email = `funnel-${Date.now()}@example.com`;
const password = 'funnel-for-vending-7';
let api: APIRequestContext;
let session: Cookie[];
let machineId: number;

test.beforeAll(async ({ server, smtp, playwright }) => {
  ({ api, session } = await registerAndSignInOperator({ server, smtp, playwright }, { email, password, firstName: 'Ari' }));
  const machine = await api.post('/api/machines', { data: { name: 'Lobby', location: 'Front', type: 'combo', serialNumber: 'SN-FUNNEL' } });
  expect(machine.status()).toBe(201);
  machineId = ((await machine.json()) as { id: number }).id;
  const product = await api.post('/api/products', { data: { name: 'Sparkling Water', brand: 'Fizz', category: 'Soda', price: '1.25', description: '', votes: 0 } });
  expect(product.status()).toBe(201);
});

test.afterAll(async () => {
  await api.dispose();
});

test('a visit from a magnet and its vote show under that source', async ({ browser, page }) => {
  const phone = await browser.newContext();
  const customer = await phone.newPage();
  await customer.goto(`/vote/${machineId}?src=magnet`);
  const row = customer.getByRole('listitem').filter({ has: customer.getByRole('heading', { name: 'Sparkling Water' }) });
  await row.getByRole('button', { name: /vote up/i }).click();
  await expect(customer.getByText('Vote recorded!').first()).toBeVisible();
  await phone.close();

  await page.context().addCookies(session);
  await page.goto('/scan-funnel');
  await expect(page.getByRole('heading', { level: 1, name: 'Scan Funnel' })).toBeVisible();
  const magnet = page.getByRole('table', { name: 'The funnel by source' }).getByRole('row', { name: /QR magnet/ });
  await expect(magnet).toContainText('100%');
  await expect(magnet.getByRole('cell')).toHaveText(['1', '1', '1', '0', '0', '100%']);
  // The daily table narrowed to the magnet: today's row holds the visit and the vote.
  await page.getByRole('combobox', { name: 'Source' }).click();
  await page.getByRole('option', { name: 'QR magnet' }).click();
  const byDay = page.getByRole('table', { name: 'The funnel by day' });
  await expect(byDay.getByRole('row').nth(1).getByRole('cell')).toHaveText(['1', '1', '1', '0', '0']);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))).toEqual([]);
});
