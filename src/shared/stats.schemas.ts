import { z } from 'zod';

/**
 * `GET /api/stats`. Anyone may read a machine's figures, because its vote page shows them; the
 * activity captions of the dashboard cards are the owner's business (DECISIONS 3: public reads
 * of a machine show only what the vote page shows, the owner sees everything).
 */
export const PublicStatsSchema = z.object({
  /** Votes cast since the last reset. */
  totalVotes: z.number().int(),
  totalProducts: z.number().int(),
  /** Distinct voters since the last reset ('Unique Voters'). */
  activeVoters: z.number().int(),
  /** totalVotes / activeVoters, one decimal; 0 when nobody voted. */
  avgEngagement: z.number(),
  /** Votes cast today (the owner's day); the vote page shows each product's share of them. */
  votesToday: z.number().int(),
});
export type PublicStats = z.infer<typeof PublicStatsSchema>;

/** What the owner sees: the public figures and the captions' activity. */
export const OwnerStatsSchema = PublicStatsSchema.extend({
  votesYesterday: z.number().int(),
  newProductsThisWeek: z.number().int(),
  votersThisWeek: z.number().int(),
  votersLastWeek: z.number().int(),
});
export type OwnerStats = z.infer<typeof OwnerStatsSchema>;

/** Keeps only the public fields: the schema is the allow-list (zod drops unknown keys). */
export const toPublicStats = (stats: OwnerStats): PublicStats => PublicStatsSchema.parse(stats);

/** `GET /api/stats` answers the owner's figures or the public ones, never more than the caller may see. */
export const StatsViewSchema = z.union([OwnerStatsSchema, PublicStatsSchema]);
