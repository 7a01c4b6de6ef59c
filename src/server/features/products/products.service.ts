import { and, desc, asc, eq, sql } from 'drizzle-orm';
import type { OwnerProduct, Product, ProductChanges, ProductInputSchema, UnitCost } from '../../../shared/products.schemas.js';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { machineProductVotes, products } from '../../db/schema.js';
import { notFound } from '../../http-errors.js';
import { subtractProductCounts } from '../votes/vote-counters.js';
import type { VoteScope } from '../votes/vote-scope.js';
import { NotFoundMessages } from '../../../shared/ids.js';

type ProductRow = typeof products.$inferSelect;

export function toProduct(row: Pick<ProductRow, 'id' | 'name' | 'brand' | 'category' | 'price' | 'description' | 'imageUrl' | 'createdAt'>, votes: number): Product {
  return {
    id: row.id,
    name: row.name,
    brand: row.brand,
    category: row.category,
    price: row.price,
    description: row.description,
    imageUrl: row.imageUrl,
    votes,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The product with what only its owner sees. */
function toOwnerProduct(row: ProductRow, votes: number): OwnerProduct {
  return { ...toProduct(row, votes), unitCost: row.yourPrice };
}

/**
 * The scope owner's catalogue, most voted first, with each product's count in that scope: at
 * one machine, on the demo page, or in total over all scopes. Only the operator's own catalogue
 * (their scope, never a machine's public one) carries the unit costs.
 */
export async function listProducts(ctx: AppContext, scope: VoteScope): Promise<Product[] | OwnerProduct[]> {
  const votesInScope = scopedVotes(scope);
  const rows = await ctx.db
    .select({ product: products, votes: votesInScope })
    .from(products)
    .where(eq(products.userId, scope.ownerId))
    .orderBy(desc(votesInScope), asc(products.name), asc(products.id));
  const present = scope.kind === 'operator' ? toOwnerProduct : toProduct;
  return rows.map((row) => present(row.product, row.votes));
}

/** A product's count in a scope, as an SQL expression over `products`. */
export function scopedVotes(scope: VoteScope) {
  switch (scope.kind) {
    case 'operator':
      // The operator's machines only: the demo page is not one of them, so "all machines" is their sum.
      return sql<number>`(${products.votes} - ${products.demoVotes})`.mapWith(Number);
    case 'machine':
      return sql<number>`coalesce((select ${machineProductVotes.votes} from ${machineProductVotes}
        where ${machineProductVotes.machineId} = ${scope.machineId} and ${machineProductVotes.productId} = ${products.id}), 0)`.mapWith(Number);
    case 'demo':
      return sql<number>`${products.demoVotes}`;
  }
}

export async function createProduct(ctx: AppContext, ownerId: number, input: z.output<typeof ProductInputSchema>): Promise<OwnerProduct> {
  const { name, brand, category, price, description, unitCost } = input;
  const [row] = await ctx.db
    .insert(products)
    .values({ userId: ownerId, name, brand, category, price, description, yourPrice: unitCost })
    .returning();
  return toOwnerProduct(row!, 0);
}

/** Edit Product: the fields sent change, the others and the votes stay. Answers with the total over the owner's machines, as their catalogue shows it. */
export async function updateProduct(ctx: AppContext, ownerId: number, productId: number, changes: ProductChanges): Promise<OwnerProduct> {
  const { unitCost, ...fields } = changes;
  const [row] = await ctx.db
    .update(products)
    .set({ ...fields, ...(unitCost === undefined ? {} : { yourPrice: unitCost }), updatedAt: new Date() })
    .where(and(eq(products.id, productId), eq(products.userId, ownerId)))
    .returning();
  if (!row) throw notFound(NotFoundMessages.product);
  return toOwnerProduct(row, row.votes - row.demoVotes);
}

/** The operator's own cost of one unit (products.your_price), for the stock figures' savings. */
export async function setUnitCost(ctx: AppContext, ownerId: number, productId: number, unitCost: string | null): Promise<UnitCost> {
  const [row] = await ctx.db
    .update(products)
    .set({ yourPrice: unitCost, updatedAt: new Date() })
    .where(and(eq(products.id, productId), eq(products.userId, ownerId)))
    .returning({ productId: products.id, unitCost: products.yourPrice });
  if (!row) throw notFound(NotFoundMessages.product);
  return row;
}

/**
 * Deleting a product deletes its votes and counts (cascade). The machines' voter tallies are kept
 * by the vote path, not by a cascade, so they lose those votes here, and a voter whose only votes
 * were for this product is no longer one of the machine's voters.
 */
export async function deleteProduct(ctx: AppContext, ownerId: number, productId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    // The lock holds votes on this product back until it is gone (the vote path locks it first).
    const [owned] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, productId), eq(products.userId, ownerId)))
      .for('update');
    if (!owned) throw notFound(NotFoundMessages.product);
    await subtractProductCounts(tx, ownerId, productId);
    await tx.delete(products).where(eq(products.id, productId));
  });
}
