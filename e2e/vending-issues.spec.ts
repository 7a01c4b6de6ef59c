import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, registerVerifiedOperator, test, toast } from './fixtures.js';

const email = `issues-${Date.now()}@example.com`;
const password = 'machines-on-every-floor-3';
const account = { email, password };


function countCard(page: Page, key: 'total' | 'open' | 'investigating' | 'resolved') {
  return page.getByTestId(`issue-count-${key}`);
}

const issueRow = (page: Page, productName: string) => page.getByRole('listitem', { name: productName });

async function chooseStatus(page: Page, label: string) {
  await page.getByLabel('Status').click();
  await page.getByRole('option', { name: label }).click();
}

test.describe('the vending issues page', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({ server, smtp }) => {
    await registerVerifiedOperator(server, smtp, { email, password });
  });

  test('says so when nothing has been reported yet', async ({ page, login }) => {
    await login(account, '/vending-issues');
    await expect(page.getByRole('heading', { level: 1, name: 'Vending Issues' })).toBeVisible();
    await expect(page.getByText('No vending issues reported')).toBeVisible();
    await expect(countCard(page, 'total')).toContainText('0');
  });

  test('lists reports with their machine, and searches and filters them', async ({ page, login }) => {
    await login(account);
    const machine = await page.request.post('/api/machines', {
      data: { name: 'Gym Cooler', location: 'Gym', type: 'beverages', serialNumber: 'GC-1' },
    });
    expect(machine.status()).toBe(201);
    const { id: machineId } = (await machine.json()) as { id: number };
    const reports = [
      { productName: 'Pepsi Zero', customerName: 'Ana', customerEmail: 'ana@example.com', issueDescription: 'Coin stuck' },
      { productName: 'Red Bull', customerName: 'Ben', customerEmail: 'ben@example.com' },
      { productName: 'Water', customerName: 'Cy', customerEmail: 'cy@example.com', issueDescription: 'Card reader declined' },
    ];
    for (const report of reports) {
      const response = await page.request.post('/api/vending-issues', { data: { ...report, machineId } });
      expect(response.status()).toBe(201);
    }

    await page.goto('/vending-issues');
    await expect(page.getByTestId('issue-row')).toHaveCount(3);
    await expect(countCard(page, 'total')).toContainText('3');
    await expect(countCard(page, 'open')).toContainText('3');
    await expect(countCard(page, 'open')).toContainText('New');
    const pepsi = issueRow(page, 'Pepsi Zero');
    await expect(pepsi).toContainText('Gym Cooler');
    await expect(pepsi).toContainText('Ana');
    await expect(pepsi).toContainText('ana@example.com');
    await expect(pepsi).toContainText('“Coin stuck”');
    await expect(pepsi.getByText('New', { exact: true })).toBeVisible();

    await page.getByLabel('Search issues').fill('card reader');
    await expect(page.getByTestId('issue-row')).toHaveCount(1);
    await expect(issueRow(page, 'Water')).toBeVisible();

    await page.getByLabel('Search issues').fill('nothing like this');
    await expect(page.getByText('No issues match your search')).toBeVisible();
    await page.getByRole('button', { name: 'Clear search and filter' }).click();
    await expect(page.getByLabel('Search issues')).toHaveValue('');
    await expect(page.getByTestId('issue-row')).toHaveCount(3);

    await chooseStatus(page, 'Resolved');
    await expect(page.getByText('No issues match your search')).toBeVisible();
    await chooseStatus(page, 'New');
    await expect(page.getByTestId('issue-row')).toHaveCount(3);
  });

  test('moves issues from New to Investigating to Resolved, and resolved ones offer no actions', async ({ page, login }) => {
    await login(account, '/vending-issues');
    // The sidebar's entry carries the count of issues still waiting: new or under investigation.
    const sidebarEntry = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Vending Issues/ });
    await expect(sidebarEntry).toHaveAccessibleName('Vending Issues 3 unresolved');
    const pepsi = issueRow(page, 'Pepsi Zero');
    await expect(pepsi.getByRole('button', { name: 'Investigate' })).toBeVisible();
    await pepsi.getByRole('button', { name: 'Investigate' }).click();
    await expect(toast(page, 'Issue Updated')).toBeVisible();
    await expect(pepsi.getByText('Investigating', { exact: true })).toBeVisible();
    await expect(pepsi.getByRole('button', { name: 'Investigate' })).toHaveCount(0);
    await expect(pepsi.getByRole('button', { name: 'Mark Resolved' })).toBeVisible();
    await expect(countCard(page, 'open')).toContainText('2');
    await expect(countCard(page, 'investigating')).toContainText('1');

    await chooseStatus(page, 'Investigating');
    await expect(page.getByTestId('issue-row')).toHaveCount(1);
    await pepsi.getByRole('button', { name: 'Mark Resolved' }).click();
    await expect(page.getByText('No issues match your search')).toBeVisible();
    await expect(countCard(page, 'resolved')).toContainText('1');
    await expect(sidebarEntry).toHaveAccessibleName('Vending Issues 2 unresolved');

    // Straight from New to Resolved works too.
    await chooseStatus(page, 'All statuses');
    await issueRow(page, 'Red Bull').getByRole('button', { name: 'Mark Resolved' }).click();
    await expect(countCard(page, 'resolved')).toContainText('2');
    await expect(sidebarEntry).toHaveAccessibleName('Vending Issues 1 unresolved');

    await chooseStatus(page, 'Resolved');
    await expect(page.getByTestId('issue-row')).toHaveCount(2);
    for (const product of ['Pepsi Zero', 'Red Bull']) {
      await expect(issueRow(page, product).getByText('Resolved', { exact: true })).toBeVisible();
      await expect(issueRow(page, product).getByRole('button')).toHaveCount(0);
      await expect(issueRow(page, product)).toContainText(/Resolved .*\d/);
    }

    // Stored, not just shown.
    const stored = (await (await page.request.get('/api/vending-issues/counts')).json()) as Record<string, number>;
    expect(stored).toEqual({ total: 3, open: 1, investigating: 0, resolved: 2 });
  });

  test('shows the server’s reason when a change is refused', async ({ page, login }) => {
    await login(account, '/vending-issues');
    const water = issueRow(page, 'Water');
    await expect(water.getByRole('button', { name: 'Investigate' })).toBeVisible();
    // Resolved elsewhere (another tab, a colleague) while this page still shows it as new.
    const issues = (await (await page.request.get('/api/vending-issues')).json()) as { id: number; productName: string }[];
    const waterId = issues.find((issue) => issue.productName === 'Water')!.id;
    expect((await page.request.patch(`/api/vending-issues/${waterId}`, { data: { status: 'resolved' } })).status()).toBe(200);

    await water.getByRole('button', { name: 'Investigate' }).click();
    await expect(toast(page, 'Error')).toContainText('This issue is resolved and can no longer change.');
    // The list catches up with what happened elsewhere.
    await expect(water.getByText('Resolved', { exact: true })).toBeVisible();
    await expect(water.getByRole('button')).toHaveCount(0);
  });

  test('shows five placeholder rows while the list loads', async ({ page, login }) => {
    await login(account);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/vending-issues$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/vending-issues');
    await expect(page.getByTestId('issue-skeleton-row')).toHaveCount(5);
    release();
    await expect(page.getByTestId('issue-row')).toHaveCount(3);
  });

  test('has no serious or critical accessibility violations, light or dark', async ({ page, login }) => {
    await login(account);
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((value) => window.localStorage.setItem('theme', value), theme);
      await page.goto('/vending-issues');
      await expect(page.getByTestId('issue-row').first()).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${theme} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
    }
  });

  test('a change on the dashboard refreshes the filtered lists of this page too', async ({ page, login }) => {
    await login(account, '/vending-issues');
    const machines = (await (await page.request.get('/api/machines')).json()) as { id: number }[];
    const report = { productName: 'Iced Tea', customerName: 'Dee', customerEmail: 'dee@example.com', machineId: machines[0]!.id };
    expect((await page.request.post('/api/vending-issues', { data: report })).status()).toBe(201);
    await page.reload();
    await chooseStatus(page, 'New');
    await expect(page.getByTestId('issue-row')).toHaveCount(1);

    // Within the app, so the cached lists stay: resolve it on the dashboard, then come back.
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.getByRole('listitem', { name: 'Iced Tea issue' }).getByRole('button', { name: 'Mark Resolved' }).click();
    await expect(toast(page, 'Issue status updated')).toBeVisible();
    await page.getByRole('link', { name: 'View All Issues' }).click();
    await chooseStatus(page, 'New');
    await expect(page.getByText('No issues match your search')).toBeVisible();
  });
});
