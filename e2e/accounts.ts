import { expect, type APIRequestContext, type Cookie, type PlaywrightWorkerArgs } from '@playwright/test';
import type { TestSmtpServer } from '../tests/support/smtp-server.js';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../tests/support/server-process.js';
import { registerVerifiedOperator, test as base, type Account } from './fixtures.js';

/**
 * A connection per request. The server closes a keep-alive socket idle for 5 s (http-timeouts.ts),
 * and an API request context does not heed the answer's hint to drop it first: a call after a
 * slow page load could go out on a socket being closed and fail with ECONNRESET.
 */
export const FRESH_CONNECTION = { connection: 'close' } as const;

export interface SignedInApi {
  /** Calls the app as the account, outside any browser page. */
  api: APIRequestContext;
  /** The session cookies, for a page that should start signed in as the same account. */
  session: Cookie[];
}

/**
 * Signs an existing account in through an API request context of its own. A spec file signs in once
 * this way and shares the session across its tests, since the server limits sign-ins per address.
 */
export async function signInThroughApi(playwright: PlaywrightWorkerArgs['playwright'], server: ServerProcess, account: Account): Promise<SignedInApi> {
  const api = await playwright.request.newContext({ baseURL: server.url, extraHTTPHeaders: FRESH_CONNECTION });
  const login = await api.post('/api/auth/login', { data: { email: account.email, password: account.password, rememberMe: false } });
  expect(login.status()).toBe(200);
  return { api, session: (await api.storageState()).cookies };
}

/** A fresh operator of the caller's own, registered and verified through the mail, then signed in as above. */
export async function registerAndSignInOperator(
  world: { server: ServerProcess; smtp: TestSmtpServer; playwright: PlaywrightWorkerArgs['playwright'] },
  person: Account & { firstName?: string; lastName?: string },
): Promise<SignedInApi> {
  await registerVerifiedOperator(world.server, world.smtp, person);
  return signInThroughApi(world.playwright, world.server, person);
}

/**
 * The suite's test, but with a worker server of the spec file's own whose ADMIN_EMAILS names only the
 * given account, registered and verified before any test runs: the file's admin is then its own, and
 * what it creates or changes cannot meet another file's admin on the shared server.
 */
export function testWithOwnAdmin(admin: Account) {
  return base.extend<object, { adminServer: ServerProcess }>({
    adminServer: [
      async ({ smtp }, use) => {
        const server = await startServerProcess({
          from: 'built',
          env: { SMTP_URL: smtp.url, LOG_LEVEL: 'warn', ADMIN_EMAILS: admin.email, TRUST_PROXY: 'true' },
        });
        await registerVerifiedOperator(server, smtp, admin);
        await use(server);
        await stopServerProcess(server);
      },
      { scope: 'worker' },
    ],
    baseURL: async ({ adminServer }, use) => use(adminServer.url),
  });
}
