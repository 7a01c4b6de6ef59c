import pino from 'pino';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PrintifyClient, type PrintifySettings } from '../../src/server/integrations/printify/printify-client.js';
import { DEFAULT_MAGNET_SKU } from '../../src/shared/magnet-pricing.js';
import { MagnetMessages, type MagnetQuote } from '../../src/shared/magnets.schemas.js';
import { startFakePrintify, type FakePrintify } from '../fakes/printify.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { api, expectJsonError, signIn } from './helpers.js';

const SMALL = { id: 101, size: '3" x 3"', cost: 399 };
const LARGE = { id: 103, size: '6" x 6"', cost: 850 };
const SWITCHED_OFF = { id: 102, size: '4" x 4"', cost: 500 };

let fake: FakePrintify;
let withPrintify: TestApp;
let printifyDown: TestApp;
let withoutPrintify: TestApp;
const settingsFor = (target: FakePrintify, productId = 'magnet-product'): PrintifySettings => ({
  client: new PrintifyClient({ apiToken: 'printify-token', shopId: '4242', apiBase: target.url, retryBaseMs: 5, maxAttempts: 1 }),
  shopId: '4242',
  productId,
});
beforeAll(async () => {
  fake = await startFakePrintify({
    apiToken: 'printify-token',
    shopId: '4242',
    blueprintId: 600,
    printProviderId: 70,
    variants: [SMALL, SWITCHED_OFF, LARGE],
    disabledVariantIds: [SWITCHED_OFF.id],
  });
  withPrintify = await createTestApp({ printify: settingsFor(fake) });
  printifyDown = await createTestApp({ printify: settingsFor(fake, 'a-product-that-is-gone') });
  withoutPrintify = await createTestApp();
});
afterAll(async () => {
  await withPrintify.close();
  await printifyDown.close();
  await withoutPrintify.close();
  await fake.close();
});

const productReads = () => fake.requests.filter((request) => request.path.includes('/products/')).length;

describe('GET /api/printify/magnet-variants', () => {
  test("with Printify: the magnet product's enabled sizes with their cost in cents, read once and then kept", async () => {
    const { cookie } = await signIn(withPrintify);
    const before = productReads();
    const first = await api(withPrintify, cookie).get('/api/printify/magnet-variants');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual([
      { id: SMALL.id, title: SMALL.size, options: { size: SMALL.size }, cost: SMALL.cost },
      { id: LARGE.id, title: LARGE.size, options: { size: LARGE.size }, cost: LARGE.cost },
    ]);
    await Promise.all([1, 2, 3].map(() => api(withPrintify, cookie).get('/api/printify/magnet-variants')));
    expect(productReads() - before).toBeLessThanOrEqual(1);
  });

  test("without Printify, or when it fails: the spec's fallback size, 3\" x 3\" Standard at 3.99", async () => {
    for (const app of [withoutPrintify, printifyDown]) {
      const { cookie } = await signIn(app);
      expect((await api(app, cookie).get('/api/printify/magnet-variants')).json()).toEqual([
        { id: 0, title: '3" x 3" Standard', options: { size: '3" x 3"' }, cost: 399 },
      ]);
    }
  });

  test('signed out: 401', async () => {
    expect((await api(withPrintify).get('/api/printify/magnet-variants')).statusCode).toBe(401);
  });
});

describe('POST /api/magnet-quote', () => {
  const quote = async (app: TestApp, body: Record<string, unknown>) => {
    const { cookie } = await signIn(app);
    return api(app, cookie).post('/api/magnet-quote', body);
  };

  test("the spec's rule: retail cost × 1.5 a magnet, 4.99 shipping, and the difference to the printer's cost", async () => {
    const response = await quote(withoutPrintify, { sku: DEFAULT_MAGNET_SKU, quantity: 10, countryCode: 'US' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      quantity: 10,
      unitPrice: { amount: '5.99' },
      shipping: { amount: '4.99' },
      retailPrice: { amount: '64.89' },
      wholesaleCost: { amount: '39.90' },
      yourProfit: { amount: '24.99' },
      printerShippingQuoted: false,
    });
  });

  test('a size by its id, priced from its own cost; the default SKU is the first size on offer', async () => {
    const large = (await quote(withPrintify, { sku: LARGE.id, quantity: 5 })).json() as MagnetQuote;
    expect(large).toMatchObject({ variant: { id: LARGE.id }, unitPrice: { amount: '12.75' }, retailPrice: { amount: '68.74' } });
    const byDefault = (await quote(withPrintify, { quantity: 1 })).json() as MagnetQuote;
    expect(byDefault.variant.id).toBe(SMALL.id);
  });

  test("with an address, the printer's real shipping goes into the wholesale cost, not into the customer's price", async () => {
    const address = { fullName: 'Sam Rivera', addressLine1: '1 Main St', city: 'Portland', state: 'OR', zipCode: '97201' };
    const withAddress = (await quote(withPrintify, { sku: SMALL.id, quantity: 10, countryCode: 'US', address })).json() as MagnetQuote;
    const without = (await quote(withPrintify, { sku: SMALL.id, quantity: 10, countryCode: 'US' })).json() as MagnetQuote;
    expect(withAddress.printerShippingQuoted).toBe(true);
    expect(withAddress.retailPrice).toEqual(without.retailPrice);
    expect(Number(withAddress.wholesaleCost.amount)).toBeGreaterThan(Number(without.wholesaleCost.amount));
    expect(Number(withAddress.yourProfit.amount)).toBeCloseTo(Number(withAddress.retailPrice.amount) - Number(withAddress.wholesaleCost.amount), 2);
    const shippingCall = fake.requests.filter((request) => request.path.endsWith('/orders/shipping.json')).at(-1)!;
    expect(shippingCall.body).toMatchObject({ address_to: { first_name: 'Sam', last_name: 'Rivera', country: 'US', region: 'OR', zip: '97201' } });
  });

  test('a size not on offer (switched off or unknown), a quantity outside 1, 5, 10, 25, a country we do not ship to: 400', async () => {
    expectJsonError(await quote(withPrintify, { sku: SWITCHED_OFF.id, quantity: 10 }), 400, MagnetMessages.unknownSize);
    expectJsonError(await quote(withPrintify, { sku: 'nope', quantity: 10 }), 400, MagnetMessages.unknownSize);
    for (const quantity of [0, 2, 26, 10.5, '10']) expect((await quote(withPrintify, { quantity })).statusCode).toBe(400);
    expect((await quote(withPrintify, { quantity: 10, countryCode: 'MX' })).statusCode).toBe(400);
  });
});

test('the fallback is logged as a warning, without the token', async () => {
  const lines: string[] = [];
  const log = pino({ level: 'warn' }, { write: (line: string) => lines.push(line) });
  const { magnetCatalogue } = await import('../../src/server/features/magnets/magnet-variants.js');
  const catalogue = await magnetCatalogue(settingsFor(fake, 'missing-product'), log);
  expect(catalogue.source).toBe('fallback');
  expect(lines.join('\n')).toContain('fallback size');
  expect(lines.join('\n')).not.toContain('printify-token');
});
