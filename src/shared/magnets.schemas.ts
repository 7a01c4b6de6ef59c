import { z } from 'zod';
import { isPostalCode, postalCodeOf, regionCodeOf, RegionMessages } from './postal-regions.js';
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
  /**
   * How this operator would pay: 'checkout' (on Stripe's page before printing: the Starter plan, a
   * trial, a plan without a running subscription) or 'invoice' (added to the next invoice of an
   * active subscription), or 'manual' when this install has no billing: nothing is charged, the
   * order waits for the admins to fulfil by hand. The order button reads 'Pay ${total} & Order' for
   * 'checkout' only.
   */
  payment: z.enum(['checkout', 'invoice', 'manual']),
});
export type MagnetQuote = z.infer<typeof MagnetQuoteSchema>;

const requiredAddressField = (max: number) =>
  z.string({ error: MagnetMessages.missingInformationText }).trim().min(1, MagnetMessages.missingInformationText).max(max, `Must be at most ${max} characters`);

/** Where an order goes (spec core 5), field by field: all but the second address line are required. */
export const MagnetShippingAddressFieldsSchema = z.object({
  fullName: requiredAddressField(200),
  addressLine1: requiredAddressField(200),
  addressLine2: z
    .string()
    .trim()
    .max(200, 'Must be at most 200 characters')
    .nullish()
    .transform((value) => value || null),
  city: requiredAddressField(100),
  state: requiredAddressField(100),
  zipCode: requiredAddressField(20),
  country: MagnetCountrySchema.default(DEFAULT_MAGNET_COUNTRY),
});

/**
 * The address as a whole: the state or province must be the country's and the ZIP or postal code
 * well formed, since the printer refuses an order it cannot post. Both are kept as the post writes
 * them (the state's code, a Canadian code in capitals with its space).
 */
export const MagnetShippingAddressSchema = MagnetShippingAddressFieldsSchema.superRefine((address, context) => {
  const canada = address.country === 'CA';
  if (address.state && !regionCodeOf(address.country, address.state)) {
    context.addIssue({ code: 'custom', path: ['state'], message: canada ? RegionMessages.unknownProvince : RegionMessages.unknownState });
  }
  if (address.zipCode && !isPostalCode(address.country, address.zipCode)) {
    context.addIssue({ code: 'custom', path: ['zipCode'], message: canada ? RegionMessages.badPostalCode : RegionMessages.badZip });
  }
}).transform((address) => ({
  ...address,
  state: regionCodeOf(address.country, address.state) ?? address.state,
  zipCode: postalCodeOf(address.country, address.zipCode),
}));
export type MagnetShippingAddressInput = z.input<typeof MagnetShippingAddressSchema>;

/** Money as the browser may send it: a decimal string or a number of dollars. Checked, never used. */
const BrowserMoney = z.union([z.string().trim().regex(/^\d+(\.\d{1,2})?$/), z.number().nonnegative()]);

/**
 * POST /api/magnet-orders, the spec's body. The machine must be the operator's; its name and vote
 * address are taken from our records (`machineName` and `qrCodeUrl` are accepted and ignored). The
 * prices are compared with the server's own and an order whose prices differ is refused.
 */
export const CreateMagnetOrderSchema = z.object({
  machineId: z.coerce.number().int().positive(),
  machineName: z.string().max(200).optional(),
  qrCodeUrl: z.string().max(2000).optional(),
  /** The variant's id (or the default SKU); `magnetSize` may name the size instead. */
  sku: z.union([z.string().trim().min(1).max(100), z.number().int()]).optional(),
  magnetSize: z.string().trim().max(100).optional(),
  quantity: MagnetQuantitySchema,
  unitPrice: BrowserMoney,
  totalPrice: BrowserMoney,
  shippingAddress: MagnetShippingAddressSchema,
  specialInstructions: z
    .string()
    .trim()
    .max(1000, 'Special instructions must be at most 1000 characters')
    .nullish()
    .transform((value) => value || null),
});
export type CreateMagnetOrder = z.input<typeof CreateMagnetOrderSchema>;

export const MAGNET_ORDER_STATUSES = [
  'awaiting_payment',
  'pending',
  'on-hold',
  'sending-to-production',
  'in-production',
  'fulfilled',
  'canceled',
  'had-issues',
] as const;
export type MagnetOrderStatus = (typeof MAGNET_ORDER_STATUSES)[number];

export const MagnetTrackingSchema = z.object({ carrier: z.string().nullable(), number: z.string(), url: z.string().nullable() });

/**
 * The answer to an order (spec core 7). With `requiresPayment` (Starter plan), `checkoutUrl` is the
 * Stripe page the browser goes to; the order is printed once Stripe confirms the payment.
 */
