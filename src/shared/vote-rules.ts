/**
 * Anti-stuffing rules for public votes (DECISIONS 3), shared by the server and its tests. No zod
 * here: the vote page may import these without pulling the validation library onto phones.
 */

/** One address may add this many votes an hour to one product at one machine (or the demo page). */
export const VOTES_PER_ADDRESS_PER_PRODUCT_PER_HOUR = 60;

/**
 * A vote that comes without a voter cookie was not cast from the vote page, whose HTML and data
 * call always set one; this tells a person what to do.
 */
export const VOTER_COOKIE_REQUIRED_MESSAGE = "Please open the machine's voting page (scan its QR code) to vote.";

/** The 429 answer to the hourly per-product rule; `wait` reads like '12 minutes'. */
export function productVoteLimitMessage(wait: string): string {
  return `Lots of votes for this product have come from your network in the last hour. Please try again in ${wait}.`;
}

/** The 429 answer to reading the vote page (its HTML or its data) too often from one address. */
export function votePageReadLimitMessage(wait: string): string {
  return `The voting page was opened very often from your network. Please try again in ${wait}.`;
}
