import { describe, expect, it } from 'vitest';
import type { Product } from '../../../shared/products.schemas.js';
import { catalogueStats, rankByVotes, searchProducts, sortProducts, topPerformers } from './catalogue-view.js';

const product = (id: number, name: string, votes: number, createdAt: string, brand = 'Acme', category = 'Chips'): Product => ({
  id,
  name,
  brand,
  category,
  price: '0.00',
  description: '',
  imageUrl: null,
  votes,
  createdAt,
});

const catalogue = [
  product(1, 'pretzels', 4, '2025-01-03T00:00:00Z'),
  product(2, 'Almonds', 9, '2025-01-01T00:00:00Z', 'Blue Diamond', 'Nuts'),
  product(3, 'Cola', 4, '2025-01-02T00:00:00Z', 'Coca-Cola', 'Soda'),
  product(4, 'Jerky', 0, '2025-01-04T00:00:00Z', 'Jack Link', 'Beef Jerky'),
];
const names = (products: Product[]) => products.map((p) => p.name);

describe('the product catalogue view', () => {
  it('sorts by votes (ties by name), by name ignoring case, and by when added', () => {
    expect(names(sortProducts(catalogue, 'votes'))).toEqual(['Almonds', 'Cola', 'pretzels', 'Jerky']);
    expect(names(sortProducts(catalogue, 'name'))).toEqual(['Almonds', 'Cola', 'Jerky', 'pretzels']);
    expect(names(sortProducts(catalogue, 'oldest'))).toEqual(['Almonds', 'Cola', 'pretzels', 'Jerky']);
    expect(names(sortProducts(catalogue, 'newest'))).toEqual(['Jerky', 'pretzels', 'Cola', 'Almonds']);
  });

  it('searches name, brand and category in any case', () => {
    expect(names(searchProducts(catalogue, 'COLA'))).toEqual(['Cola']);
    expect(names(searchProducts(catalogue, 'diamond'))).toEqual(['Almonds']);
    expect(names(searchProducts(catalogue, 'beef'))).toEqual(['Jerky']);
    expect(searchProducts(catalogue, '  ')).toHaveLength(4);
    expect(searchProducts(catalogue, 'nothing like it')).toEqual([]);
  });

  it('ranks over the whole catalogue and picks the top five of a list, only products with a positive score', () => {
    // Jerky has a score of 0: no rank at all, not fourth of four.
    expect([...rankByVotes(catalogue)]).toEqual([[2, 1], [3, 2], [1, 3]]);
    const many = Array.from({ length: 7 }, (_, i) => product(10 + i, `P${i}`, i, '2025-01-01T00:00:00Z'));
    expect(names(topPerformers(many))).toEqual(['P6', 'P5', 'P4', 'P3', 'P2']);
    const fewVoted = Array.from({ length: 7 }, (_, i) => product(20 + i, `Q${i}`, i < 5 ? 0 : i, '2025-01-01T00:00:00Z'));
    expect(names(topPerformers(fewVoted))).toEqual(['Q6', 'Q5']);
    expect(topPerformers(catalogue.map((p) => ({ ...p, votes: 0 })))).toEqual([]);
    expect(rankByVotes(catalogue.map((p) => ({ ...p, votes: 0 }))).size).toBe(0);
  });

  it('computes the cards, rounding the mean votes per product', () => {
    expect(catalogueStats(catalogue)).toEqual({ totalProducts: 4, totalScore: 17, averageScore: 4 });
    expect(catalogueStats([product(1, 'A', 1, '2025-01-01T00:00:00Z'), product(2, 'B', 2, '2025-01-01T00:00:00Z')]).averageScore).toBe(2);
    expect(catalogueStats([])).toEqual({ totalProducts: 0, totalScore: 0, averageScore: 0 });
  });
});
