import { AxeBuilder } from '@axe-core/playwright';
import { verifyWebhookSignature } from '../src/server/features/webhooks/webhook-signature.js';
import { WEBHOOK_SECRET_PREFIX } from '../src/shared/webhooks.schemas.js';
import { WebhookReceiver } from '../tests/fakes/webhook-receiver.js';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../tests/support/server-process.js';
import { test as base, expect, registerVerifiedOperator, toast } from './fixtures.js';

/**
 * The receiver listens on loopback, which webhooks refuse unless WEBHOOK_ALLOW_PRIVATE_URLS is on
 * (as for an on-premises install): this file runs its own server with it.
 */
const test = base.extend<object, { server: ServerProcess }>({
  server: [
    async ({ smtp }, use) => {
      const server = await startServerProcess({
        from: 'built',
        env: { SMTP_URL: smtp.url, LOG_LEVEL: 'warn', TRUST_PROXY: 'true', WEBHOOK_ALLOW_PRIVATE_URLS: 'true' },
      });
      await use(server);
      await stopServerProcess(server);
    },
    { scope: 'worker' },
  ],
});

const account = { email: `webhooks-${Date.now()}@example.com`, password: 'events-for-my-help-desk-7' };
let receiver: WebhookReceiver;

test.describe('outgoing webhooks', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test.beforeAll(async ({ server, smtp }) => {
    receiver = await new WebhookReceiver().start();
    await registerVerifiedOperator(server, smtp, account);
  });
  test.afterAll(() => receiver.close());

  test('an endpoint added in Settings shows its secret once; a test event arrives signed and is listed with its 200', async ({ page, login }) => {
    await login(account, '/settings?tab=notifications');
    const url = `${receiver.url}/help-desk`;

    const form = page.getByRole('form', { name: 'New webhook endpoint' });
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(form.getByText('Enter the URL to send events to')).toBeVisible();
    await expect(form.getByText('Choose at least one event')).toBeVisible();
    await form.getByLabel('Endpoint URL').fill(url);
    await form.getByLabel('Description (optional)').fill('Help desk');
    await form.getByRole('checkbox', { name: /New issues/ }).check();
    await form.getByRole('checkbox', { name: /Issue status changes/ }).check();
    await form.getByRole('button', { name: 'Add endpoint' }).click();

    const panel = page.getByRole('region', { name: 'Copy the signing secret' });
    await expect(panel.getByRole('heading', { name: 'Copy the signing secret' })).toBeFocused();
    const secret = await panel.getByLabel('Signing secret').inputValue();
    expect(secret.startsWith(WEBHOOK_SECRET_PREFIX)).toBe(true);
    await panel.getByRole('button', { name: 'Copy secret' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    expect((await new AxeBuilder({ page }).include('main').analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await panel.getByRole('button', { name: 'I have copied it' }).click();
    await expect(panel).toBeHidden();

    const item = page.getByRole('list', { name: 'Webhook endpoints' }).getByRole('listitem', { name: 'Help desk' });
    await expect(item).toContainText(url);
    await expect(item.getByRole('list', { name: 'Events' })).toContainText('New issues');
    await expect(item).toContainText('No deliveries yet.');
    // Never shown again: not after a reload either.
    await page.reload();
    await expect(page.getByRole('list', { name: 'Webhook endpoints' })).toContainText(url);
    await expect(page.locator('body')).not.toContainText(secret);

    await item.getByRole('button', { name: `Send test to ${url}` }).click();
    await expect(toast(page, 'Test event sent')).toBeVisible();
    const [request] = await receiver.waitFor('/help-desk');
    expect(verifyWebhookSignature(secret, request!.headers['vendvote-signature'] as string, request!.rawBody)).toBe(true);
    expect(JSON.parse(request!.rawBody)).toMatchObject({ type: 'ping' });

    const deliveries = item.getByRole('list', { name: 'Recent deliveries' });
    await expect(item.getByRole('button', { name: `Recent deliveries to ${url}` })).toHaveAttribute('aria-expanded', 'true');
    const delivery = deliveries.getByRole('listitem').first();
    await expect(delivery).toContainText('Test');
    await expect(delivery).toContainText('Delivered');
    await expect(delivery).toContainText('HTTP 200');
    await expect(delivery).toContainText('1 attempt');
    await expect(item).toContainText('answered 200');
    expect((await new AxeBuilder({ page }).include('main').analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

    // Switched off, an endpoint takes no test; deleting it asks first.
    await item.getByRole('switch', { name: `Send events to ${url}` }).click();
    await expect(item.getByRole('switch', { name: `Send events to ${url}` })).not.toBeChecked();
    await expect(item.getByRole('button', { name: `Send test to ${url}` })).toBeDisabled();
    await item.getByRole('button', { name: `Delete ${url}` }).click();
    await page.getByRole('alertdialog', { name: 'Delete this endpoint?' }).getByRole('button', { name: 'Delete endpoint' }).click();
    await expect(toast(page, 'Endpoint deleted')).toBeVisible();
    await expect(page.getByText('You have no webhook endpoints.')).toBeVisible();
  });

  test('on a phone, the card fits the screen', async ({ page, login }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await login(account, '/settings?tab=notifications');
    await page.getByRole('form', { name: 'New webhook endpoint' }).getByLabel('Endpoint URL').fill(`${receiver.url}/phone-with-a-rather-long-path/for/events`);
    await page.getByRole('checkbox', { name: /New suggestions/ }).check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await expect(page.getByRole('list', { name: 'Webhook endpoints' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
