import type { CURRENCIES } from './settings.schemas.js';

export type Currency = (typeof CURRENCIES)[number];

/**
 * Money on screen (docs/decisions/0019-currency.md). Two kinds, never mixed up:
 * - what the operator records themselves (prices, values of goods) is in their chosen currency;
 * - what VendVote charges (plans, magnets) is billed by Stripe in US dollars, and stays in US
 *   dollars: we keep no exchange rates, and a converted figure would not be what the card is charged.
 *   For an operator who keeps another currency it reads 'US$', so it is never taken for theirs.
 */

const amountOf = (amount: string | number) => (typeof amount === 'number' ? amount : Number(amount));

/** An amount in the operator's own currency: '$1.50', '€1.50', '£1.50', 'CA$1.50'. */
export function formatMoney(amount: string | number, currency: Currency): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amountOf(amount));
}

/** One of our charges, in US dollars: '$14.97' for an operator in dollars, 'US$14.97' for the others. */
export function formatCharge(amount: string | number, preferred: Currency = 'USD'): string {
  const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amountOf(amount));
  return preferred === 'USD' ? dollars : `US${dollars}`;
}

/** Money as whole cents in a bigint: a 100,000-unit line of a costly product stays exact, and so does their sum. */
export function centsOf(amount: string): bigint {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = amount.replace(/^[-+]/, '').split('.');
  const cents = BigInt(whole || '0') * 100n + BigInt(`${fraction}00`.slice(0, 2));
  return negative ? -cents : cents;
}

/** Whole cents back to the API's decimal string: 1999n → '19.99'. */
export function formatCents(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const magnitude = cents < 0n ? -cents : cents;
  return `${sign}${magnitude / 100n}.${String(magnitude % 100n).padStart(2, '0')}`;
}
