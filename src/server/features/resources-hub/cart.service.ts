import { and, asc, eq, sql } from 'drizzle-orm';
import { MAX_CART_QUANTITY, ResourcesMessages, type Cart } from '../../../shared/resources-hub.schemas.js';
import type { AppContext } from '../../context.js';
import { cartItems, catalogItems } from '../../db/schema.js';
import { conflict, notFound } from '../../http-errors.js';
import { retailFor, toCatalogItem } from './catalog.service.js';
import { amazonCartUrl } from './retailer-links.js';

const cents = (amount: string) => Math.round(Number(amount) * 100);
const dollars = (totalCents: number) => (totalCents / 100).toFixed(2);

/** The operator's cart, oldest line first, with its totals and the retailer's checkout link. */
export async function readCart(ctx: AppContext, userId: number): Promise<Cart> {
  const rows = await ctx.db
    .select({ item: catalogItems, quantity: cartItems.quantity })
    .from(cartItems)
    .innerJoin(catalogItems, eq(catalogItems.id, cartItems.catalogItemId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.addedAt), asc(catalogItems.id));
  const retail = await retailFor(ctx, userId);
  const lines = rows.map(({ item, quantity }) => ({
    item: toCatalogItem(item, retail),
    quantity,
    lineTotal: dollars(cents(item.price) * quantity),
  }));
  // An item that went out of stock after it was added stays in the cart, shown as such, but is
  // left out of the checkout link: the retailer would refuse it.
  const buyable = rows.filter(({ item }) => item.inStock).map(({ item, quantity }) => ({ asin: item.retailerProductId, quantity }));
  return {
    lines,
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotal: dollars(lines.reduce((sum, line) => sum + cents(line.lineTotal), 0)),
    checkoutUrl: buyable.length ? amazonCartUrl(retail, buyable) : null,
  };
}

/**
 * Adds `quantity` of an in-stock item, on top of what the cart already holds (capped at the most
 * one line may hold). One upsert, so two quick clicks add twice instead of failing on the key.
 */
export async function addToCart(ctx: AppContext, userId: number, catalogItemId: number, quantity: number): Promise<Cart> {
  const [item] = await ctx.db.select({ inStock: catalogItems.inStock }).from(catalogItems).where(eq(catalogItems.id, catalogItemId));
  if (!item) throw notFound(ResourcesMessages.itemNotFound);
  if (!item.inStock) throw conflict(ResourcesMessages.outOfStock);
  await ctx.db
    .insert(cartItems)
    .values({ userId, catalogItemId, quantity })
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.catalogItemId],
      set: { quantity: sql`least(${cartItems.quantity} + excluded.quantity, ${MAX_CART_QUANTITY})` },
    });
  return readCart(ctx, userId);
}

/** Sets a line's quantity; only lines of this operator's cart can be named. */
export async function setCartQuantity(ctx: AppContext, userId: number, catalogItemId: number, quantity: number): Promise<Cart> {
  const [changed] = await ctx.db
    .update(cartItems)
    .set({ quantity })
    .where(and(eq(cartItems.userId, userId), eq(cartItems.catalogItemId, catalogItemId)))
    .returning({ id: cartItems.catalogItemId });
  if (!changed) throw notFound(ResourcesMessages.notInCart);
  return readCart(ctx, userId);
}

export async function removeFromCart(ctx: AppContext, userId: number, catalogItemId: number): Promise<Cart> {
  const [removed] = await ctx.db
    .delete(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.catalogItemId, catalogItemId)))
    .returning({ id: cartItems.catalogItemId });
  if (!removed) throw notFound(ResourcesMessages.notInCart);
  return readCart(ctx, userId);
}

export async function clearCart(ctx: AppContext, userId: number): Promise<Cart> {
  await ctx.db.delete(cartItems).where(eq(cartItems.userId, userId));
  return readCart(ctx, userId);
}

/** The checkout link alone; 409 when nothing in the cart can be bought. */
export async function checkoutLink(ctx: AppContext, userId: number): Promise<{ url: string }> {
  const { checkoutUrl } = await readCart(ctx, userId);
  if (!checkoutUrl) throw conflict(ResourcesMessages.emptyCart);
  return { url: checkoutUrl };
}
