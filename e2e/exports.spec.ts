import { readFileSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, registerVerifiedOperator, test } from './fixtures.js';

/*
 * The Export Data page: an operator picks a dataset, a machine and a period, and the browser
 * downloads the CSV the server streams (compressed on the way, as a browser asks for it).
 */
const account = { email: `exports-${Date.now()}@example.com`, password: 'spreadsheets-every-monday-4' };

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label).click();
  await page.getByRole('option', { name: option }).click();
}

test.describe('the export data page', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({ server, smtp }) => {
    await registerVerifiedOperator(server, smtp, account);
  });

  test('downloads one machine\'s vending issues as a CSV file', async ({ page, login }) => {
    await login(account);
    const machines = [];
    for (const name of ['Lobby Snacks', 'Gym Cooler']) {
      const created = await page.request.post('/api/machines', { data: { name, location: name.split(' ')[0], type: 'snacks', serialNumber: `SN-${name}` } });
      expect(created.status()).toBe(201);
      machines.push((await created.json()) as { id: number });
    }
    for (const [machine, productName] of [
      [machines[0]!, 'Pretzels'],
      [machines[1]!, 'Sparkling Water'],
    ] as const) {
      const report = await page.request.post('/api/vending-issues', { data: { machineId: machine.id, productName, customerName: 'Ana', customerEmail: 'ana@example.com' } });
      expect(report.status()).toBe(201);
    }

    await page.goto('/exports');
    await expect(page.getByRole('heading', { level: 1, name: 'Export Data' })).toBeVisible();
    await page.getByRole('navigation').getByRole('link', { name: 'Export Data' }).waitFor();
    await choose(page, 'What to export', 'Vending issues');
    await choose(page, 'Machine', 'Gym Cooler · Gym');
    await page.getByRole('button', { name: 'All time' }).click();
    await expect(page.getByText('Vending issues at Gym Cooler, over all time.')).toBeVisible();

    // A period the server would refuse offers no download, and says why.
    await page.getByLabel('From', { exact: true }).fill('2030-01-02');
    await page.getByLabel('To', { exact: true }).fill('2030-01-01');
    await expect(page.getByText('The start date must be on or before the end date.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
    await page.getByRole('button', { name: 'All time' }).click();

    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download CSV' }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toBe('vending-issues_gym-cooler_all-time.csv');
    const text = readFileSync((await file.path())!, 'utf8');
    const lines = text.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Issue ID,Reported (UTC),Machine ID,Machine,Product,Customer name,Customer email,Description,Status,Last changed (UTC),Resolved (UTC),Public reply,Source');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',Gym Cooler,Sparkling Water,Ana,ana@example.com,');
    await expect(page.getByText('Your download has started.')).toBeVisible();

    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations).toEqual([]);
  });
});
