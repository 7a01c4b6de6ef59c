import { AxeBuilder } from '@axe-core/playwright';
import { devices, type Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

// The public vote page in the customer's language, on a phone whose browser prefers Spanish.
const { defaultBrowserType: _browser, ...phone } = devices['Pixel 7'];
test.use({ ...phone, locale: 'es-ES' });

const MACHINE = '/vote/1';
/** The language catalogues are chunks of their own: en-…, es-…, fr-…, de-…. */
const CATALOGUE_CHUNK = /\/assets\/(en|es|fr|de)-[\w-]+\.js$/;

function scriptsLoaded(page: Page) {
  const scripts: string[] = [];
  page.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname));
  return scripts;
}

test('a Spanish phone gets Spanish; Français changes the texts, stays after a reload, and voting still works', async ({ page }) => {
  const scripts = scriptsLoaded(page);
  await page.goto(MACHINE);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('tab', { name: 'Votar' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('list', { name: 'Hoy de un vistazo' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Informar de un problema' }).first()).toBeVisible();
  await expect(page.getByRole('list', { name: 'Productos' }).getByRole('listitem').first()).toBeVisible();
  // The Spanish texts came with the page: no catalogue was fetched.
  expect(scripts.filter((path) => CATALOGUE_CHUNK.test(path))).toEqual([]);

  const switcher = page.getByRole('combobox', { name: 'Idioma' });
  await expect(switcher).toHaveValue('es');
  await expect(switcher.locator('option')).toHaveText(['English', 'Español', 'Français', 'Deutsch']);

  await switcher.selectOption({ label: 'Français' });
  await expect(page.getByRole('tab', { name: 'Classement' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Vote', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('combobox', { name: 'Langue' })).toHaveValue('fr');
  await expect(page.getByRole('button', { name: 'Signaler un problème' }).first()).toBeVisible();
  expect(scripts.filter((path) => CATALOGUE_CHUNK.test(path))).toEqual([expect.stringMatching(/\/assets\/fr-/)]);
  const cookie = (await page.context().cookies()).find((entry) => entry.name === 'lang');
  expect(cookie).toMatchObject({ value: 'fr', path: '/vote', sameSite: 'Lax' });

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page).toHaveTitle(/^Votez au distributeur .+ · VendVote$/);
  await expect(page.getByRole('tab', { name: 'Classement' })).toBeVisible();

  const rows = page.getByRole('list', { name: 'Produits' }).getByRole('listitem');
  const name = (await rows.nth(4).getByRole('heading').textContent())!;
  const row = rows.filter({ has: page.getByRole('heading', { name, exact: true }) });
  const count = row.getByTestId('vote-count').locator('span').first();
  const before = Number(await count.textContent());
  await row.getByRole('button', { name: `Voter pour ${name}`, exact: true }).click();
  await expect(page.getByText('Merci pour votre avis')).toBeVisible();
  await expect(count).toHaveText(String(before + 1));
  await expect(row.getByRole('button', { name: `Voter pour ${name}`, exact: true })).toHaveAttribute('aria-pressed', 'true');
  await row.getByRole('button', { name: `Voter contre ${name}`, exact: true }).click();
  await expect(page.getByText('Vous avez déjà donné votre avis sur ce produit.', { exact: false })).toBeVisible();
  await expect(count).toHaveText(String(before + 1));
});

test('the switcher is in the keyboard order and names itself in the page’s language', async ({ page }) => {
  await page.goto(MACHINE);
  const switcher = page.getByRole('combobox', { name: 'Idioma' });
  await expect(switcher).toBeVisible();
  // The switcher comes first in the header: a few Tab presses from the top of the page.
  for (let press = 0; press < 5 && !(await switcher.evaluate((element) => element === document.activeElement)); press++) {
    await page.keyboard.press('Tab');
  }
  await expect(switcher).toBeFocused();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((v) => v.id)).toEqual([]);
});

test('a ?lang= link wins; switching drops it, so the choice holds on reload', async ({ page }) => {
  await page.goto('/vote?lang=de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1, name: 'Probier VendVote aus: Stimm für deine Lieblingssnacks ab' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Brotkrümelnavigation' })).toContainText('Abstimmungs-Demo');

  await page.getByRole('combobox', { name: 'Sprache' }).selectOption({ label: 'English' });
  await expect(page.getByRole('heading', { level: 1, name: 'Try VendVote: vote for your favourite snacks' })).toBeVisible();
  await expect(page).toHaveURL(/\/vote$/);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('tab', { name: 'Leaderboard' })).toBeVisible();
});

test('a language that cannot load says so and keeps the current one', async ({ page }) => {
  await page.goto(MACHINE);
  await page.route(CATALOGUE_CHUNK, (route) => route.abort());
  const switcher = page.getByRole('combobox', { name: 'Idioma' });
  await switcher.selectOption({ label: 'Deutsch' });
  await expect(page.getByText('No se pudo cambiar el idioma. Inténtalo de nuevo.')).toBeVisible();
  await expect(switcher).toHaveValue('es');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  expect((await page.context().cookies()).find((entry) => entry.name === 'lang')).toBeUndefined();
});

/**
 * What the filters' texts lose at this width, in the page: each label that overflows, each
 * choice of a filter (any may be chosen) wider than the room its select has beside the arrow, and
 * a page that scrolls sideways. Empty when everything fits.
 */
function clippedFilterTexts(page: Page) {
  return page.evaluate(() => {
    // Chromium draws the native select's arrow inside the box, to the right of the text.
    const ARROW = 24;
    const context = document.createElement('canvas').getContext('2d')!;
    const problems: string[] = [];
    for (const id of ['product-category', 'product-sort']) {
      const select = document.getElementById(id) as HTMLSelectElement;
      const style = getComputedStyle(select);
      context.font = style.font;
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - ARROW;
      for (const option of select.options) {
        const width = context.measureText(option.text).width;
        if (width > room) problems.push(`#${id} "${option.text}": ${Math.ceil(width)} px in ${Math.floor(room)} px`);
      }
      const label = document.querySelector<HTMLElement>(`label[for="${id}"]`)!;
      if (label.scrollWidth > label.clientWidth) problems.push(`label of #${id} "${label.textContent}"`);
    }
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) problems.push(`the page scrolls sideways: ${root.scrollWidth} > ${root.clientWidth}`);
    return problems;
  });
}

test('at 360 px the filters’ texts fit in every language, and nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  for (const lang of ['en', 'es', 'fr', 'de']) {
    await page.goto(`${MACHINE}?lang=${lang}`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.locator('#product-category')).toBeVisible();
    expect(await clippedFilterTexts(page), lang).toEqual([]);
  }
});
