import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { ContactMessages } from '../src/shared/contact.schemas.js';
import { expect, test, toast } from './fixtures.js';

let senderCount = 0;
const newSender = () => `contact-${Date.now().toString(36)}-${++senderCount}@example.test`;

async function fillContactForm(page: Page, email: string) {
  await page.getByLabel('Name').fill('Morgan Diaz');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Subject').fill('Bulk QR stickers');
  await page.getByLabel('Message').fill('Hello,\ncan I order QR stickers for 40 machines?');
}

test('a message is sent: "Message Sent!", the form is cleared and the sender gets a copy', async ({ page, smtp }) => {
  await page.goto('/contact');
  await expect(page).toHaveTitle('Contact Us · VendVote');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  await expect(page.getByText('Monday-Friday, 9:00-17:00 EST')).toBeVisible();
  await expect(page.getByText('We reply by email to the address you give, on working days.')).toBeVisible();

  const email = newSender();
  await fillContactForm(page, email);
  await page.getByRole('button', { name: 'Send Message' }).click();

  await expect(toast(page, ContactMessages.sentTitle)).toContainText(ContactMessages.sentDescription);
  for (const field of ['Name', 'Email', 'Subject', 'Message']) await expect(page.getByLabel(field)).toHaveValue('');
  const copy = await smtp.waitForMail(email, /^We received your message: Bulk QR stickers$/, 10_000);
  expect(copy.text).toContain('can I order QR stickers for 40 machines?');
});

test('a failed send: "Message Failed" with the spec text, and everything typed is still there', async ({ page }) => {
  // The server's own answer to an unexpected failure.
  const failure = { message: 'Something went wrong on our side. Please try again.', requestId: 'r-1' };
  await page.route('**/api/contact', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify(failure) }),
  );
  await page.goto('/contact');
  const email = newSender();
  await fillContactForm(page, email);
  await page.getByRole('button', { name: 'Send Message' }).click();

  await expect(toast(page, ContactMessages.failedTitle)).toContainText(ContactMessages.failedDescription);
  await expect(page.getByRole('alert').filter({ hasText: ContactMessages.failedDescription })).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('Morgan Diaz');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Subject')).toHaveValue('Bulk QR stickers');
  await expect(page.getByLabel('Message')).toHaveValue('Hello,\ncan I order QR stickers for 40 machines?');
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
});

test('bad input: each field says what is wrong, nothing is sent, and the first wrong field has the focus', async ({ page }) => {
  let sent = 0;
  await page.route('**/api/contact', (route) => {
    sent++;
    return route.continue();
  });
  await page.goto('/contact');
  await page.getByLabel('Email').fill('morgan@');
  await page.getByRole('button', { name: 'Send Message' }).click();

  await expect(page.getByLabel('Name')).toBeFocused();
  await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Name')).toHaveAccessibleDescription(ContactMessages.nameRequired);
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription(ContactMessages.emailInvalid);
  await expect(page.getByLabel('Subject')).toHaveAccessibleDescription(ContactMessages.subjectRequired);
  await expect(page.getByLabel('Message')).toHaveAccessibleDescription(new RegExp(ContactMessages.messageRequired));
  expect(sent).toBe(0);
});

test('keyboard: Tab goes through the four fields to the button, never into the hidden field; Enter sends', async ({ page }) => {
  await page.goto('/contact');
  await page.getByLabel('Name').focus();
  await page.keyboard.type('Morgan Diaz');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(newSender());
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Subject')).toBeFocused();
  await page.keyboard.type('Hours');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Message')).toBeFocused();
  await page.keyboard.type('Are you open on Saturdays?');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeFocused();
  await expect(page.locator('#contact-website')).toHaveAttribute('tabindex', '-1');
  await expect(page.locator('#contact-website')).toHaveAttribute('autocomplete', 'off');
  await page.keyboard.press('Enter');
  await expect(toast(page, ContactMessages.sentTitle)).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  test(`/contact has no serious or critical accessibility violations (${theme}), also with errors shown`, async ({ page }) => {
    await page.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const seriousViolations = async () => {
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      return serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
    };
    expect(await seriousViolations()).toEqual([]);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText(ContactMessages.nameRequired)).toBeVisible();
    expect(await seriousViolations()).toEqual([]);
  });
}

test('on a phone the page fits the screen: no horizontal scrolling, the form usable', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const button = page.getByRole('button', { name: 'Send Message' });
  await button.scrollIntoViewIfNeeded();
  const box = await button.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  await expect(page.getByRole('contentinfo')).toBeVisible();
});
