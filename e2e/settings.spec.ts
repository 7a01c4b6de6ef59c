import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { NotificationMessages } from '../src/shared/notifications.schemas.js';
import { EmailChangeMessages, SecurityMessages, type Security } from '../src/shared/security.schemas.js';
import { SettingsMessages, type Settings } from '../src/shared/settings.schemas.js';
import { expect, registerVerifiedOperator, test, toast } from './fixtures.js';

const email = `settings-${Date.now()}@example.com`;
const password = 'settings-for-every-taste-5';
const account = { email, password };
// The security tests change this account's password, so the other tests keep theirs.
const secure = { email: `settings-security-${Date.now()}@example.com`, password: 'guarded-by-a-long-phrase-8' };

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

/** Another browser signed in as the same account, from an address of its own, in Los Angeles. */
async function otherBrowser(browser: Browser, baseURL: string, who: typeof secure, address: string) {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': address } });
  const response = await context.request.post('/api/auth/login', {
    data: { email: who.email, password: who.password, rememberMe: false, timeZone: 'America/Los_Angeles' },
  });
  expect(response.status(), await response.text()).toBe(200);
  return context;
}

const savedPreferences = (page: Page) => page.waitForResponse((r) => r.url().endsWith('/api/notifications/preferences') && r.request().method() === 'PATCH');

