import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { devices, type Locator, type Page } from '@playwright/test';
import type { VotePageData } from '../src/shared/vote-page.js';
import { productVoteLimitMessage } from '../src/shared/vote-rules.js';
import { registerAndSignInOperator } from './accounts.js';
import { expect, test } from './fixtures.js';

// The public vote page on a phone. The built server seeds the demo operator: machines 1 and 2.
const { defaultBrowserType: _browser, ...phone } = devices['Pixel 7'];
test.use(phone);

const MACHINE = '/vote/1';

const productList = (page: Page) => page.getByRole('list', { name: 'Products' });
const rows = (page: Page) => productList(page).getByRole('listitem');
const rowOf = (page: Page, name: string) => rows(page).filter({ has: page.getByRole('heading', { name, exact: true }) });
const countIn = async (row: Locator) => Number(await row.getByTestId('vote-count').locator('span').first().textContent());
const firstProductName = async (page: Page, index = 0) => (await rows(page).nth(index).getByRole('heading').textContent())!;

/** Holds the vote calls until released, so the page's in-flight state can be looked at. */
async function holdVotes(page: Page) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/products/*/vote*', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test.describe('voting', () => {
  test('an up vote shows at once, both buttons wait while it is in flight, a second vote is "Already Voted!"', async ({ page }) => {
    await page.goto(MACHINE);
    const name = await firstProductName(page, 2);
    const row = rowOf(page, name);
    const before = await countIn(row);
    const release = await holdVotes(page);

    await row.getByRole('button', { name: `Vote up for ${name}` }).click();
    await expect(row.getByTestId('vote-count')).toContainText(String(before + 1));
    await expect(row.getByRole('button', { name: `Vote up for ${name}` })).toBeDisabled();
    await expect(row.getByRole('button', { name: `Vote down for ${name}` })).toBeDisabled();
    release();
    await expect(page.getByText('Vote recorded!')).toBeVisible();
    await expect(page.getByText('Thanks for your feedback')).toBeVisible();
    await expect(row.getByRole('button', { name: `Vote up for ${name}` })).toBeEnabled();
    await page.unroute('**/api/products/*/vote*');

    await row.getByRole('button', { name: `Vote down for ${name}` }).click();
    await expect(page.getByText('Already Voted!')).toBeVisible();
    await expect(page.getByText("You've already shared your opinion on this product. Thanks for your feedback!")).toBeVisible();
    await expect(row.getByTestId('vote-count')).toContainText(String(before + 1));
  });

  test('a failed vote puts the count back and says why', async ({ page }) => {
    await page.goto(MACHINE);
    const name = await firstProductName(page, 3);
    const row = rowOf(page, name);
    const before = await countIn(row);
    // The hourly per-address limit's answer, as the server words it.
    const message = productVoteLimitMessage('40 minutes');
    await page.route('**/api/products/*/vote*', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', headers: { 'retry-after': '2400' }, body: JSON.stringify({ message }) }),
    );
    await row.getByRole('button', { name: `Vote down for ${name}` }).click();
    await expect(page.getByText('Vote Failed')).toBeVisible();
    await expect(page.getByText(message)).toBeVisible();
    await expect(row.getByTestId('vote-count')).toContainText(String(before));
    await expect(row.getByRole('button', { name: `Vote down for ${name}` })).toHaveAttribute('aria-pressed', 'false');
  });

  test("the voter's own votes show pressed, from the server across reloads; after Reset All Votes nothing is", async ({ page, server, smtp, playwright }) => {
    const email = `own-votes-${Date.now()}@example.test`;
    const password = 'correct horse battery staple';
    const { api } = await registerAndSignInOperator({ server, smtp, playwright }, { email, password });
    const machine = await api.post('/api/machines', { data: { name: 'Own Votes', location: 'Hall', type: 'combo', serialNumber: 'SN-OWN-VOTES' } });
    expect(machine.status()).toBe(201);
    for (const name of ['Crisp Apple', 'Salt Pretzel']) {
      const product = await api.post('/api/products', { data: { name, brand: 'Orchard', category: 'Chips', price: '1.00', description: '', votes: 0 } });
      expect(product.status()).toBe(201);
    }
    await page.goto(`/vote/${((await machine.json()) as { id: number }).id}`);
    const button = (product: string, way: 'up' | 'down') => rowOf(page, product).getByRole('button', { name: `Vote ${way} for ${product}` });
    const expectPressed = async (pressed: Record<string, 'up' | 'down' | null>) => {
      for (const [product, way] of Object.entries(pressed)) {
        await expect(button(product, 'up')).toHaveAttribute('aria-pressed', String(way === 'up'));
        await expect(button(product, 'down')).toHaveAttribute('aria-pressed', String(way === 'down'));
      }
    };
    await expectPressed({ 'Crisp Apple': null, 'Salt Pretzel': null });

    await button('Crisp Apple', 'up').click();
    await expect(page.getByText('Vote recorded!')).toBeVisible();
    // One of each, worded as one; the row's big figure is the product's score, as on every page.
    await page.reload();
    const today = page.getByRole('list', { name: 'Today at a glance' });
    await expect(today).toContainText('1vote today');
    await expect(today).toContainText('1voter today');
    await expect(today).toContainText('2products');
    await expect(rowOf(page, 'Crisp Apple').getByTestId('vote-count')).toHaveText('1score');
    await expect(rowOf(page, 'Crisp Apple')).toContainText('1 voter');
    await expect(rowOf(page, 'Salt Pretzel')).toContainText('0 voters');
    await button('Salt Pretzel', 'down').click();
    await expect(button('Salt Pretzel', 'down')).toHaveAttribute('aria-pressed', 'true');
    await expectPressed({ 'Crisp Apple': 'up', 'Salt Pretzel': 'down' });
    // Seen, not only announced: a pressed button is filled, an idle one is not.
    const fill = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(await fill(button('Crisp Apple', 'up'))).not.toBe(await fill(button('Salt Pretzel', 'up')));
    expect(await fill(button('Salt Pretzel', 'down'))).not.toBe(await fill(button('Crisp Apple', 'down')));

    await page.reload();
    await expectPressed({ 'Crisp Apple': 'up', 'Salt Pretzel': 'down' });
    await button('Crisp Apple', 'down').click();
    await expect(page.getByText('Already Voted!')).toBeVisible();
    await expectPressed({ 'Crisp Apple': 'up', 'Salt Pretzel': 'down' });

    expect((await api.post('/api/votes/reset')).status()).toBe(200);
    await page.reload();
    await expectPressed({ 'Crisp Apple': null, 'Salt Pretzel': null });
    await api.dispose();
  });
});

test.describe('finding products', () => {
  test('paging, search, category, sort and Top Picks', async ({ page, request }) => {
    const data = (await (await request.get('/api/vote-page/1')).json()) as VotePageData;
    await page.goto(MACHINE);
    await expect(rows(page)).toHaveCount(10);
    await expect(page.getByText(`Showing 10 of ${data.products.length} products`)).toBeVisible();
    const loadMore = page.getByRole('button', { name: 'Load More Products' });
    while (await loadMore.isVisible()) await loadMore.click();
    await expect(rows(page)).toHaveCount(data.products.length);

    await page.getByLabel('Search products').fill('chips');
    const chips = data.products.filter((p) => `${p.name} ${p.brand} ${p.category}`.toLowerCase().includes('chips'));
    await expect(rows(page)).toHaveCount(chips.length);
    await page.getByLabel('Search products').fill('no such snack');
    await expect(page.getByText('No products found matching your criteria.')).toBeVisible();
    await page.getByLabel('Search products').fill('');

    await page.getByLabel('Category').selectOption('Soda');
    await expect(rows(page)).toHaveCount(data.products.filter((p) => p.category === 'Soda').length);
    await page.getByLabel('Category').selectOption('all');

    await page.getByLabel('Sort by').selectOption({ label: 'Name A-Z' });
    const names = await productList(page).getByRole('heading').allTextContents();
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));

    await page.getByRole('button', { name: 'Top Picks' }).click();
    await expect(page.getByRole('heading', { name: 'Top Picks' })).toBeVisible();
    const picks = page.getByRole('list', { name: 'Top picks' }).getByRole('listitem');
    await expect(picks).toHaveCount(5);
    const mostVoted = [...data.products].sort((a, b) => b.votes - a.votes || a.name.localeCompare(b.name))[0]!;
    await expect(picks.first().getByRole('heading')).toHaveText(mostVoted.name);
    await page.getByRole('button', { name: 'Top Picks' }).click();
    await expect(page.getByLabel('Search products')).toBeVisible();
  });
});

test.describe('the leaderboard', () => {
  test('its period filter asks the server again and shows that period', async ({ page, request }) => {
    await page.goto(MACHINE);
    await page.getByRole('button', { name: 'View Leaderboard' }).click();
    await expect(page.getByRole('tab', { name: 'Leaderboard' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('button', { name: 'This Week' })).toHaveAttribute('aria-pressed', 'true');

    for (const [label, period] of [['All Time', 'all'], ['Today', 'today']] as const) {
      const answered = page.waitForResponse((res) => res.url().endsWith(`/api/vote-page/1?period=${period}`));
      await page.getByRole('button', { name: label }).click();
      await answered;
      await expect(page.getByRole('button', { name: label })).toHaveAttribute('aria-pressed', 'true');
      const expected = ((await (await request.get(`/api/vote-page/1?period=${period}`)).json()) as VotePageData).leaderboard;
      const top = page.getByRole('region', { name: 'Top Requested Products' });
      if (expected.top.length) await expect(top.getByRole('listitem').first()).toContainText(expected.top[0]!.name);
      else await expect(top).toContainText('No votes in this period yet.');
      const distribution = page.getByRole('region', { name: 'Vote Distribution' });
      await expect(distribution.getByRole('listitem')).toHaveCount(expected.categories.length);
    }
    await expect(page.getByRole('region', { name: 'Recent Activity' }).getByRole('listitem')).toHaveCount(10);
    await page.getByRole('button', { name: 'Back to Voting' }).click();
    await expect(page.getByRole('tab', { name: 'Voting' })).toHaveAttribute('aria-selected', 'true');
  });
});

test.describe('suggestions and issue reports', () => {
  test('Suggest Product: rules first, then sent to the machine owner; the form resets and closes', async ({ page, request, server }) => {
    await page.goto(MACHINE);
    await page.getByRole('button', { name: 'Open quick actions' }).click();
    await page.getByRole('dialog', { name: 'Quick actions' }).getByRole('button', { name: 'Suggest Product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Suggest a Product' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Submit Suggestion' }).click();
    await expect(dialog.getByText('Product name is required')).toBeVisible();
    await expect(dialog.getByText('Category is required')).toBeVisible();

    const product = `Mango Chili Chips ${Date.now()}`;
    await dialog.getByLabel('Product Name').fill(product);
    await dialog.getByLabel('Category').selectOption('Chips');
    await dialog.getByLabel('Your Name (Optional)').fill('Riley');
    await dialog.getByRole('button', { name: 'Submit Suggestion' }).click();
    await expect(page.getByText('Suggestion submitted!')).toBeVisible();
    await expect(dialog).toBeHidden();

    const demo = JSON.parse(readFileSync(join(server.dataDir, 'demo-account.json'), 'utf8')) as { email: string; password: string };
    expect((await request.post('/api/auth/login', { data: demo })).status()).toBe(200);
    const suggestions = (await (await request.get('/api/suggestions')).json()) as { name: string; machineId: number; suggestedBy: string }[];
    expect(suggestions.find((s) => s.name === product)).toMatchObject({ machineId: 1, suggestedBy: 'Riley' });

    await page.getByRole('button', { name: 'Suggest Product' }).first().click();
    await expect(dialog.getByLabel('Product Name')).toHaveValue('');
  });

  test('Report Vending Issue: a success view, then the dialog closes itself about 3 s later', async ({ page }) => {
    await page.goto(MACHINE);
    await page.getByRole('button', { name: 'Report Vending Issue' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Report Vending Issue' });
    await dialog.getByLabel('Your Name', { exact: true }).fill('Kim');
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Report Issue' }).click();
    await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
    await expect(dialog.getByText('Product name is required')).toBeVisible();

    await dialog.getByLabel('Email').fill('kim@example.com');
    await dialog.getByLabel('Product Name').fill('Cola 20 oz');
    await dialog.getByLabel('What happened? (Optional)').fill('Took my money, no drink.');
    await dialog.getByRole('button', { name: 'Report Issue' }).click();
    await expect(dialog.getByText('Thank you for your report!')).toBeVisible();
    const shownAt = Date.now();
    await expect(dialog.getByText('Issue reported successfully')).toBeVisible();
    await page.waitForTimeout(1500);
    await expect(dialog).toBeVisible();
    await expect(dialog).toBeHidden({ timeout: 5000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(2500);
  });
});

test.describe('pages and states', () => {
  test('a non-numeric id is "Invalid Machine"; an unknown one "Machine not found"', async ({ page }) => {
    for (const path of ['/vote/abc', '/vote/12x', '/vote/0']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Invalid Machine' })).toBeVisible();
      await expect(page.getByText("This QR code doesn't link to a valid vending machine.")).toBeVisible();
    }
    await page.goto('/vote/999999');
    await expect(page.getByRole('heading', { level: 1, name: 'Machine not found' })).toBeVisible();
    await expect(page.getByText(/no vending machine number 999999/)).toBeVisible();
  });

  test("the machine page: its name and today's figures, and nothing for operators: no sign-in links, no dashboard tab", async ({ page, request }) => {
    const data = (await (await request.get('/api/vote-page/1')).json()) as VotePageData;
    await page.goto(MACHINE);
    await expect(page.getByRole('heading', { level: 1, name: data.machine!.name })).toBeVisible();
    await expect(page.getByText(data.machine!.location)).toBeVisible();
    const today = page.getByRole('list', { name: 'Today at a glance' }).getByRole('listitem');
    await expect(today.filter({ hasText: /votes? today/ })).toContainText(String(data.stats.votesToday));
    await expect(today.filter({ hasText: /voters? today/ })).toContainText(String(data.stats.votersToday));
    await expect(page.getByRole('tab')).toHaveText(['Voting', 'Leaderboard']);
    const menu = page.getByRole('dialog', { name: 'Quick actions' });
    await page.getByRole('button', { name: 'Open quick actions' }).click();
    await expect(menu.getByRole('button', { name: 'Suggest Product' })).toBeVisible();
    for (const operatorLink of ['Sign In', 'Register', 'Dashboard', 'Home']) {
      await expect(page.getByRole('link', { name: operatorLink, exact: true })).toHaveCount(0);
    }
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });

  test('the demo page keeps its operator links: the dashboard tab asks a visitor to sign in', async ({ page }) => {
    await page.goto('/vote');
    await page.getByRole('tab', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Access Restricted' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Operator Login' })).toHaveAttribute('href', '/api/login');
    await page.getByRole('button', { name: 'Open quick actions' }).click();
    const menu = page.getByRole('dialog', { name: 'Quick actions' });
    await expect(menu.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    await expect(menu.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  });

  test("the owner's preview: the dashboard tab and link, and no sign-in links", async ({ page, server }) => {
    const demo = JSON.parse(readFileSync(join(server.dataDir, 'demo-account.json'), 'utf8')) as { email: string; password: string };
    expect((await page.request.post('/api/auth/login', { data: demo })).status()).toBe(200);
    await page.goto(MACHINE);
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    const votingTab = page.getByRole('tab', { name: 'Voting' });
    await votingTab.focus();
    await page.keyboard.press('End');
    await expect(page.getByRole('tab', { name: 'Dashboard' })).toBeFocused();
    await expect(page.getByRole('link', { name: 'Open your dashboard' })).toHaveAttribute('href', '/dashboard');
    await page.keyboard.press('ArrowRight');
    await expect(votingTab).toHaveAttribute('aria-selected', 'true');
  });

  test("follows the system colour scheme, unless the stored 'theme' says otherwise", async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(MACHINE);
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(await background()).toBe('rgb(9, 9, 11)');
    await page.evaluate(() => window.localStorage.setItem('theme', 'light'));
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/light/);
    expect(await background()).toBe('rgb(244, 244, 245)');
  });

  test('the demo page: breadcrumb, a way back home and a Report Vending Issue button', async ({ page }) => {
    await page.goto('/vote');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Voting Demo');
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('button', { name: 'Report Vending Issue' }).first()).toBeVisible();
    await expect(rows(page).first()).toBeVisible();
  });

  test("paints the machine's name before any script runs", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ ...phone, javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto(MACHINE);
    await expect(page.getByRole('heading', { level: 1, name: 'Lobby Snack Machine' })).toBeVisible();
    await context.close();
  });

  test('loads no operator-app code', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (req) => req.resourceType() === 'script' && scripts.push(new URL(req.url()).pathname));
    await page.goto(MACHINE);
    await expect(rows(page).first()).toBeVisible();
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((path) => /\/(main|router|forms|vendor)-/.test(path))).toEqual([]);
  });
});

test.describe('accessibility', () => {
  for (const scheme of ['light', 'dark'] as const) {
    test(`no serious or critical axe violations (${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      const check = async (what: string) => {
        const results = await new AxeBuilder({ page }).analyze();
        const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(serious.map((v) => `${what}: ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
      };
      await page.goto(MACHINE);
      await expect(rows(page).first()).toBeVisible();
      await check('voting tab');
      await page.getByRole('tab', { name: 'Leaderboard' }).click();
      await check('leaderboard tab');
      await page.getByRole('button', { name: 'Report Vending Issue' }).first().click();
      await check('issue dialog');
      await page.goto('/vote');
      await check('demo page');
      await page.goto('/vote/abc');
      await check('invalid machine');
    });
  }
});

test.describe('on a phone', () => {
  test('the quick-actions button sits in a bar of its own: no product name or vote button shows under or beside it, and the list ends above it', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(MACHINE);
    const loadMore = page.getByRole('button', { name: 'Load More Products' });
    while (await loadMore.isVisible()) await loadMore.click();
    const button = page.getByRole('button', { name: 'Open quick actions' });
    await expect(button).toBeVisible();
    expect(await productList(page).getByRole('heading').count()).toBeGreaterThan(10);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y <= height; y += 120) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      // Across the whole width at the button's height, what a finger or an eye meets is the bar, never the list.
      const showing = await button.evaluate((element) => {
        const bar = element.parentElement!;
        const box = element.getBoundingClientRect();
        const middle = box.top + box.height / 2;
        const found: string[] = [];
        for (let x = 2; x < window.innerWidth; x += 16) {
          const hit = document.elementFromPoint(x, middle);
          if (hit && !bar.contains(hit)) found.push(`${x}: ${hit.tagName} ${hit.textContent?.slice(0, 30) ?? ''}`);
        }
        return found;
      });
      expect(showing, `scrolled to ${y}`).toEqual([]);
    }
    // Scrolled to the end, the last product and the suggestion prompt stand above the bar.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const barTop = await button.evaluate((element) => element.parentElement!.getBoundingClientRect().top);
    const lastRowBottom = await rows(page).last().evaluate((row) => row.getBoundingClientRect().bottom);
    expect(lastRowBottom).toBeLessThanOrEqual(barTop);
    const prompt = page.getByRole('tabpanel').getByRole('button', { name: 'Suggest Product' });
    expect(await prompt.evaluate((element) => element.getBoundingClientRect().bottom)).toBeLessThanOrEqual(barTop);
  });

  test("the figures appear once, before the list: the header's counters, not a second row of them", async ({ page }) => {
    await page.goto(MACHINE);
    await expect(page.getByRole('list', { name: 'Today at a glance' })).toBeVisible();
    await expect(page.getByText('Active Voters', { exact: true })).toBeHidden();
    await page.setViewportSize({ width: 1024, height: 800 });
    await expect(page.getByText('Active Voters', { exact: true })).toBeVisible();
  });

  test('a machine without products says so, and tells its owner how to add them', async ({ page, browser, server, smtp, playwright }) => {
    const email = `empty-${Date.now()}@example.test`;
    const password = 'correct horse battery staple';
    const { api } = await registerAndSignInOperator({ server, smtp, playwright }, { email, password });
    const machine = await api.post('/api/machines', { data: { name: 'Empty Shelf', location: 'Hall', type: 'combo', serialNumber: 'SN-EMPTY' } });
    expect(machine.status()).toBe(201);
    const url = `/vote/${((await machine.json()) as { id: number }).id}`;

    await page.goto(url);
    await expect(page.getByRole('heading', { name: 'No products to vote on yet' })).toBeVisible();
    await expect(page.getByText('No products found matching your criteria.')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Add products' })).toHaveCount(0);
    await page.getByRole('tabpanel').getByRole('button', { name: 'Suggest Product' }).click();
    await expect(page.getByRole('dialog', { name: 'Suggest a Product' })).toBeVisible();

    const owner = await browser.newContext({ ...phone, baseURL: server.url, storageState: await api.storageState() });
    const ownerPage = await owner.newPage();
    await ownerPage.goto(url);
    await expect(ownerPage.getByText('This is your machine.', { exact: false })).toBeVisible();
    await expect(ownerPage.getByRole('link', { name: 'Add products' })).toHaveAttribute('href', '/products');
    await owner.close();
  });
});
