import type { Product } from '../../../shared/products.schemas.js';

/** Spec 2.5's sort choices; Most Voted is the default. */
export const SORT_OPTIONS = [
  { value: 'votes', label: 'Most Voted' },
  { value: 'name', label: 'Name A-Z' },
  { value: 'oldest', label: 'Added First' },
  { value: 'newest', label: 'Added Last' },
] as const;
export type SortOrder = (typeof SORT_OPTIONS)[number]['value'];
export const DEFAULT_SORT: SortOrder = 'votes';

/** Spec 9: the Top Performers panel shows five products. */
export const TOP_PERFORMERS = 5;

const byVotes = (a: Product, b: Product) => b.votes - a.votes;
const byName = (a: Product, b: Product) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });
const byCreated = (a: Product, b: Product) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id - b.id;

const comparators: Record<SortOrder, (a: Product, b: Product) => number> = {
  votes: (a, b) => byVotes(a, b) || byName(a, b),
  name: (a, b) => byName(a, b) || a.id - b.id,
  oldest: byCreated,
  newest: (a, b) => byCreated(b, a),
};

/** The products whose name, brand or category contains the search text (any case). */
export function searchProducts<P extends Product>(products: readonly P[], search: string): P[] {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return [...products];
  return products.filter((product) =>
    [product.name, product.brand, product.category].some((field) => field.toLocaleLowerCase().includes(needle)),
  );
}

export function sortProducts<P extends Product>(products: readonly P[], order: SortOrder): P[] {
  return [...products].sort(comparators[order]);
}

/** Only a positive score earns a place: a product nobody has voted for is not third of three. */
const ranked = <P extends Product>(products: readonly P[]) => sortProducts(products.filter((product) => product.votes > 0), 'votes');

/** Each ranked product's place in the whole catalogue by votes (1 = most voted), whatever the list's order. */
export function rankByVotes(products: readonly Product[]): Map<number, number> {
  return new Map(ranked(products).map((product, index) => [product.id, index + 1]));
}

/** The best of the list by score; products without a positive score are not performers. */
export function topPerformers<P extends Product>(products: readonly P[]): P[] {
  return ranked(products).slice(0, TOP_PERFORMERS);
}

/** The three cards: Total Products, Total Score and Avg Performance (rounded mean score per product). */
export function catalogueStats(products: readonly Product[]) {
  const totalScore = products.reduce((sum, product) => sum + product.votes, 0);
  return {
    totalProducts: products.length,
    totalScore,
    averageScore: products.length === 0 ? 0 : Math.round(totalScore / products.length),
  };
}
