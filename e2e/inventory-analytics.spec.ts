import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client.js';
import { createMachine, createProduct, createUser, insertVotes, type VoteRow } from '../src/server/db/factories.js';
import { createSuggestion } from '../src/server/db/feedback-factories.js';
import { products, vendingMachines } from '../src/server/db/schema.js';
import { generateVoteHistory } from '../src/server/db/vote-history.js';
import { RANGE_LABELS, URGENCY_LABELS, type ForecastDetail, type InventoryAnalytics } from '../src/shared/analytics.schemas.js';
import { PURCHASE_LIST_CSV_COLUMNS, type PurchaseList } from '../src/shared/stock.schemas.js';
import { formatAmount, formatChange, formatClockTime, hourSpan, coverText, savingText } from '../src/web/features/inventory-analytics/analytics-format.js';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../tests/support/server-process.js';
import { signInThroughApi } from './accounts.js';
import { expect, test as base, toast, type Account } from './fixtures.js';

/*
 * The operators of this file live on a server of its own, whose database is seeded before it starts
 * with the factories the seed and the API tests use: six weeks of votes at two machines, a product
 * whose demand is falling, a slow seller and a customer request (so the stock advice has something to
 * say), unit costs for some products, and two operators for the empty states.
 */
const DAY_MS = 86_400_000;
const HISTORY_DAYS = 42;
const stamp = Date.now();
const operator: Account = { email: `analytics-${stamp}@example.com`, password: 'forecasts-from-votes-9' };
const noMachines: Account = { email: `analytics-empty-${stamp}@example.com`, password: 'forecasts-from-votes-9' };
const noVotes: Account = { email: `analytics-quiet-${stamp}@example.com`, password: 'forecasts-from-votes-9' };

interface World {
  server: ServerProcess;
  lobby: number;
  gym: number;
  suggestionId: number;
}

/** Up-votes of a product whose customers are drifting away: 8 a day until two weeks ago, then 2, around lunch in New York. */
function fallingVotes(machineId: number, productId: number, now: Date): VoteRow[] {
  const rows: VoteRow[] = [];
  for (let daysAgo = HISTORY_DAYS; daysAgo >= 1; daysAgo--) {
    const perDay = daysAgo > 14 ? 8 : 2;
    for (let n = 0; n < perDay; n++) {
      const createdAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - daysAgo, 16, n * 7));
      rows.push({ productId, machineId, voteType: 'up', voterId: `falling-${daysAgo}-${n}`, createdAt });
    }
  }
  return rows;
}

async function seedOperators(dataDir: string): Promise<Omit<World, 'server'>> {
  const database = await openDatabase({ dataDir });
  try {
    const { db } = database;
    const now = Date.now();
    const since = new Date(now - (HISTORY_DAYS + 8) * DAY_MS);
    const { user } = await createUser(db, { ...operator, firstName: 'Avery' });
    const lobby = await createMachine(db, user.id, { name: 'Lobby', location: 'Head office' });
    const gym = await createMachine(db, user.id, { name: 'Gym', location: 'Fitness center' });
    await db.update(vendingMachines).set({ createdAt: since }).where(eq(vendingMachines.userId, user.id));
    const catalogue = [
      { name: 'Sea Salt Chips', brand: 'Kettle', category: 'Chips', demand: 9, cost: '0.45' },
      { name: 'Cola 20 oz', brand: 'Coca-Cola', category: 'Soda', demand: 8, cost: '0.60' },
      { name: 'Energy Drink', brand: 'Red Bull', category: 'Energy Drinks', demand: 6, cost: '1.10' },
      { name: 'Trail Mix', brand: 'Planters', category: 'Nuts', demand: 5, cost: null },
      { name: 'Cheese Crackers', brand: 'Cheez-It', category: 'Cheese', demand: 4, cost: null },
      { name: 'Licorice Twists', brand: 'Twizzlers', category: 'Sweets', demand: 0.4, cost: '0.30' },
    ] as const;
    const made = [];
    for (const product of catalogue) {
      const row = await createProduct(db, user.id, { name: product.name, brand: product.brand, category: product.category, price: '1.50', createdAt: since });
      // The operator's own unit cost, seeded with the rest; two products keep none, for 'cost unknown'.
      if (product.cost) await db.update(products).set({ yourPrice: product.cost }).where(eq(products.id, row.id));
      made.push({ id: row.id, demand: product.demand });
    }
    const latte = await createProduct(db, user.id, { name: 'Pumpkin Latte', brand: 'Starbucks', category: 'Coffee', price: '2.50', createdAt: since });
    await insertVotes(db, [
      ...generateVoteHistory({
        scopes: [
          { machineId: lobby.id, votesPerDay: 40 },
          { machineId: gym.id, votesPerDay: 25 },
        ],
        products: made,
        days: HISTORY_DAYS,
        now: new Date(now - 60_000),
        seed: 4242,
      }),
      ...fallingVotes(lobby.id, latte.id, new Date(now)),
    ]);
    // A customer asked for a tea at the lobby; approving it (through the API, below) makes it a swap candidate.
    const suggestion = await createSuggestion(db, user.id, { name: 'Mango Black Tea', brand: 'Snapple', category: 'Tea', machineId: lobby.id, createdAt: new Date(now - 3 * DAY_MS) });

    await createUser(db, { ...noMachines, firstName: 'Noor' });
    const quiet = await createUser(db, { ...noVotes, firstName: 'Quinn' });
    await createMachine(db, quiet.user.id, { name: 'Break Room', location: 'Warehouse' });
    await createProduct(db, quiet.user.id, { name: 'Granola Bar', category: 'Sweets' });
    return { lobby: lobby.id, gym: gym.id, suggestionId: suggestion.id };
  } finally {
    await database.close();
  }
}

