import type { VotePageProduct } from '../../../shared/vote-page.js';

/** Spec 2.4: default votes; 'trending' sorts by votes too. Their labels are the catalogue's `sort.*`. */
export const SORTS = ['votes', 'trending', 'name', 'newest'] as const;
export type ProductSort = (typeof SORTS)[number];

export const ALL_CATEGORIES = 'all';
export const PAGE_SIZE = 10;
export const TOP_PICKS_SIZE = 5;

export interface ProductFilter {
  search: string;
  category: string;
  sort: ProductSort;
}

const byVotes = (a: VotePageProduct, b: VotePageProduct) => b.votes - a.votes || a.name.localeCompare(b.name) || a.id - b.id;

const comparators: Record<ProductSort, (a: VotePageProduct, b: VotePageProduct) => number> = {
  votes: byVotes,
  trending: byVotes,
  name: (a, b) => a.name.localeCompare(b.name) || a.id - b.id,
  newest: (a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id,
};

/**
 * The list as filtered and sorted; search matches name, brand and category (as stored and as the
 * reader's language names it), ignoring case.
 */
export function filterProducts(
  products: VotePageProduct[],
  filter: ProductFilter,
  categoryLabel: (category: string) => string = (category) => category,
): VotePageProduct[] {
  const needle = filter.search.trim().toLowerCase();
  const matches = (product: VotePageProduct) =>
    `${product.name} ${product.brand} ${product.category} ${categoryLabel(product.category)}`.toLowerCase().includes(needle);
  return products
    .filter((product) => filter.category === ALL_CATEGORIES || product.category === filter.category)
    .filter((product) => !needle || matches(product))
    .sort(comparators[filter.sort]);
}

export function topPicks(products: VotePageProduct[]): VotePageProduct[] {
  return [...products].sort(byVotes).slice(0, TOP_PICKS_SIZE);
}

/** Whole percent of today's votes (real, DECISIONS 4); recomputed as votes come in. */
export function todayShareOf(product: VotePageProduct, votesToday: number): number {
  return votesToday === 0 ? 0 : Math.round((product.votesToday / votesToday) * 100);
}
