import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { ADMIN_TAB_NAMES } from '../src/web/features/admin/admin-tabs.js';
import { DEMOGRAPHICS_TAB_NAMES } from '../src/web/features/demographics/demographics-search.js';
import { ANALYTICS_TAB_NAMES } from '../src/web/features/inventory-analytics/analytics-search.js';
import { SETTINGS_TAB_NAMES } from '../src/web/features/settings/settings-tabs.js';
import { OPERATOR_PAGE_PATHS } from '../src/shared/page-routes.js';
import { signInThroughApi } from './accounts.js';
import { testWithOwnAdmin } from './accounts.js';
import { expect } from './fixtures.js';

/**
 * Every route of the public site, the operator app and the admin panel on a 390 × 844 phone: no page
 * may be wider than the screen, a tab bar that does not fit scrolls with the chosen tab in view, and a
 * table wider than its place scrolls inside a frame of its own. The operator pages are seen as the demo
 * operator, whose data fill them; the same tables are checked at 1440 px too.
 */
const ADMIN = { email: 'phone-admin@vendvote.test', password: 'phone width admin password' };
const test = testWithOwnAdmin(ADMIN);

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** What is too wide on the page as it stands, in words a failure can show. */
async function overflowProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const viewport = window.innerWidth;
    const page = document.documentElement.scrollWidth;
    if (page > viewport) {
      // The outermost elements that stick out: their parent still fits the screen.
      const widest = [...document.body.querySelectorAll<HTMLElement>('*')]
        .filter((element) => element.getBoundingClientRect().right > viewport + 1)
        .filter((element) => (element.parentElement?.getBoundingClientRect().right ?? 0) <= viewport + 1)
        .slice(0, 3)
        .map((element) => `<${element.tagName.toLowerCase()} class="${String(element.className).slice(0, 120)}">${(element.textContent ?? '').slice(0, 40)}`);
      problems.push(`page is ${page}px wide on a ${viewport}px screen (${widest.join(', ')})`);
    }
    const scrolls = (element: Element | null): boolean => {
      for (let node = element; node && node !== document.body; node = node.parentElement) {
        const { overflowX } = getComputedStyle(node);
        if ((overflowX === 'auto' || overflowX === 'scroll') && node.scrollWidth > node.clientWidth) return true;
      }
      return false;
    };
    for (const list of document.querySelectorAll<HTMLElement>('[role="tablist"]')) {
      const name = list.getAttribute('aria-label') ?? list.textContent?.slice(0, 40);
      if (list.scrollWidth > list.clientWidth + 1 && !scrolls(list)) problems.push(`tab bar "${name}" is cut off`);
      const chosen = list.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
      if (chosen) {
        const box = chosen.getBoundingClientRect();
        const frame = list.getBoundingClientRect();
        if (box.left < Math.max(0, frame.left) - 1 || box.right > Math.min(viewport, frame.right) + 1) problems.push(`chosen tab "${chosen.textContent}" is out of view`);
      }
    }
    for (const table of document.querySelectorAll<HTMLElement>('table')) {
      // A table for screen readers only (beside a chart) is not seen.
      if (table.closest('.sr-only')) continue;
      const frame = table.parentElement!;
      if (table.getBoundingClientRect().width > frame.clientWidth + 1 && !scrolls(table)) {
        problems.push(`table "${table.querySelector('caption, th')?.textContent?.slice(0, 40) ?? ''}" is cut off`);
      }
    }
    for (const choice of document.querySelectorAll<HTMLElement>('[role="combobox"]')) {
      const text = choice.querySelector<HTMLElement>('span');
      if (text && text.scrollWidth > text.clientWidth + 1) problems.push(`choice "${choice.textContent}" is cut off`);
    }
    return problems;
  });
}

/** Opens a path and waits until its heading is there and its placeholders have given way to content. */
async function open(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(500);
  await page.locator('h1').first().waitFor({ timeout: 15_000 });
  await expect
    .poll(() => page.locator('[data-testid$="skeleton-row"], [aria-busy="true"], .animate-pulse').count(), { timeout: 10_000 })
    .toBe(0)
    .catch(() => undefined);
}

async function checkAll(page: Page, paths: string[]) {
  const problems: string[] = [];
  for (const path of paths) {
    await open(page, path);
    for (const problem of await overflowProblems(page)) problems.push(`${path}: ${problem}`);
  }
  return problems;
}

const PUBLIC_PATHS = [
  '/',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password?token=not-a-real-token',
  '/check-email?email=a.rather.long.address.for.a.phone%40example.com',
  '/verify-email',
  '/pricing',
  '/about',
  '/contact',
  '/feature-requests',
  '/start-free-trial',
  '/affiliate-signup',
  '/affiliate/login',
  '/unsubscribe',
  '/vote',
  '/api/docs',
  '/no-such-page',
];

/** Every operator page, each tab of the pages that have tabs, and a machine's own page and vote page. */
function operatorPaths(machineId: number): string[] {
  const pages = Object.values(OPERATOR_PAGE_PATHS).filter((path) => !path.includes(':') && !path.startsWith('/admin'));
  return [
    ...pages,
    ...SETTINGS_TAB_NAMES.map((tab) => `/settings?tab=${tab}`),
    ...ANALYTICS_TAB_NAMES.map((tab) => `/resources/inventory-analytics?tab=${tab}`),
    ...DEMOGRAPHICS_TAB_NAMES.map((tab) => `/resources/demographics?tab=${tab}`),
    `/vending-machines/${machineId}`,
    `/vote/${machineId}`,
  ];
}

const ADMIN_PATHS = [...ADMIN_TAB_NAMES.map((tab) => `/admin-panel?tab=${tab}`), '/admin/feature-requests', '/admin/suggestions', '/admin/magnet-orders'];

test.describe('every screen on a phone', () => {
  test.use({ viewport: PHONE });

  test('the public site is no wider than a 390 px screen', async ({ page }) => {
    expect(await checkAll(page, PUBLIC_PATHS)).toEqual([]);
  });

  test("the operator app, as the demo operator with its data, is no wider than a 390 px screen; its tables fit at 1440 px too", async ({ page, adminServer, playwright }) => {
    test.setTimeout(180_000);
    const demo = JSON.parse(readFileSync(join(adminServer.dataDir, 'demo-account.json'), 'utf8')) as { email: string; password: string };
    const { api, session } = await signInThroughApi(playwright, adminServer, demo);
    const machines = (await (await api.get('/api/machines')).json()) as { id: number }[];
    await page.context().addCookies(session);
    const paths = operatorPaths(machines[0]!.id);
    expect(await checkAll(page, paths)).toEqual([]);
    await page.setViewportSize(DESKTOP);
    expect(await checkAll(page, paths)).toEqual([]);
    await api.dispose();
  });

  test('the admin panel is no wider than a 390 px screen', async ({ page, adminServer, playwright }) => {
    const { api, session } = await signInThroughApi(playwright, adminServer, ADMIN);
    await page.context().addCookies(session);
    expect(await checkAll(page, ADMIN_PATHS)).toEqual([]);
    await api.dispose();
  });
});
