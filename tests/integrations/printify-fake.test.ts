import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  PrintifyClient,
  PrintifyError,
  printifySettingsFrom,
  verifyWebhook,
  type CreatePrintifyOrder,
  type PrintifyAddress,
} from '../../src/server/integrations/printify/printify-client.js';
import { startFakePrintify, type FakePrintify, type FakePrintifyOptions } from '../fakes/printify.js';

/** The real client against the local Printify: what the magnet order flow relies on both to do. */
const API_TOKEN = 'pfy_test_token_0123456789abcdef';
const WEBHOOK_SECRET = 'pfy_whsec_0123456789';
const SHOP_ID = '4242';
const BLUEPRINT_ID = 1305;
const PRINT_PROVIDER_ID = 56;
const SMALL = { id: 90101, size: '3" x 3"', cost: 399 };
const MEDIUM = { id: 90102, size: '4" x 4"', cost: 549 };
const LARGE = { id: 90103, size: '6" x 6"', cost: 799 };

const address: PrintifyAddress = {
  first_name: 'Kim',
  last_name: 'Lee',
  email: 'kim@example.com',
  country: 'US',
  region: 'OR',
  address1: '1 Main St',
  city: 'Portland',
  zip: '97201',
};
const magnet = (variantId: number, quantity: number) => ({
  blueprintId: BLUEPRINT_ID,
  printProviderId: PRINT_PROVIDER_ID,
  variantId,
  quantity,
});
let orderNumber = 0;
const anOrder = (overrides: Partial<CreatePrintifyOrder> = {}): CreatePrintifyOrder => ({
  externalId: `vv-magnet-${++orderNumber}`,
  lineItems: [{ ...magnet(SMALL.id, 10), printAreas: { front: 'https://vendvote.test/qr/abc.png' } }],
  shippingMethod: 1,
  sendShippingNotification: false,
  addressTo: address,
  ...overrides,
});

interface Received {
  headers: IncomingHttpHeaders;
  raw: Buffer;
}
const received: Received[] = [];
let receiver: Server;
let fake: FakePrintify;
let printify: PrintifyClient;

