import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import {
  ADMIN_AUTHOR,
  ANONYMOUS_AUTHOR,
  FEATURE_REQUEST_STATUS_LABELS,
  FeatureRequestMessages,
  PUBLIC_START_VOTES,
  type FeatureRequest,
} from '../src/shared/feature-requests.schemas.js';
import { expect, registerVerifiedOperator, test, toast } from './fixtures.js';

// The worker's server names this address an admin (fixtures.ts, ADMIN_EMAILS).
const ADMIN = { email: 'admin@vendvote.test', password: 'ideas-for-every-machine-7' };
const OPERATOR = { email: `feature-requests-${Date.now()}@example.com`, password: 'ideas-for-every-machine-7' };
const PHONE = { width: 360, height: 740 };

// The board is one for everyone, so each test names its own requests.
let requestCount = 0;
const uniqueTitle = (label: string) => `${label} ${Date.now().toString(36)}-${++requestCount}`;

const requestRow = (page: Page, title: string) => page.getByRole('listitem', { name: title, exact: true });
const voteCount = (row: Locator) => row.getByTestId('vote-count');
const voteButton = (row: Locator, direction: 'up' | 'down', title: string) =>
  row.getByRole('button', { name: `Vote ${direction}: ${title}`, exact: true });

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A visitor's request through the API, as the form sends it. */
async function submitRequest(page: Page, title: string): Promise<FeatureRequest> {
  const response = await page.request.post('/api/feature-requests', { data: { title, description: `Details of ${title}` } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as FeatureRequest;
}

/** A vote through the API; reading the board first hands out the voter cookie a vote needs. */
async function voteOn(page: Page, id: number, direction: 'up' | 'down') {
  expect((await page.request.get('/api/feature-requests')).status()).toBe(200);
  const response = await page.request.post(`/api/feature-requests/${id}/vote`, { data: { direction } });
  expect(response.status(), await response.text()).toBe(200);
}

/** The titles of the requests on screen, top to bottom. */
const shownTitles = (page: Page) => page.getByTestId('feature-request-row').locator('h3').allTextContents();

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  return serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test.describe('the public board', () => {
  test('a visitor suggests a feature (required fields first), sees it with its vote, and votes', async ({ page, browser, baseURL }) => {
    await page.goto('/feature-requests');
    await expect(page).toHaveTitle('Feature Requests · VendVote');
    await expect(page.getByRole('heading', { level: 1, name: 'Feature Requests' })).toBeVisible();

    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page.getByLabel('Title', { exact: true })).toBeFocused();
    await expect(page.getByLabel('Title', { exact: true })).toHaveAccessibleDescription(FeatureRequestMessages.titleRequired);
    await expect(page.getByLabel('Description')).toHaveAccessibleDescription(new RegExp(FeatureRequestMessages.descriptionRequired));

    const title = uniqueTitle('Low-stock alerts');
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Description').fill('Tell me when a product runs low.');
    await page.getByLabel('Email (optional)').fill('visitor@example.test');
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expect(toast(page, FeatureRequestMessages.submittedTitle)).toContainText(FeatureRequestMessages.submittedText);
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('');

    const row = requestRow(page, title);
    await expect(row).toContainText(ANONYMOUS_AUTHOR);
    await expect(row).toContainText(FEATURE_REQUEST_STATUS_LABELS.proposed);
    await expect(row).toContainText('Tell me when a product runs low.');
    await expect(row).not.toContainText('visitor@example.test');
    await expect(voteCount(row)).toHaveText(String(PUBLIC_START_VOTES));

    // The starting vote is the author's own: it shows as pressed, and stays after a reload.
    await expect(voteButton(row, 'up', title)).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(voteCount(row)).toHaveText(String(PUBLIC_START_VOTES));
    await expect(voteButton(row, 'up', title)).toHaveAttribute('aria-pressed', 'true');

    // Up again cannot make it 2: the same vote again takes it back, and up once more casts it again.
    await voteButton(row, 'up', title).press('Enter');
    await expect(voteCount(row)).toHaveText('0');
    await expect(voteButton(row, 'up', title)).toHaveAttribute('aria-pressed', 'false');
    await voteButton(row, 'up', title).click();
    await expect(voteCount(row)).toHaveText('1');
    await expect(voteButton(row, 'up', title)).toHaveAttribute('aria-pressed', 'true');

    const other = await browser.newContext({ baseURL });
    try {
      const otherPage = await other.newPage();
      await otherPage.goto('/feature-requests');
      const otherRow = requestRow(otherPage, title);
      await expect(voteCount(otherRow)).toHaveText('1');
      await expect(voteButton(otherRow, 'up', title)).toHaveAttribute('aria-pressed', 'false');

      // Another visitor's vote: the other direction switches it, the same again takes it back.
      await voteButton(otherRow, 'down', title).click();
      await expect(voteCount(otherRow)).toHaveText('0');
      await expect(voteButton(otherRow, 'down', title)).toHaveAttribute('aria-pressed', 'true');
      await voteButton(otherRow, 'up', title).click();
      await expect(voteCount(otherRow)).toHaveText('2');
      await expect(voteButton(otherRow, 'up', title)).toHaveAttribute('aria-pressed', 'true');
      await expect(voteButton(otherRow, 'down', title)).toHaveAttribute('aria-pressed', 'false');
      await voteButton(otherRow, 'up', title).click();
      await expect(voteCount(otherRow)).toHaveText('1');

      // Nobody can take it below 0: the server refuses, and the page says so.
      await voteButton(row, 'up', title).click();
      await expect(voteCount(row)).toHaveText('0');
      await otherPage.reload();
      await expect(voteCount(otherRow)).toHaveText('0');
      await voteButton(otherRow, 'down', title).click();
      await expect(toast(otherPage, 'Vote not counted')).toContainText(FeatureRequestMessages.belowZero);
      await expect(voteCount(otherRow)).toHaveText('0');
      await expect(voteButton(otherRow, 'down', title)).toHaveAttribute('aria-pressed', 'false');
      await otherPage.reload();
      await expect(voteCount(otherRow)).toHaveText('0');
    } finally {
      await other.close();
    }
  });

  test('sorts by most votes or newest, and filters by status', async ({ page }) => {
    const older = uniqueTitle('Older, more votes');
    const newer = uniqueTitle('Newer, fewer votes');
    await submitRequest(page, older);
    const lesser = await submitRequest(page, newer);
    // The author takes back their own starting vote on the newer one.
    await voteOn(page, lesser.id, 'up');

    await page.goto('/feature-requests');
    await expect(requestRow(page, newer)).toBeVisible();
    await expect(page.getByLabel('Sort by')).toContainText('Most votes');
    await expect.poll(async () => {
      const titles = await shownTitles(page);
      return titles.indexOf(older) < titles.indexOf(newer);
    }).toBe(true);

    await choose(page, 'Sort by', 'Newest');
    await expect.poll(async () => {
      const titles = await shownTitles(page);
      return titles.indexOf(newer) >= 0 && titles.indexOf(newer) < titles.indexOf(older);
    }).toBe(true);

    await choose(page, 'Filter by status', FEATURE_REQUEST_STATUS_LABELS.completed);
    await expect(requestRow(page, newer)).toHaveCount(0);
    await choose(page, 'Filter by status', FEATURE_REQUEST_STATUS_LABELS.proposed);
    await expect(requestRow(page, newer)).toBeVisible();
    await expect(requestRow(page, older)).toBeVisible();
    await choose(page, 'Filter by status', 'All statuses');
    await expect(requestRow(page, newer)).toBeVisible();
  });

  test('a failed vote goes back and says so', async ({ page }) => {
    const title = uniqueTitle('Vote that fails');
    await submitRequest(page, title);
    await page.route('**/api/feature-requests/*/vote', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Something went wrong on our side.' }) }),
    );
    await page.goto('/feature-requests');
    const row = requestRow(page, title);
    await expect(voteCount(row)).toHaveText('1');
    // Taking back the author's own vote fails: the vote stays theirs.
    await voteButton(row, 'up', title).click();
    await expect(toast(page, 'Vote not counted')).toContainText('Something went wrong on our side.');
    await expect(voteCount(row)).toHaveText('1');
    await expect(voteButton(row, 'up', title)).toHaveAttribute('aria-pressed', 'true');
  });

  test('a failed load offers a retry', async ({ page }) => {
    let failing = true;
    await page.route((url) => url.pathname === '/api/feature-requests', (route) =>
      failing ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Try again later.' }) }) : route.continue(),
    );
    await page.goto('/feature-requests');
    await expect(page.getByRole('alert')).toContainText('Could not load the feature requests. Try again later.');
    failing = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('on a phone the page fits the screen: no sideways scrolling', async ({ page }) => {
    const title = uniqueTitle('A rather long title that has to wrap on a small phone screen without pushing anything');
    await submitRequest(page, title);
    await page.setViewportSize(PHONE);
    await page.goto('/feature-requests');
    const row = requestRow(page, title);
    await expect(row).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const down = voteButton(row, 'down', title);
    await down.scrollIntoViewIfNeeded();
    const box = await down.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Feature Requests' })).toHaveAttribute('href', '/feature-requests');
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`/feature-requests has no serious or critical accessibility violations (${theme}), also with errors shown`, async ({ page }) => {
      const title = uniqueTitle('Accessible request');
      // The author's own starting vote shows as a pressed button.
      await submitRequest(page, title);
      await page.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
      await page.goto('/feature-requests');
      await expect(requestRow(page, title)).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Submit Request' }).click();
      await expect(page.getByText(FeatureRequestMessages.titleRequired)).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});

test.describe('the admin page', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({ server, smtp }) => {
    await registerVerifiedOperator(server, smtp, ADMIN);
    await registerVerifiedOperator(server, smtp, OPERATOR);
  });

  test('an admin adds a request, changes its status, resets the votes and deletes one', async ({ page, login }) => {
    const visitorTitle = uniqueTitle('From a visitor');
    await submitRequest(page, visitorTitle);
    await page.context().clearCookies();
    await login(ADMIN, '/admin/feature-requests');
    await expect(page.getByRole('heading', { level: 1, name: 'Feature Requests' })).toBeVisible();
    await expect(page).toHaveTitle('Feature Requests · VendVote');

    // Add: both fields are required; the new request has no votes and the author 'Admin'.
    const form = page.getByRole('form', { name: 'Add request' });
    await form.getByRole('button', { name: 'Add Request' }).click();
    await expect(form.getByLabel('Title')).toHaveAccessibleDescription(FeatureRequestMessages.titleRequired);
    await expect(form.getByLabel('Description')).toHaveAccessibleDescription(new RegExp(FeatureRequestMessages.descriptionRequired));
    const title = uniqueTitle('Admin roadmap item');
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Description').fill('Planned by the team.');
    await form.getByRole('button', { name: 'Add Request' }).click();
    await expect(toast(page, 'Request added')).toBeVisible();
    const row = requestRow(page, title);
    await expect(voteCount(row)).toHaveText('0');
    await expect(row).toContainText(`By ${ADMIN_AUTHOR}`);
    await expect(row).toContainText(FEATURE_REQUEST_STATUS_LABELS.proposed);

    // Status: saved on change, and the filter finds it under its new status.
    await row.getByRole('combobox', { name: `Status of ${title}` }).click();
    await page.getByRole('option', { name: FEATURE_REQUEST_STATUS_LABELS['in-progress'], exact: true }).click();
    await expect(toast(page, 'Status updated')).toContainText(`${title} is now ${FEATURE_REQUEST_STATUS_LABELS['in-progress']}.`);
    await expect(row.getByText(FEATURE_REQUEST_STATUS_LABELS['in-progress'], { exact: true }).first()).toBeVisible();
    await choose(page, 'Filter by status', FEATURE_REQUEST_STATUS_LABELS['in-progress']);
    await expect(row).toBeVisible();
    await expect(requestRow(page, visitorTitle)).toHaveCount(0);
    await choose(page, 'Filter by status', 'All statuses');

    // Reset all votes, after a confirmation: the admin's own vote and the visitor's start vote go.
    await voteButton(row, 'up', title).click();
    await expect(voteCount(row)).toHaveText('1');
    await expect(voteCount(requestRow(page, visitorTitle))).toHaveText('1');
    await page.getByRole('button', { name: 'Reset all votes' }).click();
    const resetDialog = page.getByRole('alertdialog', { name: 'Reset all votes?' });
    await expect(resetDialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await resetDialog.getByRole('button', { name: 'Reset Votes' }).click();
    await expect(toast(page, FeatureRequestMessages.votesReset)).toBeVisible();
    await expect(voteCount(row)).toHaveText('0');
    await expect(voteButton(row, 'up', title)).toHaveAttribute('aria-pressed', 'false');
    await expect(voteCount(requestRow(page, visitorTitle))).toHaveText('0');

    // Delete, after a confirmation; Cancel keeps it.
    await row.getByRole('button', { name: `Delete ${title}` }).click();
    const deleteDialog = page.getByRole('alertdialog', { name: `Delete ${title}?` });
    await deleteDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(deleteDialog).toHaveCount(0);
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: `Delete ${title}` }).click();
    await deleteDialog.getByRole('button', { name: 'Delete Request' }).click();
    await expect(toast(page, 'Request deleted')).toBeVisible();
    await expect(row).toHaveCount(0);
    await page.reload();
    await expect(requestRow(page, visitorTitle)).toBeVisible();
    await expect(requestRow(page, title)).toHaveCount(0);
  });

  test('on a phone the admin page fits the screen, its controls too', async ({ page, login }) => {
    const title = uniqueTitle('Seen by an admin on a phone, with a title long enough to wrap');
    await submitRequest(page, title);
    await page.setViewportSize(PHONE);
    await login(ADMIN, '/admin/feature-requests');
    const row = requestRow(page, title);
    await expect(row.getByRole('button', { name: `Delete ${title}` })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const status = row.getByRole('combobox', { name: `Status of ${title}` });
    await status.scrollIntoViewIfNeeded();
    const box = await status.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
  });

  test('an operator reads the board from the sidebar and votes, without admin controls', async ({ page, login }) => {
    const title = uniqueTitle('For operators to vote on');
    await submitRequest(page, title);
    // Submitted by another visitor: this browser forgets the author's voter cookie.
    await page.context().clearCookies();
    await login(OPERATOR);
    await page.getByRole('navigation').first().getByRole('link', { name: 'Feature Requests' }).click();
    await expect(page).toHaveURL(/\/admin\/feature-requests$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Feature Requests' })).toBeVisible();

    const row = requestRow(page, title);
    await expect(voteCount(row)).toHaveText('1');
    await voteButton(row, 'up', title).click();
    await expect(voteCount(row)).toHaveText('2');
    await expect(voteButton(row, 'up', title)).toHaveAttribute('aria-pressed', 'true');

    await expect(page.getByRole('button', { name: 'Reset all votes' })).toHaveCount(0);
    await expect(page.getByRole('form', { name: 'Add request' })).toHaveCount(0);
    await expect(row.getByRole('button', { name: `Delete ${title}` })).toHaveCount(0);
    await expect(row.getByRole('combobox')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Suggest a feature' })).toHaveAttribute('href', '/feature-requests');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
