/**
 * The price of printed QR magnets (spec core 9), in integer cents so no rounding drifts: the
 * server computes every figure from these, and the dialog shows the same ones.
 */

export const MAGNET_QUANTITIES = [1, 5, 10, 25] as const;
export type MagnetQuantity = (typeof MAGNET_QUANTITIES)[number];
export const DEFAULT_MAGNET_QUANTITY: MagnetQuantity = 10;

export const MAGNET_COUNTRIES = ['US', 'CA'] as const;
export type MagnetCountry = (typeof MAGNET_COUNTRIES)[number];
export const DEFAULT_MAGNET_COUNTRY: MagnetCountry = 'US';

export const DEFAULT_MAGNET_SKU = 'FRIDGE-MAGNET-6X6';
export const MAGNET_PRODUCTION_TIME = '3-4 business days';
export const MAGNET_CAPTION = 'Scan to vote for products';

/** Retail is the printer's cost times 1.5 (spec core 9). */
export const RETAIL_MARKUP = 1.5;
/** What the customer pays for shipping: a flat 4.99, free only above 25 magnets. */
export const CUSTOMER_SHIPPING_CENTS = 499;
export const FREE_SHIPPING_ABOVE_QUANTITY = 25;

/** The spec's fallback when the printer's catalogue cannot be read: 3" x 3" Standard, cost 3.99. */
export const FALLBACK_MAGNET_VARIANT = { id: 0, title: '3" x 3" Standard', options: { size: '3" x 3"' }, cost: 399 } as const;

export interface MagnetPrice {
  unitPriceCents: number;
  shippingCents: number;
  totalCents: number;
  /** What the printer charges us: the magnets, plus its shipping when it quoted one. */
  wholesaleCents: number;
  profitCents: number;
}

export function priceMagnets(variantCostCents: number, quantity: number, printerShippingCents = 0): MagnetPrice {
  const unitPriceCents = Math.round(variantCostCents * RETAIL_MARKUP);
  const shippingCents = quantity > FREE_SHIPPING_ABOVE_QUANTITY ? 0 : CUSTOMER_SHIPPING_CENTS;
  const totalCents = unitPriceCents * quantity + shippingCents;
  const wholesaleCents = variantCostCents * quantity + printerShippingCents;
  return { unitPriceCents, shippingCents, totalCents, wholesaleCents, profitCents: totalCents - wholesaleCents };
}

/** Cents as the API's money: a decimal string with two places (DECISIONS 6). */
export const centsToAmount = (cents: number) => (cents / 100).toFixed(2);

/** Money for people to read: '$14.97'. */
export const formatUsd = (cents: number) => `$${centsToAmount(cents)}`;
