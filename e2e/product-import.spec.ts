import { readFile } from 'node:fs/promises';
import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Cookie, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { registerAndSignInOperator } from './accounts.js';
import { expect, test, toast } from './fixtures.js';

/*
 * One operator for the file, signed in once through the API (sign-ins are limited per address);
 * each test starts from an empty catalogue.
 */
const email = `import-${Date.now()}@example.com`;
const password = 'spreadsheet-of-snacks-42';
let api: APIRequestContext;
let session: Cookie[];

test.beforeAll(async ({ server, smtp, playwright }) => {
  ({ api, session } = await registerAndSignInOperator({ server, smtp, playwright }, { email, password, firstName: 'Ivy' }));
});

test.afterAll(async () => {
  await api.dispose();
});

test.beforeEach(async () => {
  const products = (await (await api.get('/api/products')).json()) as { id: number }[];
  for (const product of products) expect((await api.delete(`/api/products/${product.id}`)).status()).toBe(200);
});

async function openImport(page: Page) {
  await page.context().addCookies(session);
  await page.goto('/product-import');
  await expect(page.getByRole('heading', { name: 'Bulk Product Import' })).toBeVisible();
}

const fileInput = (page: Page) => page.getByLabel('Drop a file here or choose one');

async function upload(page: Page, name: string, content: string | Buffer, mimeType = 'text/csv') {
  await fileInput(page).setInputFiles({ name, mimeType, buffer: typeof content === 'string' ? Buffer.from(content) : content });
}

/** The preview's summary line (the toast repeats it in its own live region). */
const summary = (page: Page, text: string) => page.locator('p[role="status"]', { hasText: text });

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

const GOOD_AND_BAD = [
  'name,BRAND,Category,Price',
  'Takis Fuego,Barcel,Chips,1.99',
  ',Planters,Nuts,',
  '',
  'Cashews,Planters,nuts,',
  'Doritos,Frito-Lay,Candy,',
  'Green Tea,Ito En,Tea,',
].join('\n');

test('download the template, upload good and bad rows, preview, import, and find them on /products', async ({ page }) => {
  const existing = await api.post('/api/products', { data: { name: 'Green Tea', brand: 'Ito En', category: 'Tea', price: '2.00', description: '', votes: 0 } });
  expect(existing.status()).toBe(201);
  await openImport(page);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Template' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('product-import-template.xlsx');
  await expect(toast(page, 'Template Downloaded')).toBeVisible();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile((await download.path())!)) as unknown as ExcelJS.Buffer);
  expect((workbook.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual(['Name', 'Brand', 'Category', 'Price', 'Description']);
  expect(workbook.worksheets[0]!.getCell('C2').dataValidation?.type).toBe('list');

  await upload(page, 'snacks.csv', GOOD_AND_BAD);
  await expect(summary(page, 'Found 5 rows, 3 valid for import.')).toBeVisible();
  await expect(toast(page, 'File Parsed')).toContainText('Found 5 rows, 3 valid for import.');
  const preview = page.getByRole('region', { name: "Preview of the file's rows" });
  await expect(preview.getByRole('row', { name: /^3 Invalid/ })).toContainText('Product name is required');
  await expect(preview.getByRole('row', { name: /^6 Invalid/ })).toContainText('Invalid category. Must be one of:');
  await expect(preview.getByRole('row', { name: /^7 Valid/ })).toContainText('Already in catalogue');
  await expect(page.getByRole('group', { name: /1 row matches a product you already have/ })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Skip them/ })).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Import 3 valid products' }).click();
  await expect(toast(page, 'Import Complete')).toContainText('Successfully imported 2 products. 0 failed.');
  await expect(page.getByText('2 new, 0 updated, 1 skipped')).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'View your products' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByText('Takis Fuego').first()).toBeVisible();
  await expect(page.getByText('Cashews').first()).toBeVisible();
  const names = ((await (await api.get('/api/products')).json()) as { name: string; price: string }[]).map((p) => `${p.name} ${p.price}`).sort();
  expect(names).toEqual(['Cashews 0.00', 'Green Tea 2.00', 'Takis Fuego 1.99']);
});

