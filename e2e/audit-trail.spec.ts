import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { AdminUserPage } from '../src/shared/admin-users.schemas.js';
import { testWithOwnAdmin } from './accounts.js';
import { expect, registerVerifiedOperator } from './fixtures.js';

const ADMIN = { email: `audit-admin-${Date.now()}@example.com`, password: 'who-did-what-and-when-7' };
const OPERATOR = { email: `audit-operator-${Date.now()}@example.com`, password: 'who-did-what-and-when-7' };

const test = testWithOwnAdmin(ADMIN);

test.beforeAll(async ({ adminServer, smtp }) => {
  await registerVerifiedOperator(adminServer, smtp, OPERATOR);
});

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test.describe.configure({ mode: 'serial' });

test("the Audit tab lists an admin's change and filters the trail", async ({ page, login }) => {
  await login(ADMIN, '/admin-panel?tab=audit');
  const found = await page.request.get(`/api/admin/users?search=${encodeURIComponent(OPERATOR.email)}`);
  const operatorId = ((await found.json()) as AdminUserPage).users[0]!.id;
  const changed = await page.request.patch(`/api/admin/users/${operatorId}/plan`, { data: { tier: 'growth' } });
  expect(changed.status(), await changed.text()).toBe(200);

  await page.reload();
  await expect(page.getByRole('tab', { name: 'Audit' })).toHaveAttribute('aria-selected', 'true');
  const rows = page.getByTestId('audit-row');
  await expect(rows.first()).toBeVisible();
  // Newest first: the plan change, by this admin, on the operator's account.
  await expect(rows.first()).toContainText('Plan changed');
  await expect(rows.first()).toContainText(ADMIN.email);
  await expect(rows.first()).toContainText(`Account #${operatorId}`);
  await expect(rows.first()).toContainText('plan: growth');
  expect(await seriousViolations(page)).toEqual([]);

  // Only sign-ins: the plan change goes, the sign-ins of both accounts stay.
  await page.getByLabel('Action').selectOption({ label: 'Signed in' });
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(rows.filter({ hasText: 'Plan changed' })).toHaveCount(0);
  await expect(rows.filter({ hasText: 'Signed in' }).first()).toBeVisible();

  await page.getByLabel("Actor's email").fill('nobody-here@example.com');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByRole('heading', { name: 'No entries match these filters' })).toBeVisible();

  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(rows.filter({ hasText: 'Plan changed' })).toHaveCount(1);
});

test("an operator sees their own account's activity under Settings → Security", async ({ page, login }) => {
  await login(OPERATOR, '/settings?tab=security');
  const activity = page.getByRole('list', { name: 'Recent security activity' });
  const events = activity.getByTestId('security-event');
  // Newest first: this sign-in, then the admin's plan change before it.
  await expect(events.first()).toContainText('Signed in');
  const planChange = events.filter({ hasText: 'Plan changed' });
  await expect(planChange).toHaveCount(1);
  await expect(planChange).toContainText('By an administrator');
  await expect(planChange).toContainText('Now on the growth plan');
  await expect(events.filter({ hasText: 'Signed in' }).first()).not.toContainText('By an administrator');
  // Nothing but this account's sign-ins and the plan change on it.
  await expect(events.filter({ hasNotText: /Plan changed|Signed in/ })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});
