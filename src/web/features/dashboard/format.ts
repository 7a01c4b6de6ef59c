import { countOf, FIGURE_LABELS } from '../../../shared/wording.js';

/** Votes cast with their noun, e.g. '1 vote', '1,204 votes'. */
export function formatVotes(count: number): string {
  return countOf(count, 'vote');
}

/** A product's score (up votes minus down votes), labelled as everywhere: 'Score 73'. */
export function formatScore(score: number): string {
  return `${FIGURE_LABELS.score} ${score.toLocaleString('en-US')}`;
}
