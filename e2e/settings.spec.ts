import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { NotificationMessages } from '../src/shared/notifications.schemas.js';
import { SettingsMessages, type Settings } from '../src/shared/settings.schemas.js';
import { expect, registerVerifiedOperator, test, toast } from './fixtures.js';

const email = `settings-${Date.now()}@example.com`;
const password = 'settings-for-every-taste-5';
const account = { email, password };

const tabPanel = (page: Page) => page.getByRole('tabpanel');

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  return serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

async function choose(page: Page, label: string, option: string) {
  await tabPanel(page).getByLabel(label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const savedPreferences = (page: Page) => page.waitForResponse((r) => r.url().endsWith('/api/notifications/preferences') && r.request().method() === 'PATCH');

test.describe('the settings page', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({ server, smtp }) => {
    await registerVerifiedOperator(server, smtp, { email, password, firstName: 'Sam', lastName: 'Rivera' });
  });

  test('opens on the profile tab; the tabs work with the arrow keys and the tab is in the URL', async ({ page, login }) => {
    await login(account, '/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    const tabs = page.getByRole('tablist', { name: 'Settings sections' }).getByRole('tab');
    await expect(tabs).toHaveText(['Profile', 'Notifications', 'Preferences']);
    const profile = page.getByRole('tab', { name: 'Profile' });
    await expect(profile).toHaveAttribute('aria-selected', 'true');

    await profile.focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Notifications' })).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/\/settings\?tab=notifications$/);
    await expect(tabPanel(page).getByRole('switch', { name: 'Email notifications' })).toBeVisible();

    await page.goto('/settings?tab=preferences');
    await expect(page.getByRole('tab', { name: 'Preferences' })).toHaveAttribute('aria-selected', 'true');
    await expect(tabPanel(page).getByLabel('Time Zone')).toBeVisible();
  });

  test('edits the profile: a bad website is refused with its message; a save is kept across a reload', async ({ page, login }) => {
    await login(account, '/settings');
    const panel = tabPanel(page);
    await expect(panel.getByLabel('First Name')).toHaveValue('Sam');
    await expect(panel.getByLabel('Email')).toHaveValue(email);
    await expect(panel.getByLabel('Email')).toHaveAttribute('readonly', '');
    await expect(panel.getByText('To change your sign-in email, contact support.')).toBeVisible();
    await expect(panel.getByRole('link', { name: 'contact support' })).toHaveAttribute('href', '/contact');

    await panel.getByLabel('First Name').fill('Samantha');
    await panel.getByLabel('Phone').fill('+1 555 010 2030');
    await panel.getByLabel('Company').fill('Snacks & Co');
    await panel.getByLabel('Website').fill('not a website');
    await panel.getByRole('button', { name: 'Save Profile' }).click();
    await expect(panel.getByText(SettingsMessages.websiteInvalid)).toBeVisible();

    // The server's refusal keeps what was typed and shows its message at the field.
    await page.route('**/api/settings/profile', (route) =>
      route.fulfill({ status: 400, json: { message: SettingsMessages.phoneInvalid, errors: { phone: SettingsMessages.phoneInvalid } } }),
    );
    await panel.getByLabel('Website').fill('https://snacks.example.com');
    await panel.getByRole('button', { name: 'Save Profile' }).click();
    await expect(toast(page, SettingsMessages.saveFailed)).toBeVisible();
    await expect(panel.getByText(SettingsMessages.phoneInvalid)).toBeVisible();
    await expect(panel.getByLabel('First Name')).toHaveValue('Samantha');
    await page.unroute('**/api/settings/profile');

    await panel.getByRole('button', { name: 'Save Profile' }).click();
    await expect(toast(page, SettingsMessages.savedTitle)).toBeVisible();
    // The shell's name follows.
    await expect(page.getByRole('complementary').getByText('Samantha', { exact: true })).toBeVisible();

    await page.reload();
    await expect(panel.getByLabel('First Name')).toHaveValue('Samantha');
    await expect(panel.getByLabel('Phone')).toHaveValue('+1 555 010 2030');
    await expect(panel.getByLabel('Company')).toHaveValue('Snacks & Co');
    await expect(panel.getByLabel('Website')).toHaveValue('https://snacks.example.com');
  });

  test('notification switches save at once and survive a reload; a failed save puts the switch back', async ({ page, login }) => {
    await login(account, '/settings?tab=notifications');
    const panel = tabPanel(page);
    const sms = panel.getByRole('switch', { name: 'SMS alerts' });
    await expect(sms).toBeDisabled();
    await expect(sms).toHaveAttribute('aria-checked', 'false');
    await expect(panel.getByText(NotificationMessages.smsSetupRequired)).toBeVisible();
    await expect(panel.getByText('Low-inventory alerts start once restock predictions are available.')).toBeVisible();

    const daily = panel.getByRole('switch', { name: 'Daily summary' });
    await expect(daily).toHaveAttribute('aria-checked', 'false');
    const saved = savedPreferences(page);
    await daily.click();
    await expect(daily).toHaveAttribute('aria-checked', 'true');
    expect((await saved).status()).toBe(200);
    await page.reload();
    await expect(daily).toHaveAttribute('aria-checked', 'true');

    await page.route('**/api/notifications/preferences', (route) =>
      route.request().method() === 'PATCH' ? route.fulfill({ status: 500, json: { message: 'Something went wrong' } }) : route.fallback(),
    );
    const highVotes = panel.getByRole('switch', { name: 'High votes' });
    await highVotes.click();
    await expect(toast(page, NotificationMessages.updateFailed)).toBeVisible();
    await expect(highVotes).toHaveAttribute('aria-checked', 'true');
    await page.unroute('**/api/notifications/preferences');
  });

  test('Send test email mails the operator, and is disabled while email is off', async ({ page, login, smtp }) => {
    await login(account, '/settings?tab=notifications');
    const panel = tabPanel(page);
    const send = panel.getByRole('button', { name: 'Send test email' });
    await send.click();
    await expect(toast(page, NotificationMessages.testSentTitle)).toBeVisible();
    const mail = await smtp.waitForMail(email, /test notification/i);
    expect(mail.to).toEqual([email]);

    const emailSwitch = panel.getByRole('switch', { name: 'Email notifications' });
    const saved = savedPreferences(page);
    await emailSwitch.click();
    await saved;
    await expect(send).toBeDisabled();
    await expect(panel.getByText(NotificationMessages.emailOff)).toBeVisible();
    await page.reload();
    await expect(emailSwitch).toHaveAttribute('aria-checked', 'false');
    await expect(send).toBeDisabled();

    const again = savedPreferences(page);
    await emailSwitch.click();
    await again;
    await expect(send).toBeEnabled();
  });

  test('preferences are saved and reloaded; the dark theme applies at once', async ({ page, login }) => {
    await login(account, '/settings?tab=preferences');
    const panel = tabPanel(page);
    await expect(panel.getByLabel('Auto-reorder threshold (units)')).toHaveValue('20');
    await choose(page, 'Time Zone', 'Pacific Time (Los Angeles)');
    await choose(page, 'Currency', 'EUR – Euro');
    await choose(page, 'Language', 'Spanish');
    await choose(page, 'Report Frequency', 'Monthly');
    await panel.getByLabel('Auto-reorder threshold (units)').fill('');
    await panel.getByRole('button', { name: 'Save Preferences' }).click();
    await expect(panel.getByText('Enter a number of units')).toBeVisible();
    await panel.getByLabel('Auto-reorder threshold (units)').fill('35');
    await panel.getByRole('radio', { name: 'Dark' }).check();
    await panel.getByRole('button', { name: 'Save Preferences' }).click();
    await expect(toast(page, SettingsMessages.savedTitle)).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);

    await page.reload();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(panel.getByLabel('Time Zone')).toHaveText('Pacific Time (Los Angeles)');
    await expect(panel.getByLabel('Currency')).toHaveText('EUR – Euro');
    await expect(panel.getByLabel('Language')).toHaveText('Spanish');
    await expect(panel.getByLabel('Report Frequency')).toHaveText('Monthly');
    await expect(panel.getByLabel('Auto-reorder threshold (units)')).toHaveValue('35');
    await expect(panel.getByRole('radio', { name: 'Dark' })).toBeChecked();
  });

  test("the shell's theme switcher saves the theme to the account, and the account's theme follows to a new browser", async ({ page, login }) => {
    await login(account, '/dashboard');
    const switcher = page.getByRole('complementary').getByRole('group', { name: 'Theme' });
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/settings/preferences') && r.request().method() === 'PATCH');
    await switcher.getByRole('button', { name: 'Light' }).click();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    expect((await saved).status()).toBe(200);
    const settings = (await (await page.request.get('/api/settings')).json()) as Settings;
    expect(settings.preferences.theme).toBe('light');
    // The rest of the preferences are kept.
    expect(settings.preferences.currency).toBe('EUR');

    // Another browser (its own stored theme is dark) takes the account's on opening the settings.
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.goto('/settings?tab=preferences');
    await expect(tabPanel(page).getByRole('radio', { name: 'Light' })).toBeChecked();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  });

  test('a failed load says so and can be retried', async ({ page, login }) => {
    let fail = true;
    await page.route('**/api/settings', async (route) => {
      if (!fail) return route.fallback();
      await new Promise((resolve) => setTimeout(resolve, 500));
      return route.fulfill({ status: 500, json: { message: 'Database away' } });
    });
    await login(account, '/settings');
    await expect(tabPanel(page).getByRole('status')).toHaveText('Loading profile…');
    await expect(tabPanel(page).getByText('Could not load your settings. Database away')).toBeVisible();
    fail = false;
    await tabPanel(page).getByRole('button', { name: 'Retry' }).click();
    // page.route holds the page's calls only, not this one.
    const settings = (await (await page.request.get('/api/settings')).json()) as Settings;
    await expect(tabPanel(page).getByLabel('First Name')).toHaveValue(settings.profile.firstName);
  });

  for (const tab of ['profile', 'notifications', 'preferences'] as const) {
    test(`the ${tab} tab has no serious accessibility violations (light and dark) and fits a 360 px phone`, async ({ page, login }) => {
      await login(account, `/settings?tab=${tab}`);
      await expect(page.getByRole('tab', { selected: true })).toHaveAttribute('aria-controls', /.+/);
      await expect(tabPanel(page).getByRole('button').first()).toBeVisible();
      const switcher = page.getByRole('complementary').getByRole('group', { name: 'Theme' });
      for (const theme of ['Light', 'Dark'] as const) {
        await switcher.getByRole('button', { name: theme }).click();
        await expect(page.locator('html')).toHaveClass(theme === 'Dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
        expect(await seriousViolations(page), theme).toEqual([]);
      }

      await page.setViewportSize({ width: 360, height: 740 });
      await expect(tabPanel(page).getByRole('button').first()).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const save = tabPanel(page).getByRole('button').last();
      await save.scrollIntoViewIfNeeded();
      const box = await save.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    });
  }
});
