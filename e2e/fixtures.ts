import { test as base, expect, type Cookie, type Page } from '@playwright/test';
import { linkFrom, startSmtpServer, type TestSmtpServer } from '../tests/support/smtp-server.js';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../tests/support/server-process.js';

interface WorkerFixtures {
  /** The production build, started as its own process on a fresh data directory. */
  server: ServerProcess;
  /** A real SMTP server that the app sends its mail to. */
  smtp: TestSmtpServer;
  /** Session cookies by email, so each account signs in once per worker (sign-ins are rate limited). */
  sessionCookies: Map<string, Cookie[]>;
}

export interface Account {
  email: string;
  password: string;
}

interface TestFixtures {
  baseURL: string;
  /**
   * Signs the page in as `account` through the real sign-in call, reusing the account's session
   * cookie from an earlier test while it is still valid, then opens `path` (the dashboard by default).
   */
  login: (account: Account, path?: string) => Promise<void>;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  sessionCookies: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern.
    async ({}, use) => use(new Map()),
    { scope: 'worker' },
  ],
  login: async ({ page, sessionCookies }, use) => {
    await use(async (account, path = '/dashboard') => {
      const context = page.context();
      const saved = sessionCookies.get(account.email);
      if (saved) await context.addCookies(saved);
      // A test may have signed the account out since; then it signs in again.
      if (!saved || (await page.request.get('/api/auth/me')).status() !== 200) {
        const response = await page.request.post('/api/auth/login', {
          data: { email: account.email, password: account.password, rememberMe: false },
        });
        expect(response.status(), await response.text()).toBe(200);
        sessionCookies.set(account.email, await context.cookies());
      }
      await page.goto(path);
    });
  },
  smtp: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern.
    async ({}, use) => {
      const smtp = await startSmtpServer();
      await use(smtp);
      await smtp.close();
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ smtp }, use) => {
      const server = await startServerProcess({
        from: 'built',
        // Behind a "proxy" so each test can come from an address of its own (see extraHTTPHeaders).
        env: { SMTP_URL: smtp.url, LOG_LEVEL: 'warn', ADMIN_EMAILS: 'admin@vendvote.test', TRUST_PROXY: 'true' },
      });
      await use(server);
      await stopServerProcess(server);
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  // Every test is a different client address, as real customers and operators are, so the
  // per-address rate limits count each test on its own rather than the whole suite together.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => use({ ...extraHTTPHeaders, 'x-forwarded-for': nextClientAddress() }),
});

let clientCount = 0;
function nextClientAddress() {
  clientCount++;
  return `10.77.${(clientCount >> 8) & 255}.${clientCount & 255}`;
}

export { expect };

/**
 * A notification by its title. Not by role, because an open dialog hides the rest of the page from the
 * accessibility tree; and not by bare text, because the toast's live region repeats the title for screen readers.
 */
export function toast(page: Page, title: string) {
  return page.locator('ol > li').filter({ has: page.getByText(title, { exact: true }) });
}

/** Signs in through the sign-in form, as a person does; other tests use the `login` fixture. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * Registers an operator through the API, follows the mailed link and clicks Continue, as a person
 * would: verifying signs nobody in, the click (a same-origin POST with the verify cookie) does.
 */
export async function registerVerifiedOperator(
  server: ServerProcess,
  smtp: TestSmtpServer,
  person: { email: string; password: string; firstName?: string; lastName?: string },
) {
  const response = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextClientAddress() },
    body: JSON.stringify({
      firstName: person.firstName ?? 'Sam',
      lastName: person.lastName ?? 'Rivera',
      email: person.email,
      password: person.password,
      confirmPassword: person.password,
    }),
  });
  expect(response.status).toBe(201);
  const mail = await smtp.waitForMail(person.email, /Verify/);
  const verify = await fetch(new URL(new URL(linkFrom(mail, '/verify-email')).search, `${server.url}/api/auth/verify-email`), {
    headers: { 'sec-fetch-site': 'same-origin' },
  });
  expect(verify.status).toBe(200);
  expect(verify.headers.getSetCookie().some((cookie) => cookie.startsWith('vv_session='))).toBe(false);
  const grant = verify.headers.getSetCookie().find((cookie) => cookie.startsWith('vv_verified='));
  expect(grant).toBeTruthy();
  const signedIn = await fetch(`${server.url}/api/auth/verify-email/continue`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', cookie: grant!.split(';')[0]! },
    body: JSON.stringify({}),
  });
  expect(signedIn.status).toBe(200);
}

/**
 * An up vote by a new customer, cast as a phone casts it: the machine's vote page first (which
 * hands out the voter cookie a vote needs), then the vote with that cookie.
 */
export async function voteAsNewCustomer(baseURL: string, productId: number, machineId: number) {
  const page = await fetch(`${baseURL}/api/vote-page/${machineId}`);
  expect(page.status).toBe(200);
  const voter = page.headers.getSetCookie().find((cookie) => cookie.startsWith('voter='));
  expect(voter).toBeDefined();
  const response = await fetch(`${baseURL}/api/products/${productId}/vote?machineId=${machineId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: voter!.split(';')[0]! },
    body: JSON.stringify({ voteType: 'up' }),
  });
  expect(response.status).toBe(201);
}
