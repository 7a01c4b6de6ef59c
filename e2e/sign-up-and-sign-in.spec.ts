import { linkFrom } from '../tests/support/smtp-server.js';
import { AuthMessages } from '../src/shared/auth.schemas.js';
import { expect, registerVerifiedOperator, signIn, test, toast } from './fixtures.js';

test('a new operator registers, verifies from the mail, clicks Continue, lands on the dashboard and signs out', async ({ page, smtp }) => {
  const email = `new-operator-${Date.now()}@example.com`;
  const password = 'stock-the-good-chips-7';

  await page.goto('/register');
  await page.getByLabel('First Name').fill('Riley');
  await page.getByLabel('Last Name').fill('Nguyen');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page).toHaveURL(`/check-email?email=${encodeURIComponent(email)}`);
  await expect(page.getByText(email)).toBeVisible();
  // It says what the link does (it verifies; signing in takes a click), and on a phone the address
  // wraps, if at all, only before the @ or after a hyphen, never mid-word.
  await expect(page.getByText('click “Continue to Dashboard” to sign in', { exact: false })).toBeVisible();
  await expect(page.getByText('you are signed in and taken to your dashboard')).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  const wrapped = await page.getByTestId('check-email-address').evaluate((element) => {
    const tops: number[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let index = 0; index < (node.textContent ?? '').length; index++) {
        const range = document.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        tops.push(Math.round(range.getBoundingClientRect().top));
      }
    }
    const text = element.textContent ?? '';
    return tops.flatMap((top, index) => (index > 0 && top !== tops[index - 1] ? [`${text[index - 1]}|${text[index]}`] : []));
  });
  expect(wrapped.filter((pair) => !pair.endsWith('|@') && !pair.startsWith('-|'))).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 720 });

  // Not yet verified: sign-in is refused with the reason.
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please verify your email before signing in.' })).toBeVisible();

  const mail = await smtp.waitForMail(email, /Verify/);
  await page.goto(linkFrom(mail, '/verify-email'));
  // Verifying signs nobody in: the person continues with a click.
  await expect(page.getByRole('heading', { level: 1, name: 'Email Verified!' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  // A link to /api/logout (another site may send one) signs nobody out: it offers the button.
  await page.goto('/api/logout');
  await expect(page).toHaveURL(/\/sign-out$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign out?' })).toBeVisible();
  await page.getByRole('link', { name: 'Stay signed in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  // Signed in before (by the Continue above): a returning operator's greeting.
  await expect(toast(page, 'Welcome back!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('opening another account\'s verification link while signed in asks first and keeps the session', async ({ page, smtp, server }) => {
  const owner = `signed-in-owner-${Date.now()}@example.com`;
  await registerVerifiedOperator(server, smtp, { email: owner, password: 'keep-my-session-9' });
  await signIn(page, owner, 'keep-my-session-9');

  // Someone else's fresh account, whose link a foreign page could send this visitor to.
  const stranger = `stranger-${Date.now()}@example.com`;
  const registered = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.99.0.1' },
    body: JSON.stringify({ firstName: 'Mal', lastName: 'Lory', email: stranger, password: 'not-your-account-1', confirmPassword: 'not-your-account-1' }),
  });
  expect(registered.status).toBe(201);
  await page.goto(linkFrom(await smtp.waitForMail(stranger, /Verify/), '/verify-email'));

  await expect(page.getByRole('heading', { level: 1, name: 'Email Verified!' })).toBeVisible();
  await expect(page.getByText(`You are signed in as ${owner}. Continue as ${stranger}?`)).toBeVisible();
  await page.getByRole('link', { name: `Stay signed in as ${owner}` }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The address changes before the lazily loaded dashboard replaces the question: wait for it to go.
  await expect(page.getByRole('link', { name: `Stay signed in as ${owner}` })).toHaveCount(0);
  await expect(page.getByText(owner)).toBeVisible();
});

test('a forgotten password is reset from the mailed link, and the new one signs in', async ({ page, smtp, server }) => {
  const email = `forgetful-${Date.now()}@example.com`;
  await registerVerifiedOperator(server, smtp, { email, password: 'the-old-route-plan-1' });
  await page.goto('/forgot-password');
  const submit = page.getByRole('button', { name: 'Send Reset Link' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('Email').fill(email);
  await submit.click();
  await expect(page.getByText('Check Your Email')).toBeVisible();

  const mail = await smtp.waitForMail(email, /Reset/);
  await page.goto(linkFrom(mail, '/reset-password'));
  await page.getByLabel('New Password').fill('a-brand-new-route-plan');
  await page.getByLabel('Confirm Password').fill('a-brand-new-route-plan');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText(/password has been changed/i)).toBeVisible();

  await signIn(page, email, 'a-brand-new-route-plan');
});

test('a wrong password shows the server message inline', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('nobody@example.com');
  await page.getByLabel('Password', { exact: true }).fill('whatever-it-is');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password.' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('a too-common password is refused once, beside the field: no summary, no toast', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('First Name').fill('Sam');
  await page.getByLabel('Last Name').fill('Lee');
  await page.getByLabel('Email').fill(`weak-${Date.now()}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('password123');
  await page.getByLabel('Confirm Password').fill('password123');
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(new RegExp(AuthMessages.passwordTooCommon.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await expect(page.getByText(AuthMessages.passwordTooCommon)).toHaveCount(1);
  await expect(toast(page, 'Registration failed')).toHaveCount(0);
  await expect(page.getByRole('alert').filter({ hasText: 'Registration failed' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/register$/);
});
