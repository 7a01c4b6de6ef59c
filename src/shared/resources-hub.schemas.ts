import { z } from 'zod';
import { MAX_ID } from './ids.js';

/**
 * The business resources hub (spec extended 3): three retail catalogues that admins keep, and each
 * operator's cart across them. Prices are the retailer's, in US dollars, never the operator's own.
 */
export const CATALOGUES = ['cleaning-kits', 'card-readers', 'toolkits'] as const;
export type Catalogue = (typeof CATALOGUES)[number];

export const CATALOGUE_LABELS: Record<Catalogue, string> = {
  'cleaning-kits': 'Cleaning Kits',
  'card-readers': 'Credit Card Readers',
  toolkits: 'Toolkits & Parts',
};

export const RETAILERS = ['amazon'] as const;
export const RETAILER_LABELS: Record<(typeof RETAILERS)[number], string> = { amazon: 'Amazon' };

export const ResourcesMessages = {
  itemNotFound: 'Item not found',
  notInCart: 'This item is not in your cart',
  outOfStock: 'This item is out of stock',
  slugTaken: 'Another item in this catalogue already has this slug',
  emptyCart: 'Your cart is empty',
} as const;

/** Most of one item an operator may keep in the cart; the retailer's own limits apply at checkout. */
export const MAX_CART_QUANTITY = 99;

const invalidItemId = 'Item id must be a whole number';
/** An item id from a path or a body: a whole number, or its digits as a string (as forms send it). */
export const CatalogItemIdSchema = z
  .union([z.number(), z.string()], { error: invalidItemId })
  .transform((value) => (typeof value === 'number' ? value : /^\d{1,10}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN))
  .pipe(z.number({ error: invalidItemId }).int(invalidItemId).min(1, invalidItemId).max(MAX_ID, invalidItemId));

export const CatalogItemIdParamsSchema = z.object({ id: CatalogItemIdSchema });
export const CatalogueParamsSchema = z.object({
  catalogue: z.enum(CATALOGUES, { error: 'Unknown catalogue' }),
});

const text = (label: string, max: number) => z.string({ error: `${label} must be text` }).trim().max(max, `Must be at most ${max} characters`);

const MoneySchema = z
  .union([z.string(), z.number()], { error: 'Price must be a number' })
  .transform((value) => String(value).trim())
  .refine((value) => /^\d{1,8}(\.\d{1,2})?$/.test(value), 'Price must be an amount such as 19.99')
  .transform((value) => Number(value).toFixed(2));

/** `?category=&search=&inStock=` on a catalogue's list; search matches name, brand, description and features. */
export const CatalogQuerySchema = z.object({
  category: text('Category', 80).optional(),
  search: text('Search', 200).optional(),
  inStock: z.enum(['true', 'false'], { error: 'inStock must be true or false' }).optional(),
});
export type CatalogQuery = z.input<typeof CatalogQuerySchema>;

export const CatalogItemSchema = z.object({
  id: z.number().int(),
  catalogue: z.enum(CATALOGUES),
  slug: z.string(),
  name: z.string(),
  brand: z.string(),
  description: z.string(),
  category: z.string(),
  /** The retailer's price in US dollars when the item was last edited, e.g. "24.99". */
  price: z.string(),
  originalPrice: z.string().nullable(),
  /** The retailer's rating, when an admin recorded it; null when not. */
  rating: z.string().nullable(),
  reviewCount: z.number().int(),
  features: z.array(z.string()),
  retailer: z.enum(RETAILERS),
  retailerProductId: z.string(),
  /** The product's page at the retailer, carrying the platform's affiliate tag when one is set. */
  retailerUrl: z.string(),
  inStock: z.boolean(),
  bestseller: z.boolean(),
  popular: z.boolean(),
  installation: z.string().nullable(),
  warranty: z.string().nullable(),
  businessSavingsPercent: z.number().int().nullable(),
  sortOrder: z.number().int(),
  updatedAt: z.string(),
});
export type CatalogItem = z.infer<typeof CatalogItemSchema>;

/** One catalogue: its items (filtered) and every category it has, for the filter chips. */
export const CatalogListSchema = z.object({
  catalogue: z.enum(CATALOGUES),
  categories: z.array(z.string()),
  items: z.array(CatalogItemSchema),
  /** When an item of this catalogue was last stored or edited, so its prices were last set; null when it is empty. */
  pricesUpdatedAt: z.string().nullable(),
});
export type CatalogList = z.infer<typeof CatalogListSchema>;

/** The hub's figures, counted from the catalogue (DECISIONS 4: no fixed '500+'). */
export const HubSummarySchema = z.object({
  totalItems: z.number().int(),
  inStockItems: z.number().int(),
  catalogues: z.array(z.object({ catalogue: z.enum(CATALOGUES), items: z.number().int(), inStock: z.number().int() })),
  /** The latest time any item's price was stored or edited; null when the hub is empty. */
  pricesUpdatedAt: z.string().nullable(),
});
export type HubSummary = z.infer<typeof HubSummarySchema>;

