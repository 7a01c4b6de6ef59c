import { z } from 'zod';
import { isPostalCode, regionCodeOf, RegionMessages } from '../../../shared/postal-regions.js';
import type { SubscriptionTier } from '../../../shared/auth.schemas.js';
import type { MagnetCountry } from '../../../shared/magnet-pricing.js';
import {
  CreateMagnetOrderSchema,
  MagnetMessages,
  MagnetQuoteAddressSchema,
  MagnetShippingAddressFieldsSchema,
  type MagnetQuote,
  type MagnetQuoteRequest,
} from '../../../shared/magnets.schemas.js';

/**
 * What the Order QR Magnet form checks (spec core 5): the shipping address (the country is chosen
 * beside the size) and the optional special instructions, with the shared messages.
 */
export const MagnetOrderFormSchema = z.object({
  shippingAddress: MagnetShippingAddressFieldsSchema.omit({ country: true }),
  specialInstructions: CreateMagnetOrderSchema.shape.specialInstructions,
});
export type MagnetOrderFormInput = z.input<typeof MagnetOrderFormSchema>;
export type MagnetOrderFormOutput = z.output<typeof MagnetOrderFormSchema>;
export type ShippingAddressInput = MagnetOrderFormInput['shippingAddress'];

export const ADDRESS_FIELDS = ['fullName', 'addressLine1', 'addressLine2', 'city', 'state', 'zipCode'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

export const EMPTY_MAGNET_ORDER_FORM: MagnetOrderFormInput = {
  shippingAddress: { fullName: '', addressLine1: '', addressLine2: '', city: '', state: '', zipCode: '' },
  specialInstructions: '',
};

type QuoteAddress = NonNullable<MagnetQuoteRequest['address']>;

/**
 * The address to price with, once every required field holds something valid; until then the
 * quote goes without one (and so without the printer's own shipping figure).
 */
export function quoteAddressOf(address: Partial<ShippingAddressInput>): QuoteAddress | undefined {
  const parsed = MagnetQuoteAddressSchema.safeParse({ ...address, addressLine2: address.addressLine2?.trim() || undefined });
  if (!parsed.success) return undefined;
  const { addressLine2, ...required } = parsed.data;
  return addressLine2 ? { ...required, addressLine2 } : required;
}

/** True when a validation message only says a required field is empty (shown once for the whole address). */
export const isMissingInformation = (message: string | undefined) => message === MagnetMessages.missingInformationText;

/** Field labels that follow the country: a US state and ZIP code, a Canadian province and postal code. */
export function addressLabels(country: MagnetCountry): Record<AddressField, string> {
  const canada = country === 'CA';
  return {
    fullName: 'Full Name',
    addressLine1: 'Address Line 1',
    addressLine2: 'Address Line 2 (optional)',
    city: 'City',
    state: canada ? 'Province' : 'State',
    zipCode: canada ? 'Postal Code' : 'ZIP Code',
  };
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** 'United States', 'Canada'. */
export const countryName = (country: MagnetCountry) => regionNames.of(country) ?? country;

/** Money as the API sends it (a decimal string) for people to read: '$14.97'. */
export const dollars = (amount: string) => `$${amount}`;

interface OrderButtonInput {
  tier: SubscriptionTier | undefined;
  /** How the quote says this operator pays; older answers lack it, and then the plan decides. */
  payment: MagnetQuote['payment'] | undefined;
  total: string | undefined;
  /** How a charge reads for this operator (useChargeFormat); plain dollars unless given. */
  format?: (amount: string) => string;
}

/**
 * The order button (spec core 2.9): an operator who pays on Stripe's page first (the Starter plan,
 * and a trial or a plan without a running subscription, by the server's quote) sees the total on
 * it; on the next invoice, the order is simply placed.
 */
/** The order button on an install without billing. */
export const MANUAL_ORDER_LABEL = 'Place Order for Manual Fulfilment';

export function orderButtonLabel({ tier, payment, total, format = dollars }: OrderButtonInput): string {
  // Without billing nothing is charged: the button must not promise a payment.
  if (payment === 'manual') return MANUAL_ORDER_LABEL;
  const paysFirst = payment ? payment === 'checkout' : tier === 'free';
  if (!paysFirst) return 'Place Order';
  return total ? `Pay ${format(total)} & Order` : 'Pay & Order';
}

/**
 * What the printer would refuse in an address: a state or province not of the chosen country, or a
 * malformed ZIP or postal code. Checked before the order is sent, with the server's own rules.
 */
export function addressProblemsOf(country: MagnetCountry, address: { state: string; zipCode: string }): Partial<Record<'state' | 'zipCode', string>> {
  const canada = country === 'CA';
  const problems: Partial<Record<'state' | 'zipCode', string>> = {};
  if (!regionCodeOf(country, address.state)) problems.state = canada ? RegionMessages.unknownProvince : RegionMessages.unknownState;
  if (!isPostalCode(country, address.zipCode)) problems.zipCode = canada ? RegionMessages.badPostalCode : RegionMessages.badZip;
  return problems;
}
