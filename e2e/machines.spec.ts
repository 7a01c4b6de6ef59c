import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { machineLimitMessage } from '../src/shared/plans.js';
import { expect, registerVerifiedOperator, test, toast } from './fixtures.js';

const email = `machines-${Date.now()}@example.com`;
const password = 'machines-on-every-floor-3';
const account = { email, password };

function statCard(page: Page, label: string) {
  return page.getByRole('region', { name: 'Machine summary' }).locator('div', { has: page.getByRole('heading', { name: label, exact: true }) }).first();
}


function machineCard(page: Page, name: string) {
  return page.getByRole('article', { name });
}

async function fillMachineForm(page: Page, machine: { name: string; location: string; type: string; serial: string; status?: string }) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Machine Name').fill(machine.name);
  await dialog.getByLabel('Location').fill(machine.location);
  await dialog.getByLabel('Machine Type').click();
  await page.getByRole('option', { name: machine.type }).click();
  await dialog.getByLabel('Serial Number').fill(machine.serial);
  if (machine.status) {
    await dialog.getByLabel('Status').click();
    await page.getByRole('option', { name: machine.status }).click();
  }
}

test.describe('the vending machines page', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test.beforeAll(async ({ server, smtp }) => {
    await registerVerifiedOperator(server, smtp, { email, password });
  });

  test('starts empty, checks the form, and adds a machine that shows its type, status, serial and QR code', async ({ page, baseURL, login }) => {
    await login(account, '/vending-machines');
    await expect(page.getByRole('heading', { level: 1, name: 'Vending Machines' })).toBeVisible();
    await expect(page.getByText('No machines added yet')).toBeVisible();
    await expect(statCard(page, 'Total Machines')).toContainText('0');
    await expect(page.getByRole('link', { name: 'Download QR codes (PDF)' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Add Your First Machine' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Machine' });
    await dialog.getByRole('button', { name: 'Add Machine' }).click();
    for (const message of ['Machine name is required', 'Location is required', 'Machine type is required', 'Serial number is required']) {
      await expect(dialog.getByText(message)).toBeVisible();
    }

    await fillMachineForm(page, { name: 'Lobby Snacks', location: 'Building A lobby', type: 'Combo Machine', serial: 'SN-1001' });
    await dialog.getByRole('button', { name: 'Add Machine' }).click();
    await expect(toast(page, 'Machine added')).toBeVisible();
    await expect(dialog).toBeHidden();

    const card = machineCard(page, 'Lobby Snacks');
    await expect(card).toContainText('Building A lobby');
    await expect(card).toContainText('Combo Machine');
    await expect(card).toContainText('SN-1001');
    await expect(card.locator('[data-status="active"]')).toHaveText('Active');
    await expect(statCard(page, 'Total Machines')).toContainText('1');
    await expect(statCard(page, 'Active')).toContainText('1');

    const qr = card.getByRole('img', { name: 'QR code for Lobby Snacks' });
    await expect(qr).toBeVisible();
    await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

    const machines = (await (await page.request.get('/api/machines')).json()) as { id: number }[];
    // The copied address tells the scan funnel the visit came from a shared link.
    const voteUrl = `${baseURL}/vote/${machines[0]!.id}?src=link`;
    await expect(card.getByText(voteUrl)).toBeVisible();
    await card.getByRole('button', { name: 'Copy vote link for Lobby Snacks' }).click();
    await expect(toast(page, 'Copied to clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(voteUrl);

    const viewPage = card.getByRole('link', { name: /View Page/ });
    await expect(viewPage).toHaveAttribute('href', `/vote/${machines[0]!.id}`);
    await expect(viewPage).toHaveAttribute('target', '_blank');
    await expect(viewPage).toHaveAttribute('rel', /noopener/);
  });

  test('edits a machine, status included', async ({ page, login }) => {
    await login(account, '/vending-machines');
    await machineCard(page, 'Lobby Snacks').getByRole('button', { name: 'Edit Lobby Snacks' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Machine' });
    await expect(dialog.getByLabel('Machine Name')).toHaveValue('Lobby Snacks');
    await dialog.getByLabel('Machine Name').fill('Lobby Drinks');
    await dialog.getByLabel('Machine Type').click();
    await page.getByRole('option', { name: 'Beverages Only' }).click();
    await dialog.getByLabel('Status').click();
    await page.getByRole('option', { name: 'Maintenance' }).click();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Machine updated')).toBeVisible();

    const card = machineCard(page, 'Lobby Drinks');
    await expect(card).toContainText('Beverages Only');
    await expect(card.locator('[data-status="maintenance"]')).toHaveText('Maintenance');
    await expect(machineCard(page, 'Lobby Snacks')).toHaveCount(0);
    await expect(statCard(page, 'Maintenance')).toContainText('1');
    await expect(statCard(page, 'Active')).toContainText('0');

    // The change is stored, not just shown.
    await page.reload();
    await expect(machineCard(page, 'Lobby Drinks').locator('[data-status="maintenance"]')).toBeVisible();
  });

  test('tells the plan limit on the Add Machine button before the form, and the server holds it', async ({ page, login }) => {
    await login(account, '/vending-machines');
    const addButton = page.getByRole('button', { name: 'Add Machine', exact: true });
    await expect(page.getByTestId('machine-allowance')).toHaveText('Starter plan: 1 of 2 machines');
    await expect(addButton).toHaveAccessibleDescription('Starter plan: 1 of 2 machines');
    await addButton.click();
    await fillMachineForm(page, { name: 'Break Room', location: 'Warehouse', type: 'Fresh Food', serial: 'SN-1002', status: 'Inactive' });
    await page.getByRole('dialog').getByRole('button', { name: 'Add Machine' }).click();
    await expect(machineCard(page, 'Break Room').locator('[data-status="inactive"]')).toHaveText('Inactive');

    // Full: the header stays short, a notice below it says why and links to the plans; no form opens.
    await expect(page.getByTestId('machine-allowance')).toHaveText('Starter plan: 2 of 2 machines');
    const notice = page.getByTestId('machine-limit-notice');
    await expect(notice).toContainText(machineLimitMessage('free'));
    await expect(notice.getByRole('link', { name: 'Compare plans' })).toHaveAttribute('href', '/pricing');
    await expect(addButton).toBeDisabled();
    await expect(addButton).toHaveAccessibleDescription(`Starter plan: 2 of 2 machines ${machineLimitMessage('free')}`);
    // The header keeps to its height at both widths: the notice sits below it, not in it.
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      const header = (await page.getByRole('heading', { level: 1, name: 'Vending Machines' }).locator('xpath=ancestor::header').boundingBox())!;
      const noticeBox = (await notice.boundingBox())!;
      expect(noticeBox.y).toBeGreaterThanOrEqual(header.y + header.height);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
    await page.setViewportSize({ width: 1280, height: 720 });

    // A form opened before the plan filled up (another tab) is still refused by the server, in full.
    const extra = await page.request.get('/api/machines');
    const breakRoom = ((await extra.json()) as { id: number; name: string }[]).find((machine) => machine.name === 'Break Room')!;
    expect((await page.request.delete(`/api/machines/${breakRoom.id}`)).status()).toBe(200);
    await page.reload();
    await expect(addButton).toBeEnabled();
    await addButton.click();
    await fillMachineForm(page, { name: 'Third One', location: 'Gym', type: 'Snacks & Beverages', serial: 'SN-1003' });
    const created = await page.request.post('/api/machines', { data: { name: 'Break Room', location: 'Warehouse', type: 'food', serialNumber: 'SN-1002', status: 'inactive' } });
    expect(created.status(), await created.text()).toBe(201);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Add Machine' }).click();
    await expect(dialog.getByRole('alert')).toContainText(machineLimitMessage('free'));
    await expect(dialog.getByRole('link', { name: 'See plans and pricing' })).toHaveAttribute('href', '/pricing');
    await expect(toast(page, 'Error')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(machineCard(page, 'Third One')).toHaveCount(0);
    await expect(statCard(page, 'Total Machines')).toContainText('2');
    await expect(addButton).toBeDisabled();
  });

  test('offers every QR code as one PDF', async ({ page, login }) => {
    await login(account, '/vending-machines');
    const link = page.getByRole('link', { name: 'Download QR codes (PDF)' });
    await expect(link).toHaveAttribute('href', '/api/qr-code/sheet.pdf');
    const response = await page.request.get((await link.getAttribute('href'))!);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/pdf');
  });

  test('records a vending issue for a machine, then closes the success view by itself', async ({ page, login }) => {
    await login(account, '/vending-machines');
    await expect(page.getByRole('region', { name: 'Machine summary' })).toContainText('Vending Issues reported');
    await machineCard(page, 'Break Room').getByRole('button', { name: 'Report Issue at Break Room' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report Vending Issue' });
    await dialog.getByRole('button', { name: 'Report Issue' }).click();
    await expect(dialog.getByText('Your name is required')).toBeVisible();
    await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
    await expect(dialog.getByText('Product name is required')).toBeVisible();

    await dialog.getByLabel('Customer Name').fill('Pat');
    await dialog.getByLabel('Customer Email').fill('pat@example.com');
    await dialog.getByLabel('Product Name').fill('Fresh Salad');
    await dialog.getByLabel(/What happened/).fill('Cooler is warm');
    await dialog.getByRole('button', { name: 'Report Issue' }).click();
    await expect(page.getByRole('dialog').getByText('Issue reported', { exact: true })).toBeVisible();
    await expect(toast(page, 'Issue reported successfully')).toBeVisible();
    await expect(page.getByRole('dialog')).toBeHidden({ timeout: 6000 });
    await expect(statCard(page, 'Vending Issues reported')).toContainText('1');

    const issues = (await (await page.request.get('/api/vending-issues')).json()) as { productName: string; machineName: string }[];
    expect(issues).toEqual([expect.objectContaining({ productName: 'Fresh Salad', machineName: 'Break Room' })]);
  });

  test('deletes a machine after confirmation', async ({ page, login }) => {
    await login(account, '/vending-machines');
    // The red of the destructive text colour, over the outline button's own text colour.
    await expect(machineCard(page, 'Lobby Drinks').getByRole('button', { name: 'Delete Lobby Drinks' })).toHaveCSS('color', 'rgb(185, 28, 28)');
    await machineCard(page, 'Lobby Drinks').getByRole('button', { name: 'Delete Lobby Drinks' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Delete Lobby Drinks?');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(machineCard(page, 'Lobby Drinks')).toBeVisible();

    // The dialog waits for the server: the delete button busy, Cancel disabled.
    let releaseDelete: () => void = () => {};
    const deleteHeld = new Promise<void>((resolve) => (releaseDelete = resolve));
    await page.route('**/api/machines/*', async (route) => {
      if (route.request().method() === 'DELETE') await deleteHeld;
      await route.continue();
    });
    await machineCard(page, 'Lobby Drinks').getByRole('button', { name: 'Delete Lobby Drinks' }).click();
    await confirm.getByRole('button', { name: 'Delete Machine' }).click();
    await expect(confirm.getByRole('button', { name: 'Delete Machine' })).toBeDisabled();
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    releaseDelete();
    await expect(toast(page, 'Machine deleted')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(machineCard(page, 'Lobby Drinks')).toHaveCount(0);
    await expect(statCard(page, 'Total Machines')).toContainText('1');
    const names = ((await (await page.request.get('/api/machines')).json()) as { name: string }[]).map((machine) => machine.name);
    expect(names).toEqual(['Break Room']);
  });

  test('fits a 360 px wide phone without sideways scrolling', async ({ page, login }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await login(account, '/vending-machines');
    await expect(machineCard(page, 'Break Room')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('has no serious or critical accessibility violations, light or dark', async ({ page, login }) => {
    await login(account);
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((value) => window.localStorage.setItem('theme', value), theme);
      await page.goto('/vending-machines');
      await expect(page.getByRole('article').first().getByRole('img')).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${theme} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
    }
  });
});
