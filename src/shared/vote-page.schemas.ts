import { z } from 'zod';
import { PublicMachineSchema } from './machines.schemas.js';
import { VOTE_PAGE_PERIODS } from './vote-page.js';

/**
 * The public vote page's data (`GET /api/vote-page/{machineId}` and `/api/vote-page/demo`), also
 * inlined into the served HTML. The page's own bundle imports only the types (erased at build),
 * never this module, so it stays free of the validation library.
 */
const count = z.number().int();

export const VotePageProductSchema = z.object({
  id: count,
  name: z.string(),
  brand: z.string(),
  category: z.string(),
  /** The product's count in this scope (one machine, or the demo page), never below 0. */
  votes: count,
  /** Votes cast on it today (the owner's day), up and down alike. */
  votesToday: count,
  /** Whole percent of today's votes in this scope that went to it; 0 when nobody voted today. */
  todayShare: count,
  /** Distinct voters on it in this scope since the last reset. */
  voters: count,
  createdAt: z.string(),
});

export const VotePageStatsSchema = z.object({
  /** Votes cast in this scope since the last reset. */
  totalVotes: count,
  /** Products in the owner's catalogue. */
  products: count,
  /** Distinct voters in this scope since the last reset. */
  activeVoters: count,
  votesToday: count,
  votersToday: count,
});

/** A product's activity in the chosen period: `votes` is up votes minus down votes. */
export const LeaderboardEntrySchema = z.object({
  id: count,
  name: z.string(),
  brand: z.string(),
  category: z.string(),
  votes: count,
  upVotes: count,
  downVotes: count,
});

/** Votes cast (up and down) on one category in the period, and its whole-percent share. */
export const CategoryShareSchema = z.object({ category: z.string(), votes: count, share: count });

export const RecentVoteSchema = z.object({
  productId: count,
  productName: z.string(),
  voteType: z.enum(['up', 'down']),
  at: z.string(),
});

export const VotePageLeaderboardSchema = z.object({
  period: z.enum(VOTE_PAGE_PERIODS),
  top: z.array(LeaderboardEntrySchema),
  categories: z.array(CategoryShareSchema),
  /** The latest votes in this scope, whatever the period. */
  recent: z.array(RecentVoteSchema),
});

/** The asking voter's own live votes in this scope (not those a reset archived): product id → vote. */
export const VoterVotesSchema = z.record(z.string().regex(/^\d+$/), z.enum(['up', 'down']));

export const VotePageDataSchema = z.object({
  /** null on the demo page. */
  machine: PublicMachineSchema.nullable(),
  stats: VotePageStatsSchema,
  /** Most voted first. */
  products: z.array(VotePageProductSchema),
  leaderboard: VotePageLeaderboardSchema,
  myVotes: VoterVotesSchema,
  /** Products the operator stocked at this machine from customers' suggestions in the last two weeks, newest first. */
  nowStocked: z.array(z.object({ productId: z.number().int(), name: z.string() })),
});

export type VotePageProduct = z.infer<typeof VotePageProductSchema>;
export type VotePageStats = z.infer<typeof VotePageStatsSchema>;
export type LeaderboardEntry = z.infer<typeof LeaderboardEntrySchema>;
export type CategoryShare = z.infer<typeof CategoryShareSchema>;
export type RecentVote = z.infer<typeof RecentVoteSchema>;
export type VotePageLeaderboard = z.infer<typeof VotePageLeaderboardSchema>;
export type VotePageData = z.infer<typeof VotePageDataSchema>;
/** Keyed by product id, as JSON keys are. */
export type VoterVotes = Record<number, 'up' | 'down'>;