const test = base.extend<object, { world: World }>({
  world: [
    async ({ smtp }, use) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'vendvote-analytics-'));
      const seeded = await seedOperators(dataDir);
      const server = await startServerProcess({ from: 'built', dataDir, env: { SMTP_URL: smtp.url, LOG_LEVEL: 'warn', TRUST_PROXY: 'true' } });
      await use({ server, ...seeded });
      await stopServerProcess(server);
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ world }, use) => use(world.server.url),
});

const PAGE = '/resources/inventory-analytics';
let api: APIRequestContext;

async function figures(query = 'range=30d'): Promise<InventoryAnalytics> {
  const response = await api.get(`/api/analytics/inventory?${query}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as InventoryAnalytics;
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  return serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

const count = (n: number, noun: string) => `${n} ${n === 1 ? noun : `${noun}s`}`;
const units = (n: number) => count(n, 'unit');
const card = (page: Page, product: string, machine = 'Lobby') => page.getByRole('article', { name: `${product} at ${machine}`, exact: true });
const tile = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

async function choose(page: Page, control: string, option: string) {
  await page.getByRole('combobox', { name: control }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function openPage(page: Page, login: (account: Account, path?: string) => Promise<void>, path = PAGE) {
  await login(operator, path);
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory Analytics' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Demand Predictions' })).toBeVisible();
}

test.describe('inventory analytics', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({ world, playwright }) => {
    ({ api } = await signInThroughApi(playwright, world.server, operator));
    expect((await api.post(`/api/suggestions/${world.suggestionId}/approve`)).status()).toBe(200);
  });

  test.afterAll(async () => {
    await api?.dispose();
  });

  test('the tiles and the cards show the forecasts; How this was computed explains one', async ({ page, login }) => {
    await openPage(page, login);
    const data = await figures();
    // Six products at the gym, and the same six and the falling one at the lobby.
    expect(data.summary.totalPredictions).toBe(13);
    await expect(page.getByRole('combobox', { name: 'Machine' })).toHaveText('All Machines');
    await expect(page.getByRole('combobox', { name: 'Time range' })).toHaveText('Last 30 Days');
    await expect(page.getByTestId('computed-at')).toContainText('Figures computed');
    await expect(page.getByRole('button', { name: 'Purchase list (0)' })).toBeVisible();
    await expect(tile(page, 'Total Predictions')).toContainText(String(data.summary.totalPredictions));
    await expect(tile(page, 'High Confidence')).toContainText(String(data.summary.highConfidence));
    await expect(tile(page, 'Need Restocking')).toContainText(String(data.summary.needRestocking));
    await expect(tile(page, 'Seasonal Items')).toContainText(String(data.summary.seasonalItems));
    const rule = page.getByRole('note', { name: 'What the stock figures rest on' });
    await expect(rule).toContainText('Votes are not sales.');
    // The assumptions are said once, with where to change them.
    await expect(rule.getByTestId('stock-assumptions')).toContainText('machines are filled to the recommended stock every Monday');
    await expect(rule.getByTestId('stock-assumptions')).toContainText('each up-vote sells 1 unit');
    await expect(page.getByRole('link', { name: 'change them in Settings' })).toHaveAttribute('href', '/settings?tab=preferences');

    // The cards come in the API's order, each with the figures the API gave.
    await expect(page.getByTestId('prediction-card')).toHaveCount(data.predictions.length);
    await expect(page.getByTestId('prediction-card').first().getByRole('heading')).toHaveText(`${data.predictions[0]!.productName} at ${data.predictions[0]!.machineName}`);
    const chips = data.predictions.find((prediction) => prediction.productName === 'Sea Salt Chips' && prediction.machineName === 'Lobby')!;
    const chipsCard = card(page, 'Sea Salt Chips');
    await expect(chipsCard).toContainText('Chips');
    // The forecast is of up-votes, and the card says so.
    await expect(chipsCard).toContainText(`${formatAmount(chips.predictedDemand)} up-votes next 7 days`);
    await expect(chipsCard).toContainText(units(chips.recommendedStock));
    await expect(chipsCard).toContainText(`${chips.confidence}% confidence`);
    await expect(chipsCard.getByRole('meter')).toHaveAttribute('aria-valuenow', String(chips.confidence));
    await expect(chipsCard.getByTestId('days-of-cover')).toHaveText(`${coverText(chips.daysOfCover)}${chips.daysOfCover === null ? '' : ' (assumed)'}`);
    await expect(chipsCard).toContainText(URGENCY_LABELS[chips.urgency]);
    await expect(chipsCard.getByTestId('stock-basis')).toContainText('Assumed stock: no restock recorded here yet');
    // Nothing is Urgent on an assumption alone.
    expect(data.predictions.filter((prediction) => prediction.urgency === 'urgent')).toEqual([]);
    const latte = card(page, 'Pumpkin Latte');
    await expect(latte).toContainText('Demand falling');
    expect(await seriousViolations(page)).toEqual([]);

    // How the forecast was made is read as the dialog opens: a failed read says so and offers Retry.
    let detailFailures = 1;
    await page.route(
      (url) => url.pathname.startsWith('/api/analytics/forecasts/'),
      async (route) => {
        if (detailFailures-- > 0) await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Something broke' }) });
        else await route.continue();
      },
    );
    await chipsCard.getByRole('button', { name: /^How this was computed/ }).click();
    const explanation = page.getByRole('dialog', { name: 'How this was computed' });
    await expect(explanation.getByRole('alert')).toHaveText(/Could not load how this forecast was made\. Something broke/);
    // The stock rule needs nothing more than the card: it is there all along.
    await expect(explanation.getByTestId('stock-rule-numbers')).toBeVisible();
    await explanation.getByRole('button', { name: 'Retry' }).click();
    await expect(explanation.getByRole('alert')).toHaveCount(0);
    const { forecast } = (await (await api.get(`/api/analytics/forecasts/${chips.machineId}/${chips.productId}`)).json()) as ForecastDetail;
    await expect(explanation).toContainText(forecast.methodLabel);
    await expect(explanation).toContainText(`${forecast.historyDays} days`);
    if (forecast.folds > 0) await expect(explanation).toContainText(`last ${forecast.folds} week`);
    const methods = explanation.getByRole('region', { name: 'Methods compared' });
    expect(forecast.candidates.length).toBeGreaterThan(1);
    await expect(methods.getByRole('row')).toHaveCount(forecast.candidates.length + 1);
    // The method is chosen by the up-votes it missed, weeks and days together, not by the lowest weekly error; confidence is from the weekly error.
    await expect(methods.getByRole('rowheader', { name: `${forecast.methodLabel} (chosen: fewest up-votes missed)`, exact: true })).toBeVisible();
    await expect(explanation.getByTestId('method-choice')).toHaveText(
      'The method chosen is the one that missed the fewest up-votes in the back-test, counting the misses of each week’s total plus those of the single days, so it need not have the lowest weekly error. The forecast’s confidence comes from the weekly error alone.',
    );
    await expect(explanation).not.toContainText('lowest weekly error is chosen');
    await expect(explanation.getByTestId('stock-rule-numbers')).toContainText(`${data.rule.autoReorderThreshold} + `);
    // The machine's predicted week is the server's own figure, every product at the Lobby together.
    await expect(explanation.getByTestId('stock-rule-numbers')).toContainText(`× ${formatAmount(chips.machinePredictedWeek)} up-votes ×`);
    await expect(explanation.getByTestId('stock-rule-numbers')).toContainText(`rounded up: ${units(chips.recommendedStock)}`);
    await expect(explanation).toContainText('Assumed weekly fill every Monday');
    await expect(explanation).toContainText(
      '1 unit per up-vote, assumed (Settings) until reported sales or your recorded restocks measure it: that takes a DEX or telemetry import with at least 10 up-votes on the days it covers, or a product restocked on two visits with 10 up-votes between them',
    );
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(explanation).toBeHidden();
    await expect(chipsCard.getByRole('button', { name: /^How this was computed/ })).toBeFocused();
  });

  test('a recorded restock is checked by the schema, and the card is then based on it', async ({ page, login }) => {
    await openPage(page, login);
    const cola = card(page, 'Cola 20 oz');
    await cola.getByRole('button', { name: /^Record restock/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Record restock' });
    await dialog.getByRole('button', { name: 'Record restock' }).click();
    await expect(dialog).toContainText('Units left must be a whole number');
    await expect(dialog).toContainText('Units filled must be a whole number');
    await dialog.getByLabel('Units left').fill('-1');
    await dialog.getByLabel('Units filled').fill('30');
    await dialog.getByLabel('Date and time (optional)').fill('2099-01-01T10:00');
    await dialog.getByRole('button', { name: 'Record restock' }).click();
    await expect(dialog).toContainText('Units left cannot be negative');
    await expect(dialog).toContainText('Restock time cannot be in the future');
    await expect(dialog.getByLabel('Units left')).toHaveAttribute('aria-invalid', 'true');

    await dialog.getByLabel('Units left').fill('4');
    await dialog.getByLabel('Date and time (optional)').fill('');
    await dialog.getByRole('button', { name: 'Record restock' }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, 'Restock recorded')).toContainText('Cola 20 oz at Lobby: 34 units after the visit.');
    await expect(cola.getByTestId('stock-basis')).toContainText('From your recorded restock of');
    const restocks = (await (await api.get('/api/stock/restocks')).json()) as { productName: string; unitsLeft: number; unitsFilled: number }[];
    expect(restocks).toEqual([expect.objectContaining({ productName: 'Cola 20 oz', unitsLeft: 4, unitsFilled: 30 })]);
    await cola.getByRole('button', { name: /^How this was computed/ }).click();
    await expect(page.getByRole('dialog', { name: 'How this was computed' })).toContainText('Recorded restock at');
    await page.keyboard.press('Escape');

    // A visit that filled far more Trail Mix than a week needs: nothing to order, and no button to order it.
    const trailMix = (await figures()).predictions.find((prediction) => prediction.productName === 'Trail Mix' && prediction.machineName === 'Gym')!;
    const visit = await api.post('/api/stock/restocks', { data: { machineId: trailMix.machineId, productId: trailMix.productId, unitsLeft: 0, unitsFilled: 1000 } });
    expect(visit.status(), await visit.text()).toBe(201);
    await page.reload();
    const stocked = card(page, 'Trail Mix', 'Gym');
    await expect(stocked.getByTestId('stocked')).toHaveText('Stocked — nothing to order');
    await expect(stocked.getByRole('button', { name: /Add to Order|Update Order/ })).toHaveCount(0);
    expect((await figures()).predictions.find((prediction) => prediction.productId === trailMix.productId && prediction.machineName === 'Gym')!.suggestedOrder).toBe(0);
  });

  test('Add to Order puts the forecast on the purchase list, where its quantity and note are edited and the CSV holds it', async ({ page, login, world }) => {
    // A visit that found the chips sold out and brought none: whatever the day of the week, there is an order to suggest.
    const chipsId = (await figures()).predictions.find((prediction) => prediction.productName === 'Sea Salt Chips')!.productId;
    const visit = await api.post('/api/stock/restocks', { data: { machineId: world.lobby, productId: chipsId, unitsLeft: 0, unitsFilled: 0 } });
    expect(visit.status(), await visit.text()).toBe(201);
    await openPage(page, login);
    const data = await figures();
    const chips = data.predictions.find((prediction) => prediction.productName === 'Sea Salt Chips' && prediction.machineName === 'Lobby')!;
    expect(chips.suggestedOrder).toBeGreaterThan(0);
    const chipsCard = card(page, 'Sea Salt Chips');
    // Pressed from the keyboard and held a moment: busy, yet the focus stays on the button (aria-disabled, not disabled).
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/stock/purchase-list/items', async (route) => {
      await held;
      await route.continue();
    });
    const addButton = chipsCard.getByRole('button', { name: /^Add to Order/ });
    await addButton.focus();
    await page.keyboard.press('Enter');
    await expect(addButton).toHaveAttribute('aria-disabled', 'true');
    await expect(addButton).toBeFocused();
    // A second press while busy does nothing.
    await page.keyboard.press('Enter');
    release();
    await expect(toast(page, 'Added to purchase list')).toContainText(`${units(chips.suggestedOrder)} of Sea Salt Chips at Lobby.`);
    await page.unroute('**/api/stock/purchase-list/items');
    await expect(chipsCard.getByTestId('on-order')).toHaveText(`On order: ${units(chips.suggestedOrder)}`);
    await expect(chipsCard.getByRole('button', { name: /^Update Order/ })).toBeFocused();
    await expect(chipsCard.getByRole('button', { name: /^Update Order/ })).not.toHaveAttribute('aria-disabled');
    await expect(page.getByRole('button', { name: 'Purchase list (1)' })).toBeVisible();

    await page.getByRole('button', { name: 'Purchase list (1)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Purchase list' });
    const line = dialog.getByRole('listitem', { name: 'Sea Salt Chips' });
    const quantity = line.getByRole('spinbutton', { name: 'Quantity of Sea Salt Chips at Lobby' });
    await expect(quantity).toHaveValue(String(chips.suggestedOrder));
    await expect(line).toContainText('Forecast');
    await quantity.fill('0');
    await quantity.press('Enter');
    // Announced as it appears, and tied to the field.
    await expect(line.getByRole('alert')).toHaveText('Quantity must be at least 1');
    await expect(quantity).toHaveAttribute('aria-invalid', 'true');
    await expect(quantity).toHaveAccessibleDescription('Quantity must be at least 1');
    await quantity.fill('2.5');
    await quantity.press('Enter');
    await expect(line).toContainText('Quantity must be a whole number');
    await quantity.fill('48');
    await quantity.press('Tab');
    await expect(line).not.toContainText('Quantity must');
    await expect(dialog.getByTestId('purchase-totals')).toContainText('48');
    await expect(dialog.getByTestId('purchase-totals')).toContainText('$21.60');
    await expect(line.getByTestId('line-cost')).toHaveText('$21.60 ($0.45 each)');
    const note = line.getByRole('textbox', { name: 'Note for Sea Salt Chips at Lobby' });
    await note.fill('Top shelf, left');
    await note.press('Enter');
    await expect(dialog.getByRole('status').filter({ hasText: 'Note of Sea Salt Chips at Lobby saved' })).toBeAttached();
    const list = (await (await api.get('/api/stock/purchase-list')).json()) as PurchaseList;
    expect(list.items).toEqual([expect.objectContaining({ productName: 'Sea Salt Chips', quantity: 48, note: 'Top shelf, left', source: 'prediction' })]);
    expect(await seriousViolations(page)).toEqual([]);

    const [csv] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('link', { name: 'Download CSV' }).click()]);
    expect(csv.suggestedFilename()).toMatch(/^purchase-list-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync(await csv.path(), 'utf8').replace(/^\uFEFF/, '');
    const [header, ...rows] = text.trim().split('\r\n');
    expect(header).toBe(PURCHASE_LIST_CSV_COLUMNS.join(','));
    expect(rows).toEqual(['Lobby,Head office,Sea Salt Chips,Kettle,Chips,48,0.45,21.60,Forecast,"Top shelf, left"']);

    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('region', { name: 'Lobby' }).getByRole('link', { name: /Print pick list/ }).click(),
    ]);
    expect(pdf.suggestedFilename()).toMatch(/^pick-list-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(readFileSync(await pdf.path()).subarray(0, 5).toString()).toBe('%PDF-');

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // The card follows the list.
    await expect(chipsCard.getByTestId('on-order')).toHaveText('On order: 48 units');
  });

  test('Vote Trends, Product Performance and Stock Optimization show the real figures', async ({ page, login }) => {
    await openPage(page, login);
    const data = await figures();

    await page.getByRole('tab', { name: 'Vote Trends' }).click();
    await expect(page).toHaveURL(/tab=trends/);
    await expect(page.getByTestId('hourly-chart')).toBeVisible();
    await expect(page.getByTestId('weekly-chart')).toBeVisible();
    await expect(page.getByTestId('series-chart')).toBeVisible();
    await expect(page.getByTestId('peak-hour')).toContainText(`Busiest hour: ${hourSpan(data.voteTrends.peakHour!)}`);
    await expect(page.getByTestId('peak-hour')).toContainText(data.timeZone);
    // Each drawing has a table beside it for screen readers.
    await expect(page.getByRole('table', { name: /Votes per hour of the day/ }).getByRole('row')).toHaveCount(25);
    await expect(page.getByRole('table', { name: 'Votes per day of the week' }).getByRole('row')).toHaveCount(8);
    await expect(page.getByRole('table', { name: /for the top products/ }).getByRole('columnheader')).toHaveCount(data.voteTrends.seriesProducts.length + 1);
    expect(await seriousViolations(page)).toEqual([]);

    // The tabs follow the keyboard (arrow keys move and select).
    await page.getByRole('tab', { name: 'Vote Trends' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Product Performance' })).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/tab=performance/);
    const rows = page.getByTestId('performance-row');
    await expect(rows).toHaveCount(data.performance.products.length);
    const top = data.performance.products[0]!;
    await expect(rows.first()).toContainText(top.productName);
    await expect(rows.first()).toContainText(`${formatAmount(top.share)}%`);
    await expect(rows.first()).toContainText(formatChange(top.change));
    // Six weeks of votes do not cover the 30 days before the last 30: nothing is compared, and the page says why.
    expect(data.performance.products.every((product) => product.change === null)).toBe(true);
    await expect(rows.first().getByTestId('no-change')).toHaveText('—not enough history to compare');
    await expect(rows.first().getByTestId('no-change')).toHaveAttribute('title', 'Not enough history to compare');
    for (const name of ['Rising', 'Falling']) {
      const region = page.getByRole('region', { name });
      await expect(region.getByRole('listitem')).toHaveCount(0);
      await expect(region).toContainText('Comparisons need a full previous period of votes: the 30 days before the last 30 days.');
    }
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('tab', { name: 'Stock Optimization' }).click();
    const swap = page.getByRole('article', { name: 'Replace Licorice Twists with Mango Black Tea at Lobby' });
    await expect(swap).toBeVisible();
    await expect(swap).toContainText('Cost saved per fill:');
    // The requested tea has no unit cost yet, so the swap's saving is unknown; nothing on the page says which cost is missing, so both are offered.
    expect(data.optimization.recommendations.find((r) => r.kind === 'swap')!.costSaved).toBeNull();
    await expect(swap.getByTestId('cost-saved')).toHaveText('unknown — set the unit cost of Licorice Twists or Mango Black Tea (whichever is missing) to count it');
    await expect(swap.getByRole('textbox', { name: 'Set unit cost of Licorice Twists (USD)' })).toBeVisible();
    await expect(swap.getByRole('textbox', { name: 'Set unit cost of Mango Black Tea (USD)' })).toBeVisible();
    const cut = page.getByRole('article', { name: /^Cut Pumpkin Latte at Lobby by \d+ units$/ });
    await expect(cut.getByTestId('cost-saved')).toHaveText('unknown — set the unit cost of Pumpkin Latte to count it');
    await expect(cut.getByRole('textbox', { name: 'Set unit cost of Pumpkin Latte (USD)' })).toBeVisible();
    await expect(page.getByTestId('total-cost-saved')).toHaveText(savingText(data.optimization.totalCostSaved, 'USD'));
    expect(await seriousViolations(page)).toEqual([]);
    const before = (await (await api.get('/api/stock/purchase-list')).json()) as PurchaseList;
    const onList = new Set(before.items.map((item) => `${item.machineId}:${item.productId}`));
    // A cut whose estimated stock covers it already (order 0) writes no line, and the toast says how many were skipped.
    const keyOf = (r: InventoryAnalytics['optimization']['recommendations'][number]) => `${r.machineId}:${r.orderProductId}`;
    const keys = new Set(data.optimization.recommendations.filter((r) => r.orderQuantity > 0).map(keyOf));
    const stocked = new Set(data.optimization.recommendations.filter((r) => r.orderQuantity === 0).map(keyOf).filter((key) => !keys.has(key))).size;
    const updated = [...keys].filter((key) => onList.has(key)).length;
    const added = keys.size - updated;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/stock/purchase-list/items', async (route) => {
      await held;
      await route.continue();
    });
    const apply = page.getByRole('button', { name: 'Apply Recommendations' });
    await apply.click();
    // Busy, but the button keeps the focus of whoever pressed it.
    await expect(apply).toHaveAttribute('aria-disabled', 'true');
    await expect(apply).toBeFocused();
    release();
    await expect(toast(page, 'Recommendations applied')).toContainText(
      `${count(added, 'line')} added to your purchase list, ${count(updated, 'line')} updated.${stocked > 0 ? ` ${count(stocked, 'line')} skipped as already stocked.` : ''}`,
    );
    await page.unroute('**/api/stock/purchase-list/items');
    await expect(apply).toBeFocused();
    await expect(apply).not.toHaveAttribute('aria-disabled');
    await expect(page.getByRole('button', { name: `Purchase list (${before.items.length + added})` })).toBeVisible();
    const list = (await (await api.get('/api/stock/purchase-list')).json()) as PurchaseList;
    const tea = list.items.find((item) => item.productName === 'Mango Black Tea')!;
    expect(tea).toMatchObject({ machineName: 'Lobby', source: 'recommendation', unitCost: null });
    expect(tea.note).toContain('customers asked for Mango Black Tea');
    // The purchase list now shows the tea's cost as unknown: the swap asks for that one alone.
    await expect(swap.getByTestId('cost-saved')).toHaveText('unknown — set the unit cost of Mango Black Tea to count it');
    await expect(swap.getByRole('textbox')).toHaveCount(1);
    await expect(swap.getByRole('textbox', { name: 'Set unit cost of Mango Black Tea (USD)' })).toBeVisible();
  });

  test('Set unit cost where a cost is unknown: on a recommendation and on a purchase-list line', async ({ page, login, world }) => {
    await openPage(page, login, `${PAGE}?tab=optimization`);
    const cut = page.getByRole('article', { name: /^Cut Pumpkin Latte at Lobby by \d+ units$/ });
    const field = cut.getByRole('textbox', { name: 'Set unit cost of Pumpkin Latte (USD)' });
    await field.fill('abc');
    await cut.getByRole('button', { name: 'Save unit cost of Pumpkin Latte' }).click();
    await expect(cut.getByRole('alert')).toHaveText('Unit cost must be an amount such as 0.85');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription('Unit cost must be an amount such as 0.85');
    await field.fill('1.2');
    await field.press('Enter');
    await expect(toast(page, 'Unit cost saved')).toContainText('Pumpkin Latte: $1.20 a unit.');
    const data = await figures();
    const latte = data.optimization.recommendations.find((r) => r.productName === 'Pumpkin Latte')!;
    expect(latte.costSaved).toBe((latte.unitsCut * 1.2).toFixed(2));
    await expect(cut.getByTestId('cost-saved')).toHaveText(`$${latte.costSaved}`);
    await expect(cut.getByTestId('cost-saved')).toBeFocused();
    await expect(cut.getByRole('textbox')).toHaveCount(0);
    await expect(page.getByTestId('total-cost-saved')).toHaveText(savingText(data.optimization.totalCostSaved, 'USD'));

    // A known cost can be changed, starting from what it is, and cleared by leaving the field empty.
    const editLatte = cut.getByRole('button', { name: 'Edit unit cost of Pumpkin Latte' });
    await editLatte.click();
    const latteCost = cut.getByRole('textbox', { name: 'Unit cost of Pumpkin Latte (USD)' });
    await expect(latteCost).toBeFocused();
    await expect(latteCost).toHaveValue('1.20');
    await cut.getByRole('button', { name: /^Cancel/ }).click();
    await expect(latteCost).toHaveCount(0);
    await expect(editLatte).toBeFocused();
    await editLatte.click();
    await latteCost.fill('1');
    await latteCost.press('Enter');
    await expect(toast(page, 'Unit cost saved').filter({ hasText: 'Pumpkin Latte: $1.00 a unit.' })).toBeVisible();
    await expect(cut.getByTestId('cost-saved')).toHaveText(`$${(latte.unitsCut * 1).toFixed(2)}`);
    await expect(cut.getByTestId('cost-saved')).toBeFocused();
    await editLatte.click();
    await latteCost.fill('');
    await latteCost.press('Enter');
    await expect(toast(page, 'Unit cost cleared')).toContainText('Pumpkin Latte: no unit cost.');
    await expect(cut.getByTestId('cost-saved')).toHaveText('unknown — set the unit cost of Pumpkin Latte to count it');
    await expect(cut.getByTestId('cost-saved')).toBeFocused();
    await expect(field).toBeVisible();

    // A replacement dearer than the product it replaces: the swap costs more, and says so rather than showing a negative saving.
    const swap = page.getByRole('article', { name: 'Replace Licorice Twists with Mango Black Tea at Lobby' });
    const teaCost = swap.getByRole('textbox', { name: 'Set unit cost of Mango Black Tea (USD)' });
    await teaCost.fill('0.45');
    await teaCost.press('Enter');
    await expect(toast(page, 'Unit cost saved').filter({ hasText: 'Mango Black Tea: $0.45 a unit.' })).toBeVisible();
    const dearer = (await figures()).optimization;
    const swapped = dearer.recommendations.find((r) => r.kind === 'swap')!;
    expect(swapped.costSaved).toBe((swapped.unitsCut * 0.3 - swapped.unitsCut * 0.45).toFixed(2));
    expect(Number(swapped.costSaved)).toBeLessThan(0);
    await expect(swap.getByTestId('cost-saved')).toHaveText(`Costs $${(-Number(swapped.costSaved)).toFixed(2)} more per fill`);
    await expect(swap).toContainText('Stock cost:');
    await expect(swap.getByTestId('cost-saved')).toBeFocused();
    await expect(page.getByTestId('total-cost-saved')).toHaveText(savingText(dearer.totalCostSaved, 'USD'));
    // Both costs are known now, and either can be edited: the tea's from what the purchase list says it is.
    await expect(swap.getByRole('button', { name: 'Edit unit cost of Licorice Twists' })).toBeVisible();
    await swap.getByRole('button', { name: 'Edit unit cost of Mango Black Tea' }).click();
    await expect(swap.getByRole('textbox', { name: 'Unit cost of Mango Black Tea (USD)' })).toHaveValue('0.45');
    await swap.getByRole('textbox', { name: 'Unit cost of Mango Black Tea (USD)' }).fill('0.2');
    await swap.getByRole('button', { name: 'Save unit cost of Mango Black Tea' }).click();
    await expect(swap.getByTestId('cost-saved')).toHaveText(`$${(swapped.unitsCut * 0.3 - swapped.unitsCut * 0.2).toFixed(2)}`);
    await expect(swap).toContainText('Cost saved per fill:');
    expect(await seriousViolations(page)).toEqual([]);

    // A line whose product has no unit cost offers the same form in the purchase list.
    const crackers = data.predictions.find((prediction) => prediction.productName === 'Cheese Crackers')!;
    const line = await api.post('/api/stock/purchase-list/items', {
      data: { items: [{ machineId: world.gym, productId: crackers.productId, quantity: 5, source: 'manual' }] },
    });
    expect(line.status(), await line.text()).toBe(200);
    await page.reload();
    await page.getByRole('button', { name: /^Purchase list \(\d+\)$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Purchase list' });
    const crackersLine = dialog.getByRole('listitem', { name: 'Cheese Crackers' });
    await expect(crackersLine.getByTestId('line-cost')).toHaveText('Cost unknown');
    const cost = crackersLine.getByRole('textbox', { name: 'Set unit cost of Cheese Crackers (USD)' });
    await cost.press('Enter');
    await expect(crackersLine).toContainText('Enter a unit cost such as 0.85');
    await cost.fill('0.5');
    await cost.press('Enter');
    await expect(dialog.getByRole('status').filter({ hasText: 'Unit cost saved: Cheese Crackers, $0.50 a unit' })).toBeAttached();
    await expect(crackersLine.getByTestId('line-cost')).toHaveText('$2.50 ($0.50 each)');
    await expect(crackersLine.getByTestId('line-cost')).toBeFocused();
    // Once known, the line's cost can be changed or cleared.
    await crackersLine.getByRole('button', { name: 'Edit unit cost of Cheese Crackers' }).click();
    const newCost = crackersLine.getByRole('textbox', { name: 'Unit cost of Cheese Crackers (USD)' });
    await expect(newCost).toHaveValue('0.50');
    await newCost.fill('0.4');
    await newCost.press('Enter');
    await expect(dialog.getByRole('status').filter({ hasText: 'Unit cost saved: Cheese Crackers, $0.40 a unit' })).toBeAttached();
    await expect(crackersLine.getByTestId('line-cost')).toHaveText('$2.00 ($0.40 each)');
    await expect(crackersLine.getByTestId('line-cost')).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
    await crackersLine.getByRole('button', { name: 'Edit unit cost of Cheese Crackers' }).click();
    await newCost.fill('');
    await newCost.press('Enter');
    await expect(dialog.getByRole('status').filter({ hasText: 'Unit cost of Cheese Crackers cleared' })).toBeAttached();
    await expect(crackersLine.getByTestId('line-cost')).toHaveText('Cost unknown');
    await expect(crackersLine.getByTestId('line-cost')).toBeFocused();
    await expect(cost).toBeVisible();
    await page.keyboard.press('Escape');
  });

  test('machine and range are kept in the URL: a reload keeps them, Back goes to the figures before', async ({ page, login, world }) => {
    await openPage(page, login);
    await choose(page, 'Machine', 'Gym');
    await expect(page).toHaveURL(new RegExp(`machine=${world.gym}`));
    const gym = await figures(`machineId=${world.gym}&range=30d`);
    await expect(tile(page, 'Total Predictions')).toContainText(String(gym.summary.totalPredictions));
    await expect(page.getByTestId('prediction-card')).toHaveCount(gym.predictions.length);
    // One machine: the cards no longer name it.
    await expect(page.getByRole('article', { name: 'Sea Salt Chips', exact: true })).toBeVisible();

    await choose(page, 'Time range', RANGE_LABELS['7d']);
    await expect(page).toHaveURL(/range=7d/);
    await page.getByRole('tab', { name: 'Product Performance' }).click();
    const week = await figures(`machineId=${world.gym}&range=7d`);
    await expect(page.getByRole('region', { name: 'Top products' })).toContainText(`${week.performance.totalVotes.toLocaleString('en-US')} votes in the last 7 days`);
    // The week before is covered by the history, so these products are compared with it.
    const compared = week.performance.products.find((product) => product.change !== null)!;
    expect(compared).toBeDefined();
    await expect(page.getByTestId('performance-row').filter({ hasText: compared.productName })).toContainText(formatChange(compared.change));

    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Machine' })).toHaveText('Gym');
    await expect(page.getByRole('combobox', { name: 'Time range' })).toHaveText('Last 7 Days');
    await expect(page.getByRole('tab', { name: 'Product Performance' })).toHaveAttribute('aria-selected', 'true');

    await page.goBack();
    await expect(page.getByRole('combobox', { name: 'Time range' })).toHaveText('Last 30 Days');
    await expect(page.getByRole('combobox', { name: 'Machine' })).toHaveText('Gym');
  });

  test('Refresh figures queues a recompute and shows the new time once it is done', async ({ page, login }) => {
    await openPage(page, login);
    const before = await figures();
    // The request is held a moment, long enough to see the button say what it is doing.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/analytics/refresh', async (route) => {
      await held;
      await route.continue();
    });
    const refreshed = page.waitForResponse((response) => response.url().endsWith('/api/analytics/refresh') && response.status() === 202);
    await page.getByRole('button', { name: 'Refresh figures' }).focus();
    await page.keyboard.press('Enter');
    // Busy, yet the focus stays on the button (aria-disabled rather than disabled), and a press meanwhile does nothing.
    const busy = page.getByRole('button', { name: 'Refreshing…' });
    await expect(busy).toHaveAttribute('aria-disabled', 'true');
    await expect(busy).toBeFocused();
    release();
    await refreshed;
    await expect(page.getByRole('status').filter({ hasText: 'Figures updated.' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Refresh figures' })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Refresh figures' })).not.toHaveAttribute('aria-disabled');
    const after = await figures();
    expect(after.computedAt > before.computedAt).toBe(true);

    // Pressed again within minutes: nothing is queued, and the page says when another press may queue one.
    await page.unroute('**/api/analytics/refresh');
    const again = page.waitForResponse((response) => response.url().endsWith('/api/analytics/refresh'));
    await page.getByRole('button', { name: 'Refresh figures' }).click();
    const answer = (await (await again).json()) as { queued: boolean; nextRefreshAt: string };
    expect(answer.queued).toBe(false);
    await expect(page.getByTestId('refresh-status')).toHaveText(
      `Figures were refreshed recently; you can refresh again at ${formatClockTime(answer.nextRefreshAt, after.timeZone)}.`,
    );
    await expect(page.getByRole('button', { name: 'Refresh figures' })).toBeEnabled();
  });

  test('loading, a failed load with Retry, and Clear list with its confirmation', async ({ page, login }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let failures = 1;
    await page.route((url) => url.pathname === '/api/analytics/inventory', async (route) => {
      await held;
      if (failures-- > 0) await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Something broke' }) });
      else await route.continue();
    });
    await login(operator, PAGE);
    await expect(page.getByTestId('analytics-skeleton')).toBeVisible();
    release();
    await expect(page.getByRole('alert')).toContainText('Could not load the figures. Something broke');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(tile(page, 'Total Predictions')).toBeVisible();

    const button = page.getByRole('button', { name: /^Purchase list \(\d+\)$/ });
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Purchase list' });
    await dialog.getByRole('button', { name: 'Clear list' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Clear the purchase list?' });
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    const lines = ((await (await api.get('/api/stock/purchase-list')).json()) as PurchaseList).items.length;
    expect(lines).toBeGreaterThan(0);
    await confirm.getByRole('button', { name: 'Clear list' }).click();
    await expect(dialog.getByText('Your purchase list is empty')).toBeVisible();
    // The server answers how many lines it removed, and the dialog says so.
    await expect(dialog.getByRole('status').filter({ hasText: `The purchase list was cleared: ${count(lines, 'line')} removed` })).toBeAttached();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Purchase list (0)' })).toBeVisible();
    await expect(card(page, 'Sea Salt Chips').getByTestId('on-order')).toHaveCount(0);
  });

  test('Remove moves the focus to the next line, else the one before, else the heading', async ({ page, login, world }) => {
    const { predictions } = await figures();
    const id = (name: string) => predictions.find((prediction) => prediction.productName === name)!.productId;
    const added = await api.post('/api/stock/purchase-list/items', {
      data: {
        items: [
          { machineId: world.gym, productId: id('Cheese Crackers'), quantity: 3, source: 'manual' },
          { machineId: world.lobby, productId: id('Sea Salt Chips'), quantity: 4, source: 'manual' },
          { machineId: world.lobby, productId: id('Trail Mix'), quantity: 5, source: 'manual' },
        ],
      },
    });
    expect(added.status(), await added.text()).toBe(200);
    await openPage(page, login);
    await page.getByRole('button', { name: 'Purchase list (3)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Purchase list' });
    const lines = dialog.getByTestId('purchase-line');
    // The list's order: Gym before Lobby, then the products by name.
    await expect(lines).toHaveCount(3);
    const [first, middle, last] = ['Cheese Crackers', 'Sea Salt Chips', 'Trail Mix'].map((name) => dialog.getByRole('listitem', { name }));
    const firstControl = (line: typeof first) => line!.locator('input, button').first();

    // The middle line: the focus goes to the next line's first control.
    await middle!.getByRole('button', { name: 'Remove Sea Salt Chips at Lobby' }).click();
    await expect(dialog.getByRole('status').filter({ hasText: 'Sea Salt Chips at Lobby removed from the list' })).toBeAttached();
    await expect(lines).toHaveCount(2);
    await expect(firstControl(last)).toBeFocused();
    // The last line: to the line before it.
    await last!.getByRole('button', { name: 'Remove Trail Mix at Lobby' }).click();
    await expect(lines).toHaveCount(1);
    await expect(firstControl(first)).toBeFocused();
    // The only line: to the dialog's heading.
    await first!.getByRole('button', { name: 'Remove Cheese Crackers at Gym' }).click();
    await expect(dialog.getByText('Your purchase list is empty')).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Purchase list', exact: true })).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Purchase list (0)' })).toBeVisible();
  });

  test('on a 375 px phone the cards stack and the tables scroll inside their cards', async ({ page, login }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await openPage(page, login);
    const cards = page.getByTestId('prediction-card');
    const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    expect(Math.abs(first!.x - second!.x)).toBeLessThan(1);
    expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('tab', { name: 'Product Performance' }).click();
    const table = page.getByRole('region', { name: 'Products ranked by votes' });
    await expect(table).toBeVisible();
    expect(await table.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);

    // The dark theme keeps its contrast too ('Auto' follows the system).
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.getByRole('tab', { name: 'Demand Predictions' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('an operator without machines is led to add one; one without votes is told forecasts follow the votes', async ({ page, login }) => {
    await login(noMachines, PAGE);
    await expect(page.getByRole('heading', { name: 'No machines yet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add a machine' })).toHaveAttribute('href', '/vending-machines');
    expect(await seriousViolations(page)).toEqual([]);

    await page.context().clearCookies();
    await login(noVotes, PAGE);
    await expect(page.getByRole('heading', { name: 'No forecasts yet' })).toBeVisible();
    await expect(page.getByText(/Forecasts appear once customers vote at your machines/)).toBeVisible();
    await page.getByRole('tab', { name: 'Vote Trends' }).click();
    await expect(page.getByRole('heading', { name: 'No votes in the last 30 days' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