export const MagnetOrderResultSchema = z.object({
  requiresPayment: z.boolean(),
  /** The toast's title: 'Payment Required', 'Order Submitted to Printify!', or 'Order received' without Printify. */
  title: z.string(),
  message: z.string(),
  orderId: z.number().int(),
  checkoutUrl: z.string().nullable(),
  trackingInfo: MagnetTrackingSchema.nullable(),
});
export type MagnetOrderResult = z.infer<typeof MagnetOrderResultSchema>;

export const MagnetOrderMessages = {
  paymentRequired: 'Payment Required',
  paymentRequiredText: 'You will be taken to a secure Stripe page to pay for your magnets.',
  submitted: 'Order Submitted to Printify!',
  submittedText: 'Your magnets are being printed; we will email you the tracking number when they ship.',
  received: 'Order received',
  receivedText: 'Your magnets will be printed and shipped; we will email you the tracking number.',
  manualReceived: 'Order received for manual fulfilment',
  manualReceivedText: 'Nothing was charged. Our team will print and post your magnets by hand and email you the tracking number.',
  /** Shown as soon as the order dialog opens on an install without billing. */
  manualNotice: 'Billing is not configured, so nothing is charged online. Your order will wait for our team to fulfil it by hand; they will contact you about payment and email you the tracking number.',
  priceChanged: 'The price has changed. Please review the new total and order again.',
  machineNotFound: 'Machine not found',
  nothingToPay: 'This order has nothing left to pay.',
  paymentExpired: 'The payment page for this order has expired, so the order was canceled. Please order again.',
  printerUnavailable: 'Our printer cannot take orders right now. Please try again in a few minutes.',
} as const;

/** How each status reads to an operator. */
export const MAGNET_ORDER_STATUS_LABELS: Record<MagnetOrderStatus, string> = {
  awaiting_payment: 'Awaiting payment',
  pending: 'Pending',
  'on-hold': 'On hold',
  'sending-to-production': 'Sending to production',
  'in-production': 'In production',
  fulfilled: 'Shipped',
  canceled: 'Canceled',
  'had-issues': 'Had issues',
};

/**
 * One order as its operator sees it (GET /api/magnet-orders, GET /api/magnet-orders/:id, which is
 * also the receipt). Money as decimal strings. `machineId` is null once the machine is deleted; the
 * order keeps the machine's name.
 */
export const MagnetOrderSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  machineId: z.number().int().nullable(),
  machineName: z.string(),
  magnetSize: z.string(),
  quantity: z.number().int(),
  unitPrice: Money,
  shipping: Money,
  total: Money,
  status: z.enum(MAGNET_ORDER_STATUSES),
  /**
   * 'checkout': paid on Stripe's page (Starter plan); 'invoice': added to the next invoice (paid
   * plans); 'manual': taken without billing, settled by the admins who fulfil it.
   */
  paymentMethod: z.enum(['checkout', 'invoice', 'manual']),
  paidAt: z.string().nullable(),
  shippingAddress: z.object({
    fullName: z.string(),
    addressLine1: z.string(),
    addressLine2: z.string().nullable(),
    city: z.string(),
    state: z.string(),
    zipCode: z.string(),
    country: MagnetCountrySchema,
  }),
  specialInstructions: z.string().nullable(),
  tracking: MagnetTrackingSchema.nullable(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type MagnetOrderView = z.infer<typeof MagnetOrderSchema>;
export const MagnetOrderListSchema = z.array(MagnetOrderSchema);

/** What the browser asks after Stripe sends it back from paying for an order. */
export const ConfirmMagnetPaymentSchema = z.object({ sessionId: z.string().trim().min(1).max(255) });

/** Admins' list of orders to print and post by hand (without Printify, or refused by it), with each order's operator. */
export const AdminMagnetOrderSchema = MagnetOrderSchema.extend({
  operatorEmail: z.string(),
  wholesaleCost: Money,
  printifyOrderId: z.string().nullable(),
  /** Why Printify refused the order, when it did. */
  printifyProblem: z.string().nullable(),
  qrImageUrl: z.string(),
});
export const AdminMagnetOrderListSchema = z.array(AdminMagnetOrderSchema);
export const AdminMagnetOrderQuerySchema = z.object({ status: z.enum(MAGNET_ORDER_STATUSES).optional() });

/** An admin marks an order shipped by hand: the carrier and tracking number reach the operator by mail. */
export const MarkMagnetOrderShippedSchema = z.object({
  carrier: z.string().trim().min(1, 'Carrier is required').max(100),
  trackingNumber: z.string().trim().min(1, 'Tracking number is required').max(100),
  trackingUrl: z
    .string()
    .trim()
    .max(2000)
    .url('Tracking link must be a web address')
    .refine((url) => /^https?:\/\//i.test(url), 'Tracking link must be a web address')
    .nullish()
    .or(z.literal('').transform(() => null)),
});
