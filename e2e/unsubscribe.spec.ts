import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { unsubscribeToken } from '../src/server/features/notifications/unsubscribe.js';
import { deriveKey } from '../src/server/secrets.js';
import { expect, registerVerifiedOperator, test } from './fixtures.js';

const account = { email: `unsubscribe-${Date.now()}@example.com`, password: 'quiet-inbox-please-4' };

test.describe('the unsubscribe page', () => {
  test.beforeAll(async ({ server, smtp }) => {
    await registerVerifiedOperator(server, smtp, account);
  });

  test("a notice's link asks once, turns that notice off with one click, and it can be turned back on", async ({ page, login, server }) => {
    await login(account);
    const me = (await (await page.request.get('/api/auth/me')).json()) as { id: number };
    // The link a notice would carry: signed with the key the server derives from its session secret.
    const secret = readFileSync(join(server.dataDir, 'session.secret'), 'utf8').trim();
    const token = unsubscribeToken(deriveKey(secret, 'unsubscribe'), me.id, 'highVotes');

    // A fresh browser with no session: the link needs no sign-in.
    await page.context().clearCookies();
    await page.goto(`/unsubscribe?token=${encodeURIComponent(token)}`);
    // Opening the link alone changes nothing: a mail scanner that follows it must not unsubscribe anyone.
    await expect(page.getByRole('heading', { name: 'Unsubscribe?' })).toBeVisible();
    await expect(page.getByText('High votes alerts will no longer be emailed to you.')).toBeVisible();
    await login(account, '/settings?tab=notifications');
    await expect(page.getByRole('switch', { name: /High votes/ })).toBeChecked();
    await page.context().clearCookies();
    await page.goto(`/unsubscribe?token=${encodeURIComponent(token)}`);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('heading', { name: 'Unsubscribed' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('High votes alerts is now off. Other notifications are unchanged.');
    const violations = (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(violations.map((v) => v.id)).toEqual([]);

    await login(account, '/settings?tab=notifications');
    await expect(page.getByRole('switch', { name: /High votes/ })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: /Daily summary/ })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: /Machine offline/ })).toBeChecked();

    await page.goto(`/unsubscribe?token=${encodeURIComponent(token)}`);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('button', { name: 'Turn it back on' }).click();
    await expect(page.getByRole('heading', { name: 'Subscribed again' })).toBeVisible();
    await page.goto('/settings?tab=notifications');
    await expect(page.getByRole('switch', { name: /High votes/ })).toBeChecked();
  });

  test('a damaged link says so and leads to the settings', async ({ page }) => {
    await page.goto('/unsubscribe?token=1.highVotes.not-a-real-signature');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('heading', { name: 'Unsubscribe link not valid' })).toBeVisible();
    await expect(page.getByText('This unsubscribe link is not valid.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open notification settings' })).toBeVisible();
  });

  test('a link naming no notice is refused before anything is asked', async ({ page }) => {
    await page.goto('/unsubscribe?token=1.everything.not-a-real-signature');
    await expect(page.getByRole('heading', { name: 'Unsubscribe link not valid' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
  });
});
