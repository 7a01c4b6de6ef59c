/*
 * What each figure the operator reads means, written once (docs/glossary.md says the same at
 * length). Every screen that shows one of these figures names it with `name` and explains it with
 * `definition`, plus the period it is counted over (`PERIODS`), so the same word is the same number
 * everywhere.
 */

export const FIGURES = {
  votes: {
    name: 'Votes',
    definition: 'Votes cast at your machines, up and down alike. Votes on the demo page are never counted.',
  },
  score: {
    name: 'Score',
    definition:
      "Up-votes minus down-votes since your last Reset All Votes, never below 0: a down-vote on a product at 0 doesn't count. Customers see the same Score on the vote page.",
  },
  voters: {
    name: 'Voters',
    definition: 'Different people who voted, each counted once however many votes they cast (one per phone or browser, by its anonymous voter cookie).',
  },
  engagement: {
    name: 'Avg. Engagement',
    definition: 'Votes divided by Voters over the same machines and period: how many votes each voter cast on average.',
  },
  pageViews: {
    name: 'Page views',
    definition:
      "Loads of a machine's vote page, by the source its QR code or link carried. A reload counts again; your own visits while signed in are not counted.",
  },
  upVotes: {
    name: 'Up-votes',
    definition: 'Votes for a product (thumbs up), archived ones included when the period reaches back before a reset.',
  },
} as const;

export type FigureKey = keyof typeof FIGURES;

/** The periods figures are counted over; days are always days in the operator's time zone. */
export const PERIODS = {
  sinceReset:
    'Since your last Reset All Votes. A reset sets these to zero and lets customers vote again; the votes before it are archived, not deleted.',
  period: (label: string, timeZone?: string) =>
    `In the ${label}${timeZone ? ` (days in ${timeZone})` : ''}, including votes from before a Reset All Votes: a reset archives votes, it does not undo them.`,
} as const;

/** One sentence naming what a list is ranked by. */
export const RANKED_BY = {
  score: 'Ranked by Score: up-votes minus down-votes since your last reset.',
  votes: 'Ranked by Votes: votes cast in the period, up and down alike.',
} as const;
