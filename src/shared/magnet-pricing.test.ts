import { describe, expect, test } from 'vitest';
import { centsToAmount, FALLBACK_MAGNET_VARIANT, priceMagnets } from './magnet-pricing.js';

describe('priceMagnets', () => {
  test('retail is cost × 1.5 per magnet, plus 4.99 shipping; the total is price times quantity plus shipping', () => {
    expect(priceMagnets(FALLBACK_MAGNET_VARIANT.cost, 10)).toEqual({
      unitPriceCents: 599,
      shippingCents: 499,
      totalCents: 6489,
      wholesaleCents: 3990,
      profitCents: 2499,
    });
  });

  test('shipping is free only above 25 magnets', () => {
    expect(priceMagnets(399, 25).shippingCents).toBe(499);
    expect(priceMagnets(399, 26).shippingCents).toBe(0);
  });

  test("the printer's shipping quote is part of the wholesale cost, not of the customer's price", () => {
    const price = priceMagnets(399, 5, 650);
    expect(price.totalCents).toBe(599 * 5 + 499);
    expect(price.wholesaleCents).toBe(399 * 5 + 650);
    expect(price.profitCents).toBe(price.totalCents - price.wholesaleCents);
  });

  test('half cents round to the nearest cent', () => {
    expect(priceMagnets(333, 1).unitPriceCents).toBe(500);
  });

  test('money goes out as decimal strings with two places', () => {
    expect(centsToAmount(6489)).toBe('64.89');
    expect(centsToAmount(0)).toBe('0.00');
  });
});
