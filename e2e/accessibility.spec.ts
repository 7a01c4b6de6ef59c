import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from './fixtures.js';

const SIGN_IN_PAGES = ['/login', '/register', '/forgot-password', '/check-email?email=kim@example.com', '/verify-email', '/reset-password'];

for (const theme of ['light', 'dark'] as const) {
  for (const path of SIGN_IN_PAGES) {
    test(`${path} has no serious or critical accessibility violations (${theme})`, async ({ page }) => {
      await page.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
    });
  }
}
