import { z } from 'zod';
import { PRODUCT_CATEGORIES, type ProductCategory } from './catalog.js';
import type { OwnerStats } from './stats.schemas.js';

export const ProductMessages = {
  nameRequired: 'Product name is required',
  brandRequired: 'Brand is required',
  categoryRequired: 'Category is required',
  invalidCategory: `Invalid category. Must be one of: ${PRODUCT_CATEGORIES.join(', ')}`,
} as const;

export const CategorySchema = z
  .string({ error: ProductMessages.categoryRequired })
  .trim()
  .min(1, ProductMessages.categoryRequired)
  .refine((value): value is ProductCategory => (PRODUCT_CATEGORIES as readonly string[]).includes(value), {
    message: ProductMessages.invalidCategory,
  });

const MoneySchema = z
  .union([z.string(), z.number()], { error: 'Price must be a number' })
  .transform((value) => String(value).trim())
  .refine((value) => /^\d{1,8}(\.\d{1,2})?$/.test(value), 'Price must be an amount such as 1.99')
  .transform((value) => Number(value).toFixed(2));

export const ProductInputSchema = z.strictObject({
  name: z.string({ error: ProductMessages.nameRequired }).trim().min(1, ProductMessages.nameRequired).max(120, 'Must be at most 120 characters'),
  brand: z.string({ error: ProductMessages.brandRequired }).trim().min(1, ProductMessages.brandRequired).max(120, 'Must be at most 120 characters'),
  category: CategorySchema,
  price: MoneySchema.default('0.00'),
  description: z.string({ error: 'Description must be text' }).trim().max(1000, 'Must be at most 1000 characters').default(''),
  // The spec's form sends votes: 0; a new product always starts at 0 whatever is sent.
  votes: z.literal(0, { error: 'A new product starts at 0 votes' }).optional(),
});
export type ProductInput = z.input<typeof ProductInputSchema>;

export interface Product {
  id: number;
  name: string;
  brand: string;
  category: string;
  price: string;
  description: string;
  imageUrl: string | null;
  /** The total over all machines, or the count at one machine when the list was asked for one. */
  votes: number;
  createdAt: string;
}

/** Largest value of a PostgreSQL integer column; a bigger id names no row, and must not reach a query. */
const MAX_ID = 2_147_483_647;

export const ProductIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'Product id must be a number' })
    .int('Product id must be a whole number')
    .positive('Product id must be a whole number')
    .max(MAX_ID, 'Product id must be a whole number'),
});

export const MachineScopeQuerySchema = z.object({
  machineId: z.coerce
    .number({ error: 'Machine id must be a number' })
    .int('Machine id must be a whole number')
    .positive('Machine id must be a whole number')
    .max(MAX_ID, 'Machine id must be a whole number')
    .optional(),
});

export const VoteInputSchema = z.strictObject({
  voteType: z.enum(['up', 'down'], { error: 'Vote type must be up or down' }),
});
export type VoteType = z.infer<typeof VoteInputSchema>['voteType'];

export interface VoteResult {
  productId: number;
  machineId: number | null;
  voteType: VoteType;
  /** The product's count in the scope voted in, after the vote. */
  votes: number;
}

export const ALREADY_VOTED_MESSAGE = "You've already voted for this product here.";

/** The figures of the dashboard cards in a scope (one machine, or all of an operator's machines), as the owner sees them. */
export type Stats = OwnerStats;

/** One machine in the dashboard's Machine Performance Overview. */
export interface MachinePerformance {
  id: number;
  name: string;
  location: string;
  status: string;
  votesToday: number;
  topProducts: { id: number; name: string; brand: string; votes: number }[];
}
