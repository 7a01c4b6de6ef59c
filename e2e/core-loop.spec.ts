import { devices, type Page } from '@playwright/test';
import { expect, registerVerifiedOperator, test } from './fixtures.js';

/**
 * The whole loop of the product: an operator sets up a machine, a customer on a phone votes,
 * suggests and reports at that machine's page, and the operator acts on it from the dashboard.
 */
const email = `core-loop-${Date.now()}@example.com`;
const password = 'a-machine-in-every-lobby';
const account = { email, password };

async function addMachine(page: Page, name: string) {
  await page.goto('/vending-machines');
  await page.getByRole('button', { name: 'Add Your First Machine' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Machine' });
  await dialog.getByLabel('Machine Name').fill(name);
  await dialog.getByLabel('Location').fill('Harbor Gym, front desk');
  await dialog.getByLabel('Machine Type').click();
  await page.getByRole('option', { name: 'Snacks & Beverages' }).click();
  await dialog.getByLabel('Serial Number').fill('HG-0001');
  await dialog.getByRole('button', { name: 'Add Machine' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('article', { name })).toBeVisible();
  const machines = (await (await page.request.get('/api/machines')).json()) as { id: number; name: string }[];
  return machines.find((machine) => machine.name === name)!.id;
}

test('a machine, a customer on a phone, and the operator acting on what came in', async ({ page, browser, baseURL, server, smtp, login }) => {
  await registerVerifiedOperator(server, smtp, { email, password, firstName: 'Robin' });
  await login(account);
  const machineId = await addMachine(page, 'Harbor Gym Snacks');
  const created = await page.request.post('/api/products', {
    data: { name: 'Peanut Butter Protein Bar', brand: 'Clif', category: 'Sweets', price: '0.00', description: '', votes: 0 },
  });
  expect(created.status()).toBe(201);

  // The customer: a phone-sized browser with no account and no cookies of the operator.
  const phone = await browser.newContext({ ...devices['Pixel 7'], baseURL, extraHTTPHeaders: { 'x-forwarded-for': '10.88.0.1' } });
  const customer = await phone.newPage();
  await customer.goto(`/vote/${machineId}`);
  await expect(customer.getByRole('heading', { level: 1, name: 'Harbor Gym Snacks' })).toBeVisible();
  const row = customer.getByRole('list', { name: 'Products' }).getByRole('listitem').filter({ hasText: 'Peanut Butter Protein Bar' });
  await row.getByRole('button', { name: 'Vote up for Peanut Butter Protein Bar' }).click();
  await expect(customer.getByText('Vote recorded!', { exact: true })).toBeVisible();
  const counted = (await (await customer.request.get(`/api/products?machineId=${machineId}`)).json()) as { name: string; votes: number }[];
  expect(counted.find((product) => product.name === 'Peanut Butter Protein Bar')?.votes).toBe(1);
  await row.getByRole('button', { name: 'Vote up for Peanut Butter Protein Bar' }).click();
  await expect(customer.getByText('Already Voted!', { exact: true })).toBeVisible();

  await customer.getByRole('button', { name: 'Open quick actions' }).click();
  await customer.getByRole('dialog', { name: 'Quick actions' }).getByRole('button', { name: 'Suggest Product' }).click();
  const suggest = customer.getByRole('dialog', { name: 'Suggest a Product' });
  await suggest.getByLabel('Product Name').fill('Salted Caramel Cold Brew');
  await suggest.getByLabel('Category').selectOption('Coffee');
  await suggest.getByRole('button', { name: 'Submit Suggestion' }).click();
  await expect(customer.getByText('Suggestion submitted!', { exact: true })).toBeVisible();

  await customer.getByRole('button', { name: 'Report Vending Issue' }).first().click();
  const report = customer.getByRole('dialog', { name: 'Report Vending Issue' });
  await report.getByLabel('Your Name', { exact: true }).fill('Dev Patel');
  await report.getByLabel('Email').fill('dev.patel@example.com');
  await report.getByLabel('Product Name').fill('Peanut Butter Protein Bar');
  await report.getByLabel('What happened? (Optional)').fill('The coil turned but nothing dropped.');
  await report.getByRole('button', { name: 'Report Issue' }).click();
  await expect(report.getByText('Issue reported successfully', { exact: true })).toBeVisible();
  await expect(report).toBeHidden({ timeout: 6000 });
  await phone.close();

  // The operator sees both on the dashboard, with the vote counted.
  await page.goto('/dashboard');
  const suggestion = page.getByRole('listitem', { name: 'Suggestion: Salted Caramel Cold Brew' });
  await expect(suggestion).toBeVisible();
  const issue = page.getByRole('listitem', { name: 'Peanut Butter Protein Bar issue' });
  await expect(issue).toContainText('Dev Patel');
  await expect(issue).toContainText('New');
  await expect(page.getByRole('region', { name: 'Machine Performance Overview' })).toContainText('Peanut Butter Protein Bar');

  await suggestion.getByRole('button', { name: 'Approve Salted Caramel Cold Brew' }).click();
  await expect(page.getByText('Suggestion updated', { exact: true })).toBeVisible();
  const catalogue = (await (await page.request.get('/api/products')).json()) as { name: string; votes: number }[];
  expect(catalogue.find((product) => product.name === 'Salted Caramel Cold Brew')).toMatchObject({ votes: 0 });

  await issue.getByRole('button', { name: 'Investigate' }).click();
  await expect(issue).toContainText('Investigating');
  await issue.getByRole('button', { name: 'Mark Resolved' }).click();
  await expect(page.getByRole('listitem', { name: 'Peanut Butter Protein Bar issue' })).toHaveCount(0);
  const issues = (await (await page.request.get('/api/vending-issues')).json()) as { productName: string; status: string }[];
  expect(issues).toMatchObject([{ productName: 'Peanut Butter Protein Bar', status: 'resolved' }]);
});
