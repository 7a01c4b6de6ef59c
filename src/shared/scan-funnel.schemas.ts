import { z } from 'zod';
import { idSchema } from './ids.js';
import { SCAN_SOURCES } from './scan-sources.js';


export const SCAN_FUNNEL_PERIODS = [7, 30, 90] as const;
export const SCAN_FUNNEL_API = '/api/scan-funnel';

export const ScanFunnelQuerySchema = z.object({
  machineId: idSchema('machine').optional(),
  days: z.coerce
    .number()
    .refine((days) => (SCAN_FUNNEL_PERIODS as readonly number[]).includes(days), { message: 'Period must be 7, 30 or 90 days' })
    .default(30),
  /** Narrows the daily figures to one source; the per-source table always shows every source. */
  source: z.enum(SCAN_SOURCES, { error: 'Unknown source' }).optional(),
});
export type ScanFunnelQuery = z.infer<typeof ScanFunnelQuerySchema>;

/** One step count each; voters are distinct within the row's span (a day, or the whole period). */
const StepsSchema = z.object({
  views: z.number().int(),
  voters: z.number().int(),
  votes: z.number().int(),
  suggestions: z.number().int(),
  issues: z.number().int(),
});
export type FunnelSteps = z.infer<typeof StepsSchema>;

export const ScanFunnelSchema = z.object({
  machineId: z.number().int().nullable(),
  /** The source the daily figures are narrowed to, or null for all of them. */
  source: z.enum(SCAN_SOURCES).nullable(),
  /** The period, in the operator's calendar (YYYY-MM-DD, both days included). */
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  /** The whole period per source, every source listed (zeros included). */
  sources: z.array(StepsSchema.extend({ source: z.enum(SCAN_SOURCES) })),
  /** The whole period, all sources together. */
  total: StepsSchema,
  /** Each day of the period, oldest first: all sources together, or the chosen one. */
  days: z.array(StepsSchema.extend({ day: z.string() })),
});
export type ScanFunnel = z.infer<typeof ScanFunnelSchema>;

/** A conversion as a whole percentage, or null when nothing came before it. */
export function conversionPercent(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 100) : null;
}
