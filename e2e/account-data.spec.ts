import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { linkFrom } from '../tests/support/smtp-server.js';
import { expect, registerVerifiedOperator, signIn, test, toast } from './fixtures.js';

const exporter = { email: `account-export-${Date.now()}@example.com`, password: 'a-copy-of-everything-7' };
const leaver = { email: `account-delete-${Date.now()}@example.com`, password: 'leaving-but-maybe-not-8' };

const seriousViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');

test.describe('Settings: the account’s data', () => {
  test.beforeAll(async ({ server, smtp }) => {
    await registerVerifiedOperator(server, smtp, exporter);
    await registerVerifiedOperator(server, smtp, leaver);
  });

  test('Download my data: asked for in Settings, mailed as a link, downloaded as a ZIP', async ({ page, login, smtp }) => {
    await login(exporter, '/settings?tab=security');
    await expect(page.getByText('You have not asked for a copy yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Download my data' }).click();
    await expect(toast(page, 'Gathering your data')).toBeVisible();

    const mail = await smtp.waitForMail(exporter.email, /ready to download/, 30_000);
    await expect(page.getByText(/Your last copy is ready/)).toBeVisible({ timeout: 15_000 });
    const link = new URL(linkFrom(mail, '/api/account/data-export/'));
    const download = await page.request.get(`${link.pathname}${link.search}`);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toBe('application/zip');
    expect((await download.body()).subarray(0, 2).toString()).toBe('PK');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('Delete my account: the password, a confirmation, then signing in offers to keep it', async ({ page, login }) => {
    await login(leaver, '/settings?tab=security');
    const form = page.getByRole('form', { name: 'Delete my account' });
    await form.getByRole('button', { name: 'Delete my account' }).click();
    await expect(form.getByText('Enter your password to confirm.')).toBeVisible();

    await form.getByLabel('Your password').fill('not-my-password');
    await form.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('alertdialog', { name: 'Delete your account?' }).getByRole('button', { name: 'Delete my account' }).click();
    await expect(toast(page, 'Your account was not deleted')).toBeVisible();
    await expect(form.getByText('That password is not right.')).toBeVisible();

    await form.getByLabel('Your password').fill(leaver.password);
    await form.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('alertdialog', { name: 'Delete your account?' }).getByRole('button', { name: 'Delete my account' }).click();
    await expect(page).toHaveURL(/\/login\?account=deleted$/);
    await expect(page.getByRole('status').filter({ hasText: 'Your account is scheduled for deletion' })).toBeVisible();
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);

    // Signing in during the grace period: the offer to keep it, readable at phone width.
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, leaver.email, leaver.password);
    await expect(page.getByRole('heading', { name: 'Your account is scheduled for deletion' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Keep my account' }).click();
    await expect(toast(page, 'Account kept')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your account is scheduled for deletion' })).toBeHidden();
    // Asked by the page, as the app asks: the browser retries a kept-alive socket the server has just
    // closed after its idle timeout, where a bare API request context would report the reset.
    const machines = await page.evaluate(async () => {
      const response = await fetch('/api/machines');
      return { status: response.status, body: await response.text() };
    });
    expect(machines.status, machines.body).toBe(200);
  });
});
