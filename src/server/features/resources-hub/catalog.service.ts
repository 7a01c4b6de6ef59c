import { and, asc, count, eq, ilike, max, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CATALOGUES,
  ResourcesMessages,
  slugify,
  type Catalogue,
  type CatalogItem,
  type CatalogItemInputSchema,
  type CatalogItemUpdateSchema,
  type CatalogList,
  type CatalogQuery,
  type HubSummary,
} from '../../../shared/resources-hub.schemas.js';
import type { AppContext } from '../../context.js';
import { catalogItems } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { conflict, notFound } from '../../http-errors.js';
import { amazonTagsFor } from '../retail-affiliates/associate-tags.js';
import { amazonProductUrl, DEFAULT_AMAZON_BASE_URL, storeRegionOf, type RetailSettings } from './retailer-links.js';

type CatalogItemRow = typeof catalogItems.$inferSelect;
type CatalogItemInput = z.output<typeof CatalogItemInputSchema>;
type CatalogItemUpdate = z.output<typeof CatalogItemUpdateSchema>;

function retailOf(ctx: AppContext): RetailSettings {
  return ctx.retail ?? { amazonBaseUrl: DEFAULT_AMAZON_BASE_URL };
}

/**
 * The retail settings with the tag for this viewer's links (null: an admin's list, the platform's):
 * their own enabled associate ID, else the platform's from the admin panel, else AMAZON_ASSOCIATE_TAG;
 * a tag of another Associates store than the links' is passed over, as it would earn nothing there.
 */
export async function retailFor(ctx: AppContext, viewerId: number | null): Promise<RetailSettings> {
  const retail = retailOf(ctx);
  const { own, platform } = await amazonTagsFor(ctx, viewerId);
  const region = storeRegionOf(retail);
  const chosen = [own, platform].find((candidate) => candidate?.region === region);
  return chosen ? { ...retail, amazonAssociateTag: chosen.tag } : retail;
}

