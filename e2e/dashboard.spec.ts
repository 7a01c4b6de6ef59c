import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Cookie, Page } from '@playwright/test';
import type { Stats } from '../src/shared/products.schemas.js';
import { newProductsCaption, votersThisWeekCaption, votesTodayCaption } from '../src/web/features/dashboard/stat-captions.js';
import { registerAndSignInOperator, signInThroughApi } from './accounts.js';
import { expect, test, voteAsNewCustomer } from './fixtures.js';

/*
 * One operator of our own, signed in once through the API (the shared server limits registrations
 * and sign-ins per address); every test that changes data clears that operator's data first. The
 * demo operator is only read, never changed, since other spec files use it too.
 */
const email = `dashboard-${Date.now()}@example.com`;
const password = 'dashboards-for-vending-7';
let api: APIRequestContext;
let session: Cookie[];

test.beforeAll(async ({ server, smtp, playwright }) => {
  ({ api, session } = await registerAndSignInOperator({ server, smtp, playwright }, { email, password, firstName: 'Robin' }));
});

test.afterAll(async () => {
  await api.dispose();
});

async function list<T>(path: string): Promise<T[]> {
  const response = await api.get(path);
  expect(response.status()).toBe(200);
  return (await response.json()) as T[];
}

/** Back to a new operator's state: no products, machines, open issues, pending suggestions or votes. */
async function startFresh() {
  for (const { id } of await list<{ id: number }>('/api/products')) await api.delete(`/api/products/${id}`);
  for (const { id } of await list<{ id: number }>('/api/machines')) await api.delete(`/api/machines/${id}`);
  for (const issue of await list<{ id: number; status: string }>('/api/vending-issues')) {
    if (issue.status !== 'resolved') await api.patch(`/api/vending-issues/${issue.id}`, { data: { status: 'resolved' } });
  }
  for (const suggestion of await list<{ id: number; status: string }>('/api/suggestions')) {
    if (suggestion.status === 'pending') await api.post(`/api/suggestions/${suggestion.id}/decline`);
  }
  expect((await api.post('/api/votes/reset')).status()).toBe(200);
}

