import { z } from 'zod';
import { DEFAULT_MAGNET_COUNTRY, DEFAULT_MAGNET_SKU, MAGNET_COUNTRIES, MAGNET_QUANTITIES } from './magnet-pricing.js';

/** QR magnets (spec core 2.9, 3, 7, 9): the sizes on offer and what an order costs. */

export const MagnetMessages = {
  unknownSize: 'That magnet size is not available. Please choose another size.',
  badQuantity: `Quantity must be ${MAGNET_QUANTITIES.join(', ')}`,
  badCountry: 'We ship magnets to the United States and Canada only',
  /** Spec core 8. */
  missingInformationTitle: 'Missing Information',
  missingInformationText: 'Please fill in all required shipping address fields.',
  orderFailedTitle: 'Order Failed',
  orderFailedText: 'Failed to submit magnet order',
} as const;

/** GET /api/printify/magnet-variants: each size on offer, with the printer's cost in cents. */
export const MagnetVariantSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  options: z.object({ size: z.string() }),
  cost: z.number().int(),
});
export type MagnetVariant = z.infer<typeof MagnetVariantSchema>;
export const MagnetVariantListSchema = z.array(MagnetVariantSchema);

export const MagnetQuantitySchema = z.union(
  MAGNET_QUANTITIES.map((quantity) => z.literal(quantity)) as unknown as [z.ZodLiteral<1>, z.ZodLiteral<5>, z.ZodLiteral<10>, z.ZodLiteral<25>],
  { error: MagnetMessages.badQuantity },
);
export const MagnetCountrySchema = z.enum(MAGNET_COUNTRIES, { error: MagnetMessages.badCountry });

/** Where the magnets go; with it, the quote includes the printer's real shipping to that address. */
export const MagnetQuoteAddressSchema = z.object({
  fullName: z.string().trim().min(1).max(200),
  addressLine1: z.string().trim().min(1).max(200),
  addressLine2: z.string().trim().max(200).optional(),
  city: z.string().trim().min(1).max(100),
  state: z.string().trim().min(1).max(100),
  zipCode: z.string().trim().min(1).max(20),
});

/**
 * POST /api/magnet-quote. `sku` is a variant's id, or the spec's default SKU for the first size on
 * offer.
 */
export const MagnetQuoteRequestSchema = z.object({
  sku: z.union([z.string().trim().min(1).max(100), z.number().int()]).default(DEFAULT_MAGNET_SKU),
  quantity: MagnetQuantitySchema,
  countryCode: MagnetCountrySchema.default(DEFAULT_MAGNET_COUNTRY),
  address: MagnetQuoteAddressSchema.optional(),
});
export type MagnetQuoteRequest = z.input<typeof MagnetQuoteRequestSchema>;

const Money = z.object({ amount: z.string() });

/**
 * The server's price of an order: what the customer pays (`retailPrice`, the total), what the
 * printer charges us (`wholesaleCost`) and the difference (`yourProfit`), with the lines the
 * dialog shows. Money as decimal strings (DECISIONS 6).
 */
export const MagnetQuoteSchema = z.object({
  variant: MagnetVariantSchema,
  quantity: z.number().int(),
  unitPrice: Money,
  shipping: Money,
  retailPrice: Money,
  wholesaleCost: Money,
  yourProfit: Money,
  /** True when the wholesale cost includes the printer's shipping quote for the address. */
  printerShippingQuoted: z.boolean(),
});
export type MagnetQuote = z.infer<typeof MagnetQuoteSchema>;