export function toCatalogItem(row: CatalogItemRow, retail: RetailSettings): CatalogItem {
  return {
    id: row.id,
    catalogue: row.catalogue,
    slug: row.slug,
    name: row.name,
    brand: row.brand,
    description: row.description,
    category: row.category,
    price: row.price,
    originalPrice: row.originalPrice,
    rating: row.rating,
    reviewCount: row.reviewCount,
    features: row.features,
    retailer: row.retailer,
    retailerProductId: row.retailerProductId,
    retailerUrl: amazonProductUrl(retail, row.retailerProductId),
    inStock: row.inStock,
    bestseller: row.bestseller,
    popular: row.popular,
    installation: row.installation,
    warranty: row.warranty,
    businessSavingsPercent: row.businessSavingsPercent,
    sortOrder: row.sortOrder,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A LIKE pattern that matches the text literally anywhere, `%` and `_` included. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** One catalogue in its order, narrowed by category, stock and text in the name, brand, description or features. */
export async function listCatalog(ctx: AppContext, viewerId: number, catalogue: Catalogue, query: CatalogQuery): Promise<CatalogList> {
  const pattern = query.search ? containsPattern(query.search) : undefined;
  const filters: (SQL | undefined)[] = [
    eq(catalogItems.catalogue, catalogue),
    query.category ? eq(catalogItems.category, query.category) : undefined,
    query.inStock ? eq(catalogItems.inStock, query.inStock === 'true') : undefined,
    pattern
      ? or(
          ilike(catalogItems.name, pattern),
          ilike(catalogItems.brand, pattern),
          ilike(catalogItems.description, pattern),
          ilike(sql`${catalogItems.features}::text`, pattern),
        )
      : undefined,
  ];
  const [rows, categoryRows, [latest], retail] = await Promise.all([
    ctx.db.select().from(catalogItems).where(and(...filters)).orderBy(asc(catalogItems.sortOrder), asc(catalogItems.name), asc(catalogItems.id)),
    ctx.db
      .selectDistinct({ category: catalogItems.category })
      .from(catalogItems)
      .where(eq(catalogItems.catalogue, catalogue))
      .orderBy(asc(catalogItems.category)),
    // The whole catalogue's, whatever the filters: the prices are a stored copy of the retailer's.
    ctx.db.select({ at: max(catalogItems.updatedAt) }).from(catalogItems).where(eq(catalogItems.catalogue, catalogue)),
    retailFor(ctx, viewerId),
  ]);
  return {
    catalogue,
    categories: categoryRows.map((row) => row.category),
    items: rows.map((row) => toCatalogItem(row, retail)),
    pricesUpdatedAt: latest?.at?.toISOString() ?? null,
  };
}

/** The hub's figures, counted, so that they are true whatever admins add or remove. */
export async function summarizeHub(ctx: AppContext): Promise<HubSummary> {
  const rows = await ctx.db
    .select({
      catalogue: catalogItems.catalogue,
      items: count(),
      inStock: sql<number>`count(*) filter (where ${catalogItems.inStock})`.mapWith(Number),
      updatedAt: max(catalogItems.updatedAt),
    })
    .from(catalogItems)
    .groupBy(catalogItems.catalogue);
  const catalogues = CATALOGUES.map((catalogue) => {
    const row = rows.find((candidate) => candidate.catalogue === catalogue);
    return { catalogue, items: row?.items ?? 0, inStock: row?.inStock ?? 0 };
  });
  return {
    totalItems: catalogues.reduce((sum, entry) => sum + entry.items, 0),
    inStockItems: catalogues.reduce((sum, entry) => sum + entry.inStock, 0),
    catalogues,
    pricesUpdatedAt: rows.reduce<Date | null>((latest, row) => (row.updatedAt && (!latest || row.updatedAt > latest) ? row.updatedAt : latest), null)?.toISOString() ?? null,
  };
}

/** Admins' list: every item, or one catalogue's. */
export async function listAllItems(ctx: AppContext, catalogue?: Catalogue): Promise<CatalogItem[]> {
  const rows = await ctx.db
    .select()
    .from(catalogItems)
    .where(catalogue ? eq(catalogItems.catalogue, catalogue) : undefined)
    .orderBy(asc(catalogItems.catalogue), asc(catalogItems.sortOrder), asc(catalogItems.name), asc(catalogItems.id));
  const retail = await retailFor(ctx, null);
  return rows.map((row) => toCatalogItem(row, retail));
}

/** A slug clash is the one conflict an admin can cause; the unique index decides, not a read first. */
async function refusingSlugClash<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ResourcesMessages.slugTaken);
    throw error;
  }
}

export async function createItem(ctx: AppContext, input: CatalogItemInput): Promise<CatalogItem> {
  const [row] = await refusingSlugClash(() =>
    ctx.db
      .insert(catalogItems)
      .values({
        ...input,
        slug: input.slug ?? slugify(`${input.brand} ${input.name}`),
        originalPrice: input.originalPrice ?? null,
        rating: input.rating ?? null,
        installation: input.installation ?? null,
        warranty: input.warranty ?? null,
        businessSavingsPercent: input.businessSavingsPercent ?? null,
      })
      .returning(),
  );
  return toCatalogItem(row!, await retailFor(ctx, null));
}

export async function updateItem(ctx: AppContext, id: number, changes: CatalogItemUpdate): Promise<CatalogItem> {
  const [row] = await refusingSlugClash(() =>
    ctx.db
      .update(catalogItems)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(catalogItems.id, id))
      .returning(),
  );
  if (!row) throw notFound(ResourcesMessages.itemNotFound);
  return toCatalogItem(row, await retailFor(ctx, null));
}

/** Deleting an item also takes it out of every cart (the foreign key cascades). */
export async function deleteItem(ctx: AppContext, id: number): Promise<{ id: number; deleted: true }> {
  const [row] = await ctx.db.delete(catalogItems).where(eq(catalogItems.id, id)).returning({ id: catalogItems.id });
  if (!row) throw notFound(ResourcesMessages.itemNotFound);
  return { id: row.id, deleted: true };
}
