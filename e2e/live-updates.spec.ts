import type { APIRequestContext, Cookie, Page } from '@playwright/test';
import { registerAndSignInOperator } from './accounts.js';
import { expect, test, toast, voteAsNewCustomer } from './fixtures.js';

/*
 * Live updates as an operator sees them: pages already open change when customers vote, report or
 * suggest at a machine, without a reload.
 */
const email = `live-${Date.now()}@example.com`;
const password = 'live-updates-for-vending-7';
let api: APIRequestContext;
let session: Cookie[];
let machineId: number;
let productId: number;

test.beforeAll(async ({ server, smtp, playwright }) => {
  ({ api, session } = await registerAndSignInOperator({ server, smtp, playwright }, { email, password, firstName: 'Lee' }));
  const machine = await api.post('/api/machines', { data: { name: 'Library', location: 'Ground floor', type: 'combo', serialNumber: 'SN-LIVE' } });
  expect(machine.status()).toBe(201);
  machineId = ((await machine.json()) as { id: number }).id;
  const product = await api.post('/api/products', { data: { name: 'Takis Fuego', brand: 'Barcel', category: 'Chips', price: '1.50', description: '', votes: 0 } });
  expect(product.status()).toBe(201);
  productId = ((await product.json()) as { id: number }).id;
});

test.afterAll(async () => {
  await api.dispose();
});

/** Opens a page and marks the document, so a test can tell a live change from a reload. */
async function openSignedIn(page: Page, path: string) {
  await page.context().addCookies(session);
  const streamOpen = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/live' && response.status() === 200);
  await page.goto(path);
  // The stream is open before any customer acts.
  await streamOpen;
  await page.evaluate(() => ((window as unknown as { liveMarker: boolean }).liveMarker = true));
}

const stillSameDocument = (page: Page) => page.evaluate(() => (window as unknown as { liveMarker?: boolean }).liveMarker === true);

async function publicPost(baseURL: string, path: string, body: unknown) {
  const response = await fetch(`${baseURL}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(response.status).toBe(201);
}

test('a vote appears on an open dashboard, and a new issue raises a notification', async ({ page, baseURL }) => {
  await openSignedIn(page, '/dashboard');
  const totalVotes = page.getByRole('group', { name: 'Total Votes' }).getByTestId('stat-value');
  await expect(totalVotes).toHaveText('0');

  await voteAsNewCustomer(baseURL!, productId, machineId);
  await expect(totalVotes).toHaveText('1');
  await expect(page.getByRole('region', { name: 'Most Voted Products' })).toContainText('Takis Fuego');

  await publicPost(baseURL!, '/api/vending-issues', {
    customerName: 'Riley',
    customerEmail: 'riley@example.test',
    productName: 'Doritos Nacho',
    issueDescription: 'Paid but nothing dropped.',
    machineId,
  });
  const notice = toast(page, 'New issue reported');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Doritos Nacho at Library');
  await expect(page.getByRole('region', { name: 'Vending Issues' })).toContainText('Doritos Nacho');
  await notice.getByRole('link', { name: 'View issues' }).click();
  await expect(page).toHaveURL(/\/vending-issues$/);
  expect(await stillSameDocument(page)).toBe(true);
});

test('a suggestion appears on the open suggestions page', async ({ page, baseURL }) => {
  await openSignedIn(page, '/admin/suggestions');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await publicPost(baseURL!, `/api/suggestions?machineId=${machineId}`, { name: 'Hot Honey Chips', brand: 'Lays', category: 'Chips', suggestedBy: 'Sam' });
  await expect(page.getByText('Hot Honey Chips')).toBeVisible();
  expect(await stillSameDocument(page)).toBe(true);
});

test("another customer's vote moves the count on a vote page already open", async ({ page, baseURL }) => {
  await page.goto(`/vote/${machineId}`);
  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Takis Fuego' }) });
  const count = row.getByTestId('vote-count').locator('span').first();
  const before = Number(await count.textContent());
  await page.evaluate(() => ((window as unknown as { liveMarker: boolean }).liveMarker = true));
  await voteAsNewCustomer(baseURL!, productId, machineId);
  // Read again within a few seconds (the page waits at least 5 s between reads, plus a spread).
  await expect(count).toHaveText(String(before + 1), { timeout: 15_000 });
  expect(await stillSameDocument(page)).toBe(true);
});
