import { readFile } from 'node:fs/promises';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { TwoFactorMessages } from '../src/shared/two-factor.schemas.js';
import { expect, registerVerifiedOperator, test, toast } from './fixtures.js';

const account = { email: `two-factor-${Date.now()}@example.com`, password: 'two-steps-beat-one-4' };

/** Serious accessibility problems of the page as it is now, and whether it fits a 360 px phone. */
async function checkPage(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`), what).toEqual([]);
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 360, height: 740 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, what).toBeLessThanOrEqual(0);
  await page.setViewportSize(size);
}

test.beforeAll(async ({ server, smtp }) => {
  await registerVerifiedOperator(server, smtp, account);
});

test('turns on two-factor in settings, then signs in with the password and a recovery code', async ({ page, login }) => {
  // The whole path, with an accessibility scan at each of its five steps: longer than one page's test.
  test.setTimeout(120_000);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await login(account, '/settings?tab=security');
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('heading', { level: 2, name: 'Two-factor sign-in' })).toBeVisible();

  await panel.getByRole('button', { name: 'Turn on' }).click();
  const turnOn = panel.getByRole('form', { name: 'Turn on two-factor sign-in' });
  await expect(turnOn.getByLabel('Current password')).toBeFocused();
  await turnOn.getByLabel('Current password').fill(account.password);
  await turnOn.getByRole('button', { name: 'Continue' }).click();

  await expect(panel.getByRole('img', { name: 'QR code for adding VendVote to your authenticator app' })).toBeVisible();
  // The setup key (the security tab also shows the API tokens' Bearer example in a code element).
  const manualKey = (await panel.locator('code').filter({ hasText: /^[A-Z2-7 ]+$/ }).textContent())!.replaceAll(' ', '');
  expect(manualKey).toMatch(/^[A-Z2-7]{32}$/);
  const codeField = panel.getByLabel('6-digit code from the app');
  await expect(codeField).toHaveAttribute('inputmode', 'numeric');
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  await checkPage(page, 'the QR code step');

  // The app's code, as the phone would show it; a wrong one is refused beside the field first.
  const codeAt = (steps: number) => TOTP.generate({ secret: Secret.fromBase32(manualKey), timestamp: Date.now() + steps * 30_000 });
  const code = codeAt(0);
  const near = [codeAt(-1), code, codeAt(1)];
  await codeField.fill(['000000', '111111', '222222', '333333'].find((wrong) => !near.includes(wrong))!);
  await panel.getByRole('button', { name: 'Turn on' }).click();
  await expect(panel.getByText(TwoFactorMessages.setupCodeWrong)).toBeVisible();
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');
  await codeField.fill(code);
  await panel.getByRole('button', { name: 'Turn on' }).click();

  await expect(panel.getByRole('heading', { name: 'Save your recovery codes' })).toBeFocused();
  const codes = await panel.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents();
  expect(codes).toHaveLength(10);
  for (const recoveryCode of codes) expect(recoveryCode).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  await checkPage(page, 'the recovery codes');

  await panel.getByRole('button', { name: 'Copy' }).click();
  await expect(toast(page, 'Recovery codes copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(codes[0]);
  const downloading = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download (.txt)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('vendvote-recovery-codes.txt');
  const saved = await readFile((await download.path())!, 'utf8');
  for (const recoveryCode of codes) expect(saved).toContain(recoveryCode);

  await panel.getByRole('button', { name: 'I have saved them' }).click();
  await expect(panel.getByText('On', { exact: true })).toBeVisible();
  await expect(panel.getByText('Recovery codes left')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'New recovery codes' })).toBeVisible();
  await panel.getByRole('button', { name: 'Turn off' }).click();
  await expect(panel.getByRole('form', { name: 'Turn off two-factor sign-in' }).getByLabel('Current password')).toBeFocused();
  await checkPage(page, 'turning off');
  await panel.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Log out' }).or(page.getByRole('link', { name: 'Log out' })).first().click();
  await expect(page).toHaveURL(/\/$/);

  // The password alone opens only the second step: no session yet.
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  const appCode = page.getByLabel('Authentication code');
  await expect(appCode).toBeFocused();
  await expect(appCode).toHaveAttribute('inputmode', 'numeric');
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);

  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  const recoveryField = page.getByLabel('Recovery code');
  await expect(recoveryField).toBeFocused();
  await recoveryField.fill('aaaaa-aaaaa');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(TwoFactorMessages.recoveryCodeWrong)).toBeVisible();
  await expect(recoveryField).toHaveAttribute('aria-invalid', 'true');
  await checkPage(page, 'the second step of signing in');

  await recoveryField.fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  // That code is spent: nine are left.
  await page.goto('/settings?tab=security');
  await expect(page.getByRole('tabpanel').getByText('Recovery codes left')).toBeVisible();
  const status = (await (await page.request.get('/api/settings/two-factor')).json()) as { recoveryCodesLeft: number };
  expect(status.recoveryCodesLeft).toBe(9);
});
