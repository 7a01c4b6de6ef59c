import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Cookie, Page } from '@playwright/test';
import { registerAndSignInOperator } from './accounts.js';
import { expect, test, toast, voteAsNewCustomer } from './fixtures.js';

/*
 * One operator for the whole file, signed in once through the API: the server (shared by every
 * spec file of the worker) limits registrations and sign-ins per address. Each test starts from
 * an empty catalogue instead of relying on the tests before it.
 */
const email = `products-${Date.now()}@example.com`;
const password = 'catalogue-of-snacks-42';
let api: APIRequestContext;
let session: Cookie[];

interface CreatedProduct {
  id: number;
  name: string;
}

test.beforeAll(async ({ server, smtp, playwright }) => {
  ({ api, session } = await registerAndSignInOperator({ server, smtp, playwright }, { email, password, firstName: 'Pat' }));
});

test.afterAll(async () => {
  await api.dispose();
});

async function emptyCatalogue() {
  const products = (await (await api.get('/api/products')).json()) as CreatedProduct[];
  for (const product of products) expect((await api.delete(`/api/products/${product.id}`)).status()).toBe(200);
}

async function createProduct(name: string, brand: string, category: string): Promise<CreatedProduct> {
  const response = await api.post('/api/products', { data: { name, brand, category, price: '0.00', description: '', votes: 0 } });
  expect(response.status()).toBe(201);
  return (await response.json()) as CreatedProduct;
}

/** Up votes from `count` different customers. */
async function castVotes(baseURL: string, productId: number, machineId: number, count: number) {
  for (let i = 0; i < count; i += 1) await voteAsNewCustomer(baseURL, productId, machineId);
}

