import { z } from 'zod';
import { PRODUCT_CATEGORIES, type ProductCategory } from './catalog.js';
import { idParamsSchema } from './ids.js';
import type { OwnerStats } from './stats.schemas.js';

export { MachineScopeQuerySchema } from './ids.js';

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

/** What an amount field takes: up to 8 whole digits and 2 decimals, as a string or a number. */
const AMOUNT = /^\d{1,8}(\.\d{1,2})?$/;
const isBlank = (value: unknown) => value === null || value === undefined || String(value).trim() === '';

/** The stored price of a product whose price is not set. */
export const PRICE_NOT_SET = '0.00';
export const isPriceSet = (price: string) => price !== PRICE_NOT_SET;

/**
 * A product's sale price. Left empty it is not set, which is stored as 0.00 (the spec's value for
 * a product added without one): figures that need a price leave such a product out, and screens say
 * 'not set' instead of showing $0.00 (docs/decisions/0035-catalogue-editing.md).
 */
export const PriceSchema = z
  .union([z.string(), z.number(), z.null()], { error: 'Price must be a number' })
  .transform((value) => (isBlank(value) ? '' : String(value).trim()))
  .refine((value) => value === '' || AMOUNT.test(value), 'Price must be an amount such as 1.99')
  .transform((value) => (value === '' ? PRICE_NOT_SET : Number(value).toFixed(2)));

/** What one unit costs the operator; empty or null: unknown. */
export const UnitCostAmountSchema = z
  .union([z.string(), z.number(), z.null()], { error: 'Unit cost must be an amount such as 0.85, or empty' })
  .transform((value) => (isBlank(value) ? null : String(value).trim()))
  .refine((value) => value === null || AMOUNT.test(value), 'Unit cost must be an amount such as 0.85')
  .transform((value) => (value === null ? null : Number(value).toFixed(2)));

const productFields = {
  name: z.string({ error: ProductMessages.nameRequired }).trim().min(1, ProductMessages.nameRequired).max(120, 'Must be at most 120 characters'),
  brand: z.string({ error: ProductMessages.brandRequired }).trim().min(1, ProductMessages.brandRequired).max(120, 'Must be at most 120 characters'),
  category: CategorySchema,
  description: z.string({ error: 'Description must be text' }).trim().max(1000, 'Must be at most 1000 characters'),
};

export const ProductInputSchema = z.strictObject({
  ...productFields,
  price: PriceSchema.default(PRICE_NOT_SET),
  description: productFields.description.default(''),
  unitCost: UnitCostAmountSchema.default(null),
  // The spec's form sends votes: 0; a new product always starts at 0 whatever is sent.
  votes: z.literal(0, { error: 'A new product starts at 0 votes' }).optional(),
});
export type ProductInput = z.input<typeof ProductInputSchema>;

export const ProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  brand: z.string(),
  category: z.string(),
  price: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  /** The total over all machines, or the count at one machine when the list was asked for one. */
  votes: z.number().int(),
  createdAt: z.string(),
});
export type Product = z.infer<typeof ProductSchema>;

/**
 * A product as its owner sees it in their own catalogue: with the unit cost, which is private and
 * so never in ProductSchema (the vote page reads that one).
 */
export const OwnerProductSchema = ProductSchema.extend({ unitCost: z.string().nullable() });
export type OwnerProduct = z.infer<typeof OwnerProductSchema>;

/** PATCH /api/products/{id}: any of the Add fields; a field left out keeps its value. */
export const ProductUpdateSchema = z.strictObject({
  name: productFields.name.optional(),
  brand: productFields.brand.optional(),
  category: CategorySchema.optional(),
  price: PriceSchema.optional(),
  description: productFields.description.optional(),
  unitCost: UnitCostAmountSchema.optional(),
});
export type ProductUpdate = z.input<typeof ProductUpdateSchema>;
export type ProductChanges = z.output<typeof ProductUpdateSchema>;

export const ProductIdParamsSchema = idParamsSchema('product');

/**
 * PUT /api/products/{id}/unit-cost: what one unit costs the operator (null: unknown). Private to the
 * owner, so it is not in ProductSchema, which the vote page reads too; the stock figures use it.
 */
export const UnitCostInputSchema = z.strictObject({ unitCost: UnitCostAmountSchema });
export const UnitCostSchema = z.object({ productId: z.number().int(), unitCost: z.string().nullable() });
export type UnitCost = z.infer<typeof UnitCostSchema>;

export const VoteInputSchema = z.strictObject({
  voteType: z.enum(['up', 'down'], { error: 'Vote type must be up or down' }),
});
export type VoteType = z.infer<typeof VoteInputSchema>['voteType'];

export const VoteResultSchema = z.object({
  productId: z.number().int(),
  machineId: z.number().int().nullable(),
  voteType: z.enum(['up', 'down']),
  /** The product's count in the scope voted in, after the vote. */
  votes: z.number().int(),
});
export type VoteResult = z.infer<typeof VoteResultSchema>;

export const ResetVotesResultSchema = z.object({ message: z.string(), archivedVotes: z.number().int() });

export const ALREADY_VOTED_MESSAGE = "You've already voted for this product here.";

/** The figures of the dashboard cards in a scope (one machine, or all of an operator's machines), as the owner sees them. */
export type Stats = OwnerStats;

/** One machine in the dashboard's Machine Performance Overview. */
export const MachinePerformanceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  location: z.string(),
  status: z.string(),
  votesToday: z.number().int(),
  topProducts: z.array(z.object({ id: z.number().int(), name: z.string(), brand: z.string(), votes: z.number().int() })),
});
export type MachinePerformance = z.infer<typeof MachinePerformanceSchema>;

/** The dashboard's chart: the days of the trend, oldest first. */
export const VOTE_TREND_DAYS = 30;

/** `GET /api/stats/daily`: votes cast per day in the owner's calendar. */
export const VoteTrendSchema = z.object({
  timeZone: z.string(),
  days: z.array(z.object({ date: z.string(), votes: z.number().int(), up: z.number().int(), down: z.number().int() })),
});
export type VoteTrend = z.infer<typeof VoteTrendSchema>;