export const CartLineSchema = z.object({
  item: CatalogItemSchema,
  quantity: z.number().int(),
  /** price × quantity, "49.98". */
  lineTotal: z.string(),
});
export type CartLine = z.infer<typeof CartLineSchema>;

export const CartSchema = z.object({
  lines: z.array(CartLineSchema),
  /** Units in the cart (the header's count). */
  itemCount: z.number().int(),
  /** Sum of the lines at the listed prices; the retailer's checkout has the final price. */
  subtotal: z.string(),
  /** The retailer's multi-item cart link for the in-stock lines; null when there are none. */
  checkoutUrl: z.string().nullable(),
});
export type Cart = z.infer<typeof CartSchema>;

export const CheckoutLinkSchema = z.object({ url: z.string() });

const QuantitySchema = z
  .number({ error: 'Quantity must be a whole number' })
  .int('Quantity must be a whole number')
  .min(1, 'Quantity must be at least 1')
  .max(MAX_CART_QUANTITY, `Quantity must be at most ${MAX_CART_QUANTITY}`);

export const AddToCartSchema = z.strictObject({
  catalogItemId: CatalogItemIdSchema,
  quantity: QuantitySchema.default(1),
});
export type AddToCart = z.input<typeof AddToCartSchema>;

export const CartQuantitySchema = z.strictObject({ quantity: QuantitySchema });

const flag = (name: string) => z.boolean({ error: `${name} must be true or false` });

/** An item's editable fields, without defaults, so an update changes only what it sends. */
const itemFields = {
  catalogue: z.enum(CATALOGUES, { error: 'Catalogue must be cleaning-kits, card-readers or toolkits' }),
  slug: z
    .string({ error: 'Slug must be text' })
    .trim()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Slug must be lowercase letters, digits and dashes')
    .max(120, 'Must be at most 120 characters'),
  name: text('Name', 200).min(1, 'Name is required'),
  brand: text('Brand', 120),
  description: text('Description', 2000),
  category: text('Category', 80).min(1, 'Category is required'),
  price: MoneySchema,
  originalPrice: MoneySchema.nullable(),
  rating: z
    .number({ error: 'Rating must be a number' })
    .min(0, 'Rating must be between 0 and 5')
    .max(5, 'Rating must be between 0 and 5')
    .nullable()
    .transform((value) => (value === null ? null : value.toFixed(1))),
  reviewCount: z.number({ error: 'Review count must be a whole number' }).int('Review count must be a whole number').min(0),
  features: z.array(text('Feature', 200).min(1, 'A feature cannot be empty'), { error: 'Features must be a list' }).max(20),
  retailer: z.enum(RETAILERS),
  retailerProductId: z
    .string({ error: 'The Amazon ASIN is required' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{10}$/, 'The Amazon ASIN is 10 letters and digits'),
  inStock: flag('inStock'),
  bestseller: flag('bestseller'),
  popular: flag('popular'),
  installation: text('Installation', 200).nullable(),
  warranty: text('Warranty', 200).nullable(),
  businessSavingsPercent: z.number({ error: 'Business savings must be a whole percent' }).int('Business savings must be a whole percent').min(0).max(100).nullable(),
  sortOrder: z.number({ error: 'Sort order must be a whole number' }).int().min(0).max(100_000),
};

/** What admins send to create an item: the name, category, price and ASIN; the rest has defaults. */
export const CatalogItemInputSchema = z.strictObject({
  ...itemFields,
  slug: itemFields.slug.optional(),
  brand: itemFields.brand.default(''),
  description: itemFields.description.default(''),
  originalPrice: itemFields.originalPrice.optional(),
  rating: itemFields.rating.optional(),
  reviewCount: itemFields.reviewCount.default(0),
  features: itemFields.features.default([]),
  retailer: itemFields.retailer.default('amazon'),
  inStock: itemFields.inStock.default(true),
  bestseller: itemFields.bestseller.default(false),
  popular: itemFields.popular.default(false),
  installation: itemFields.installation.optional(),
  warranty: itemFields.warranty.optional(),
  businessSavingsPercent: itemFields.businessSavingsPercent.optional(),
  sortOrder: itemFields.sortOrder.default(0),
});
export type CatalogItemInput = z.input<typeof CatalogItemInputSchema>;

/** An update changes only the fields it sends. */
export const CatalogItemUpdateSchema = z.strictObject(itemFields).partial();
export type CatalogItemUpdate = z.input<typeof CatalogItemUpdateSchema>;

export const AdminCatalogQuerySchema = z.object({ catalogue: z.enum(CATALOGUES, { error: 'Unknown catalogue' }).optional() });

/** The name written as a slug: 'Square Reader (2nd gen)' → 'square-reader-2nd-gen'. */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);
}
