import { readFileSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { MarketingResourceMessages as M } from '../src/shared/marketing-resources.schemas.js';
import { pngBytes } from '../tests/support/upload-files.js';
import { testWithOwnAdmin } from './accounts.js';
import { expect, toast } from './fixtures.js';

const ADMIN = { email: 'marketing-resources-admin@example.com', password: 'flyers-for-every-lobby-5' };

const test = testWithOwnAdmin(ADMIN);

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('dialog').getByLabel(label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const card = (page: Page, title: string) => page.getByTestId('resource-card').filter({ has: page.getByRole('heading', { name: title }) });

test('an admin adds an email template and an image, toggles, downloads and deletes them', async ({ page, login }) => {
  await login(ADMIN, '/admin-panel?tab=resources');
  await expect(page.getByRole('heading', { level: 2, name: 'Marketing resources' })).toBeVisible();
  await expect(page.getByText(M.empty)).toBeVisible();

  // The client check: nothing chosen yet.
  await page.getByRole('button', { name: 'Add Resource' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Create Resource' }).click();
  await expect(toast(page, M.validationTitle)).toContainText(M.fillRequired);
  await expect(page.getByRole('dialog').getByText(M.titleRequired)).toBeVisible();

  // An email template: the body instead of a file.
  await page.getByRole('dialog').getByLabel('Title *').fill('Welcome email');
  await choose(page, 'Type *', 'Email template');
  await choose(page, 'Category *', 'Email');
  await expect(page.getByRole('dialog').getByLabel('File *')).toHaveCount(0);
  await page.getByRole('dialog').getByLabel('Email body *').fill('Hello! Scan the QR code on our machine to vote for your snacks.');
  await page.getByRole('dialog').getByRole('button', { name: 'Create Resource' }).click();
  await expect(toast(page, M.created)).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
  const template = card(page, 'Welcome email');
  await template.getByText('Preview email').click();
  await expect(template.getByText('Scan the QR code on our machine')).toBeVisible();

  // An image upload, whose content the server reads.
  const image = pngBytes(12, 8);
  await page.getByRole('button', { name: 'Add Resource' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Title *').fill('Lobby poster');
  await dialog.getByLabel('Description').fill('Print at A3');
  await choose(page, 'Type *', 'Image');
  await choose(page, 'Category *', 'Flyers');
  await dialog.getByLabel('File *').setInputFiles({ name: 'lobby-poster.png', mimeType: 'image/png', buffer: image });
  await dialog.getByRole('button', { name: 'Create Resource' }).click();
  await expect(toast(page, M.created)).toBeVisible();
  const poster = card(page, 'Lobby poster');
  await expect(poster).toContainText('lobby-poster.png');
  await expect(poster).toContainText('Flyers');
  await expect(page.getByTestId('resource-card')).toHaveCount(2);

  // Inactive, and still so after a reload.
  await poster.getByRole('switch', { name: 'Active' }).click();
  await expect(poster.getByText('Inactive')).toBeVisible();
  await page.reload();
  await expect(card(page, 'Lobby poster').getByRole('switch', { name: 'Active' })).toHaveAttribute('aria-checked', 'false');

  // The download is the very file that went up.
  const downloading = page.waitForEvent('download');
  await card(page, 'Lobby poster').getByRole('link', { name: 'Download Lobby poster' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('lobby-poster.png');
  expect(readFileSync(await download.path()).equals(image)).toBe(true);

  // Deleting asks first; Cancel keeps it.
  await card(page, 'Lobby poster').getByRole('button', { name: 'Delete Lobby poster' }).click();
  await expect(page.getByRole('alertdialog')).toContainText(M.confirmDelete);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('resource-card')).toHaveCount(2);
  await card(page, 'Lobby poster').getByRole('button', { name: 'Delete Lobby poster' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, M.deleted)).toBeVisible();
  await expect(page.getByTestId('resource-card')).toHaveCount(1);
});

test('a file whose content is not the chosen type is refused beside the file field', async ({ page, login }) => {
  await login(ADMIN, '/admin-panel?tab=resources');
  await page.getByRole('button', { name: 'Add Resource' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Title *').fill('Fake brochure');
  await choose(page, 'Type *', 'Document');
  await choose(page, 'Category *', 'General');
  await dialog.getByLabel('File *').setInputFiles({ name: 'brochure.pdf', mimeType: 'application/pdf', buffer: pngBytes() });
  await dialog.getByRole('button', { name: 'Create Resource' }).click();
  await expect(toast(page, M.createFailed)).toBeVisible();
  await expect(dialog.getByText(M.wrongContent('document'))).toBeVisible();
});

test('the list loads with six placeholder rows and fits a phone screen, without accessibility violations', async ({ page, login }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  // Six placeholder rows while the list is on its way (spec 9).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/admin/marketing-resources', async (route) => {
    await held;
    await route.continue();
  });
  await login(ADMIN, '/admin-panel?tab=resources');
  await expect(page.getByTestId('resource-skeleton-row')).toHaveCount(6);
  release();
  await expect(page.getByRole('button', { name: 'Add Resource' })).toBeVisible();
  await expect(page.getByTestId('resource-card').first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Add Resource' }).click();
  await choose(page, 'Type *', 'Video');
  await expect(page.getByRole('dialog').getByLabel('File *')).toHaveAttribute('accept', /\.mp4/);
  expect(await seriousViolations(page)).toEqual([]);
});

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
