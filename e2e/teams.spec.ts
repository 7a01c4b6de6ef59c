import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { linkFrom } from '../tests/support/smtp-server.js';
import { expect, registerVerifiedOperator, signIn, test, toast } from './fixtures.js';

/** Teams in the browser: the owner invites from Settings › Team, the invited person accepts from the mailed link and switches teams. */

const stamp = Date.now();
const owner = { email: `team-owner-${stamp}@example.com`, password: 'owner-of-a-small-fleet-3', firstName: 'Olga', lastName: 'Owner' };
const driver = { email: `team-member-${stamp}@example.com`, password: 'member-of-two-teams-4', firstName: 'Dan', lastName: 'Driver' };

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
}

test.describe('a team', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({ server, smtp }) => {
    await registerVerifiedOperator(server, smtp, owner);
    await registerVerifiedOperator(server, smtp, driver);
  });

  test('the owner invites by email with a role; the invited person accepts from the link, joins, and switches between teams', async ({ page, login, smtp, browser, baseURL }) => {
    await login(owner, '/settings?tab=team');
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByTestId('team-member')).toHaveCount(1);
    await expect(panel.getByTestId('team-member')).toContainText('Olga Owner');

    const form = panel.getByRole('form', { name: 'Invite a member' });
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await expect(form.getByText('Enter an email address')).toBeVisible();
    await form.getByLabel('Email address').fill(driver.email);
    await form.getByRole('radio', { name: /Viewer/ }).check();
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await expect(toast(page, 'Invitation sent')).toBeVisible();
    await expect(panel.getByTestId('team-invitation')).toContainText(driver.email);
    // The Starter plan includes one member besides the owner: the open invitation takes it.
    await expect(panel.getByTestId('member-limit')).toContainText('Your Starter plan includes 1 member besides the owner.');
    await expect(panel.getByTestId('member-limit').getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/pricing');
    expect(await seriousViolations(page)).toEqual([]);

    const mail = await smtp.waitForMail(driver.email, /^Join Olga Owner on VendVote$/);
    const link = new URL(linkFrom(mail, '/invitations/'));

    // The invited person, in a browser of their own, on a phone.
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    const phone = await context.newPage();
    await phone.goto(link.pathname);
    await expect(phone.getByRole('heading', { name: 'Join Olga Owner' })).toBeVisible();
    await expect(phone.getByText(`Olga Owner invites ${driver.email} to work in Olga Owner as a viewer.`)).toBeVisible();
    await phone.getByRole('link', { name: `Sign in as ${driver.email} to accept` }).click();
    await phone.getByLabel('Email').fill(driver.email);
    await phone.getByLabel('Password', { exact: true }).fill(driver.password);
    await phone.getByRole('button', { name: 'Sign In' }).click();
    await expect(phone).toHaveURL(new RegExp(`${link.pathname}$`));
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(phone)).toEqual([]);
    await phone.getByRole('button', { name: 'Accept and join' }).click();
    await expect(phone).toHaveURL(/\/dashboard$/);
    await context.close();

    // The owner sees the new member; the invitation is spent.
    await page.reload();
    await expect(page.getByRole('tabpanel').getByTestId('team-member')).toHaveCount(2);
    await expect(page.getByRole('tabpanel').getByTestId('team-member').nth(1)).toContainText('Dan Driver');
    await expect(page.getByRole('tabpanel').getByText('No invitations are waiting.')).toBeVisible();

    // At a desk, the driver's sidebar offers both teams, and switching moves the app to the other.
    await page.context().clearCookies();
    await signIn(page, driver.email, driver.password);
    const switcher = page.getByTestId('team-switcher').getByLabel('Team');
    await expect(switcher).toBeVisible();
    await expect(switcher.locator('option')).toHaveText(['Dan Driver (Owner)', 'Olga Owner (Viewer)']);
    await expect(switcher.locator('option:checked')).toHaveText('Dan Driver (Owner)');
    await page.goto('/settings?tab=team');
    await expect(page.getByRole('tabpanel').getByTestId('team-member')).toHaveCount(1);
    await page.getByTestId('team-switcher').getByLabel('Team').selectOption({ label: 'Olga Owner (Viewer)' });
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('team-switcher').getByLabel('Team').locator('option:checked')).toHaveText('Olga Owner (Viewer)');
    await page.goto('/settings?tab=team');
    const members = page.getByRole('tabpanel').getByTestId('team-member');
    await expect(members).toHaveCount(2);
    // A viewer sees the team but neither invites nor changes roles.
    await expect(page.getByRole('tabpanel').getByRole('form', { name: 'Invite a member' })).toHaveCount(0);
    await expect(page.getByRole('tabpanel').getByRole('button', { name: /Remove/ })).toHaveCount(0);
  });

  test('the owner removes a member, who is refused at once', async ({ page, login, browser, baseURL }) => {
    const context = await browser.newContext({ baseURL });
    const login2 = await context.request.post('/api/auth/login', { data: { email: driver.email, password: driver.password, rememberMe: false } });
    expect(login2.status()).toBe(200);
    const teams = (await (await context.request.get('/api/teams')).json()) as { teamId: number; name: string }[];
    const olga = teams.find((team) => team.name === 'Olga Owner')!;
    expect((await context.request.post('/api/teams/switch', { data: { teamId: olga.teamId } })).status()).toBe(200);
    expect((await context.request.get('/api/team')).status()).toBe(200);

    await login(owner, '/settings?tab=team');
    await page.getByRole('tabpanel').getByRole('button', { name: 'Remove Dan Driver' }).click();
    await page.getByRole('alertdialog', { name: 'Remove Dan Driver from the team?' }).getByRole('button', { name: 'Remove member' }).click();
    await expect(toast(page, 'Member removed')).toBeVisible();
    await expect(page.getByRole('tabpanel').getByTestId('team-member')).toHaveCount(1);
    expect((await context.request.get('/api/team')).status()).toBe(401);
    await context.close();
  });
});