const fakeOptions = (overrides: Partial<FakePrintifyOptions> = {}): FakePrintifyOptions => ({
  apiToken: API_TOKEN,
  shopId: SHOP_ID,
  blueprintId: BLUEPRINT_ID,
  printProviderId: PRINT_PROVIDER_ID,
  variants: [SMALL, MEDIUM, LARGE],
  ...overrides,
});
const clientFor = (target: FakePrintify, overrides: Partial<ConstructorParameters<typeof PrintifyClient>[0]> = {}) =>
  new PrintifyClient({ apiToken: API_TOKEN, shopId: SHOP_ID, apiBase: target.url, retryBaseMs: 5, ...overrides });

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, raw: Buffer.concat(chunks) });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/printify/webhook`;
  fake = await startFakePrintify(fakeOptions({ webhookUrl, webhookSecret: WEBHOOK_SECRET }));
  printify = clientFor(fake);
});
afterAll(async () => {
  await fake.close();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

async function rejection(promise: Promise<unknown>): Promise<PrintifyError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(PrintifyError);
  return error as PrintifyError;
}

describe('the catalogue and shipping', () => {
  test("the shop's magnet product: each size with Printify's cost, the blueprint and provider, and which are on sale", async () => {
    const switchedOff = await startFakePrintify(fakeOptions({ productId: 'the-magnet', disabledVariantIds: [LARGE.id] }));
    try {
      const product = await clientFor(switchedOff).getProduct('the-magnet');
      expect(product).toMatchObject({ blueprint_id: BLUEPRINT_ID, print_provider_id: PRINT_PROVIDER_ID });
      expect(product.variants.map((variant) => [variant.id, variant.title, variant.cost, variant.is_enabled])).toEqual([
        [SMALL.id, SMALL.size, SMALL.cost, true],
        [MEDIUM.id, MEDIUM.size, MEDIUM.cost, true],
        [LARGE.id, LARGE.size, LARGE.cost, false],
      ]);
      expect(switchedOff.requests.at(-1)!.path).toBe(`/v1/shops/${SHOP_ID}/products/the-magnet.json`);
      expect((await rejection(clientFor(switchedOff).getProduct('another'))).status).toBe(404);
    } finally {
      await switchedOff.close();
    }
  });

  test("the magnet's variants, asked with our token and a User-Agent naming VendVote", async () => {
    const { variants } = await printify.listBlueprintVariants(BLUEPRINT_ID, PRINT_PROVIDER_ID);
    expect(variants.map((variant) => [variant.id, variant.options.size])).toEqual([
      [SMALL.id, SMALL.size],
      [MEDIUM.id, MEDIUM.size],
      [LARGE.id, LARGE.size],
    ]);
    const sent = fake.requests.at(-1)!;
    expect(sent.path).toBe(`/v1/catalog/blueprints/${BLUEPRINT_ID}/print_providers/${PRINT_PROVIDER_ID}/variants.json`);
    expect(sent.authorization).toBe(`Bearer ${API_TOKEN}`);
    expect(sent.userAgent).toMatch(/^VendVote\//);
    const unknown = await rejection(printify.listBlueprintVariants(BLUEPRINT_ID, 999));
    expect(unknown.status).toBe(404);
  });

  test('shipping to the US and Canada, in cents, for Printify-shaped line items; elsewhere refused', async () => {
    const us = await printify.calculateShipping({ lineItems: [magnet(SMALL.id, 10)], address });
    expect(us).toEqual({ standard: 449 + 49 * 9, express: 1099 + 99 * 9 });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/shops/${SHOP_ID}/orders/shipping.json`,
      contentType: expect.stringMatching(/^application\/json/),
      body: {
        line_items: [{ blueprint_id: BLUEPRINT_ID, print_provider_id: PRINT_PROVIDER_ID, variant_id: SMALL.id, quantity: 10 }],
        address_to: address,
      },
    });
    const canada = await printify.calculateShipping({
      lineItems: [magnet(LARGE.id, 1)],
      address: { ...address, country: 'CA', region: 'BC' },
    });
    expect(canada.standard).toBe(799);
    const abroad = await rejection(
      printify.calculateShipping({ lineItems: [magnet(SMALL.id, 1)], address: { ...address, country: 'GB' } }),
    );
    expect(abroad.status).toBe(400);
    expect(abroad.message).toMatch(/does not ship to GB/);
  });
});

describe('orders', () => {
  test('an order made on the fly is held, then sent to production; sending it again is harmless', async () => {
    const input = anOrder({ label: 'Machine 7 magnets' });
    const { id } = await printify.createOrder(input);
    expect(fake.requests.at(-1)!.body).toMatchObject({
      external_id: input.externalId,
      label: 'Machine 7 magnets',
      shipping_method: 1,
      send_shipping_notification: false,
      line_items: [
        {
          blueprint_id: BLUEPRINT_ID,
          print_provider_id: PRINT_PROVIDER_ID,
          variant_id: SMALL.id,
          quantity: 10,
          print_areas: { front: 'https://vendvote.test/qr/abc.png' },
        },
      ],
    });
    const held = await printify.getOrder(id);
    expect(held).toMatchObject({
      id,
      external_id: input.externalId,
      status: 'on-hold',
      total_price: SMALL.cost * 10,
      total_shipping: 449 + 49 * 9,
    });
    expect(held.line_items[0]).toMatchObject({ variant_id: SMALL.id, cost: SMALL.cost });

    await printify.sendToProduction(id);
    expect((await printify.getOrder(id)).status).toBe('in-production');
    await printify.sendToProduction(id);
    const page = await printify.listOrders({ page: 1 });
    expect(page.data[0]!.id).toBe(id);
  });

  test('an order the print provider cannot make is refused with the reason', async () => {
    const error = await rejection(
      printify.createOrder(
        anOrder({ lineItems: [{ ...magnet(12345, 1), printAreas: { front: 'https://vendvote.test/qr.png' } }] }),
      ),
    );
    expect(error.status).toBe(400);
    expect(error.body).toMatchObject({
      message: 'Validation failed.',
      errors: { reason: expect.stringMatching(/variant 12345/) },
    });
  });

  test('a second order with the same external id is refused; where duplicates are accepted, the look-up still finds it', async () => {
    const input = anOrder();
    const { id } = await printify.createOrder(input);
    const duplicate = await rejection(printify.createOrder(input));
    expect(duplicate.status).toBe(400);
    expect(duplicate.message).toMatch(/external_id/);
    expect([...fake.orders.values()].filter((order) => order.external_id === input.externalId)).toHaveLength(1);
    expect((await printify.findOrderByExternalId(input.externalId))?.id).toBe(id);

    const lenient = await startFakePrintify(fakeOptions({ duplicateExternalIds: 'accept' }));
    try {
      const client = clientFor(lenient);
      const first = await client.createOrder(input);
      const second = await client.createOrder(input);
      expect(second.id).not.toBe(first.id);
      expect((await client.findOrderByExternalId(input.externalId))?.external_id).toBe(input.externalId);
      expect(await client.findOrderByExternalId('vv-magnet-never-placed')).toBeUndefined();
    } finally {
      await lenient.close();
    }
  });
});

