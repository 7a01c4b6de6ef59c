import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { DONATIONS_CSV_COLUMNS } from '../src/server/features/donation-hub/donations-csv.js';
import { testWithOwnAdmin } from './accounts.js';
import { expect, registerVerifiedOperator, toast } from './fixtures.js';

/*
 * The donation hub on a server of its own: its first start seeded the example charities round the
 * demo operator's ZIP code (78741, Austin); the file's admin imports the sample IRS extract through
 * the admin panel, and an operator finds a charity, records a gift and downloads its receipt.
 */
const stamp = Date.now();
const ADMIN = { email: `donations-admin-${stamp}@example.com`, password: 'receipts-for-the-pantry-7' };
const OPERATOR = { email: `donations-operator-${stamp}@example.com`, password: 'receipts-for-the-pantry-7' };
const SAMPLE_FILE = 'tests/fixtures/eo-bmf-sample.csv';
const PANTRY = 'EXAMPLE EASTSIDE COMMUNITY FOOD PANTRY';

const test = testWithOwnAdmin(ADMIN);
test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ adminServer, smtp }) => {
  await registerVerifiedOperator(adminServer, smtp, { ...OPERATOR, firstName: 'Dana', lastName: 'Giver' });
});

async function pdfText(path: string): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(readFileSync(path)));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

async function download(page: Page, click: () => Promise<void>) {
  const downloading = page.waitForEvent('download');
  await click();
  const file = await downloading;
  return { name: file.suggestedFilename(), path: (await file.path())! };
}

test('before any import, operators are told why a search finds nothing, and admins where to get the files', async ({ page, login }) => {
  await login(OPERATOR, '/donation-hub');
  await expect(page.getByTestId('charity-directory-notice')).toContainText('It fills when an admin imports the IRS list of 501(c)(3) organizations.');
  await login(ADMIN, '/admin-panel?tab=charities');
  const card = page.getByTestId('charity-files-card');
  await expect(card.getByRole('heading', { name: 'Fill the directory' })).toBeVisible();
  await expect(card.getByRole('link', { name: /Exempt Organizations Business Master File extract/ })).toHaveAttribute('href', /irs\.gov/);
  await expect(card).toContainText('npm run charities:import');
});

test('an admin imports the IRS extract in the admin panel and sees the report', async ({ page, login }) => {
  await login(ADMIN, '/admin-panel');
  await page.getByRole('tab', { name: 'Charities' }).click();
  await page.getByLabel('IRS EO BMF files (.csv)').setInputFiles(SAMPLE_FILE);
  await page.getByRole('button', { name: 'Import files' }).click();
  const report = page.getByTestId('charity-import-report');
  await expect(report).toContainText('19');
  await expect(report).toContainText('13');
  await expect(report).toContainText('EIN must be 9 digits');
  await expect(report).toContainText('ZIP code 00000 is not in the ZIP code table');
  await expect(page.getByRole('region', { name: 'Last imports' })).toContainText('eo-bmf-sample.csv');
});

