import type { DonationRecord } from '../../../shared/donation-hub.schemas.js';
import { formatMoney } from '../../../shared/money.js';

/** How donations read on the history and the tax summary. Amounts are US dollars. */

export const dollars = (amount: string) => formatMoney(amount, 'USD');

/** '2026-05-01' as 'May 1, 2026': a calendar day, which no time zone moves. */
export function formatDay(day: string): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/** Units across a donation's lines. */
export const unitsOf = (record: Pick<DonationRecord, 'products'>) => record.products.reduce((sum, line) => sum + line.quantity, 0);

/** The charity's address as the receipt has it. */
export function recordPlace(record: Pick<DonationRecord, 'charityAddress' | 'charityCity' | 'charityState' | 'charityZip'>): string {
  const stateZip = [record.charityState, record.charityZip].filter(Boolean).join(' ');
  return [record.charityAddress, record.charityCity, stateZip].filter(Boolean).join(', ');
}
