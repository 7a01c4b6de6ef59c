import { AxeBuilder } from '@axe-core/playwright';
import { linkFrom } from '../tests/support/smtp-server.js';
import { EmailChangeMessages } from '../src/shared/security.schemas.js';
import { expect, registerVerifiedOperator, test } from './fixtures.js';

test('a new sign-in email is confirmed by a click on the page its mailed link opens', async ({ page, login, server, smtp }) => {
  const account = { email: `moving-${Date.now()}@example.com`, password: 'a-long-enough-passphrase-7' };
  await registerVerifiedOperator(server, smtp, account);
  await login(account);
  const newEmail = `moved-${Date.now()}@example.com`;
  const asked = await page.request.post('/api/settings/email', { data: { newEmail, password: account.password } });
  expect(asked.status(), await asked.text()).toBe(202);

  await page.goto(linkFrom(await smtp.waitForMail(newEmail, /^Confirm your new VendVote email address$/), '/confirm-email-change'));
  // Opening the link changes nothing by itself.
  await expect(page.getByRole('heading', { name: EmailChangeMessages.confirmTitle })).toBeVisible();
  expect((await (await page.request.get('/api/auth/me')).json()).email).toBe(account.email);
  const violations = (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(violations.map((v) => v.id)).toEqual([]);

  await page.getByRole('button', { name: 'Confirm new email' }).click();
  await expect(page.getByRole('heading', { name: 'Email address changed' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(newEmail);
  expect((await (await page.request.get('/api/auth/me')).json()).email).toBe(newEmail);

  // The same link a second time says it is spent.
  await page.reload();
  await page.getByRole('button', { name: 'Confirm new email' }).click();
  await expect(page.getByText(EmailChangeMessages.linkInvalid)).toBeVisible();
});
