import type { Prediction, Urgency } from '../../../shared/analytics.schemas.js';
import { formatMoney, type Currency } from '../../../shared/money.js';
import { WEEKDAY_NAMES } from '../../../shared/settings.schemas.js';
import { countOf } from '../../../shared/wording.js';

/** Whole numbers as they are, others to one decimal: '35', '12.5'. */
export function formatAmount(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 1 });
}

/** 0.123 → '12%'; a ratio (0-1) as a whole percent. */
export function formatRatio(value: number): string {
  return `${Math.round(value * 100)}%`;
}

/** A percent change with its sign, one decimal; null (nothing to compare with) is a dash. */
export function formatChange(change: number | null): string {
  if (change === null) return '—';
  const sign = change > 0 ? '+' : change < 0 ? '−' : '';
  return `${sign}${Math.abs(change).toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;
}

/** 'Nov 26, 2025, 4:10 AM EST': a moment in the operator's time zone, the zone named. */
export function formatMoment(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone,
  }).format(new Date(iso));
}

/** '4:10 AM EST': the time of day of a moment on the operator's clock, the zone named (for moments minutes away). */
export function formatClockTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZoneName: 'short', timeZone }).format(new Date(iso));
}

/** 0 → '12 AM', 13 → '1 PM'. */
export function hourLabel(hour: number): string {
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** The hour that starts at `hour`: '12 PM to 1 PM'. */
export function hourSpan(hour: number): string {
  return `${hourLabel(hour)} to ${hourLabel((hour + 1) % 24)}`;
}

/** 'Nov 3' for a calendar date 'YYYY-MM-DD', read as that day wherever the browser is. */
export function shortDate(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** How long the estimated stock lasts, in words: 'Runs out today', 'About 12 days of stock', or no date at all. */
export function coverText(days: number | null): string {
  if (days === null) return 'No demand expected';
  if (days === 0) return 'Runs out today';
  if (days === 1) return 'Runs out tomorrow';
  return `About ${countOf(days, 'day')} of stock`;
}

/** Why a card has its urgency, against the next visit (decision 0038). */
export const URGENCY_REASONS: Record<Urgency, string> = {
  urgent: 'Runs out before your next visit',
  soon: 'May run out before your next visit: the stock is assumed',
  'this-week': 'Lasts until your next visit; fill it then',
  normal: 'A week or more of stock',
};

/** 'Monday (in 3 days)', 'Tuesday (tomorrow)'. */
export function nextVisitText(weekday: number, daysToNextVisit: number): string {
  const name = WEEKDAY_NAMES[weekday] ?? 'the fill day';
  return `${name} (${daysToNextVisit === 1 ? 'tomorrow' : `in ${countOf(daysToNextVisit, 'day')}`})`;
}

/** The urgency colours of the spec: Urgent red, Soon orange, This Week yellow, Normal green (AA contrast in both themes). */
export const URGENCY_CLASSES: Record<Urgency, string> = {
  urgent: 'border-transparent bg-destructive-soft text-destructive-soft-foreground',
  soon: 'border-transparent bg-orange-100 text-orange-900 dark:bg-orange-950 dark:text-orange-200',
  'this-week': 'border-transparent bg-yellow-100 text-yellow-900 dark:bg-yellow-950 dark:text-yellow-200',
  normal: 'border-transparent bg-success-soft text-success-soft-foreground',
};

/** The same colours as a strip along a card's edge. */
export const URGENCY_EDGES: Record<Urgency, string> = {
  urgent: 'border-l-red-600',
  soon: 'border-l-orange-500',
  'this-week': 'border-l-yellow-500',
  normal: 'border-l-green-600',
};

/** The clock and calendar of `instant` in `timeZone`, as UTC fields (so the difference is the zone's offset). */
function wallClockOf(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((entry) => entry.type === type)?.value ?? 0);
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
}

/**
 * The moment a date-time field means ('2025-05-01T09:30', as `<input type="datetime-local">` gives
 * it) on the clocks of `timeZone`, the operator's zone, whatever zone the browser is in. Null when
 * the text is no such value.
 */
export function zonedDateTime(local: string, timeZone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // Two passes: the zone's offset at the first guess may differ from the one at the answer (a DST change).
  let instant = wall - (wallClockOf(wall, timeZone) - wall);
  instant = wall - (wallClockOf(instant, timeZone) - instant);
  return new Date(instant);
}

/** A moment as a date-time field shows it in `timeZone`: '2025-05-01T09:30'. */
export function dateTimeFieldValue(at: Date, timeZone: string): string {
  return new Date(wallClockOf(at.getTime(), timeZone)).toISOString().slice(0, 16);
}

/**
 * A recommendation's saving per fill: '$1.20'; one that costs more (a replacement dearer than the
 * product it replaces) says so rather than showing a negative saving: 'Costs $0.45 more per fill'.
 */
export function savingText(amount: string, currency: Currency): string {
  const value = Number(amount);
  return value < 0 ? `Costs ${formatMoney(-value, currency)} more per fill` : formatMoney(value, currency);
}

/**
 * Units sold per up-vote are measured once recorded visits hold at least this many up-votes between
 * them (and some units sold); the server's MIN_VOTES_FOR_RATIO (restock-model.ts), which the web may
 * not import.
 */
export const MIN_VOTES_FOR_RATIO = 10;

/** What a prediction counts: units the machine reported selling, or up-votes where it reported none. */
export function demandUnit(prediction: Pick<Prediction, 'demandBasis'>): string {
  return prediction.demandBasis === 'sales' ? 'units sold' : 'up-votes';
}
