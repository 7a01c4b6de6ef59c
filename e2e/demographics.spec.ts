import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { openDatabase } from '../src/server/db/client.js';
import { createMachine, createProduct, createUser, insertVotes, type VoteRow } from '../src/server/db/factories.js';
import type { Demographics, RefreshAnalytics } from '../src/shared/analytics.schemas.js';
import { formatClockTime } from '../src/web/features/demographics/format.js';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../tests/support/server-process.js';
import { test as base, expect, type Account } from './fixtures.js';

/*
 * The figures come from weeks of votes, so they are written before the server starts: a data
 * directory of this file's own is seeded through the shared factories (votes with chosen times and
 * device classes), then the built server opens it. One live vote later goes through the real vote
 * path, to see its device class counted after 'Refresh figures'.
 */
const operator: Account = { email: `demographics-${Date.now()}@example.com`, password: 'who-votes-where-and-when-7' };
const newcomer: Account = { email: `demographics-new-${Date.now()}@example.com`, password: 'no-machines-here-yet-7' };
const DAY_MS = 86_400_000;
const TABLET_AGENT = 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** `daysAgo` whole days before today's `hourUtc`: always in the past for a day or more ago. */
function at(daysAgo: number, hourUtc: number): Date {
  const today = new Date();
  today.setUTCHours(hourUtc, 0, 0, 0);
  return new Date(today.getTime() - daysAgo * DAY_MS);
}

/** The 40 recent votes at the office take these device classes in turn; older votes have none. */
const deviceOf = (index: number): VoteRow['deviceClass'] => (index < 30 ? 'phone' : index < 34 ? 'tablet' : index < 36 ? 'desktop' : null);

/**
 * Two locations in two states. Office Tower (Illinois): 40 up-votes in the last five days (24 Chips,
 * 16 Soda; six voters came back on another day) and 6 older ones. Fitness Center (Texas): 4 recent
 * and 6 older, too few for a score. So the last 30 days hold 56 votes by 50 voters, the last 7 days
 * 44 votes by 38 voters.
 */
async function seed(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    const { db } = database;
    const { user } = await createUser(db, { ...operator, firstName: 'Dana' });
    await createUser(db, newcomer);
    const office = await createMachine(db, user.id, {
      name: 'Lobby Snacks',
      location: 'Office Tower',
      address: '200 Market St, Springfield, IL 62701',
    });
    const gym = await createMachine(db, user.id, { name: 'Gym Drinks', location: 'Fitness Center', address: '5 Elm Rd, Austin, TX 73301' });
    const chips = await createProduct(db, user.id, { name: 'Sea Salt Chips', category: 'Chips', price: '1.50' });
    const soda = await createProduct(db, user.id, { name: 'Cola Classic', category: 'Soda', price: '2.25' });
    const rows: VoteRow[] = [];
    const vote = (machineId: number, productId: number, voterId: string, createdAt: Date, deviceClass: VoteRow['deviceClass']) =>
      rows.push({ machineId, productId, voteType: 'up', voterId, createdAt, deviceClass });
    for (let i = 0; i < 24; i++) vote(office.id, chips.id, `c${i}`, at(1 + (i % 5), i % 3 === 0 ? 14 : 17), deviceOf(i));
    // The first six soda voters also voted for chips, on another day: returning voters.
    for (let j = 0; j < 16; j++) vote(office.id, soda.id, j < 6 ? `c${j}` : `s${j}`, at(1 + ((j + 2) % 5), 17), deviceOf(24 + j));
    for (let k = 0; k < 6; k++) vote(office.id, chips.id, `o${k}`, at(10 + k, 17), null);
    for (let k = 0; k < 4; k++) vote(gym.id, soda.id, `g${k}`, at(1 + k, 21), 'phone');
    for (let k = 0; k < 6; k++) vote(gym.id, k < 3 ? chips.id : soda.id, `h${k}`, at(11 + k, 21), k < 2 ? 'phone' : null);
    await insertVotes(db, rows);
    return { officeId: office.id, sodaId: soda.id };
  } finally {
    await database.close();
  }
}

