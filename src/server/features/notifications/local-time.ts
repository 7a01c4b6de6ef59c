/**
 * Calendar dates and hours as an operator's time zone sees them. Dates are 'YYYY-MM-DD' strings:
 * SQL turns them into instants with `(date at time zone zone)`, so nothing here does zone arithmetic.
 */

export interface LocalClock {
  /** Today's date where the operator is. */
  date: string;
  /** The hour there, 0 to 23. */
  hour: number;
}

export function localClock(now: Date, timeZone: string): LocalClock {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

/** A calendar date moved by whole days (no time zone involved: dates are days, not instants). */
export function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

function addMonths(date: string, months: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCMonth(day.getUTCMonth() + months);
  return day.toISOString().slice(0, 10);
}

export const REPORT_FREQUENCIES = ['daily', 'weekly', 'monthly', 'quarterly'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];

/** A span of whole local days: from `start` up to, not including, `end`. */
export interface Period {
  start: string;
  end: string;
}

/** The period of the given frequency that holds `date`: weeks start on Monday, quarters in Jan, Apr, Jul, Oct. */
export function periodHolding(frequency: ReportFrequency, date: string): Period {
  switch (frequency) {
    case 'daily':
      return { start: date, end: addDays(date, 1) };
    case 'weekly': {
      const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
      const start = addDays(date, -weekday);
      return { start, end: addDays(start, 7) };
    }
    case 'monthly': {
      const start = `${date.slice(0, 7)}-01`;
      return { start, end: addMonths(start, 1) };
    }
    case 'quarterly': {
      const month = Number(date.slice(5, 7));
      const start = `${date.slice(0, 4)}-${String(month - ((month - 1) % 3)).padStart(2, '0')}-01`;
      return { start, end: addMonths(start, 3) };
    }
  }
}

/** The last whole period before the one holding `date`: what a report sent on `date` covers. */
export function lastCompletedPeriod(frequency: ReportFrequency, date: string): Period {
  return periodHolding(frequency, addDays(periodHolding(frequency, date).start, -1));
}

/** The period of the same length just before `period`, for risers and fallers. */
export function periodBefore(frequency: ReportFrequency, period: Period): Period {
  return periodHolding(frequency, addDays(period.start, -1));
}