async function addMachine(name: string): Promise<number> {
  const response = await api.post('/api/machines', {
    data: { name, location: `${name} hallway`, type: 'combo', serialNumber: `SN-${name}` },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function addProduct(name: string, brand: string, category: string): Promise<number> {
  const response = await api.post('/api/products', { data: { name, brand, category, price: '0.00', description: '', votes: 0 } });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** A public call as a customer's phone would make it, without cookies. */
async function publicPost(baseURL: string, path: string, body: unknown) {
  const response = await fetch(`${baseURL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
}

/** Up votes from `count` different customers. */
const castVotes = async (baseURL: string, productId: number, machineId: number, count: number) => {
  for (let i = 0; i < count; i += 1) await voteAsNewCustomer(baseURL, productId, machineId);
};

async function openDashboard(page: Page, cookies: Cookie[] = session) {
  await page.context().addCookies(cookies);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Total Votes' })).toBeVisible();
}

const card = (page: Page, name: string) => page.getByRole('group', { name });
const cardValue = (page: Page, name: string) => card(page, name).getByTestId('stat-value');
const region = (page: Page, name: string) => page.getByRole('region', { name });

async function chooseMachine(page: Page, label: string) {
  await page.getByRole('combobox', { name: 'Machine' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

async function expectCards(page: Page, stats: Stats) {
  await expect(cardValue(page, 'Total Votes')).toHaveText(stats.totalVotes.toLocaleString('en-US'));
  await expect(cardValue(page, 'Active Products')).toHaveText(stats.totalProducts.toLocaleString('en-US'));
  await expect(cardValue(page, 'Unique Voters')).toHaveText(stats.activeVoters.toLocaleString('en-US'));
  await expect(cardValue(page, 'Avg. Engagement')).toHaveText(String(stats.avgEngagement));
  await expect(card(page, 'Total Votes')).toContainText(votesTodayCaption(stats.votesToday, stats.votesYesterday).text);
  await expect(card(page, 'Active Products')).toContainText(newProductsCaption(stats.newProductsThisWeek).text);
  await expect(card(page, 'Unique Voters')).toContainText(votersThisWeekCaption(stats.votersThisWeek, stats.votersLastWeek).text);
  await expect(card(page, 'Avg. Engagement')).toContainText('votes per user');
}

test('a new operator sees every empty state, with zeroed cards', async ({ page }) => {
  await startFresh();
  await openDashboard(page);
  await expect(page.getByRole('combobox', { name: 'Machine' })).toHaveText('All Machines');
  for (const name of ['Total Votes', 'Active Products', 'Unique Voters', 'Avg. Engagement']) {
    await expect(cardValue(page, name)).toHaveText('0');
  }
  await expect(card(page, 'Total Votes')).toContainText('0 votes today');
  await expect(card(page, 'Active Products')).toContainText('+0 new this week');
  await expect(card(page, 'Unique Voters')).toContainText('0 voters this week');

  const machines = region(page, 'Machine Performance Overview');
  await expect(machines).toContainText('No vending machines configured yet');
  await expect(machines.getByRole('link', { name: 'Add Your First Machine' })).toHaveAttribute('href', '/vending-machines');
  await expect(machines.getByRole('link', { name: 'Manage All Machines' })).toHaveAttribute('href', '/vending-machines');

  const issues = region(page, 'Vending Issues');
  await expect(issues).toContainText('No open vending issues');
  await expect(issues).toContainText('All machines are working smoothly!');
  await expect(issues.getByRole('link', { name: 'View All Issues' })).toHaveAttribute('href', '/vending-issues');

  const products = region(page, 'Most Voted Products');
  await expect(products).toContainText('No voting data yet');
  await expect(products.getByRole('link', { name: 'View All Products' })).toHaveAttribute('href', '/products');

  const suggestions = region(page, 'Pending Suggestions');
  await expect(suggestions).toContainText('No pending suggestions');
  await expect(suggestions.getByRole('link')).toHaveAttribute('href', '/admin/suggestions');
});

test('shows four skeleton cards while the dashboard data loads', async ({ page }) => {
  let releaseStats: () => void = () => {};
  const statsHeld = new Promise<void>((resolve) => (releaseStats = resolve));
  await page.route('**/api/stats', async (route) => {
    await statsHeld;
    await route.continue();
  });
  await page.context().addCookies(session);
  await page.goto('/dashboard');
  const skeleton = page.getByTestId('dashboard-skeleton');
  await expect(skeleton).toBeVisible();
  await expect(skeleton.locator(':scope > div')).toHaveCount(4);
  await expect(page.getByRole('group', { name: 'Total Votes' })).toHaveCount(0);
  releaseStats();
  await expect(page.getByRole('group', { name: 'Total Votes' })).toBeVisible();
  await expect(skeleton).toBeHidden();
});

test('shows the demo operator’s real figures, for all machines and for one', async ({ page, server, playwright }) => {
  const demo = JSON.parse(readFileSync(join(server.dataDir, 'demo-account.json'), 'utf8')) as { email: string; password: string };
  const { api: demoApi, session: demoSession } = await signInThroughApi(playwright, server, demo);
  try {
    await openDashboard(page, demoSession);
    const read = async <T,>(path: string) => (await (await demoApi.get(path)).json()) as T;

    const stats = await read<Stats>('/api/stats');
    expect(stats.totalVotes).toBeGreaterThan(0);
    await expectCards(page, stats);
    const violations = (await new AxeBuilder({ page }).analyze()).violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    );
    expect(violations.map((violation) => violation.id)).toEqual([]);

    const performance = await read<{ id: number; name: string; votesToday: number; topProducts: { name: string }[] }[]>(
      '/api/dashboard/machines',
    );
    expect(performance.length).toBeGreaterThan(0);
    for (const machine of performance) {
      const row = region(page, 'Machine Performance Overview').getByRole('listitem', { name: machine.name, exact: true });
      await expect(row).toContainText(`${machine.votesToday}QR Votes Today`);
      await expect(row.getByRole('listitem')).toContainText(machine.topProducts.map((product) => product.name));
    }

    const products = await read<{ name: string; votes: number }[]>('/api/products');
    const top3 = products.filter((product) => product.votes > 0).slice(0, 3);
    const ranked = region(page, 'Most Voted Products').getByRole('listitem');
    await expect(ranked).toHaveCount(top3.length);
    await expect(ranked).toContainText(top3.map((product) => product.name));
    await expect(region(page, 'Most Voted Products')).toContainText(`Insight: your customers vote most for ${top3[0]!.name}`);

    const [firstMachine] = await read<{ id: number; name: string }[]>('/api/machines');
    await chooseMachine(page, `${firstMachine!.id} - ${firstMachine!.name}`);
    const machineStats = await read<Stats>(`/api/stats?machineId=${firstMachine!.id}`);
    expect(machineStats.totalVotes).not.toBe(stats.totalVotes);
    await expectCards(page, machineStats);
  } finally {
    await demoApi.dispose();
  }
});

test('counts votes per machine, and Reset All Votes zeroes the cards once confirmed', async ({ page, server }) => {
  await startFresh();
  const front = await addMachine('Front Desk');
  const gym = await addMachine('Gym');
  const jerky = await addProduct('Teriyaki Jerky', 'Jack Link', 'Beef Jerky');
  const cola = await addProduct('Cherry Cola', 'Coca-Cola', 'Soda');
  await castVotes(server.url, jerky, front, 2);
  await castVotes(server.url, cola, front, 1);
  await castVotes(server.url, jerky, gym, 1);

  await openDashboard(page);
  await expect(cardValue(page, 'Total Votes')).toHaveText('4');
  await expect(cardValue(page, 'Unique Voters')).toHaveText('4');
  await expect(cardValue(page, 'Avg. Engagement')).toHaveText('1');
  await expect(card(page, 'Total Votes')).toContainText('4 votes today');
  const frontRow = region(page, 'Machine Performance Overview').getByRole('listitem', { name: 'Front Desk', exact: true });
  await expect(frontRow).toContainText('3QR Votes Today');
  await expect(frontRow.getByRole('listitem')).toContainText(['Teriyaki Jerky', 'Cherry Cola']);
  await expect(frontRow.getByRole('listitem').first()).toContainText('Score 2');
  await expect(region(page, 'Most Voted Products').getByRole('listitem')).toContainText(['Teriyaki Jerky', 'Cherry Cola']);
  await expect(region(page, 'Most Voted Products').getByRole('listitem').first()).toContainText('Score 3');
  const chart = region(page, 'Votes per Day');
  await expect(chart.getByTestId('votes-chart')).toBeVisible();
  await expect(chart).toContainText('4 votes in the last 30 days');
  // The two colours are named, for eyes and for screen readers.
  await expect(chart.getByRole('list', { name: 'Legend' }).getByRole('listitem')).toHaveText(['Up-votes', 'Down-votes']);
  await expect(page.getByRole('button', { name: 'Reset All Votes' })).toHaveClass(/bg-destructive/);

  await chooseMachine(page, `${gym} - Gym`);
  await expect(cardValue(page, 'Total Votes')).toHaveText('1');
  await expect(chart).toContainText('1 vote in the last 30 days');
  await chooseMachine(page, 'All Machines');
  await expect(cardValue(page, 'Total Votes')).toHaveText('4');

  const confirm = page.getByRole('alertdialog', { name: 'You sure you want those changes?' });
  await page.getByRole('button', { name: 'Reset All Votes' }).click();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(cardValue(page, 'Total Votes')).toHaveText('4');

  // Hold the reset long enough to see the button's running state.
  let releaseReset: () => void = () => {};
  const resetHeld = new Promise<void>((resolve) => (releaseReset = resolve));
  await page.route('**/api/votes/reset', async (route) => {
    await resetHeld;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Reset All Votes' }).click();
  await confirm.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('button', { name: 'Resetting...' })).toBeDisabled();
  releaseReset();
  await expect(page.getByText('All vote counts have been reset to zero.', { exact: true })).toBeVisible();
  await expect(cardValue(page, 'Total Votes')).toHaveText('0');
  await expect(cardValue(page, 'Unique Voters')).toHaveText('0');
  await expect(cardValue(page, 'Avg. Engagement')).toHaveText('0');
  await expect(region(page, 'Most Voted Products')).toContainText('No voting data yet');
  await expect(frontRow).toContainText('No votes at this machine yet.');
  // Nothing beside it still counts the votes from before the reset.
  await expect(frontRow).toContainText('0QR Votes Today');
  await expect(card(page, 'Total Votes')).toContainText('0 votes today');
  await expect(chart).toContainText('0 votes in the last 30 days');
  // Nothing left to reset: the button is quiet and disabled, and says why.
  const resetButton = page.getByRole('button', { name: 'Reset All Votes' });
  await expect(resetButton).toBeDisabled();
  await expect(resetButton).toHaveAccessibleDescription('No votes since the last reset.');
  await expect(resetButton).not.toHaveClass(/bg-destructive/);
});

test('on a phone the figures come first, two cards a row, and Reset All Votes comes after them', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openDashboard(page);
  const boxes = await Promise.all(['Total Votes', 'Active Products', 'Unique Voters', 'Avg. Engagement'].map((name) => card(page, name).boundingBox()));
  const [total, active, voters] = boxes as [NonNullable<(typeof boxes)[0]>, NonNullable<(typeof boxes)[0]>, NonNullable<(typeof boxes)[0]>];
  expect(Math.abs(total.y - active.y)).toBeLessThan(2);
  expect(voters.y).toBeGreaterThan(total.y + total.height - 1);
  const reset = await page.getByRole('button', { name: 'Reset All Votes' }).boundingBox();
  const machines = await region(page, 'Machine Performance Overview').boundingBox();
  expect(reset!.y).toBeGreaterThan(machines!.y + machines!.height);
});

test('moves vending issues on and processes suggestions from the dashboard', async ({ page, server }) => {
  await startFresh();
  const machine = await addMachine('Library');
  await publicPost(server.url, '/api/vending-issues', {
    machineId: machine,
    customerName: 'Alex Kim',
    customerEmail: 'alex@example.com',
    productName: 'Sour Worms',
    issueDescription: 'The coil did not turn',
  });
  await publicPost(server.url, '/api/vending-issues', {
    machineId: machine,
    customerName: 'Bo Chen',
    customerEmail: 'bo@example.com',
    productName: 'Mixed Nuts',
  });
  for (const name of ['Matcha Latte', 'Kale Chips', 'Protein Bar']) {
    await publicPost(server.url, `/api/suggestions?machineId=${machine}`, { name, brand: '', category: 'Lunches', suggestedBy: 'Sam' });
  }
  await openDashboard(page);

  const issues = region(page, 'Vending Issues');
  const worms = issues.getByRole('listitem', { name: 'Sour Worms issue' });
  const nuts = issues.getByRole('listitem', { name: 'Mixed Nuts issue' });
  await expect(worms).toContainText('New');
  await expect(worms).toContainText('Alex Kim');
  await expect(worms).toContainText('alex@example.com');
  await expect(worms).toContainText('“The coil did not turn”');
  await expect(nuts).not.toContainText('“');

  // A failed change says so and leaves the issue as it was.
  await page.route('**/api/vending-issues/*/status', (route) => route.fulfill({ status: 500, json: { message: 'Database unavailable' } }), { times: 1 });
  await worms.getByRole('button', { name: 'Investigate' }).click();
  await expect(page.getByText('Failed to update issue status. Please try again.', { exact: true })).toBeVisible();
  await expect(worms).toContainText('New');

  await worms.getByRole('button', { name: 'Investigate' }).click();
  await expect(page.getByText('The vending issue status has been updated successfully.', { exact: true })).toBeVisible();
  await expect(worms).toContainText('Investigating');
  await expect(worms.getByRole('button', { name: 'Investigate' })).toHaveCount(0);
  await worms.getByRole('button', { name: 'Mark Resolved' }).click();
  await expect(worms).toHaveCount(0);
  await nuts.getByRole('button', { name: 'Mark Resolved' }).click();
  await expect(issues).toContainText('No open vending issues');

  const suggestions = region(page, 'Pending Suggestions');
  await expect(suggestions.getByRole('listitem')).toHaveCount(2);
  await expect(suggestions.getByRole('link', { name: 'Review All (3)' })).toHaveAttribute('href', '/admin/suggestions');
  // Newest first: the last one sent leads.
  await expect(suggestions.getByRole('listitem')).toContainText(['Protein Bar', 'Kale Chips']);
  await suggestions.getByRole('button', { name: 'Approve Protein Bar' }).click();
  await expect(page.getByText('The suggestion status has been updated successfully.', { exact: true })).toBeVisible();
  await expect(suggestions.getByRole('listitem')).toContainText(['Kale Chips', 'Matcha Latte']);
  // The approved suggestion became a product.
  await expect(cardValue(page, 'Active Products')).toHaveText('1');
  await suggestions.getByRole('button', { name: 'Decline Kale Chips' }).click();
  await expect(suggestions.getByRole('listitem')).toHaveCount(1);
  await expect(suggestions.getByRole('link', { name: 'Review All (1)' })).toBeVisible();
});

test('a signed-out session on Reset All Votes is told so and sent to sign in', async ({ page, server }) => {
  // Votes to reset, so the button is there to press.
  await startFresh();
  await castVotes(server.url, await addProduct('Sea Salt Chips', 'Kettle', 'Chips'), await addMachine('Lobby'), 1);
  await openDashboard(page);
  // The session cookie disappears as if it had expired; the next call answers 401.
  await page.context().clearCookies();
  await page.getByRole('button', { name: 'Reset All Votes' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('You are logged out. Logging in again...', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});