async function machineId(): Promise<number> {
  const machines = (await (await api.get('/api/machines')).json()) as { id: number }[];
  if (machines[0]) return machines[0].id;
  const response = await api.post('/api/machines', {
    data: { name: 'Catalogue Test Machine', location: 'Test lobby', type: 'snacks', serialNumber: 'CAT-001' },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function openProducts(page: Page) {
  await page.context().addCookies(session);
  await page.goto('/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Product Catalog Management' })).toBeVisible();
}

const card = (page: Page, name: string) => page.getByRole('group', { name }).getByTestId('stat-value');
const rows = (page: Page) => page.getByRole('list', { name: 'Products', exact: true }).getByRole('listitem');

async function chooseSort(page: Page, label: string) {
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

test('a new operator sees the empty catalogue with zeroed cards', async ({ page }) => {
  await emptyCatalogue();
  await openProducts(page);
  await expect(page.getByRole('heading', { name: 'No products yet' })).toBeVisible();
  await expect(card(page, 'Total Products')).toHaveText('0');
  await expect(card(page, 'Total Score')).toHaveText('0');
  await expect(card(page, 'Avg Performance')).toHaveText('0');
  await expect(page.getByRole('button', { name: 'Add your first product' })).toBeVisible();
});

test('adds a product through the dialog, with the spec’s validation messages', async ({ page }) => {
  await emptyCatalogue();
  await openProducts(page);
  await page.getByRole('button', { name: 'Add your first product' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Product' });
  await dialog.getByRole('button', { name: 'Add Product' }).click();
  await expect(dialog.getByText('Product name is required')).toBeVisible();
  await expect(dialog.getByText('Brand is required')).toBeVisible();
  await expect(dialog.getByText('Category is required')).toBeVisible();

  await dialog.getByLabel('Product name').fill('Sea Salt Chips');
  await dialog.getByLabel('Brand').fill('Kettle Brand');
  await dialog.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Chips', exact: true }).click();
  const created = page.waitForRequest((request) => request.url().endsWith('/api/products') && request.method() === 'POST');
  await dialog.getByRole('button', { name: 'Add Product' }).click();
  // Price and unit cost left empty: sent as not set, and shown so, never as a free product.
  expect((await created).postDataJSON()).toEqual({
    name: 'Sea Salt Chips',
    brand: 'Kettle Brand',
    category: 'Chips',
    price: '0.00',
    unitCost: null,
    description: '',
    votes: 0,
  });

  await expect(page.getByText('Product Added', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Sea Salt Chips');
  await expect(rows(page).first()).toContainText('Kettle Brand');
  await expect(rows(page).first()).toContainText('Price not set');
  await expect(rows(page).first()).not.toContainText('$0.00');
  await expect(card(page, 'Total Products')).toHaveText('1');
});

test('sorts, searches, ranks and totals the catalogue', async ({ page, server }) => {
  await emptyCatalogue();
  const machine = await machineId();
  // Added in this order; voted so that every sort order differs.
  const mango = await createProduct('Mango Tea', 'AriZona', 'Tea');
  await createProduct('Apple Chips', 'Bare', 'Chips');
  const zesty = await createProduct('Zesty Pretzels', 'Snyder', 'Sweets');
  await castVotes(server.url, zesty.id, machine, 4);
  await castVotes(server.url, mango.id, machine, 1);

  await openProducts(page);
  await expect(card(page, 'Total Products')).toHaveText('3');
  await expect(card(page, 'Total Score')).toHaveText('5');
  await expect(card(page, 'Avg Performance')).toHaveText('2');

  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveText('Most Voted');
  await expect(rows(page)).toHaveCount(3);
  await expect(rows(page)).toContainText(['Zesty Pretzels', 'Mango Tea', 'Apple Chips']);
  await expect(rows(page).first()).toContainText('Rank 1');
  await expect(rows(page).first()).toContainText('4 score');

  await chooseSort(page, 'Name A-Z');
  await expect(rows(page)).toContainText(['Apple Chips', 'Mango Tea', 'Zesty Pretzels']);
  // The rank stays the product's place by votes whatever the order; a score of 0 earns none.
  await expect(rows(page).first()).toContainText('Apple Chips');
  await expect(rows(page).first()).not.toContainText('Rank');
  await expect(rows(page).nth(1)).toContainText('Rank 2');
  await chooseSort(page, 'Added First');
  await expect(rows(page)).toContainText(['Mango Tea', 'Apple Chips', 'Zesty Pretzels']);
  await chooseSort(page, 'Added Last');
  await expect(rows(page)).toContainText(['Zesty Pretzels', 'Apple Chips', 'Mango Tea']);

  const topPerformers = page.getByRole('region', { name: 'Top Performers' }).getByRole('listitem');
  await expect(topPerformers).toHaveCount(2);
  await expect(topPerformers).toContainText(['Zesty Pretzels', 'Mango Tea']);

  await page.getByLabel('Search products').fill('ariz');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Mango Tea');
  await expect(topPerformers).toHaveCount(1);
  await expect(topPerformers.first()).toContainText('Mango Tea');
  await page.getByLabel('Search products').fill('CHIPS');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Apple Chips');
  await expect(page.getByRole('region', { name: 'Top Performers' })).toContainText('No votes yet');
  await page.getByLabel('Search products').fill('licorice');
  await expect(page.getByText('No products match “licorice”.')).toBeVisible();
  // The cards describe the whole catalogue, not the search.
  await expect(card(page, 'Total Products')).toHaveText('3');
});

test('edits a product in the Add dialog: name, price and unit cost saved, with the field messages', async ({ page }) => {
  await emptyCatalogue();
  await createProduct('Honey Almonds', 'Blue Diamond', 'Nuts');
  await openProducts(page);
  await page.getByRole('button', { name: 'Edit Honey Almonds' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Honey Almonds' });
  await expect(dialog.getByLabel('Product name')).toHaveValue('Honey Almonds');
  await expect(dialog.getByLabel('Sale price (USD)')).toHaveValue('');

  await dialog.getByLabel('Product name').fill('');
  await dialog.getByLabel('Sale price (USD)').fill('1.999');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText('Product name is required')).toBeVisible();
  await expect(dialog.getByText('Price must be an amount such as 1.99')).toBeVisible();
  await expect(dialog.getByLabel('Product name')).toHaveAttribute('aria-invalid', 'true');

  await dialog.getByLabel('Product name').fill('Smoked Almonds');
  await dialog.getByLabel('Sale price (USD)').fill('2.25');
  await dialog.getByLabel('Unit cost (USD)').fill('0.9');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Product Updated', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.reload();
  const row = rows(page).first();
  await expect(row).toContainText('Smoked Almonds');
  await expect(row).toContainText('Price $2.25');
  await expect(row).toContainText('Unit cost $0.90');
  await page.getByRole('button', { name: 'Edit Smoked Almonds' }).click();
  const again = page.getByRole('dialog', { name: 'Edit Smoked Almonds' });
  await expect(again.getByLabel('Sale price (USD)')).toHaveValue('2.25');
  await expect(again.getByLabel('Unit cost (USD)')).toHaveValue('0.90');
  await expect(again.getByLabel('Brand')).toHaveValue('Blue Diamond');
});

test('at 1440 px the Top Performers show each name in full', async ({ page, server }) => {
  await emptyCatalogue();
  const machine = await machineId();
  const long = await createProduct('Extra Crunchy Sea Salt & Cracked Black Pepper Kettle Chips', 'Kettle Brand', 'Chips');
  await castVotes(server.url, long.id, machine, 1);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openProducts(page);
  const entry = page.getByRole('region', { name: 'Top Performers' }).getByRole('listitem').first();
  const name = entry.getByText('Extra Crunchy Sea Salt & Cracked Black Pepper Kettle Chips', { exact: true });
  await expect(name).toBeVisible();
  // Nothing is cut off: the text fits the box it is drawn in, wrapping when it must.
  expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth && getComputedStyle(element).textOverflow !== 'ellipsis')).toBe(true);
});

test('deletes one product after confirming, and keeps it when cancelled', async ({ page }) => {
  await emptyCatalogue();
  await createProduct('Trail Mix', 'Nature Valley', 'Nuts');
  await createProduct('Cold Brew', 'Starbucks', 'Coffee');
  await openProducts(page);
  await expect(rows(page)).toHaveCount(2);
  // The red of the destructive text colour, over the ghost button's own text colour.
  await expect(page.getByRole('button', { name: 'Delete Trail Mix' })).toHaveCSS('color', 'rgb(185, 28, 28)');

  await page.getByRole('button', { name: 'Delete Trail Mix' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Trail Mix?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(rows(page)).toHaveCount(2);

  // From the keyboard: the focus starts on Cancel, Escape answers no and gives the focus back.
  await page.getByRole('button', { name: 'Delete Trail Mix' }).press('Enter');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('button', { name: 'Delete Trail Mix' })).toBeFocused();

  await page.getByRole('button', { name: 'Delete Trail Mix' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Product Deleted', { exact: true })).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Cold Brew');
  const remaining = (await (await api.get('/api/products')).json()) as CreatedProduct[];
  expect(remaining.map((product) => product.name)).toEqual(['Cold Brew']);
});

test('bulk-deletes the selected products, one call per product', async ({ page }) => {
  await emptyCatalogue();
  await createProduct('Green Tea', 'Pure Leaf', 'Tea');
  await createProduct('Beef Stick', 'Slim Jim', 'Beef Jerky');
  await createProduct('String Cheese', 'Sargento', 'Cheese');
  await openProducts(page);

  const bulkDelete = page.getByRole('button', { name: /^Delete Selected/ });
  await expect(bulkDelete).toBeDisabled();
  await page.getByLabel('Select all products').check();
  for (const name of ['Green Tea', 'Beef Stick', 'String Cheese']) await expect(page.getByLabel(`Select ${name}`)).toBeChecked();
  await page.getByLabel('Select String Cheese').uncheck();
  await expect(page.getByLabel('Select all products')).not.toBeChecked();
  await expect(bulkDelete).toHaveText('Delete Selected (2)');

  const deletes: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'DELETE') deletes.push(new URL(request.url()).pathname);
  });
  await bulkDelete.click();
  await page.getByRole('alertdialog', { name: 'Delete 2 products?' }).getByRole('button', { name: 'Delete 2 products' }).click();
  await expect(page.getByText('Products Deleted', { exact: true })).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('String Cheese');
  expect(deletes).toHaveLength(2);
  await expect(bulkDelete).toHaveText('Delete Selected (0)');
});

test('a signed-out session on add is told so and sent to sign in', async ({ page }) => {
  await emptyCatalogue();
  await openProducts(page);
  // The session cookie disappears as if it had expired; the next call answers 401.
  await page.context().clearCookies();
  await page.getByRole('button', { name: 'Add your first product' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Product' });
  await dialog.getByLabel('Product name').fill('Orphan Bar');
  await dialog.getByLabel('Brand').fill('Nobody');
  await dialog.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Sweets', exact: true }).click();
  await dialog.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('You are logged out. Logging in again...', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('a session that ends while pages load is told so once and sent to sign in', async ({ page }) => {
  await openProducts(page);
  // The sign-in page answers 204 here, so the browser stays on this page to be read after the redirect.
  await page.route('**/api/login', (route) => route.fulfill({ status: 204 }));
  // The session cookie disappears as if it had expired; the next page's loads (two of them) answer 401.
  await page.context().clearCookies();
  const redirect = page.waitForRequest('**/api/login');
  await page.getByRole('link', { name: 'Vending Machines' }).click();
  await expect(toast(page, 'Unauthorized')).toContainText('You are logged out. Logging in again...');
  await redirect;
  await expect(toast(page, 'Unauthorized')).toHaveCount(1);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the catalogue and its dialogs have no serious accessibility violations (${theme})`, async ({ page }) => {
    await emptyCatalogue();
    await createProduct('Honey Peanuts', 'Planters', 'Nuts');
    await page.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
    await openProducts(page);
    await expect(rows(page)).toHaveCount(1);
    const serious = async () => {
      const results = await new AxeBuilder({ page }).analyze();
      return results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
    };
    expect(await serious()).toEqual([]);
    await page.getByRole('button', { name: 'Add Product' }).click();
    await page.getByRole('dialog', { name: 'Add Product' }).getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByText('Brand is required')).toBeVisible();
    expect(await serious()).toEqual([]);
  });
}
