import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { ShareLinkMessages } from '../src/shared/share-links.schemas.js';
import { expect, registerVerifiedOperator, test, toast } from './fixtures.js';

const account = { email: `share-links-${Date.now()}@example.com`, password: 'a-view-for-the-school-office-7' };

const seriousViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);

test.describe('a share link for the location', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test.beforeAll(async ({ server, smtp }) => {
    await registerVerifiedOperator(server, smtp, account);
  });

  test('made from the machine card, opened by the manager, then revoked', async ({ page, login, browser, baseURL }) => {
    await login(account, '/vending-machines');
    const machine = await page.request.post('/api/machines', { data: { name: 'School Snacks', location: 'Oak High, cafeteria', type: 'snacks', serialNumber: 'SN-SHARE-1' } });
    expect(machine.status()).toBe(201);
    const machineId = (await machine.json()).id as number;
    // A customer's report, fixed later, and one still open.
    const report = await page.request.post('/api/vending-issues', {
      data: { machineId, customerName: 'Jordan Private', customerEmail: 'jordan.private@example.test', productName: 'Chips', issueDescription: 'Private words' },
    });
    expect(report.status()).toBe(201);
    expect((await page.request.patch(`/api/vending-issues/${(await report.json()).id}/status`, { data: { status: 'resolved' } })).status()).toBe(200);
    await page.request.post('/api/vending-issues', { data: { machineId, customerName: 'Sam Private', customerEmail: 'sam@example.test', productName: 'Soda' } });
    await page.reload();

    await page.getByRole('button', { name: 'Share School Snacks with its location' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share with the location' });
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const linkField = dialog.getByLabel('Share link for School Snacks');
    await expect(linkField).toBeFocused();
    const url = await linkField.inputValue();
    expect(url).toMatch(/\/share\/[A-Za-z0-9_-]{43}$/);
    await dialog.getByRole('button', { name: /^Copy link/ }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    expect(await seriousViolations(page)).toEqual([]);

    // The manager: another browser, signed out.
    const manager = await browser.newContext({ baseURL });
    const shared = await manager.newPage();
    await shared.goto(new URL(url).pathname);
    await expect(shared.getByRole('heading', { level: 1, name: 'School Snacks' })).toBeVisible();
    await expect(shared.getByText('Oak High, cafeteria')).toBeVisible();
    await expect(shared.getByText(/Read-only view shared by /)).toBeVisible();
    await expect(shared.getByRole('group', { name: 'Reported' })).toContainText('2');
    await expect(shared.getByRole('group', { name: 'Resolved' })).toContainText('1');
    await expect(shared.getByText('From the 1 issue reported in this period and since resolved.')).toBeVisible();
    await expect(shared.locator('body')).not.toContainText('Private');
    await expect(shared.locator('body')).not.toContainText('@example.test');
    expect(await seriousViolations(shared)).toEqual([]);

    // Closed and opened again: the link is not shown, only that it is active and was opened.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Share School Snacks with its location' }).click();
    await expect(dialog.getByText(/A link is active/)).toBeVisible();
    await expect(dialog.getByText(/Last opened/)).toBeVisible();
    await expect(dialog.getByLabel('Share link for School Snacks')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Revoke link' }).click();
    await page.getByRole('alertdialog', { name: 'Revoke the link?' }).getByRole('button', { name: 'Revoke link' }).click();
    await expect(toast(page, 'Link revoked')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Create link' })).toBeVisible();

    await shared.reload();
    await expect(shared.getByRole('heading', { level: 1, name: ShareLinkMessages.inactive })).toBeVisible();
    await expect(shared.getByText(ShareLinkMessages.inactiveHint)).toBeVisible();
    await manager.close();
  });

  test('the shared page fits a phone', async ({ page, login, browser, baseURL }) => {
    await login(account, '/vending-machines');
    const machine = await page.request.post('/api/machines', { data: { name: 'Office Drinks', location: 'Second floor kitchen', type: 'beverages', serialNumber: 'SN-SHARE-2' } });
    const link = await page.request.post(`/api/machines/${(await machine.json()).id}/share-link`);
    const { url } = (await link.json()) as { url: string };
    const phone = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
    const shared = await phone.newPage();
    await shared.goto(new URL(url).pathname);
    await expect(shared.getByRole('heading', { level: 1, name: 'Office Drinks' })).toBeVisible();
    await expect(shared.getByText('No votes at this machine in this period.')).toBeVisible();
    const overflow = await shared.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await phone.close();
  });
});
