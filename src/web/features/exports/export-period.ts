import { ExportMessages, exportDayProblem } from '../../../shared/exports.schemas.js';

/** The days of an export, 'YYYY-MM-DD' on the operator's calendar; '' leaves that end open. */
export interface ExportPeriod {
  from: string;
  to: string;
}

/** Today on the operator's calendar (the browser's until their settings arrive), as the server counts days. */
export function calendarDay(timeZone: string | undefined, at: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const utcDate = (day: string) => new Date(`${day}T00:00:00Z`);

function addDays(day: string, days: number): string {
  const date = utcDate(day);
  date.setUTCDate(date.getUTCDate() + days);
  return dayOf(date);
}

export const PERIOD_PRESETS = ['last30', 'lastMonth', 'thisYear', 'allTime'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];
export const PERIOD_PRESET_LABELS: Record<PeriodPreset, string> = {
  last30: 'Last 30 days',
  lastMonth: 'Last month',
  thisYear: 'This year',
  allTime: 'All time',
};

/** The days a preset stands for, seen from `today`. */
export function presetPeriod(preset: PeriodPreset, today: string): ExportPeriod {
  switch (preset) {
    case 'last30':
      return { from: addDays(today, -29), to: today };
    case 'lastMonth': {
      const firstOfThisMonth = `${today.slice(0, 7)}-01`;
      const lastOfPrevious = addDays(firstOfThisMonth, -1);
      return { from: `${lastOfPrevious.slice(0, 7)}-01`, to: lastOfPrevious };
    }
    case 'thisYear':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
    case 'allTime':
      return { from: '', to: '' };
  }
}

/** What the server would refuse in the period, field by field, in its own words. */
export function periodErrors({ from, to }: ExportPeriod): Partial<ExportPeriod> {
  const errors: Partial<ExportPeriod> = {};
  const fromProblem = from ? exportDayProblem('start', from) : null;
  const toProblem = to ? exportDayProblem('end', to) : null;
  if (fromProblem) errors.from = fromProblem;
  if (toProblem) errors.to = toProblem;
  if (!fromProblem && !toProblem && from && to && from > to) errors.to = ExportMessages.fromAfterTo;
  return errors;
}

const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** The period in words: 'from Mar 1, 2025 to Mar 31, 2025', 'since …', 'up to …', or 'from the start'. */
export function describePeriod({ from, to }: ExportPeriod): string {
  const show = (day: string) => dayFormat.format(utcDate(day));
  if (from && to) return from === to ? `on ${show(from)}` : `from ${show(from)} to ${show(to)}`;
  if (from) return `since ${show(from)}`;
  if (to) return `up to ${show(to)}`;
  return 'over all time';
}
