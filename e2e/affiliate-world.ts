import { expect, type APIRequestContext } from '@playwright/test';
import type { AffiliateDashboard } from '../src/shared/affiliates.schemas.js';
import { startFakeStripe, type FakeStripe } from '../tests/fakes/stripe.js';
import { linkFrom, type TestSmtpServer } from '../tests/support/smtp-server.js';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../tests/support/server-process.js';
import { registerVerifiedOperator, test as base, type Account } from './fixtures.js';

export const PRICES = { growth: 'price_e2e_aff_growth', enterprise: 'price_e2e_aff_enterprise' };
const SECRET_KEY = 'sk_test_e2e_affiliates';
const WEBHOOK_SECRET = 'whsec_e2e_affiliates';

export interface AffiliatePerson extends Account {
  firstName: string;
  lastName: string;
}

let address = 0;
/** Each registration from an address of its own, as the server limits sign-ups per address. */
export const nextAddress = () => `10.91.${(++address >> 8) & 255}.${address & 255}`;

/**
 * The spec file's own server: Stripe configured against the local fake (whose webhooks are posted
 * back to it), and an admin of its own, so its affiliates and figures meet no other file's.
 */
export function testWithAffiliateWorld(admin: Account) {
  return base.extend<object, { stripe: FakeStripe; affiliateServer: ServerProcess }>({
    stripe: [
      // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern.
      async ({}, use) => {
        const fake = await startFakeStripe({
          secretKey: SECRET_KEY,
          webhookSecret: WEBHOOK_SECRET,
          prices: [
            { id: PRICES.growth, unitAmount: 2000 },
            { id: PRICES.enterprise, unitAmount: 4000 },
          ],
        });
        await use(fake);
        await fake.close();
      },
      { scope: 'worker' },
    ],
    affiliateServer: [
      async ({ smtp, stripe }, use) => {
        const server = await startServerProcess({
          from: 'built',
          env: {
            SMTP_URL: smtp.url,
            LOG_LEVEL: 'warn',
            ADMIN_EMAILS: admin.email,
            TRUST_PROXY: 'true',
            STRIPE_SECRET_KEY: SECRET_KEY,
            STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
            STRIPE_PRICE_GROWTH: PRICES.growth,
            STRIPE_PRICE_ENTERPRISE: PRICES.enterprise,
            STRIPE_API_BASE: stripe.url,
          },
        });
        stripe.options.webhookUrl = `${server.url}/api/stripe/webhook`;
        await registerVerifiedOperator(server, smtp, admin);
        await use(server);
        await stopServerProcess(server);
      },
      { scope: 'worker' },
    ],
    baseURL: async ({ affiliateServer }, use) => use(affiliateServer.url),
  });
}

/** Joins the program through the API and verifies from the mailed link, as the person would. */
export async function registerVerifiedAffiliate(server: ServerProcess, smtp: TestSmtpServer, person: AffiliatePerson) {
  const response = await fetch(`${server.url}/api/affiliate/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
    body: JSON.stringify({ ...person, confirmPassword: person.password, industry: 'education', experience: 'intermediate' }),
  });
  expect(response.status, await response.text()).toBe(201);
  const link = new URL(linkFrom(await smtp.waitForMail(person.email, /Verify/), '/verify-email'));
  const verify = await fetch(`${server.url}/api/auth/verify-email${link.search}`, { headers: { 'sec-fetch-site': 'same-origin' } });
  expect(verify.status).toBe(200);
}

/** The affiliate's own dashboard figures, as the API answers them to the signed-in affiliate. */
export async function dashboardOf(api: APIRequestContext): Promise<AffiliateDashboard> {
  const response = await api.get('/api/affiliate/dashboard');
  expect(response.status()).toBe(200);
  return (await response.json()) as AffiliateDashboard;
}
