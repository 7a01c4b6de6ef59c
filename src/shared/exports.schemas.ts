import { z } from 'zod';
import { idSchema } from './ids.js';

/** CSV exports of an operator's own records, each narrowed to one machine and a period (DECISIONS 1: theirs only). */
export const EXPORTS_API = '/api/exports';

export const EXPORT_DATASETS = ['votes', 'products', 'suggestions', 'vending-issues', 'magnet-orders'] as const;
export type ExportDataset = (typeof EXPORT_DATASETS)[number];

/** What each file holds, as the export page offers it. */
export const EXPORT_DATASET_INFO: Record<ExportDataset, { label: string; description: string }> = {
  votes: {
    label: 'Votes',
    description:
      "Every vote cast at your machines in the period: when, at which machine, for which product, up or down, and the anonymous voter id. Votes from before a Reset All Votes are included and marked with the reset's time, so the file can hold more rows than the dashboard's Total Votes, which starts at the last reset. Demo page votes are never included.",
  },
  products: {
    label: 'Products',
    description:
      "Your catalogue with each product's Score now (since the last reset, as the dashboard shows it) and the up and down votes it received at your machines in the period, votes from before a reset included.",
  },
  suggestions: { label: 'Product suggestions', description: 'Products customers suggested, with who suggested them and what you decided.' },
  'vending-issues': { label: 'Vending issues', description: 'Problems customers reported, with their contact details and the status of each.' },
  'magnet-orders': { label: 'Magnet orders', description: 'Your QR magnet orders, with prices in US dollars, status and shipping.' },
};

/** The earliest and latest days a period may name: wide enough for any real record, narrow enough to mean something. */
export const EXPORT_EARLIEST_DAY = '2000-01-01';
export const EXPORT_LATEST_DAY = '2099-12-31';

export const ExportMessages = {
  dateFormat: (which: string) => `The ${which} date must be written as YYYY-MM-DD, for example 2025-03-31.`,
  notACalendarDay: (which: string, value: string) => `The ${which} date ${value} is not a day on the calendar.`,
  outOfRange: (which: string) => `The ${which} date must be between ${EXPORT_EARLIEST_DAY} and ${EXPORT_LATEST_DAY}.`,
  fromAfterTo: 'The start date must be on or before the end date.',
} as const;

/** True for a 'YYYY-MM-DD' that names a real day (not 2025-02-30). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Why a day typed for the period is refused, or null when it is fine. The page checks with it too. */
export function exportDayProblem(which: 'start' | 'end', value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return ExportMessages.dateFormat(which);
  if (!isCalendarDay(value)) return ExportMessages.notACalendarDay(which, value);
  if (value < EXPORT_EARLIEST_DAY || value > EXPORT_LATEST_DAY) return ExportMessages.outOfRange(which);
  return null;
}

/** A query parameter left empty (`?from=`) means the same as one left out. */
const emptyAsMissing = (value: unknown) => (value === '' ? undefined : value);

const daySchema = (which: 'start' | 'end') =>
  z.preprocess(
    emptyAsMissing,
    z
      .string({ error: ExportMessages.dateFormat(which) })
      .trim()
      .superRefine((value, context) => {
        const problem = exportDayProblem(which, value);
        if (problem) context.addIssue({ code: 'custom', message: problem });
      })
      .optional(),
  );

/**
 * `?machineId=&from=&to=`: one of the operator's machines (or all of them), and the days of the
 * period on the operator's calendar, both included. A missing day leaves that end of the period open.
 */
export const ExportQuerySchema = z
  .object({
    machineId: z.preprocess(emptyAsMissing, idSchema('machine').optional()),
    from: daySchema('start'),
    to: daySchema('end'),
  })
  .superRefine((query, context) => {
    if (query.from && query.to && query.from > query.to) context.addIssue({ code: 'custom', path: ['to'], message: ExportMessages.fromAfterTo });
  });
export type ExportQuery = z.infer<typeof ExportQuerySchema>;

/** The download address of one export, with only the filters in use. */
export function exportUrl(dataset: ExportDataset, filters: { machineId?: number; from?: string; to?: string } = {}): string {
  const params = new URLSearchParams();
  if (filters.machineId !== undefined) params.set('machineId', String(filters.machineId));
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  const query = params.toString();
  return `${EXPORTS_API}/${dataset}.csv${query ? `?${query}` : ''}`;
}
