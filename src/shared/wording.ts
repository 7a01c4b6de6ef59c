/**
 * How figures are worded on every screen, the mails and the server's messages. One meaning and one
 * label per figure (DECISIONS 3): Score is up votes minus down votes (a product's `votes`), Votes
 * are votes cast, Voters are distinct voters.
 */
export const FIGURE_LABELS = {
  score: 'Score',
  votes: 'Votes',
  voters: 'Voters',
} as const;

/** The noun that goes with `count`: `nounFor(1, 'vote')` is 'vote', `nounFor(2, 'vote')` is 'votes'. */
export function nounFor(count: number, one: string, many = `${one}s`): string {
  return count === 1 ? one : many;
}

/** A count with its noun, grouped in thousands: '1 vote', '2,487 votes', '0 voters'. */
export function countOf(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${nounFor(count, one, many)}`;
}