test('an operator finds charities near a ZIP code, records a donation and downloads its receipt', async ({ page, login }) => {
  await login(OPERATOR, '/donation-hub');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('charity-directory-notice')).toHaveCount(0);
  const zip = page.getByRole('textbox', { name: 'ZIP code' });
  await expect(zip).toHaveAttribute('maxlength', '5');

  // Not five digits: the spec's toast, and no results.
  await zip.fill('787');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(toast(page, 'Invalid Zip Code')).toContainText('Please enter a valid 5-digit zip code');

  await zip.fill('78741');
  await page.getByRole('button', { name: 'Search' }).click();
  // Within 10 miles: 8 imported charities and 8 example records, nearest first.
  await expect(page.getByTestId('search-headline')).toContainText('16 charities within 10 miles of 78741');
  const cards = page.getByTestId('charity-card');
  await expect(cards.first()).toContainText('0 miles away');
  const imported = page.getByRole('article', { name: 'SAMPLE FOOD BANK ONE' });
  await expect(imported).toContainText('Verified');
  await expect(imported).toContainText('Food Bank');
  const pantry = page.getByRole('article', { name: PANTRY });
  await expect(pantry).toContainText('Example record');
  await expect(pantry.getByText('Verified', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('article', { name: 'SAMPLE NORTH AUSTIN CHURCH' })).toHaveCount(0);

  // A wider circle takes in the church 10.05 miles away.
  await page.getByRole('combobox', { name: 'Radius' }).click();
  await page.getByRole('option', { name: /25 miles/ }).click();
  await expect(page.getByRole('article', { name: 'SAMPLE NORTH AUSTIN CHURCH' })).toContainText('10 miles away');
  await expect(page).toHaveURL(/radius=25/);

  await pantry.getByRole('button', { name: `Record Donation to ${PANTRY}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Record Donation' });
  await expect(dialog.getByRole('textbox', { name: 'Charity name' })).toHaveValue(PANTRY);
  const record = dialog.getByRole('button', { name: 'Record Donation' });
  await expect(record).toBeDisabled();
  const first = dialog.getByRole('group', { name: 'Product 1' });
  await first.getByRole('textbox', { name: 'Product name' }).fill('Trail Mix');
  await first.getByRole('textbox', { name: 'Brand' }).fill('Summit');
  await first.getByRole('spinbutton', { name: 'Quantity' }).fill('24');
  await first.getByRole('spinbutton', { name: 'Unit value ($)' }).fill('2.50');
  await first.getByRole('spinbutton', { name: 'Cost per unit ($)' }).fill('1.10');
  await dialog.getByRole('button', { name: 'Add Product' }).click();
  const second = dialog.getByRole('group', { name: 'Product 2' });
  await second.getByRole('textbox', { name: 'Product name' }).fill('Granola Bars');
  await second.getByRole('spinbutton', { name: 'Quantity' }).fill('12');
  await second.getByRole('spinbutton', { name: 'Unit value ($)' }).fill('1.25');
  await expect(dialog.getByTestId('donation-total')).toContainText('$75.00');
  await dialog.getByRole('textbox', { name: 'Notes (optional)' }).fill('Dated stock, picked up by the pantry van');
  await expect(record).toBeEnabled();
  await record.click();
  await expect(toast(page, 'Donation Recorded')).toContainText('Your donation has been recorded for tax purposes.');
  await expect(dialog).toBeHidden();

  await page.getByRole('tab', { name: 'Donation History' }).click();
  const history = page.getByRole('region', { name: 'Donation history' });
  await expect(history.getByRole('row')).toHaveCount(2);
  await expect(history).toContainText(PANTRY);
  await expect(history).toContainText('$75.00');
  const receipt = await download(page, () => history.getByRole('link', { name: new RegExp(`^Receipt for ${PANTRY}`) }).click());
  expect(receipt.name).toMatch(/^donation-receipt-D-\d{6}\.pdf$/);
  const text = await pdfText(receipt.path);
  expect(text).toContain(PANTRY);
  expect(text).toContain('1400 EXAMPLE RIVERSIDE DR');
  expect(text).toContain('Trail Mix (Summit)');
  expect(text).toContain('$75.00');
  expect(text).toContain('Dated stock, picked up by the pantry van');
  expect(text).toContain('No goods or services were provided in exchange for this contribution.');
  expect(text).toContain('Signature of an authorized representative');
});

test('the tax summary counts the gift, and its PDF and the CSV export download', async ({ page, login }) => {
  await login(OPERATOR, '/donation-hub?tab=tax');
  const year = new Date().getFullYear();
  await expect(page.getByTestId('tax-total')).toContainText('$75.00');
  await expect(page.getByTestId('tax-donations')).toContainText('1');
  await expect(page.getByTestId('tax-charities')).toContainText('1');
  await expect(page.getByText('Information, not tax advice', { exact: false }).first()).toBeVisible();

  await page.getByRole('switch', { name: 'My business is a C corporation' }).click();
  // Trail Mix: value 60.00, cost 26.40, so 26.40 + 16.80 = 43.20 (under twice the cost); Granola Bars have no cost basis.
  await expect(page.getByTestId('enhanced-estimate')).toContainText('$43.20');

  const summary = await download(page, () => page.getByRole('link', { name: `Download ${year} Summary (PDF)` }).click());
  expect(summary.name).toBe(`donation-summary-${year}.pdf`);
  const text = await pdfText(summary.path);
  expect(text).toContain(`${year} donation summary`);
  expect(text).toContain('$75.00');
  expect(text).toContain('$43.20');

  const exported = await download(page, () => page.getByRole('link', { name: 'Export All Records (CSV)' }).click());
  const lines = readFileSync(exported.path, 'utf8').replace(/^\uFEFF/, '').trim().split(/\r\n/);
  expect(lines[0]).toBe(DONATIONS_CSV_COLUMNS.join(','));
  expect(lines).toHaveLength(3);
  expect(lines[1]).toContain('Trail Mix');
  expect(lines[2]).toContain('Granola Bars');
});
