import { AxeBuilder } from '@axe-core/playwright';
import { API_TOKEN_PATTERN, ApiTokenMessages } from '../src/shared/api-tokens.schemas.js';
import { expect, registerVerifiedOperator, test, toast } from './fixtures.js';
import { FRESH_CONNECTION } from './accounts.js';

const account = { email: `api-tokens-${Date.now()}@example.com`, password: 'tokens-for-my-own-scripts-4' };

test.describe('personal API tokens', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test.beforeAll(async ({ server, smtp }) => {
    await registerVerifiedOperator(server, smtp, account);
  });

  test('made in Settings and shown once, used by a script on /api/machines, then revoked', async ({ page, login, playwright, baseURL }) => {
    await login(account, '/settings?tab=security');
    // The operator's one machine, for the script to read back.
    const machine = await page.request.post('/api/machines', { data: { name: 'Token Lobby', location: 'Hall', type: 'snacks', serialNumber: 'SN-TOK-1' } });
    expect(machine.status()).toBe(201);

    const form = page.getByRole('form', { name: 'New API token' });
    await form.getByLabel('Token name').fill('Stock export');
    await form.getByRole('radio', { name: /Read-only/ }).check();
    await form.getByRole('button', { name: 'Create token' }).click();

    const panel = page.getByRole('region', { name: /Copy your new token/ });
    await expect(panel.getByRole('heading', { name: 'Copy your new token “Stock export”' })).toBeFocused();
    const token = await panel.getByLabel('New API token').inputValue();
    expect(token).toMatch(API_TOKEN_PATTERN);
    await panel.getByRole('button', { name: 'Copy token' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    expect((await new AxeBuilder({ page }).include('main').analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

    await panel.getByRole('button', { name: 'I have copied it' }).click();
    await expect(panel).toBeHidden();
    const list = page.getByRole('list', { name: 'API tokens' });
    const row = list.getByRole('listitem').filter({ hasText: 'Stock export' });
    await expect(row).toContainText('Read-only');
    await expect(row).toContainText('Never used');
    await expect(row).toContainText(`${token.slice(0, 11)}…${token.slice(-4)}`);
    // Never shown again: not after a reload either.
    await page.reload();
    await expect(page.getByRole('list', { name: 'API tokens' })).toContainText('Stock export');
    await expect(page.locator('body')).not.toContainText(token);

    // A script: its own request context, no cookies, only the token.
    const script = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { ...FRESH_CONNECTION, authorization: `Bearer ${token}` } });
    const machines = await script.get('/api/machines');
    expect(machines.status()).toBe(200);
    expect((await machines.json()).map((m: { name: string }) => m.name)).toEqual(['Token Lobby']);
    const write = await script.post('/api/machines', { data: { name: 'Refused', location: 'Hall', type: 'snacks', serialNumber: 'SN-TOK-2' } });
    expect(write.status()).toBe(403);
    expect((await write.json()).message).toBe(ApiTokenMessages.readOnly);

    await page.reload();
    await expect(page.getByRole('list', { name: 'API tokens' }).getByRole('listitem').filter({ hasText: 'Stock export' })).toContainText('Last used');

    await page.getByRole('button', { name: 'Revoke Stock export' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Revoke “Stock export”?' });
    await dialog.getByRole('button', { name: 'Revoke token' }).click();
    await expect(toast(page, 'Token revoked')).toBeVisible();
    await expect(page.getByText('You have no API tokens.')).toBeVisible();

    const afterRevoke = await script.get('/api/machines');
    expect(afterRevoke.status()).toBe(401);
    expect((await afterRevoke.json()).message).toBe(ApiTokenMessages.invalid);
    await script.dispose();
  });

  test('on a phone, the card fits the screen', async ({ page, login }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await login(account, '/settings?tab=security');
    await expect(page.getByRole('form', { name: 'New API token' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
