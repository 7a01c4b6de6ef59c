import type { PublicMachine } from './machines.schemas.js';
import type { VoteType } from './products.schemas.js';

/**
 * The public vote page's data (`GET /api/vote-page/{machineId}` and `/api/vote-page/demo`), also
 * inlined into the served HTML. No zod here: the vote page's bundle imports these constants and
 * must stay free of the validation library.
 */
export const VOTE_PAGE_PERIODS = ['today', 'week', 'month', 'all'] as const;
export type VotePagePeriod = (typeof VOTE_PAGE_PERIODS)[number];
export const DEFAULT_VOTE_PAGE_PERIOD: VotePagePeriod = 'week';
export const VOTE_PAGE_PERIOD_LABELS: Record<VotePagePeriod, string> = {
  today: 'Today',
  week: 'This Week',
  month: 'This Month',
  all: 'All Time',
};
export const INVALID_PERIOD_MESSAGE = 'Period must be today, week, month or all';

/** Spec 9: the leaderboard shows 5 entries; the activity feed the latest 10 votes. */
export const LEADERBOARD_SIZE = 5;
export const RECENT_ACTIVITY_SIZE = 10;

export interface VotePageProduct {
  id: number;
  name: string;
  brand: string;
  category: string;
  /** The product's count in this scope (one machine, or the demo page), never below 0. */
  votes: number;
  /** Votes cast on it today (the owner's day), up and down alike. */
  votesToday: number;
  /** Whole percent of today's votes in this scope that went to it; 0 when nobody voted today. */
  todayShare: number;
  /** Distinct voters on it in this scope since the last reset. */
  voters: number;
  createdAt: string;
}

export interface VotePageStats {
  /** Votes cast in this scope since the last reset. */
  totalVotes: number;
  /** Products in the owner's catalogue. */
  products: number;
  /** Distinct voters in this scope since the last reset. */
  activeVoters: number;
  votesToday: number;
  votersToday: number;
}

/** A product's activity in the chosen period: `votes` is up votes minus down votes. */
export interface LeaderboardEntry {
  id: number;
  name: string;
  brand: string;
  category: string;
  votes: number;
  upVotes: number;
  downVotes: number;
}

/** Votes cast (up and down) on one category in the period, and its whole-percent share. */
export interface CategoryShare {
  category: string;
  votes: number;
  share: number;
}

export interface RecentVote {
  productId: number;
  productName: string;
  voteType: VoteType;
  at: string;
}

export interface VotePageLeaderboard {
  period: VotePagePeriod;
  top: LeaderboardEntry[];
  categories: CategoryShare[];
  /** The latest votes in this scope, whatever the period. */
  recent: RecentVote[];
}

/** The asking voter's own live votes in this scope (not those a reset archived): product id → vote. */
export type VoterVotes = Record<number, VoteType>;

export interface VotePageData {
  /** null on the demo page. */
  machine: PublicMachine | null;
  stats: VotePageStats;
  /** Most voted first. */
  products: VotePageProduct[];
  leaderboard: VotePageLeaderboard;
  myVotes: VoterVotes;
}

/** The heading of a machine's page (spec 2.4: its name, or 'Machine {id}'), and the demo's. */
export function votePageTitle(machine: PublicMachine | null): string {
  return machine ? machine.name || `Machine ${machine.id}` : 'Try VendVote: vote for your favourite snacks';
}

export function votePageSubtitle(machine: PublicMachine | null): string {
  return machine ? machine.location : 'A live demo machine. Vote as customers do after scanning a QR code.';
}

/** Largest PostgreSQL integer; a larger number names no machine. */
const LARGEST_ID = 2_147_483_647;

/**
 * What a vote page path names: the demo page (/vote), a machine (/vote/12), or nothing valid
 * (/vote/abc, /vote/12x, /vote/0, /vote/1/extra). The server and the page read paths alike.
 */
export function votePageTargetOf(path: string): 'demo' | number | 'invalid' {
  if (path === '/vote' || path === '/vote/') return 'demo';
  const match = /^\/vote\/(\d{1,10})\/?$/.exec(path);
  const id = match ? Number(match[1]) : 0;
  return id >= 1 && id <= LARGEST_ID ? id : 'invalid';
}

/** The id of the `<script type="application/json">` element the server fills for first paint. */
export const VOTE_PAGE_DATA_ELEMENT_ID = 'vote-data';

/** What the server inlines into the vote page: its data, or why there is none. */
export type InlinedVotePage =
  | { status: 'ok'; signedIn: boolean; data: VotePageData }
  | { status: 'not-found'; signedIn: boolean }
  | { status: 'invalid'; signedIn: boolean };
