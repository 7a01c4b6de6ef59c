import type { Page } from '@playwright/test';
import { planogramApi } from '../src/shared/planograms.schemas.js';
import { registerAndSignInOperator } from './accounts.js';
import { FIGURES } from '../src/shared/figure-definitions.js';
import { expect, test, toast, voteAsNewCustomer } from './fixtures.js';

/*
 * A machine's stock and its demand against its sales: one operator with a two-slot planogram and a
 * product customers vote for that the planogram lacks, made through the API.
 */
const stockRow = (page: Page, code: string) => page.getByRole('table', { name: 'Stock now in Lobby Snacks' }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: code, exact: true }) });

test('see the stock per slot, record a visit, and find the wanted product in the demand figures', async ({ page, server, smtp, playwright, baseURL }) => {
  const { api, session } = await registerAndSignInOperator({ server, smtp, playwright }, { email: `stock-${Date.now()}@example.com`, password: 'par-levels-and-fills-5' });
  const product = async (name: string, category: string, price: string) => {
    const created = await api.post('/api/products', { data: { name, brand: 'Brand', category, price, description: '', votes: 0 } });
    expect(created.status(), await created.text()).toBe(201);
    return ((await created.json()) as { id: number }).id;
  };
  const cola = await product('Cola', 'Soda', '1.75');
  const chips = await product('Chips', 'Chips', '1.50');
  const trailMix = await product('Trail Mix', 'Nuts', '2.00');
  const machine = await api.post('/api/machines', { data: { name: 'Lobby Snacks', location: 'Building A', type: 'combo', serialNumber: 'SN-STOCK-1', status: 'active' } });
  expect(machine.status(), await machine.text()).toBe(201);
  const machineId = ((await machine.json()) as { id: number }).id;
  const planogram = await api.put(planogramApi(machineId), {
    data: { slots: [{ code: 'A1', productId: cola, capacity: 10, par: 8 }, { code: 'A2', productId: chips, capacity: 10, par: 6 }] },
  });
  expect(planogram.status(), await planogram.text()).toBe(200);
  for (let i = 0; i < 3; i++) await voteAsNewCustomer(baseURL, trailMix, machineId);
  await page.context().addCookies(session);

  // Stock now: no visit recorded yet, so each slot is assumed filled to par; no sales imported either.
  await page.goto(`/vending-machines/${machineId}`);
  await expect(stockRow(page, 'A1')).toContainText('Assumed filled to par on your fill day');
  await expect(page.getByText('No sales reported yet')).toBeVisible();

  // A visit: A1 counted and filled to 8, A2 found empty and left so; the table follows.
  await page.getByRole('button', { name: 'Record a visit' }).click();
  const slot = (code: string) => page.getByRole('dialog').getByRole('group', { name: new RegExp(`^${code} `) });
  await expect(slot('A1').getByLabel('Units filled')).toHaveValue(/^\d+$/);
  await slot('A1').getByLabel('Units left').fill('3');
  await slot('A1').getByLabel('Units filled').fill('5');
  await slot('A2').getByLabel('Units left').fill('0');
  await slot('A2').getByLabel('Units filled').fill('0');
  await page.getByRole('button', { name: 'Record visit' }).click();
  await expect(toast(page, 'Visit recorded')).toBeVisible();
  await expect(stockRow(page, 'A1').getByRole('cell').nth(2)).toHaveText('8');
  await expect(stockRow(page, 'A1')).toContainText('less up-votes × 1');
  await expect(stockRow(page, 'A2')).toContainText('Sold out');

  // Demand vs sales: the voted-for product is there, marked as not in the planogram.
  const demand = page.getByRole('table', { name: 'Demand vs sales at Lobby Snacks' });
  await expect(demand.getByRole('row').filter({ hasText: 'Trail Mix' })).toContainText('not in planogram');
  await expect(demand.getByRole('row').filter({ hasText: 'Cola' })).toBeVisible();
  // Each figure says what it is, in the glossary's words.
  await demand.getByRole('button', { name: 'What Gap means' }).click();
  await expect(page.getByRole('dialog').filter({ hasText: FIGURES.gap.definition })).toBeVisible();
  await page.keyboard.press('Escape');

  // On a phone the tables scroll inside their own frames; the page does not.
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 720 });

  // Inventory Analytics › Unmet Demand, and the dashboard's panel, name it too.
  await page.goto('/resources/inventory-analytics?tab=unmet');
  await expect(page.getByTestId('missing-product').filter({ hasText: 'Trail Mix' })).toContainText('Lobby Snacks');
  // Stock Optimization leaves the machine's swap to its page, and says where it is.
  await page.goto('/resources/inventory-analytics?tab=optimization');
  const swapsNote = page.getByTestId('swaps-on-machine-pages');
  await expect(swapsNote).toContainText('Machines with a planogram (1): each one’s swap is worked out from what it sells');
  await swapsNote.getByRole('link', { name: 'each machine’s page' }).click();
  await expect(page).toHaveURL(/\/vending-machines$/);
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Unmet demand' }).getByTestId('unmet-demand-tile')).toContainText('Trail Mix');
  await api.dispose();
});
