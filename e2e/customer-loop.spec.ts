import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, registerVerifiedOperator, test, toast } from './fixtures.js';

// Closing the loop with customers: a suggestion left with an email is answered by mail when it is
// accepted and again once it is stocked at the machine, and a resolved issue's public reply reaches the customer who reported it.
const stamp = Date.now();
const account = { email: `customer-loop-${stamp}@example.com`, password: 'machines-on-every-floor-3' };

async function createMachine(page: Page, name: string, location: string) {
  const response = await page.request.post('/api/machines', { data: { name, location, type: 'snacks', serialNumber: `CL-${stamp}-${name.length}` } });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

test.describe('closing the loop with customers', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({ server, smtp }) => {
    await registerVerifiedOperator(server, smtp, account);
  });

  test('a customer suggests with their email; approval says accepted, and once stocked there the vote page says so and the mail arrives', async ({ page, login, smtp, browser, baseURL }) => {
    await login(account);
    const machineId = await createMachine(page, 'Library Corner', 'Ground floor, by the stairs');
    const product = `Sour Gummy Worms ${stamp}`;
    const customerEmail = `gummy-fan-${stamp}@example.com`;

    // The customer: a phone of their own, signed out.
    const customer = await browser.newContext({ baseURL });
    const phone = await customer.newPage();
    await phone.goto(`/vote/${machineId}`);
    await phone.getByRole('button', { name: 'Suggest Product' }).first().click();
    const dialog = phone.getByRole('dialog', { name: 'Suggest a Product' });
    await dialog.getByLabel('Product Name').fill(product);
    await dialog.getByLabel('Category').selectOption('Sweets');
    const email = dialog.getByLabel('Your Email (Optional)');
    await expect(email).toHaveAccessibleDescription('We will tell you when it is stocked here.');
    await email.fill('not-an-email');
    await dialog.getByRole('button', { name: 'Submit Suggestion' }).click();
    await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
    await email.fill(customerEmail);
    await dialog.getByRole('button', { name: 'Submit Suggestion' }).click();
    await expect(phone.getByText('Suggestion submitted!')).toBeVisible();
    await expect(phone.getByText(`Now stocked: ${product}`)).toHaveCount(0);

    // The operator sees that the customer wants to hear back, but not their address.
    await page.goto('/admin/suggestions');
    const row = page.getByRole('region', { name: /Pending Suggestions/ }).getByRole('listitem', { name: product });
    await expect(row).toContainText('Customer asks to hear when stocked');
    await expect(row).not.toContainText(customerEmail);
    await row.getByRole('button', { name: `Approve ${product}` }).click();
    await expect(toast(page, 'Suggestion approved')).toContainText('emailed that it was accepted, and again once you stock it at the machine');

    // Approval puts it on the list, not in the machine: the customer hears it was accepted, and the page says nothing yet.
    const accepted = await smtp.waitForMail(customerEmail, /^Your suggestion was accepted/, 15_000);
    expect(accepted.subject).toBe(`Your suggestion was accepted: ${product}`);
    expect(`${accepted.text}${accepted.html}`).not.toContain(account.email);
    await phone.reload();
    await expect(phone.getByRole('button', { name: 'Suggest Product' }).first()).toBeVisible();
    await expect(phone.getByText(`Now stocked: ${product}`)).toHaveCount(0);

    // The operator puts it in the machine and says so.
    const approvedRow = page.getByRole('listitem', { name: product });
    await approvedRow.getByRole('button', { name: 'Mark stocked at Library Corner' }).click();
    await expect(toast(page, 'Marked stocked')).toContainText('The customer who suggested it is emailed.');
    await expect(approvedRow.getByRole('button', { name: 'Mark stocked at Library Corner' })).toHaveCount(0);

    const mail = await smtp.waitForMail(customerEmail, /^Now stocked/, 15_000);
    expect(mail.subject).toBe(`Now stocked at Library Corner: ${product}`);
    expect(mail.text).toContain('Library Corner (Ground floor, by the stairs)');
    const link = mail.text.match(/https?:\/\/\S+\/vote\/\d+/)?.[0];
    expect(link).toMatch(new RegExp(`/vote/${machineId}$`));
    expect(`${mail.text}${mail.html}`).not.toContain(account.email);

    // The link in the mail leads to the machine's page, which now says the product is stocked.
    await phone.goto(new URL(link!).pathname);
    await expect(phone.getByText(`Now stocked: ${product}`)).toBeVisible();
    await customer.close();
  });

  test('the operator resolves an issue with a reply from the issues page; the reporter gets it by mail', async ({ page, login, smtp }) => {
    await login(account);
    const machineId = await createMachine(page, 'Gym Cooler', 'Sports hall');
    const reporter = `reporter-${stamp}@example.com`;
    const report = { machineId, customerName: 'Ana', customerEmail: reporter, productName: 'Pepsi Zero', issueDescription: 'Coin stuck' };
    expect((await page.request.post('/api/vending-issues', { data: report })).status()).toBe(201);

    await page.goto('/vending-issues');
    const pepsi = page.getByRole('listitem', { name: 'Pepsi Zero' });
    await pepsi.getByRole('button', { name: 'Resolve with reply…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Resolve with a reply' });
    await expect(dialog).toContainText('Ana gets your reply by email at');
    const reply = dialog.getByLabel('Reply to the customer');
    await expect(reply).toHaveAccessibleDescription('0 of 500 characters');
    const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await dialog.getByRole('button', { name: 'Resolve and send reply' }).click();
    await expect(dialog.getByText('Please write a reply for the customer.')).toBeVisible();
    const text = 'Thanks, Ana. We cleared the coin slot and refunded you.';
    await reply.fill(text);
    await expect(dialog.getByText(`${text.length} of 500 characters`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Resolve and send reply' }).click();
    await expect(toast(page, 'Issue Resolved')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(pepsi.getByText('Resolved', { exact: true })).toBeVisible();
    await expect(pepsi).toContainText(text);
    await expect(pepsi.getByRole('button')).toHaveCount(0);

    const mail = await smtp.waitForMail(reporter, /resolved/, 15_000);
    expect(mail.subject).toBe('Your report about Pepsi Zero is resolved');
    expect(mail.text).toContain('Pepsi Zero at Gym Cooler (Sports hall)');
    expect(mail.text).toContain(text);
    expect(`${mail.text}${mail.html}`).not.toContain(account.email);
  });
});