describe('retries', () => {
  test('two 500s, then the answer', async () => {
    const { id } = await printify.createOrder(anOrder());
    const before = fake.requests.length;
    fake.failNext(2, { status: 500 });
    expect((await printify.getOrder(id)).id).toBe(id);
    expect(fake.requests.length - before).toBe(3);
  });

  test('a 429 is retried after the Retry-After it names', async () => {
    const started = Date.now();
    fake.failNext(1, { status: 429, retryAfterSeconds: 1 });
    await printify.listBlueprintVariants(BLUEPRINT_ID, PRINT_PROVIDER_ID);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  test('after three failures the last one is reported', async () => {
    const before = fake.requests.length;
    fake.failNext(3, { status: 503 });
    const error = await rejection(printify.listOrders());
    expect(error.status).toBe(503);
    expect(fake.requests.length - before).toBe(3);
  });

  test('a request that gets no answer in time is tried again', async () => {
    const impatient = clientFor(fake, { timeoutMs: 150 });
    fake.failNext(1, { status: 500, delayMs: 600 });
    expect((await impatient.listOrders()).current_page).toBe(1);
    fake.failNext(2, { status: 500, delayMs: 600 });
    const error = await rejection(clientFor(fake, { timeoutMs: 150, maxAttempts: 2 }).listOrders());
    expect(error.status).toBeNull();
    expect(error.message).toMatch(/no answer within 150 ms/);
  });

  test('an order whose answer was lost is found by its external id, not placed twice', async () => {
    const input = anOrder();
    fake.failNext(1, { status: 502, afterProcessing: true });
    const { id } = await printify.createOrder(input);
    const placed = [...fake.orders.values()].filter((order) => order.external_id === input.externalId);
    expect(placed.map((order) => order.id)).toEqual([id]);
    expect(fake.requests.slice(-2).map((request) => `${request.method} ${request.path}`)).toEqual([
      `POST /v1/shops/${SHOP_ID}/orders.json`,
      `GET /v1/shops/${SHOP_ID}/orders.json`,
    ]);
  });

  test('a 4xx is not retried, and its error carries the status and body but never the token', async () => {
    const wrongToken = new PrintifyClient({ apiToken: 'pfy_wrong_token', shopId: SHOP_ID, apiBase: fake.url, retryBaseMs: 5 });
    const before = fake.requests.length;
    const unauthorized = await rejection(wrongToken.listOrders());
    expect(unauthorized).toMatchObject({ status: 401, body: { message: 'Unauthenticated.' } });
    expect(fake.requests.length - before).toBe(1);

    const missing = await rejection(printify.getOrder('000000000000000000000000'));
    expect(missing.status).toBe(404);
    const otherShop = await rejection(clientFor(fake, { shopId: '9999' }).listOrders());
    expect(otherShop.message).toMatch(/Shop not found/);
    for (const error of [unauthorized, missing, otherShop]) {
      const everything = [error.message, error.stack, String(error), inspect(error, { depth: 5 }), JSON.stringify(error)].join(
        '\n',
      );
      expect(everything).not.toContain(API_TOKEN);
      expect(everything).not.toContain('pfy_wrong_token');
    }
  });
});

describe("the catalogue's rate limit", () => {
  test('the 101st catalogue request in a minute gets a 429; a wait that long fails at once', async () => {
    const limited = await startFakePrintify(fakeOptions());
    try {
      const client = clientFor(limited, { maxRetryDelayMs: 1000 });
      for (let request = 0; request < 100; request++) await client.listBlueprintVariants(BLUEPRINT_ID, PRINT_PROVIDER_ID);
      const error = await rejection(client.listBlueprintVariants(BLUEPRINT_ID, PRINT_PROVIDER_ID));
      expect(error.status).toBe(429);
      expect(error.retryAfterMs).toBeGreaterThan(1000);
      expect(limited.requests).toHaveLength(101);
      // Orders are outside the catalogue's limit.
      expect((await client.calculateShipping({ lineItems: [magnet(SMALL.id, 1)], address })).standard).toBe(449);
    } finally {
      await limited.close();
    }
  });
});

describe('webhooks', () => {
  test("production, shipping and delivery arrive signed; Printify's signature verifies, a forged or missing one does not", async () => {
    const { id } = await printify.createOrder(anOrder());
    await printify.sendToProduction(id);
    fake.ship(id, {
      carrier: 'USPS',
      trackingNumber: '9400110200828911663274',
      url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400110200828911663274',
    });
    fake.deliver(id);
    await fake.flushWebhooks();

    const forOrder = received.filter(
      (delivery) => (JSON.parse(delivery.raw.toString('utf8')) as { resource: { id: string } }).resource.id === id,
    );
    const events = forOrder.map(
      (delivery) => JSON.parse(delivery.raw.toString('utf8')) as { type: string; resource: { data: Record<string, unknown> } },
    );
    expect(events.map((event) => event.type)).toEqual([
      'order:created',
      'order:sent-to-production',
      'order:updated',
      'order:shipment:created',
      'order:updated',
      'order:shipment:delivered',
    ]);
    expect(events[3]!.resource.data).toMatchObject({
      shop_id: Number(SHOP_ID),
      carrier: { code: 'USPS', tracking_number: '9400110200828911663274' },
    });
    expect(events[4]!.resource.data.status).toBe('fulfilled');
    expect((await printify.getOrder(id)).shipments[0]).toMatchObject({
      number: '9400110200828911663274',
      delivered_at: expect.any(String),
    });

    for (const delivery of forOrder) {
      expect(verifyWebhook(delivery.raw, delivery.headers['x-pfy-signature'], WEBHOOK_SECRET)).toBe(true);
    }
    const { raw, headers } = forOrder[0]!;
    expect(verifyWebhook(raw, headers['x-pfy-signature'], 'someone-elses-secret')).toBe(false);
    expect(
      verifyWebhook(
        Buffer.from(raw.toString('utf8').replace('order:created', 'order:updated')),
        headers['x-pfy-signature'],
        WEBHOOK_SECRET,
      ),
    ).toBe(false);
    expect(verifyWebhook(raw, undefined, WEBHOOK_SECRET)).toBe(false);
    expect(verifyWebhook(raw, 'sha256=not-hex', WEBHOOK_SECRET)).toBe(false);
    expect(verifyWebhook(raw, headers['x-pfy-signature'], '')).toBe(false);
    const forged = fake.signed(fake.events.at(-1)!, 'someone-elses-secret');
    expect(verifyWebhook(Buffer.from(forged.payload), forged.headers['x-pfy-signature'], WEBHOOK_SECRET)).toBe(false);
    expect(fake.deliveries.every((delivery) => delivery.status === 200)).toBe(true);
  });
});

describe('settings', () => {
  test('off without a token and a shop; with them, the magnet product must be named', () => {
    expect(printifySettingsFrom({ PRINTIFY_SHOP_ID: SHOP_ID })).toBeUndefined();
    expect(() => printifySettingsFrom({ PRINTIFY_API_TOKEN: API_TOKEN, PRINTIFY_SHOP_ID: SHOP_ID })).toThrow(/PRINTIFY_PRODUCT_ID/);
    const settings = printifySettingsFrom({
      PRINTIFY_API_TOKEN: API_TOKEN,
      PRINTIFY_SHOP_ID: SHOP_ID,
      PRINTIFY_PRODUCT_ID: 'magnet-product',
      PRINTIFY_WEBHOOK_SECRET: '',
    });
    expect(settings).toMatchObject({ shopId: SHOP_ID, productId: 'magnet-product', webhookSecret: undefined });
    expect(settings!.client.shopId).toBe(SHOP_ID);
  });
});
