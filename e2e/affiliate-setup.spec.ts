import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { RetailAffiliateMessages as Messages } from '../src/shared/retail-affiliates.schemas.js';
import { FakeAmazonCreators } from '../tests/fakes/amazon-creators.js';
import { FakeFlexOffers } from '../tests/fakes/flexoffers.js';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../tests/support/server-process.js';
import { expect, registerVerifiedOperator, test as base, toast } from './fixtures.js';

const PASSWORD = 'tags-on-every-snack-link-7';
const OPERATOR = { email: `affiliate-setup-${Date.now()}@example.com`, password: PASSWORD };
const ADMIN = { email: 'affiliate-setup-admin@example.com', password: PASSWORD };
const CREDENTIAL_ID = 'amzn1.application-oa2-client.e2e000000000000000000000';
const SECRET = 'creators-secret-e2e-Wq7Lm2';
const FLEX_KEY = '8bb138d4-2438-478f-8265-6ee842cd12d7';
const PHONE = { width: 375, height: 812 };

/**
 * This file's own server, its connection tests pointed at the local Amazon and FlexOffers fakes. No
 * ENCRYPTION_KEY: the key is generated in its DATA_DIR, as on a first `npm start`.
 */
const test = base.extend<object, { world: { server: ServerProcess; amazon: FakeAmazonCreators; flex: FakeFlexOffers } }>({
  world: [
    async ({ smtp }, use) => {
      const amazon = await new FakeAmazonCreators([{ credentialId: CREDENTIAL_ID, secret: SECRET, region: 'NA', tags: { 'snackshop-20': 'www.amazon.com' } }]).start();
      const flex = await new FakeFlexOffers([
        { apiKey: FLEX_KEY, domainId: 1324238, domainName: 'snacks.example', url: 'https://snacks.example', approvedAdvertisers: ["Sam's Club"] },
      ]).start();
      const server = await startServerProcess({
        from: 'built',
        env: { SMTP_URL: smtp.url, LOG_LEVEL: 'warn', ADMIN_EMAILS: ADMIN.email, TRUST_PROXY: 'true', AMAZON_API_BASE: amazon.url, FLEXOFFERS_API_BASE: flex.url },
      });
      await registerVerifiedOperator(server, smtp, OPERATOR);
      await registerVerifiedOperator(server, smtp, ADMIN);
      await use({ server, amazon, flex });
      await stopServerProcess(server);
      await Promise.all([amazon.close(), flex.close()]);
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ world }, use) => use(world.server.url),
});
test.describe.configure({ mode: 'serial' });
test.use({ viewport: PHONE });

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

test('fields wait while their provider is off; the switches work from the keyboard; it fits a phone', async ({ page, login }) => {
  await login(OPERATOR, '/affiliate-setup');
  await expect(page.getByRole('heading', { level: 1, name: 'Affiliate Integration Setup' })).toBeVisible();
  for (const label of ['Associate ID', 'Access Key ID', 'Secret Key', 'Publisher ID', 'FlexOffers API Key']) await expect(field(page, label)).toBeDisabled();
  await expect(page.getByRole('combobox', { name: 'Region' })).toBeDisabled();
  await expect(page.getByRole('combobox', { name: 'Region' })).toHaveText(/United States \(amazon\.com\)/);
  await expect(page.getByRole('button', { name: 'Test Connection to Amazon' })).toBeDisabled();
  await expect(field(page, 'Retailer commission rate (%)')).toHaveValue('3.5');
  await expect(field(page, 'Retailer commission rate (%)')).toHaveAccessibleDescription(/Kept here for reference only: VendVote does not compute or pay anything from it, and it is not the 40% our affiliate program pays/);

  const amazonSwitch = page.getByRole('switch', { name: 'Enable Amazon' });
  await amazonSwitch.focus();
  await page.keyboard.press('Space');
  await expect(amazonSwitch).toBeChecked();
  await expect(field(page, 'Associate ID')).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Test Connection to Amazon' })).toBeEnabled();
  await expect(field(page, 'Publisher ID')).toBeDisabled();

  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await seriousViolations(page)).toEqual([]);
});