const test = base.extend<object, { seeded: { server: ServerProcess; officeId: number; sodaId: number } }>({
  seeded: [
    async ({ smtp }, use) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'vendvote-demographics-'));
      const ids = await seed(dataDir);
      const server = await startServerProcess({ from: 'built', dataDir, env: { SMTP_URL: smtp.url, LOG_LEVEL: 'warn', TRUST_PROXY: 'true' } });
      await use({ server, ...ids });
      await stopServerProcess(server);
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ seeded }, use) => use(seeded.server.url),
});

test.describe.configure({ mode: 'serial' });

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  return serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

const tile = (page: Page, name: string) => page.getByRole('group', { name }).first();
/** A summary tile's figure, matched whole (a '4' is not the '4' of '44 votes cast'). */
const tileValue = (page: Page, name: string, value: string) => tile(page, name).getByText(value, { exact: true });
const tab = (page: Page, name: string) => page.getByRole('tab', { name });
const panel = (page: Page) => page.getByRole('tabpanel');

async function openTab(page: Page, name: string) {
  await tab(page, name).click();
  await expect(tab(page, name)).toHaveAttribute('aria-selected', 'true');
}

async function choose(page: Page, combobox: string, option: string) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function figures(page: Page, query: string): Promise<Demographics> {
  const response = await page.request.get(`/api/analytics/demographics${query}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Demographics;
}

const hourRange = (hour: number) => `${String(hour).padStart(2, '0')}:00–${String((hour + 1) % 24).padStart(2, '0')}:00`;

test('an operator without machines is sent to add one', async ({ page, login }) => {
  await login(newcomer, '/resources/demographics');
  await expect(page.getByRole('heading', { level: 1, name: 'Demographics' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No vending machines yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add a vending machine' })).toHaveAttribute('href', '/vending-machines');
  expect(await seriousViolations(page)).toEqual([]);
});

test('the four tabs: age is not collected, behaviour and devices, regional shares of up-votes, market insights', async ({ page, login }) => {
  await login(operator, '/resources/demographics');
  await expect(page.getByRole('heading', { level: 1, name: 'Demographics' })).toBeVisible();
  await expect(page).toHaveTitle(/Demographics/);
  await expect(page.getByRole('combobox', { name: 'Location' })).toHaveText('All locations');
  await expect(page.getByRole('combobox', { name: 'Time range' })).toHaveText('Last 30 Days');
  await expect(page.getByTestId('figures-computed')).toContainText(/^Figures computed \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M/);
  const month = await figures(page, '');

  // Summary tiles.
  await expect(tileValue(page, 'Total voters', '50')).toBeVisible();
  await expect(tile(page, 'Total voters')).toContainText('56 votes cast');
  await expect(tileValue(page, 'Locations', '2')).toBeVisible();
  await expect(tile(page, 'Locations')).toContainText('2 machines');
  // 36 of the 42 votes with a known device came from phones.
  await expect(tileValue(page, 'Phone share', '86%')).toBeVisible();
  expect(month.behavior.peakHour).not.toBeNull();
  await expect(tile(page, 'Peak hour')).toContainText(hourRange(month.behavior.peakHour!));

  // Age: said plainly, and nothing measured or drawn.
  await expect(tab(page, 'Age Demographics')).toHaveAttribute('aria-selected', 'true');
  const age = panel(page);
  await expect(age.getByRole('heading', { name: 'Age is not collected' })).toBeVisible();
  await expect(age).toContainText('does not ask customers their age');
  await expect(age).toContainText('optional survey');
  // The list of what a vote records is complete: the hashed network address is in it too.
  await expect(age).toContainText(
    'a salted hash of the network address it came from (never the address itself), which serves only rate limits and abuse checks and is never shown',
  );
  expect(await age.innerText()).not.toMatch(/\d/);
  await expect(age.locator('table, figure, [role="progressbar"]')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // A link to what we do know opens that tab and puts the focus on it.
  await age.getByRole('link', { name: 'See device types' }).click();
  await expect(page).toHaveURL(/[?&]tab=behavior/);
  await expect(tab(page, 'Voting Behavior')).toBeFocused();

  const behavior = panel(page);
  await expect(behavior.getByTestId('behavior-voters')).toContainText('50');
  await expect(behavior.getByTestId('behavior-returning')).toContainText('6 (12%)');
  await expect(behavior.getByTestId('behavior-votes-per-voter')).toContainText(String(month.behavior.votesPerVoter));
  await expect(behavior.getByTestId('device-phone')).toContainText('64%');
  await expect(behavior.getByTestId('device-phone')).toContainText(/\(36 votes\)/);
  await expect(behavior.getByTestId('device-tablet')).toContainText('7%');
  await expect(behavior.getByTestId('device-desktop')).toContainText('4%');
  await expect(behavior.getByTestId('device-unknown')).toContainText('25%');
  await expect(behavior.getByTestId('device-unknown')).toContainText(/\(14 votes\)/);
  await expect(behavior).toContainText('never the browser’s name');
  await expect(behavior).toContainText('votes cast before we recorded device types');
  // Both charts are drawn, and each has a table in its place for screen readers, seven days and 24 hours.
  await expect(behavior.getByTestId('daily-chart').locator('.recharts-bar-rectangle').first()).toBeAttached();
  await expect(behavior.getByTestId('hourly-chart')).toBeVisible();
  const dailyTable = behavior.locator('table', { has: page.locator('caption', { hasText: 'Votes by day of the week' }) });
  await expect(dailyTable.locator('tbody tr')).toHaveCount(7);
  await expect(dailyTable.locator('tbody th').first()).toHaveText('Mon');
  await expect(behavior.locator('table', { has: page.locator('caption', { hasText: 'Votes by hour of the day' }) }).locator('tbody tr')).toHaveCount(
    24,
  );
  const perLocation = behavior.getByRole('region', { name: 'Votes by device at each location' }).getByRole('table');
  await expect(perLocation.getByRole('row', { name: /Office Tower/ })).toContainText('30');
  await expect(perLocation.getByRole('row', { name: /Fitness Center/ })).toContainText('6');
  expect(await seriousViolations(page)).toEqual([]);

  // The keyboard moves between tabs as the tabs pattern says.
  await page.keyboard.press('ArrowRight');
  await expect(tab(page, 'Regional Preferences')).toBeFocused();
  await expect(tab(page, 'Regional Preferences')).toHaveAttribute('aria-selected', 'true');
  const regional = panel(page);
  const office = regional.getByTestId('regional-locations').getByRole('article', { name: /Office Tower/ });
  await expect(office).toContainText('Illinois');
  await expect(office).toContainText('46 up-votes');
  // 30 of the office's 46 up-votes are Chips: 65.2 %, ±13.8 points at that sample, so low confidence.
  // A share of up-votes, never called a Score (which is up-votes minus down-votes everywhere).
  await expect(office.getByRole('columnheader', { name: 'Share of up-votes' })).toBeVisible();
  await expect(regional.getByRole('columnheader', { name: 'Score' })).toHaveCount(0);
  await expect(regional).not.toContainText(/\bscore\b/i);
  await expect(office.getByRole('row', { name: /Chips/ })).toContainText('65.2%');
  await expect(office.getByRole('row', { name: /Chips/ })).toContainText('± 13.8');
  await expect(office.getByRole('row', { name: /Chips/ }).getByRole('cell').last()).toHaveText('Low');
  const gym = regional.getByTestId('regional-locations').getByRole('article', { name: /Fitness Center/ });
  await expect(gym.getByTestId('not-enough-data')).toHaveText('Not enough data: 10 up-votes so far; shares need at least 30.');
  await expect(gym.getByRole('table')).toHaveCount(0);
  const regions = regional.getByTestId('regional-regions');
  await expect(regions.getByRole('article', { name: 'Illinois' })).toContainText('65.2%');
  await expect(regions.getByRole('article', { name: 'Texas' })).toContainText('Not enough data');
  expect(await seriousViolations(page)).toEqual([]);

  await openTab(page, 'Market Insights');
  await expect(page).toHaveURL(/[?&]tab=insights/);
  const insights = panel(page);
  const notes = insights.getByTestId('insight-notes').getByRole('listitem');
  expect(await notes.count()).toBe(month.insights.notes.length);
  await expect(notes.first()).toHaveText(month.insights.notes[0]!.text);
  await expect(insights.getByTestId('insight-peak-hour')).toContainText('Votes peak between');
  // The device note names desktops, and its shares of the 42 votes with a known device add up to 100.
  const devices = insights.getByTestId('insight-devices');
  // 36, 4 and 2 votes: 85.7 %, 9.5 % and 4.8 %, rounded so that they add up.
  await expect(devices).toHaveText('86% of votes with a known device came from phones, 9% from tablets and 5% from desktops.');
  const shares = ((await devices.innerText()).match(/\d+(?=%)/g) ?? []).map(Number);
  expect(shares.reduce((total, share) => total + share, 0)).toBe(100);
  await expect(insights.getByTestId('seasonal-not-enough')).toHaveText(
    `Not enough history yet: ${month.insights.seasonal.historyDays} days so far. Needs at least 28 days of votes in each of two seasons.`,
  );
  await expect(insights).toContainText('at one sale per up-vote');
  const opportunities = insights.getByRole('region', { name: 'Revenue opportunities by product' }).getByRole('table');
  for (const opportunity of month.insights.opportunities) {
    await expect(opportunities.getByRole('row', { name: new RegExp(opportunity.productName) })).toContainText(`$${opportunity.weeklyRevenue}`);
  }
  expect(month.insights.opportunities.length).toBeGreaterThan(0);
  expect(await seriousViolations(page)).toEqual([]);

  // The detailed report is the PDF of the scope and range shown.
  const downloading = page.waitForEvent('download');
  await insights.getByRole('link', { name: 'View Detailed Report' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^vendvote-market-insights-\d{4}-\d{2}-\d{2}\.pdf$/);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
});

test('location and range are chosen in the URL, and the figures follow them', async ({ page, login }) => {
  await login(operator, '/resources/demographics?tab=behavior');
  await expect(tileValue(page, 'Total voters', '50')).toBeVisible();

  await choose(page, 'Time range', 'Last 7 Days');
  await expect(page).toHaveURL(/[?&]range=7d/);
  await expect(page).toHaveURL(/[?&]tab=behavior/);
  await expect(tileValue(page, 'Total voters', '38')).toBeVisible();
  await expect(tile(page, 'Total voters')).toContainText('44 votes cast');
  await expect(panel(page).getByTestId('device-unknown')).toContainText(/\(4 votes\)/);

  await choose(page, 'Location', 'All of Fitness Center');
  await expect(page).toHaveURL(/[?&]location=Fitness\+Center/);
  await expect(page.getByRole('combobox', { name: 'Location' })).toHaveText('All of Fitness Center');
  await expect(tileValue(page, 'Total voters', '4')).toBeVisible();
  await expect(tile(page, 'Locations')).toContainText('1 machine');
  await expect(tileValue(page, 'Phone share', '100%')).toBeVisible();

  await choose(page, 'Location', 'Lobby Snacks');
  await expect(page).toHaveURL(/[?&]machineId=\d+/);
  await expect(page).not.toHaveURL(/location=/);
  await expect(tileValue(page, 'Total voters', '34')).toBeVisible();
  // One machine's figures are named by the machine, not by the location it shares with others.
  const devices = panel(page).getByRole('region', { name: 'Device usage at this machine' });
  await expect(devices).toContainText('at Lobby Snacks only, not every machine at Office Tower');
  const machineRows = devices.getByRole('region', { name: 'Votes by device at Lobby Snacks' }).getByRole('table');
  await expect(machineRows.getByRole('columnheader', { name: 'Machine' })).toBeVisible();
  await expect(machineRows.getByRole('rowheader')).toHaveText(['Lobby Snacks (Office Tower)']);
  await openTab(page, 'Regional Preferences');
  const thisMachine = panel(page).getByTestId('regional-locations');
  await expect(thisMachine.getByRole('heading', { name: 'This machine' })).toBeVisible();
  await expect(thisMachine.getByRole('article')).toHaveCount(1);
  await expect(thisMachine.getByRole('article', { name: /^Lobby Snacks \(Office Tower\)/ })).toContainText('40 up-votes');

  // The choices survive a reload, since they live in the URL.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Location' })).toHaveText('Lobby Snacks');
  await expect(page.getByRole('combobox', { name: 'Time range' })).toHaveText('Last 7 Days');
  await expect(tab(page, 'Regional Preferences')).toHaveAttribute('aria-selected', 'true');

  await choose(page, 'Location', 'All locations');
  await choose(page, 'Time range', 'Last 30 Days');
  await expect(page).toHaveURL(/\/resources\/demographics\?tab=regional$/);
  await expect(tileValue(page, 'Total voters', '50')).toBeVisible();
});

test('a failed load says so and retries; a machine that is not yours offers the way back', async ({ page, login }) => {
  let failures = 1;
  await page.route(
    (url) => url.pathname === '/api/analytics/demographics' && url.search === '?range=7d',
    (route) =>
      failures-- > 0 ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Figures are resting"}' }) : route.fallback(),
  );
  await login(operator, '/resources/demographics?range=7d');
  await expect(page.getByRole('alert')).toContainText('Could not load the demographics. Figures are resting');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(tileValue(page, 'Total voters', '38')).toBeVisible();

  await page.goto('/resources/demographics?machineId=999999');
  await expect(page.getByRole('alert')).toContainText('Machine not found');
  await page.getByRole('button', { name: 'Show all locations' }).click();
  await expect(page).toHaveURL(/\/resources\/demographics$/);
  await expect(tileValue(page, 'Total voters', '50')).toBeVisible();
});

test('Refresh figures computes again and counts a new vote with its device class', async ({ page, login, seeded }) => {
  // A customer votes from a tablet through the real vote path: vote page first, for the voter cookie.
  const from = { 'x-forwarded-for': '10.99.0.7' };
  const votePage = await fetch(`${seeded.server.url}/api/vote-page/${seeded.officeId}`, { headers: { ...from, 'user-agent': TABLET_AGENT } });
  expect(votePage.status).toBe(200);
  const voter = votePage.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith('voter='))!
    .split(';')[0]!;
  const cast = await fetch(`${seeded.server.url}/api/products/${seeded.sodaId}/vote?machineId=${seeded.officeId}`, {
    method: 'POST',
    headers: { ...from, 'content-type': 'application/json', 'user-agent': TABLET_AGENT, cookie: voter },
    body: JSON.stringify({ voteType: 'up' }),
  });
  expect(cast.status, await cast.text()).toBe(201);

  await login(operator, '/resources/demographics?range=7d&tab=behavior');
  // The stored figures do not know the vote yet.
  await expect(tileValue(page, 'Total voters', '38')).toBeVisible();
  await expect(panel(page).getByTestId('device-tablet')).toContainText(/\(4 votes\)/);

  await page.getByRole('button', { name: 'Refresh figures' }).click();
  await expect(page.getByText('Figures refreshed.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Refresh figures' })).toBeVisible();
  await expect(tileValue(page, 'Total voters', '39')).toBeVisible();
  await expect(panel(page).getByTestId('device-tablet')).toContainText(/\(5 votes\)/);

  // Pressed again within minutes: nothing is queued, and the page says when another press may queue one.
  const again = page.waitForResponse((response) => response.url().endsWith('/api/analytics/refresh'));
  await page.getByRole('button', { name: 'Refresh figures' }).click();
  const answer = (await (await again).json()) as RefreshAnalytics;
  expect(answer.queued).toBe(false);
  const shown = await figures(page, '?range=7d');
  await expect(page.getByTestId('refresh-notice')).toHaveText(
    `Figures were refreshed recently; you can refresh again at ${formatClockTime(answer.nextRefreshAt!, shown.timeZone)}.`,
  );
  await expect(page.getByRole('button', { name: 'Refresh figures' })).toBeVisible();
});

test('on a 375 px phone every tab fits the screen; wide tables scroll inside their card', async ({ page, login }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await login(operator, '/resources/demographics');
  await expect(tile(page, 'Total voters')).toBeVisible();
  for (const name of ['Age Demographics', 'Voting Behavior', 'Regional Preferences', 'Market Insights']) {
    await openTab(page, name);
    await expect(panel(page).getByRole('heading').first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, name).toBeLessThanOrEqual(0);
    if (name === 'Voting Behavior') {
      const table = panel(page).getByRole('region', { name: 'Votes by device at each location' });
      expect(await table.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    }
  }
  // The summary tiles stack one above the other.
  const voters = await tile(page, 'Total voters').boundingBox();
  const locations = await tile(page, 'Locations').boundingBox();
  expect(locations!.y).toBeGreaterThan(voters!.y + voters!.height - 1);
  expect(await seriousViolations(page)).toEqual([]);
});
