import { count } from 'drizzle-orm';
import { EducatorInputSchema, type EducatorFormValues } from '../../shared/educators.schemas.js';
import type { Database } from './client.js';
import { educators } from './schema.js';

/**
 * Invented educators that show a new install what the education directory looks like. Every name,
 * school and address is made up (example.com addresses); the page and the admin table mark them 'Example'.
 */
export const DEMO_EDUCATORS: EducatorFormValues[] = [
  {
    name: 'Example Vending Academy',
    image: '🎓',
    description: 'An invented school used to show the directory: a self-paced course on starting a vending route, from the first machine to ten.',
    category: 'Business Management',
    specialization: 'Starting and growing a vending route',
    website: 'https://academy.example.com',
    affiliateUrl: 'https://academy.example.com/courses?ref=vendvote-example',
    highlights: ['Pick locations with foot traffic', 'Plan cash flow for the first year', 'Grow from one machine to ten'],
    featured: true,
    rating: 4.7,
    students: 1200,
    courses: 8,
  },
  {
    name: 'Sample Snack Marketing Lab',
    image: '📣',
    description: 'A made-up workshop showing how a marketing listing looks: signs, QR codes and promotions that bring customers back to a machine.',
    category: 'Marketing',
    specialization: 'On-site promotion and QR campaigns',
    website: 'https://marketing-lab.example.com',
    affiliateUrl: 'https://marketing-lab.example.com/workshops?ref=vendvote-example',
    highlights: ['Design signs that get scanned', 'Run a seasonal promotion'],
    featured: false,
    rating: 4.5,
    students: 430,
    courses: 3,
  },
  {
    name: 'Demo Route Operations School',
    image: '🚚',
    description: 'A fictional operations course for the listing preview: restocking schedules, route planning and keeping machines running.',
    category: 'Operations',
    specialization: 'Route planning and restocking',
    website: 'https://operations.example.com',
    affiliateUrl: 'https://operations.example.com/enroll?ref=vendvote-example',
    highlights: ['Plan restocking from sales data', 'Cut drive time between machines', 'Basic machine maintenance'],
    featured: false,
    rating: 4.3,
    students: 760,
    courses: 5,
  },
];

/** Adds the example educators to an empty directory; one that admins have filled is left alone. */
export async function seedExampleEducators(db: Database): Promise<number> {
  const [row] = await db.select({ total: count() }).from(educators);
  if (row!.total > 0) return 0;
  const rows = DEMO_EDUCATORS.map((educator) => {
    const input = EducatorInputSchema.parse(educator);
    return { ...input, rating: input.rating.toFixed(1), isExample: true };
  });
  await db.insert(educators).values(rows);
  return rows.length;
}

