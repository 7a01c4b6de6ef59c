import type { SlotStock } from '../../../shared/slot-stock.schemas.js';
import { formatDate, formatDateTime } from '../../lib/dates.js';

/** A figure with one decimal: 3, 2.5. */
export function oneDecimal(value: number): string {
  return (Math.round(value * 10) / 10).toLocaleString('en-US', { maximumFractionDigits: 1 });
}

/** A slot is sold out once its estimate reaches zero. */
export const isSoldOut = (slot: Pick<SlotStock, 'stock'>) => slot.stock !== null && slot.stock <= 0;

/** What a slot's figure rests on, and how sure it is: a count less reported sales, or an estimate. */
export function basisText(slot: SlotStock): { text: string; qualifier: string | null } {
  const fill = slot.lastFill ? formatDate(slot.lastFill.at) : null;
  if (slot.soldOutAt !== null) return { text: `Reported sold out by the machine ${formatDateTime(slot.soldOutAt)}, after the fill of ${fill ?? 'the last visit'}`, qualifier: null };
  switch (slot.basis) {
    case 'sales':
      return { text: `Fill of ${fill ?? 'the last visit'} less units sold since`, qualifier: null };
    case 'votes':
      return { text: `Fill of ${fill ?? 'the last visit'} less up-votes × ${slot.unitsPerVote ?? 1}`, qualifier: 'Estimate: no sales reported since the fill' };
    case 'assumed-fill':
      return { text: 'Assumed filled to par on your fill day', qualifier: 'Assumed: no visit recorded yet' };
    case 'empty-slot':
      return { text: 'Empty slot', qualifier: null };
  }
}

/** A share of 0-1 as a whole percentage: '42%'. */
export function percent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

/** A gap in percentage points, signed: '+12.5 pts', '−3 pts', '0 pts'. */
export function points(gap: number): string {
  const rounded = Math.round(gap * 10) / 10;
  const sign = rounded > 0 ? '+' : rounded < 0 ? '−' : '';
  return `${sign}${oneDecimal(Math.abs(rounded))} pts`;
}
