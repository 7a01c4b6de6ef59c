import type { PublicMachine } from './machines.schemas.js';
import type { Translator } from './vote-page-messages/translate.js';
import type { VotePageData } from './vote-page.schemas.js';

/**
 * Constants and helpers of the public vote page. No zod here: the vote page's bundle imports this
 * module and must stay free of the validation library (its data schemas are in vote-page.schemas.ts).
 */
export const VOTE_PAGE_PERIODS = ['today', 'week', 'month', 'all'] as const;
export type VotePagePeriod = (typeof VOTE_PAGE_PERIODS)[number];
export const DEFAULT_VOTE_PAGE_PERIOD: VotePagePeriod = 'week';
export const INVALID_PERIOD_MESSAGE = 'Period must be today, week, month or all';

/** Spec 9: the leaderboard shows 5 entries; the activity feed the latest 10 votes. */
export const LEADERBOARD_SIZE = 5;
export const RECENT_ACTIVITY_SIZE = 10;

// Type-only: erased from the page's bundle, so zod never reaches a phone.
export type {
  CategoryShare,
  LeaderboardEntry,
  RecentVote,
  VotePageData,
  VotePageLeaderboard,
  VotePageProduct,
  VotePageStats,
  VoterVotes,
} from './vote-page.schemas.js';

/** The heading of a machine's page (spec 2.4: its name, or 'Machine {id}'), and the demo's. */
export function votePageTitle(machine: PublicMachine | null, { t }: Translator): string {
  return machine ? machine.name || t('header.machine', { id: String(machine.id) }) : t('header.demoTitle');
}

export function votePageSubtitle(machine: PublicMachine | null, { t }: Translator): string {
  return machine ? machine.location : t('header.demoSubtitle');
}

/** The document's title: the page's heading for a machine, the demo's name on the demo. */
export function votePageDocumentTitle(machine: PublicMachine | null, translator: Translator): string {
  return machine ? translator.t('document.machine', { name: votePageTitle(machine, translator) }) : translator.t('document.demo');
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
  | { status: 'ok'; signedIn: boolean; isOwner: boolean; data: VotePageData }
  | { status: 'not-found'; signedIn: boolean }
  | { status: 'invalid'; signedIn: boolean };
