import { z } from 'zod';

/**
 * A read-only link an operator gives the manager of the place where one machine stands (an office,
 * a school): what customers there ask for, what went wrong and how fast it was fixed. It shows
 * nothing of customers (no names, emails, voter ids, free text they typed about a problem) and
 * nothing of the operator's other machines.
 */

/** The window every figure of the shared page covers. */
export const SHARE_PERIOD_DAYS = 90;
/** Rows of each top list. */
export const SHARE_TOP_COUNT = 10;

export const SHARE_PAGE_PATH = '/share';
export const sharePagePath = (token: string) => `${SHARE_PAGE_PATH}/${encodeURIComponent(token)}`;

export const ShareLinkMessages = {
  inactive: 'This link is no longer active.',
  inactiveHint: "Ask the machine's operator for a new link.",
  noLink: 'This machine has no active share link.',
} as const;

/** GET /api/machines/:id/share-link: whether a link is active. The link itself is shown only when made. */
export const ShareLinkStatusSchema = z.object({
  active: z.boolean(),
  id: z.number().int().nullable(),
  createdAt: z.string().nullable(),
  lastViewedAt: z.string().nullable(),
});
export type ShareLinkStatus = z.infer<typeof ShareLinkStatusSchema>;

/** POST /api/machines/:id/share-link: the new link (any earlier one stops working). */
export const CreatedShareLinkSchema = z.object({ id: z.number().int(), url: z.string(), createdAt: z.string() });
export type CreatedShareLink = z.infer<typeof CreatedShareLinkSchema>;

/** `/api/share/:token`: long enough for any token we make, short enough to refuse junk before a query. */
export const ShareTokenParamsSchema = z.object({ token: z.string().min(1).max(100) });

export const ShareViewSchema = z.object({
  /** The operator's business name (their company, or their name when they gave none). */
  sharedBy: z.string(),
  machine: z.object({ name: z.string(), location: z.string() }),
  periodDays: z.number().int(),
  /** The window's start and the moment the figures were read. */
  from: z.string(),
  to: z.string(),
  /** The operator's products with the most up-votes at this machine in the window. */
  topProducts: z.array(z.object({ name: z.string(), brand: z.string(), category: z.string(), upVotes: z.number().int() })),
  /** Products customers suggested at this machine, by how many asked; declined ones are left out. */
  topSuggestions: z.array(z.object({ name: z.string(), category: z.string(), requests: z.number().int() })),
  issues: z.object({
    reported: z.number().int(),
    byStatus: z.object({ open: z.number().int(), investigating: z.number().int(), resolved: z.number().int() }),
    /** From report to resolved, for the issues reported in the window that are resolved; null when none is. */
    timeToFix: z.object({ resolved: z.number().int(), medianHours: z.number(), p90Hours: z.number() }).nullable(),
  }),
});
export type ShareView = z.infer<typeof ShareViewSchema>;
