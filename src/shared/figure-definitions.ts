/*
 * What each figure the operator reads means, written once (docs/glossary.md says the same at
 * length). Every screen that shows one of these figures names it with `name` and explains it with
 * `definition`, plus the period it is counted over (`PERIODS`), so the same word is the same number
 * everywhere.
 */
import { DEMAND_WINDOW_DAYS, MIN_VOTES_MEASURED_HERE } from './demand.schemas.js';

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
  unitsSold: {
    name: 'Units sold',
    definition:
      'Units your machines reported selling: the rise of a selection’s paid-vend counter from one DEX audit to the next, or the lines of a telemetry export. Only days a report covers count; a machine that reports nothing shows none, not zero.',
  },
  stockNow: {
    name: 'Stock now',
    definition:
      'An estimate of what a slot holds: the level it was left at on its last recorded fill, less the units sold since, or, where the machine reports no sales, the up-votes since at units per up-vote. Without a recorded fill, a fill to par on your fill day is assumed, and the screen says so. A slot the machine itself reports sold out since the fill (in its DEX audit) holds zero.',
  },
  daysOfCover: {
    name: 'Days of cover',
    definition: 'Whole days the stock now lasts at the forecast’s demand for each coming day; 0 means it runs out today.',
  },
  unitsPerVote: {
    name: 'Units per up-vote',
    definition:
      'Units sold for each up-vote, per product: measured from your machines’ reported sales where the days they cover hold at least 10 up-votes, else from two recorded restocks at the machine, else the assumption in Settings. It turns up-votes into units where a machine reports no sales.',
  },
  unitsPerVoteHere: {
    name: 'Units per up-vote here',
    definition: `Units sold at this machine in the last ${DEMAND_WINDOW_DAYS} days divided by its up-votes in them; shown from ${MIN_VOTES_MEASURED_HERE} up-votes. The inventory’s units per up-vote is measured per product over all your machines.`,
  },
  gap: {
    name: 'Gap',
    definition: `A product’s share of the machine’s up-votes less its share of the units sold, in percentage points, over the last ${DEMAND_WINDOW_DAYS} days. Above zero, customers ask for it more than it sells here: sold out, badly placed, or not stocked.`,
  },
  salesLost: {
    name: 'Sales lost',
    definition: 'An estimate of what a sold-out slot would have sold while empty: the days since the machine reported it sold out, or since its stock is estimated to have run out, at its forecast rate, at the slot’s price.',
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
