import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, registerVerifiedOperator, test, toast } from './fixtures.js';

const email = `suggestions-${Date.now()}@example.com`;
const password = 'machines-on-every-floor-3';
const account = { email, password };


const pendingList = (page: Page) => page.getByRole('region', { name: /Pending Suggestions/ });
const processedList = (page: Page) => page.getByRole('region', { name: /Processed Suggestions/ });

test.describe('the product suggestions page', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({ server, smtp }) => {
    await registerVerifiedOperator(server, smtp, { email, password });
  });

  test('says so when there are no suggestions', async ({ page, login }) => {
    await login(account, '/admin/suggestions');
    await expect(page.getByRole('heading', { level: 1, name: 'Product Suggestions' })).toBeVisible();
    await expect(pendingList(page)).toContainText('No pending suggestions');
    await expect(processedList(page)).toContainText('No processed suggestions yet');
    await expect(page.getByRole('heading', { name: /Pending Suggestions/ })).toContainText('0');
  });

  test('lists customers’ suggestions with their details, then approves and declines them', async ({ page, login }) => {
    await login(account);
    const machine = await page.request.post('/api/machines', {
      data: { name: 'Office Snacks', location: 'Floor 3', type: 'snacks', serialNumber: 'OS-1' },
    });
    expect(machine.status()).toBe(201);
    const { id: machineId } = (await machine.json()) as { id: number };
    const ideas = [
      { name: 'Takis Fuego', brand: 'Barcel', category: 'Chips', suggestedBy: 'Morgan' },
      { name: 'Matcha Latte', brand: '', category: 'Tea' },
      { name: 'Trail Mix', brand: 'Kirkland', category: 'Nuts', suggestedBy: 'Riley' },
    ];
    for (const idea of ideas) {
      const response = await page.request.post(`/api/suggestions?machineId=${machineId}`, { data: idea });
      expect(response.status()).toBe(201);
    }

    await page.goto('/admin/suggestions');
    await expect(pendingList(page).getByTestId('suggestion-row')).toHaveCount(3);
    await expect(page.getByRole('heading', { name: /Pending Suggestions/ })).toContainText('3');
    const takis = pendingList(page).getByRole('listitem', { name: 'Takis Fuego' });
    await expect(takis).toContainText('Barcel');
    await expect(takis).toContainText('Chips');
    await expect(takis).toContainText('Morgan');
    await expect(takis).toContainText('Office Snacks');
    await expect(pendingList(page).getByRole('listitem', { name: 'Matcha Latte' })).toContainText('Anonymous');

    await takis.getByRole('button', { name: 'Approve Takis Fuego' }).click();
    await expect(toast(page, 'Suggestion approved')).toBeVisible();
    await expect(pendingList(page).getByTestId('suggestion-row')).toHaveCount(2);
    const approved = processedList(page).getByRole('listitem', { name: 'Takis Fuego' });
    await expect(approved.getByText('Approved', { exact: true }).first()).toBeVisible();
    // Decided: no Approve or Decline any more; what is left is telling when it reached the machine.
    await expect(approved.getByRole('button', { name: /Approve|Decline/ })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: /Processed Suggestions/ })).toContainText('1');

    const products = (await (await page.request.get('/api/products')).json()) as { name: string; brand: string; category: string }[];
    expect(products).toContainEqual(expect.objectContaining({ name: 'Takis Fuego', brand: 'Barcel', category: 'Chips' }));

    await pendingList(page).getByRole('button', { name: 'Decline Matcha Latte' }).click();
    await expect(toast(page, 'Suggestion declined')).toBeVisible();
    const declined = processedList(page).getByRole('listitem', { name: 'Matcha Latte' });
    await expect(declined.getByText('Declined', { exact: true }).first()).toBeVisible();
    await expect(declined.getByRole('button')).toHaveCount(0);
    await expect(pendingList(page).getByTestId('suggestion-row')).toHaveCount(1);
    await expect(processedList(page).getByTestId('suggestion-row')).toHaveCount(2);

    const afterDecline = (await (await page.request.get('/api/products')).json()) as { name: string }[];
    expect(afterDecline.map((product) => product.name)).not.toContain('Matcha Latte');

    // Stored, not just shown.
    await page.reload();
    await expect(processedList(page).getByTestId('suggestion-row')).toHaveCount(2);
    await expect(pendingList(page).getByRole('listitem', { name: 'Trail Mix' })).toBeVisible();
  });

  test('shows the failure when a suggestion was already processed elsewhere', async ({ page, login }) => {
    await login(account, '/admin/suggestions');
    const trailMix = pendingList(page).getByRole('listitem', { name: 'Trail Mix' });
    await expect(trailMix).toBeVisible();
    const suggestions = (await (await page.request.get('/api/suggestions')).json()) as { id: number; name: string }[];
    const id = suggestions.find((suggestion) => suggestion.name === 'Trail Mix')!.id;
    expect((await page.request.post(`/api/suggestions/${id}/decline`)).status()).toBe(200);

    await trailMix.getByRole('button', { name: 'Approve Trail Mix' }).click();
    await expect(toast(page, 'Approval failed')).toBeVisible();
    await expect(processedList(page).getByRole('listitem', { name: 'Trail Mix' })).toBeVisible();
    await expect(pendingList(page)).toContainText('No pending suggestions');
  });

  test('shows three placeholder rows while the list loads', async ({ page, login }) => {
    await login(account);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/suggestions$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/admin/suggestions');
    await expect(page.getByTestId('suggestion-skeleton-row')).toHaveCount(3);
    release();
    await expect(processedList(page).getByTestId('suggestion-row')).toHaveCount(3);
  });

  test('has no serious or critical accessibility violations, light or dark', async ({ page, login }) => {
    await login(account);
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((value) => window.localStorage.setItem('theme', value), theme);
      await page.goto('/admin/suggestions');
      await expect(page.getByTestId('suggestion-row').first()).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${theme} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
    }
  });
});
