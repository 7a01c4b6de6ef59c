import type { MachinePerformance, Product, Stats } from '../../../shared/products.schemas.js';
import type { VotePageProduct, VotePageStats } from '../../../shared/vote-page.js';

/**
 * Made-up figures for the landing page's examples, which the page labels as examples. Brands are
 * invented; the figures add up (scores, today's shares, the dashboard's totals) so the examples
 * read like a real operator's week.
 */
const CREATED_AT = '2025-01-06T12:00:00.000Z';

export const EXAMPLE_MACHINE = { name: 'Break Room, Building A', location: 'Example Logistics, 2nd floor' } as const;

export const EXAMPLE_VOTE_PRODUCTS: VotePageProduct[] = [
  { id: 1, name: 'Sea Salt Kettle Chips', brand: 'Crunchline', category: 'Chips', votes: 42, votesToday: 6, todayShare: 40, voters: 39, createdAt: CREATED_AT },
  { id: 2, name: 'Cold Brew Can', brand: 'Northbound', category: 'Coffee', votes: 35, votesToday: 4, todayShare: 27, voters: 31, createdAt: CREATED_AT },
  { id: 3, name: 'Peppered Beef Jerky', brand: 'Trailside', category: 'Beef Jerky', votes: 23, votesToday: 3, todayShare: 20, voters: 22, createdAt: CREATED_AT },
  { id: 4, name: 'Sparkling Lime Water', brand: 'Fizzwell', category: 'Soda', votes: 11, votesToday: 2, todayShare: 13, voters: 12, createdAt: CREATED_AT },
];

export const EXAMPLE_VOTE_STATS: Pick<VotePageStats, 'votesToday' | 'products' | 'votersToday'> = {
  votesToday: 15,
  products: EXAMPLE_VOTE_PRODUCTS.length,
  votersToday: 11,
};

export const EXAMPLE_DASHBOARD_STATS: Stats = {
  totalVotes: 412,
  totalProducts: 8,
  activeVoters: 138,
  avgEngagement: 3,
  votesToday: 27,
  votesYesterday: 24,
  newProductsThisWeek: 1,
  votersThisWeek: 46,
  votersLastWeek: 39,
};

const catalogue = (id: number, name: string, brand: string, category: string, votes: number): Product => ({
  id,
  name,
  brand,
  category,
  price: '1.75',
  description: '',
  imageUrl: null,
  votes,
  createdAt: CREATED_AT,
});

export const EXAMPLE_DASHBOARD_PRODUCTS: Product[] = [
  catalogue(1, 'Sea Salt Kettle Chips', 'Crunchline', 'Chips', 64),
  catalogue(2, 'Cold Brew Can', 'Northbound', 'Coffee', 51),
  catalogue(3, 'Peppered Beef Jerky', 'Trailside', 'Beef Jerky', 38),
  catalogue(4, 'Sparkling Lime Water', 'Fizzwell', 'Soda', 17),
];

export const EXAMPLE_MACHINES: MachinePerformance[] = [
  {
    id: 1,
    name: EXAMPLE_MACHINE.name,
    location: EXAMPLE_MACHINE.location,
    status: 'active',
    votesToday: 15,
    topProducts: [
      { id: 1, name: 'Sea Salt Kettle Chips', brand: 'Crunchline', votes: 42 },
      { id: 2, name: 'Cold Brew Can', brand: 'Northbound', votes: 35 },
    ],
  },
  {
    id: 2,
    name: 'Lobby Snack Machine',
    location: 'Example Clinic, main entrance',
    status: 'active',
    votesToday: 12,
    topProducts: [
      { id: 1, name: 'Sea Salt Kettle Chips', brand: 'Crunchline', votes: 22 },
      { id: 2, name: 'Cold Brew Can', brand: 'Northbound', votes: 16 },
    ],
  },
];