test.describe('the settings page', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({ server, smtp }) => {
    await registerVerifiedOperator(server, smtp, { email, password, firstName: 'Sam', lastName: 'Rivera' });
    await registerVerifiedOperator(server, smtp, { ...secure, firstName: 'Alex', lastName: 'Kim' });
  });

  test('opens on the profile tab; the tabs work with the arrow keys and the tab is in the URL', async ({ page, login }) => {
    await login(account, '/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    const tabs = page.getByRole('tablist', { name: 'Settings sections' }).getByRole('tab');
    await expect(tabs).toHaveText(['Profile', 'Notifications', 'Security', 'Preferences', 'Team']);
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
    await expect(panel.getByRole('button', { name: 'Change email' })).toBeVisible();

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
    await expect(panel.getByText(/predicted to reach your reorder threshold within 3 days/)).toBeVisible();
    await expect(panel.getByRole('switch', { name: 'Low inventory' })).toBeEnabled();

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
    // Every topic goes by email: with email off the topics are inactive and say why, keeping their values.
    const lowInventory = panel.getByRole('switch', { name: 'Low inventory' });
    const storedLowInventory = await lowInventory.getAttribute('aria-checked');
    await expect(panel.getByText(NotificationMessages.topicsNeedEmail)).toBeVisible();
    for (const topic of ['Low inventory', 'High votes', 'Machine offline', 'Daily summary', 'Periodic report']) {
      const topicSwitch = panel.getByRole('switch', { name: topic });
      await expect(topicSwitch).toBeDisabled();
      await expect(topicSwitch).toHaveAccessibleDescription(new RegExp(`^${NotificationMessages.topicsNeedEmail.replace(/\./g, '\\.')}`));
    }

    const again = savedPreferences(page);
    await emailSwitch.click();
    await again;
    await expect(send).toBeEnabled();
    await expect(lowInventory).toBeEnabled();
    await expect(lowInventory).toHaveAttribute('aria-checked', storedLowInventory!);
    await expect(panel.getByText(NotificationMessages.topicsNeedEmail)).toHaveCount(0);
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

    // A browser whose own stored theme is dark takes the account's on any page, not only Settings.
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.goto('/vending-machines');
    await expect(page.getByRole('heading', { level: 1, name: 'Vending Machines' })).toBeVisible();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  });

  test('a dark theme chosen for the account applies from the first page after signing in on a new browser', async ({ page, browser, baseURL }) => {
    const signedIn = await page.request.post('/api/auth/login', { data: { ...account, rememberMe: false } });
    expect(signedIn.status()).toBe(200);
    const settings = (await (await page.request.get('/api/settings')).json()) as Settings;
    const saved = await page.request.patch('/api/settings/preferences', { data: { ...settings.preferences, theme: 'dark' } });
    expect(saved.status(), await saved.text()).toBe(200);

    const fresh = await browser.newContext({ baseURL, colorScheme: 'light', extraHTTPHeaders: { 'x-forwarded-for': '10.88.0.1' } });
    try {
      const other = await fresh.newPage();
      await other.goto('/login');
      await expect(other.locator('html')).not.toHaveClass(/\bdark\b/);
      await other.getByLabel('Email').fill(account.email);
      await other.getByLabel('Password', { exact: true }).fill(account.password);
      await other.getByRole('button', { name: 'Sign In' }).click();
      await expect(other).toHaveURL(/\/dashboard$/);
      await expect(other.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      await expect(other.locator('html')).toHaveClass(/\bdark\b/);
      // Kept in this browser, so the next first paint is dark before any call answers.
      await other.route('**/api/auth/session', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        await route.fallback();
      });
      await other.reload({ waitUntil: 'domcontentloaded' });
      expect(await other.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    } finally {
      await fresh.close();
      await page.request.patch('/api/settings/preferences', { data: settings.preferences });
    }
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

  test('security: a wrong current password is refused at its field; a change signs the other browsers out', async ({ page, login, browser, server }) => {
    await login(secure, '/settings?tab=security');
    await expect(page.getByRole('tab', { name: 'Security' })).toHaveAttribute('aria-selected', 'true');
    const panel = tabPanel(page);
    await expect(panel.getByText(/Password last changed:/)).toBeVisible();
    // Two-factor sign-in has its own card, off until turned on (e2e/two-factor.spec.ts).
    await expect(panel.getByRole('heading', { level: 2, name: 'Two-factor sign-in' })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Turn on' })).toBeVisible();

    await panel.getByLabel('Current password').fill('not-the-password-at-all');
    await panel.getByLabel('New password', { exact: true }).fill('a-fresh-longer-phrase-9');
    await panel.getByLabel('Confirm new password').fill('a-fresh-longer-phrase-9');
    await panel.getByRole('button', { name: 'Change password' }).click();
    await expect(panel.getByText(SecurityMessages.currentPasswordWrong)).toBeVisible();
    await expect(toast(page, SettingsMessages.saveFailed)).toBeVisible();

    const other = await otherBrowser(browser, server.url, secure, '10.99.0.1');
    try {
      expect((await other.request.get('/api/auth/me')).status()).toBe(200);
      await panel.getByLabel('Current password').fill(secure.password);
      await panel.getByRole('button', { name: 'Change password' }).click();
      await expect(toast(page, SecurityMessages.passwordChanged)).toBeVisible();
      secure.password = 'a-fresh-longer-phrase-9';
      await expect(panel.getByLabel('Current password')).toHaveValue('');
      await expect(panel.getByLabel('New password', { exact: true })).toHaveValue('');
      await expect(panel.getByLabel('Confirm new password')).toHaveValue('');
      expect((await other.request.get('/api/auth/me')).status()).toBe(401);
      // This browser stays signed in.
      expect((await page.request.get('/api/auth/me')).status()).toBe(200);
    } finally {
      await other.close();
    }
  });

  test('security: the devices list marks this device, and signs another out', async ({ page, login, browser, server }) => {
    const other = await otherBrowser(browser, server.url, secure, '10.99.0.2');
    try {
      await login(secure, '/settings?tab=security');
      const devices = tabPanel(page).getByRole('list', { name: 'Signed-in devices' });
      await expect(devices.getByRole('listitem')).toHaveCount(2);
      const current = devices.getByRole('listitem').filter({ hasText: 'This device' });
      await expect(current).toHaveCount(1);
      await expect(current.getByRole('button', { name: /^Sign out/ })).toHaveCount(0);
      const another = devices.getByRole('listitem').filter({ hasNotText: 'This device' });
      await expect(another.getByText('Los Angeles time')).toBeVisible();
      await expect(another.getByText(/Signed in/)).toBeVisible();

      await another.getByRole('button', { name: /^Sign out/ }).click();
      await expect(devices.getByRole('listitem')).toHaveCount(1);
      expect((await other.request.get('/api/auth/me')).status()).toBe(401);
    } finally {
      await other.close();
    }

    // Sign out all other devices asks first.
    const third = await otherBrowser(browser, server.url, secure, '10.99.0.3');
    try {
      await page.reload();
      const devices = tabPanel(page).getByRole('list', { name: 'Signed-in devices' });
      await expect(devices.getByRole('listitem')).toHaveCount(2);
      await page.getByRole('button', { name: 'Sign out all other devices' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Sign out all other devices?' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Sign out other devices' }).click();
      await expect(dialog).toBeHidden();
      await expect(tabPanel(page).getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem')).toHaveCount(1);
      await expect(page.getByRole('button', { name: 'Sign out all other devices' })).toHaveCount(0);
      expect((await third.request.get('/api/auth/me')).status()).toBe(401);
    } finally {
      await third.close();
    }
  });

  test('security: the login alerts switch saves at once and survives a reload', async ({ page, login }) => {
    await login(secure, '/settings?tab=security');
    const panel = tabPanel(page);
    const alerts = panel.getByRole('switch', { name: 'Login alerts' });
    await expect(panel.getByText('Email me when my account signs in from a browser it has not used before')).toBeVisible();
    await expect(alerts).toHaveAttribute('aria-checked', 'true');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/settings/security') && r.request().method() === 'PATCH');
    await alerts.click();
    await expect(alerts).toHaveAttribute('aria-checked', 'false');
    expect((await saved).status()).toBe(200);
    await page.reload();
    await expect(alerts).toHaveAttribute('aria-checked', 'false');
    const security = (await (await page.request.get('/api/settings/security')).json()) as Security;
    expect(security.loginAlerts).toBe(false);
  });

  test('the profile tab asks to change the email: a link is mailed to the new address', async ({ page, login, smtp }) => {
    await login(secure, '/settings');
    const panel = tabPanel(page);
    await panel.getByRole('button', { name: 'Change email' }).click();
    const form = panel.getByRole('form', { name: 'Change email' });
    const newEmail = `settings-moved-${Date.now()}@example.com`;
    await form.getByLabel('New email').fill(newEmail);
    await form.getByLabel('Current password').fill('not-the-password-at-all');
    await form.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect(form.getByText(SecurityMessages.currentPasswordWrong)).toBeVisible();

    await form.getByLabel('Current password').fill(secure.password);
    await form.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect(panel.getByRole('status').filter({ hasText: EmailChangeMessages.sent })).toBeVisible();
    await expect(toast(page, EmailChangeMessages.sent)).toBeVisible();
    const mail = await smtp.waitForMail(newEmail, /^Confirm your new VendVote email address$/);
    expect(mail.to).toEqual([newEmail]);
    // Nothing changes until the link is used.
    await expect(panel.getByLabel('Email', { exact: true })).toHaveValue(secure.email);
  });

  for (const tab of ['profile', 'notifications', 'security', 'preferences'] as const) {
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
