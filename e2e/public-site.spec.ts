import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { documentTitle, PAGE_META, type PageMetaPath } from '../src/shared/page-meta.js';
import { expect, test } from './fixtures.js';

// The public site a signed-out visitor sees: the landing page, About and Start free trial.
const PAGES = ['/', '/about', '/start-free-trial', '/pricing', '/subscription/success?session_id=cs_test_shared_link_0123456789'] as const;
const PHONE = { width: 375, height: 740 };

/** The page's main heading, once its lazily loaded code is there. */
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** The landing page's examples arrive in their own chunk, after the pitch. */
async function openAndSettle(page: Page, path: string) {
  await page.goto(path);
  await expect(heading(page)).toBeVisible();
  if (path === '/') await expect(page.getByRole('figure', { name: 'Example dashboard' })).toBeVisible();
}

test.describe('accessibility', () => {
  for (const theme of ['light', 'dark'] as const) {
    for (const path of PAGES) {
      test(`${path} has no serious or critical violations (${theme})`, async ({ page }) => {
        await page.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
        await openAndSettle(page, path);
        const results = await new AxeBuilder({ page }).analyze();
        const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
      });
    }
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  for (const path of PAGES) {
    test(`${path} fits the screen without scrolling sideways`, async ({ page }) => {
      await openAndSettle(page, path);
      const widths = await page.evaluate(() => ({ content: document.documentElement.scrollWidth, screen: window.innerWidth }));
      expect(widths.content).toBeLessThanOrEqual(widths.screen);
    });
  }

  test('the header menu opens, walks and closes by keyboard', async ({ page }) => {
    await openAndSettle(page, '/');
    const menuButton = page.getByRole('button', { name: 'Menu' });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Pricing' })).toHaveCount(0);

    // Tab from the page's first focusable element until the menu button has focus, as a keyboard user would.
    await page.locator('body').focus();
    for (let i = 0; i < 10 && !(await menuButton.evaluate((element) => element === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await expect(menuButton).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    const menu = page.getByRole('navigation', { name: 'Main' });
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'Pricing' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton).toBeFocused();
    await expect(menu).toBeHidden();

    await page.keyboard.press('Space');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'About' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/about$/);
    await expect(heading(page)).toHaveText('About VendVote');
    await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('the landing page', () => {
  test('shows the vote page and the dashboard as examples, labelled as such, and votes on the example send nothing', async ({ page }) => {
    const voteCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/products/')) voteCalls.push(request.url());
    });
    await openAndSettle(page, '/');

    const votePage = page.getByRole('figure', { name: 'Example vote page' });
    await votePage.scrollIntoViewIfNeeded();
    await expect(votePage).toBeVisible();
    await expect(votePage.getByText('Example data')).toBeVisible();
    const row = votePage.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Sea Salt Kettle Chips' }) });
    await expect(row.getByTestId('vote-count')).toContainText('42');
    await row.getByRole('button', { name: 'Vote up for Sea Salt Kettle Chips' }).click();
    await expect(row.getByTestId('vote-count')).toContainText('43');
    await expect(row.getByRole('button', { name: 'Vote up for Sea Salt Kettle Chips' })).toHaveAttribute('aria-pressed', 'true');
    await expect(votePage.getByText('Vote counted in this example only; nothing was sent.')).toBeVisible();

    const dashboard = page.getByRole('figure', { name: 'Example dashboard' });
    await expect(dashboard.getByText('Example data')).toBeVisible();
    await expect(dashboard.getByRole('group', { name: 'Total Votes' })).toContainText('412');
    await expect(dashboard.getByRole('region', { name: 'Most Voted Products' })).toContainText('Sea Salt Kettle Chips');
    await expect(dashboard.getByRole('region', { name: 'Machine Performance Overview' })).toContainText('Lobby Snack Machine');
    expect(voteCalls).toEqual([]);
  });

  test('words the sales claim as a goal, and links to the trial and the live demo', async ({ page }) => {
    await openAndSettle(page, '/');
    await expect(page.getByRole('heading', { name: 'Aim for up to 40 percent more sales' })).toBeVisible();
    await expect(page.getByText('That is a goal, not a promise')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Try the voting page' })).toHaveAttribute('href', '/vote');
    await page.getByRole('banner').getByRole('link', { name: 'Start free trial' }).click();
    await expect(page).toHaveURL(/\/start-free-trial$/);
    await expect(heading(page)).toHaveText('Start your free trial');
  });
});

test.describe('start free trial', () => {
  test('each plan card leads where it should, and the page says no card is needed', async ({ page }) => {
    await openAndSettle(page, '/start-free-trial');
    await expect(page.getByText('No credit card required')).toBeVisible();
    await expect(page.getByText('The trial applies to the paid plans')).toBeVisible();

    const card = (name: string) => page.getByRole('group', { name: `${name} plan` });
    await expect(card('Starter')).toContainText('Free');
    await expect(card('Starter')).toContainText('Up to 2 machines');
    await expect(card('Growth')).toContainText('$20');
    await expect(card('Growth')).toContainText('Up to 10 machines');
    await expect(card('Growth')).toContainText('30-day free trial');
    await expect(card('Enterprise')).toContainText('$40');
    await expect(card('Enterprise')).toContainText('Unlimited machines');
    await expect(card('Starter').getByRole('link')).toHaveAttribute('href', '/register');
    await expect(card('Growth').getByRole('link')).toHaveAttribute('href', '/pricing#top');
    await expect(card('Enterprise').getByRole('link')).toHaveAttribute('href', '/pricing#top');
    await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');

    await card('Starter').getByRole('link', { name: 'Create free account' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(heading(page)).toHaveText('Create your account');
  });
});

test('signed-out pages log no errors in the browser console (no failed session probe)', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  for (const path of ['/', '/pricing', '/about', '/feature-requests', '/login', '/register', '/vote']) await openAndSettle(page, path);
  expect(errors).toEqual([]);
});

test.describe('the footer', () => {
  test('links to pricing, about, contact and the affiliate program, and offers operator login when signed out', async ({ page }) => {
    await openAndSettle(page, '/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing#top');
    await expect(footer.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    await expect(footer.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
    await expect(footer.getByRole('link', { name: 'Affiliate Program' })).toHaveAttribute('href', '/affiliate-signup');
    await expect(footer.getByRole('link', { name: 'Operator Login' })).toHaveAttribute('href', '/api/login');
    await expect(footer).toContainText(`© ${new Date().getFullYear()} VendVote`);

    await footer.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(heading(page)).toHaveText('About VendVote');

    await page.getByRole('contentinfo').getByRole('link', { name: 'Operator Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('/pricing#top opens the pricing page at its top, even from the bottom of a long page', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await openAndSettle(page, '/');
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/pricing#top$/);
    await expect(page.getByRole('banner')).toBeInViewport();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    // Again from the bottom of the pricing page itself, and on opening the address directly.
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Pricing' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goto('/pricing#top');
    await expect(heading(page)).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('titles and descriptions', () => {
  const shared: PageMetaPath[] = ['/', '/about', '/start-free-trial', '/pricing', '/contact', '/login', '/register'];
  for (const path of shared) {
    test(`${path}: the served HTML and the running page have the same title`, async ({ page }) => {
      const { title, description } = PAGE_META[path];
      const served = await (await page.request.get(path)).text();
      expect(served).toContain(`<title>${documentTitle(title).replaceAll('&', '&amp;')}</title>`);
      expect(served).toContain(`property="og:description" content="${description.replaceAll('&', '&amp;').replaceAll("'", '&#39;')}"`);
      await openAndSettle(page, path);
      await expect(page).toHaveTitle(documentTitle(title));
    });
  }
});
