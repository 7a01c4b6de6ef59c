import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { count, sql } from 'drizzle-orm';
import { z } from 'zod';
import { CatalogItemInputSchema, slugify } from '../../shared/resources-hub.schemas.js';
import type { Database } from './client.js';
import { catalogItems } from './schema.js';

// Read from the source tree, as the migrations are, so the built server finds the same file.
const seedFile = fileURLToPath(new URL('../../../src/server/db/seed-data/catalog-items.json', import.meta.url));

const SeedFileSchema = z.object({ items: z.array(CatalogItemInputSchema) });

/** The resource hub's starting catalogue, checked by the admins' own schema so a bad row fails loudly. */
export function readCatalogSeed(file = seedFile) {
  return SeedFileSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).items;
}

/**
 * Inserts or updates every item of the seed file by (catalogue, slug), the unique key, so running
 * it again corrects the rows it made instead of adding copies. Items admins added are untouched.
 */
export async function seedCatalogItems(db: Database, items = readCatalogSeed()): Promise<number> {
  if (items.length === 0) return 0;
  const rows = items.map((item) => ({
    ...item,
    slug: item.slug ?? slugify(`${item.brand} ${item.name}`),
    originalPrice: item.originalPrice ?? null,
    rating: item.rating ?? null,
    installation: item.installation ?? null,
    warranty: item.warranty ?? null,
    businessSavingsPercent: item.businessSavingsPercent ?? null,
  }));
  const fromSeed = (column: string) => sql.raw(`excluded.${column}`);
  await db
    .insert(catalogItems)
    .values(rows)
    .onConflictDoUpdate({
      target: [catalogItems.catalogue, catalogItems.slug],
      set: {
        name: fromSeed('name'),
        brand: fromSeed('brand'),
        description: fromSeed('description'),
        category: fromSeed('category'),
        price: fromSeed('price'),
        originalPrice: fromSeed('original_price'),
        rating: fromSeed('rating'),
        reviewCount: fromSeed('review_count'),
        features: fromSeed('features'),
        retailer: fromSeed('retailer'),
        retailerProductId: fromSeed('retailer_product_id'),
        inStock: fromSeed('in_stock'),
        bestseller: fromSeed('bestseller'),
        popular: fromSeed('popular'),
        installation: fromSeed('installation'),
        warranty: fromSeed('warranty'),
        businessSavingsPercent: fromSeed('business_savings_percent'),
        sortOrder: fromSeed('sort_order'),
        updatedAt: sql`now()`,
      },
    });
  return rows.length;
}

/**
 * On start: loads the catalogue when it is empty (a new install, or one from before the hub), and
 * otherwise leaves it alone, so that admins' edits and deletions survive a restart.
 */
export async function seedCatalogIfEmpty(db: Database): Promise<void> {
  const [row] = await db.select({ items: count() }).from(catalogItems);
  if (row!.items === 0) await seedCatalogItems(db);
}