test('update chosen for existing products; no valid rows; wrong and old file types; an .xlsx read in the browser', async ({ page }) => {
  await api.post('/api/products', { data: { name: 'Green Tea', brand: 'Ito En', category: 'Tea', price: '2.00', description: '', votes: 0 } });
  await openImport(page);

  await upload(page, 'notes.txt', 'hello', 'text/plain');
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid File Type' })).toContainText('Please upload a CSV or Excel (.xlsx) file.');
  await upload(page, 'old.xls', Buffer.from([0xd0, 0xcf, 0x11, 0xe0]), 'application/vnd.ms-excel');
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid File Type' })).toContainText('old Excel (.xls) file');

  await upload(page, 'bad.csv', 'Name,Brand,Category\n,,\nX,,Chips\n');
  await expect(summary(page, 'Found 1 rows, 0 valid for import.')).toBeVisible();
  await page.getByRole('button', { name: 'Import 0 valid products' }).click();
  await expect(toast(page, 'No Valid Products')).toContainText('Fix validation errors before importing.');
  await page.getByRole('button', { name: 'Clear' }).click();

  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Products');
  sheet.addRows([
    ['Name', 'Brand', 'Category', 'Price', 'Description'],
    ['green tea', 'ITO EN', 'Tea', 3.5, 'Unsweetened'],
    ['Beef Sticks', 'Jack Links', 'Beef Jerky', 4, ''],
  ]);
  await upload(page, 'products.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  await expect(summary(page, 'Found 2 rows, 2 valid for import.')).toBeVisible();
  await page.getByRole('radio', { name: /Update them/ }).check();
  await page.getByRole('button', { name: 'Import 2 valid products' }).click();
  await expect(toast(page, 'Import Complete')).toContainText('Successfully imported 2 products. 0 failed.');
  await expect(page.getByText('1 new, 1 updated, 0 skipped')).toBeVisible();
  const stored = (await (await api.get('/api/products')).json()) as { name: string; price: string; description: string }[];
  expect(stored.map((p) => `${p.name}|${p.price}|${p.description}`).sort()).toEqual(['Beef Sticks|4.00|', 'Green Tea|3.50|Unsweetened']);
});

test('at 360 px: the page fits, the preview scrolls inside its own region, no serious axe violations', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await openImport(page);
  await upload(page, 'snacks.csv', GOOD_AND_BAD);
  await expect(summary(page, 'Found 5 rows, 3 valid for import.')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const region = page.getByRole('region', { name: "Preview of the file's rows" });
  expect(await region.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  const button = await page.getByRole('button', { name: 'Import 3 valid products' }).boundingBox();
  expect(button!.x + button!.width).toBeLessThanOrEqual(360);
  expect(await seriousViolations(page)).toEqual([]);
});

test('a 429 from the batch endpoint is waited out, shown, and sent again under the same key: imported once', async ({ page }) => {
  const sent: string[] = [];
  // Only the browser's view of the network is faked: the first batch meets a 429, the retry reaches the server.
  await page.route('**/api/products/import', async (route) => {
    sent.push((route.request().postDataJSON() as { batchKey: string }).batchKey);
    if (sent.length === 1) {
      await route.fulfill({ status: 429, headers: { 'Retry-After': '2' }, contentType: 'application/json', body: JSON.stringify({ message: 'Too many requests. Please try again later.' }) });
      return;
    }
    await route.continue();
  });
  await openImport(page);
  await upload(page, 'retry.csv', 'Name,Brand,Category\nTakis Fuego,Barcel,Chips\nCashews,Planters,Nuts\n');
  await expect(summary(page, 'Found 2 rows, 2 valid for import.')).toBeVisible();
  await page.getByRole('button', { name: 'Import 2 valid products' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Waiting to retry…' })).toBeVisible();
  await expect(toast(page, 'Import Complete')).toContainText('Successfully imported 2 products. 0 failed.');
  await expect(page.getByText('Waiting to retry…')).toHaveCount(0);
  expect(sent).toHaveLength(2);
  expect(sent[1]).toBe(sent[0]);
  const names = ((await (await api.get('/api/products')).json()) as { name: string }[]).map((p) => p.name).sort();
  expect(names).toEqual(['Cashews', 'Takis Fuego']);
});