test('saves; after a reload the keys show as set, never their value; a rate that is not a number becomes 0', async ({ page, login }) => {
  await login(OPERATOR, '/affiliate-setup');
  await page.getByRole('switch', { name: 'Enable Amazon' }).click();
  await field(page, 'Associate ID').fill('snackshop-20');
  await field(page, 'Access Key ID').fill(CREDENTIAL_ID);
  await field(page, 'Secret Key').fill(SECRET);
  await page.getByRole('switch', { name: "Enable Sam's Club" }).click();
  await field(page, 'Publisher ID').fill('1324238');
  await field(page, 'FlexOffers API Key').fill(FLEX_KEY);

  const rate = field(page, 'Retailer commission rate (%)');
  await rate.fill('');
  await rate.pressSequentially('-');
  await rate.blur();
  await expect(rate).toHaveValue('0');
  await page.getByRole('button', { name: 'Save Configuration' }).click();
  await expect(toast(page, Messages.saved)).toBeVisible();

  await page.reload();
  await expect(field(page, 'Associate ID')).toHaveValue('snackshop-20');
  await expect(field(page, 'Secret Key')).toHaveValue('');
  await expect(field(page, 'Secret Key')).toHaveAttribute('placeholder', 'set — type to replace');
  await expect(page.getByText('Set (ends in 7Lm2): leave blank to keep it, type to replace it.')).toBeVisible();
  await expect(field(page, 'FlexOffers API Key')).toHaveAttribute('placeholder', 'set — type to replace');
  await expect(rate).toHaveValue('0');
  const html = await page.content();
  expect(html).not.toContain(SECRET);
  expect(html).not.toContain(FLEX_KEY);
});

test('refuses a rate above 15 with its message, and says the save failed', async ({ page, login }) => {
  await login(OPERATOR, '/affiliate-setup');
  await field(page, 'Retailer commission rate (%)').fill('20');
  await page.getByRole('button', { name: 'Save Configuration' }).click();
  await expect(page.getByText(Messages.rateRange(15))).toBeVisible();
  await expect(toast(page, Messages.saveFailed)).toBeVisible();
  await expect(field(page, 'Retailer commission rate (%)')).toHaveAttribute('aria-invalid', 'true');
});

test('tests each connection with what is typed, and says in plain words what failed', async ({ page, login }) => {
  await login(OPERATOR, '/affiliate-setup');
  await page.getByRole('button', { name: 'Test Connection to Amazon' }).click();
  await expect(toast(page, Messages.testSucceeded)).toContainText('snackshop-20');
  await page.getByRole('button', { name: "Test Connection to Sam's Club" }).click();
  await expect(toast(page, Messages.testSucceeded)).toContainText('snacks.example');

  await field(page, 'Secret Key').fill('not-the-secret');
  await page.getByRole('button', { name: 'Test Connection to Amazon' }).click();
  await expect(toast(page, Messages.testFailed)).toContainText('Amazon did not accept this access key ID and secret key');

  await field(page, 'Associate ID').fill('');
  await page.getByRole('button', { name: 'Test Connection to Amazon' }).click();
  await expect(page.getByText(Messages.associateIdRequired, { exact: true }).first()).toBeVisible();
  await expect(field(page, 'Associate ID')).toBeFocused();
});

test("the admin panel's Affiliate Setup tab keeps the platform's configuration, up to 100%", async ({ page, login }) => {
  await login(ADMIN, '/admin-panel?tab=affiliate-setup');
  await expect(page.getByRole('tab', { name: 'Affiliate Setup' })).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel');
  // The program's figures above the integrations, from the stats call: a new install has none yet.
  const figures = panel.getByRole('region', { name: 'Affiliate program figures' });
  await expect(figures.getByTestId('affiliate-stat-active')).toContainText('0');
  await expect(figures).toContainText('40%');
  await expect(panel.getByLabel('Associate ID', { exact: true })).toHaveValue('');
  await panel.getByLabel('Retailer commission rate (%)').fill('40');
  await panel.getByRole('button', { name: 'Save Configuration' }).click();
  await expect(toast(page, Messages.saved)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('tabpanel').getByLabel('Retailer commission rate (%)')).toHaveValue('40');
  expect(await seriousViolations(page)).toEqual([]);
});

test('a stored key can be removed: it is gone after the save', async ({ page, login }) => {
  await login(OPERATOR, '/affiliate-setup');
  await page.getByRole('button', { name: 'Remove FlexOffers API Key' }).click();
  await expect(page.getByText('Will be removed when you save.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Save Configuration' }).click();
  await expect(toast(page, Messages.saved)).toBeVisible();
  await page.reload();
  const key = field(page, 'FlexOffers API Key');
  await expect(key).not.toHaveAttribute('placeholder', /set/);
  await expect(page.getByRole('button', { name: 'Remove FlexOffers API Key' })).toHaveCount(0);
  await expect(field(page, 'Secret Key')).toHaveAttribute('placeholder', 'set — type to replace');
});
