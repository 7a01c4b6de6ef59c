import type { MissingProduct } from '../../../shared/demand.schemas.js';

/** Units with one decimal at most: '3 units', '2.5 units'. */
export function units(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return `${rounded.toLocaleString('en-US')} ${rounded === 1 ? 'unit' : 'units'}`;
}

const RATIO_SOURCES: Record<MissingProduct['unitsPerVoteBasis'], string> = {
  sales: 'measured from its sales elsewhere',
  similar: 'as its category sells here',
  restocks: 'measured from your restocks here',
  assumed: 'assumed (Settings)',
};

/** Where a missing product's units per up-vote come from: '2.5 per up-vote, measured from its sales elsewhere'. */
export function ratioText(product: Pick<MissingProduct, 'unitsPerVote' | 'unitsPerVoteBasis'>): string {
  return `${product.unitsPerVote} per up-vote, ${RATIO_SOURCES[product.unitsPerVoteBasis]}`;
}
