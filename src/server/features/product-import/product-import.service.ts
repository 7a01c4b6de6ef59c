import { and, eq, sql } from 'drizzle-orm';
import { ImportMessages, type ExistingProductAction, type ImportResult, type ImportRow, type ImportRowOutcome } from '../../../shared/product-import.schemas.js';
import type { AppContext } from '../../context.js';
import { queryRows } from '../../db/client.js';
import { productImportBatches, products } from '../../db/schema.js';
import { conflict } from '../../http-errors.js';
import { requestHashOf } from './import-batches.js';

type Tx = Parameters<Parameters<AppContext['db']['transaction']>[0]>[0];

export interface ImportBatchInput {
  batchKey: string;
  existing: ExistingProductAction;
  rows: ImportRow[];
}

type StoredResult = Omit<ImportResult, 'replayed'>;

/** What becomes of one key (name and brand, ignoring case) in this batch. */
type Target = { kind: 'existing'; productId: number } | { kind: 'new'; index: number };

interface ProductValues {
  name: string;
  brand: string;
  category: string;
  price?: string;
  description?: string;
}

/**
 * Imports one batch of already validated rows for `ownerId`, all or nothing. A row whose name and
 * brand match one of the owner's products (or an earlier row of the batch) is skipped or updates
 * it, as `existing` says. The batch key is recorded in the same transaction, with a hash of the
 * rows: a batch sent again (its answer was lost) gets the stored answer and changes nothing, and
 * other rows under the same key are refused with 409.
 */
export async function importProductBatch(ctx: AppContext, ownerId: number, input: ImportBatchInput): Promise<ImportResult> {
  return ctx.db.transaction(async (tx) => {
    // One import of an operator at a time (two tabs, two clients): matching reads the catalogue
    // without locking it, so two batches at once would each miss the other's new products.
    await tx.execute(sql`select pg_advisory_xact_lock(5, ${ownerId}::int)`);
    // Claiming the key first: a second request with the same key waits here until the first
    // commits (then finds its row) or rolls back (then imports itself).
    const requestHash = requestHashOf(input);
    const claimed = await tx
      .insert(productImportBatches)
      .values({ userId: ownerId, batchKey: input.batchKey, result: {}, requestHash })
      .onConflictDoNothing()
      .returning({ batchKey: productImportBatches.batchKey });
    if (claimed.length === 0) {
      const [stored] = await tx
        .select({ result: productImportBatches.result, requestHash: productImportBatches.requestHash })
        .from(productImportBatches)
        .where(and(eq(productImportBatches.userId, ownerId), eq(productImportBatches.batchKey, input.batchKey)));
      // Other rows under a used key are a client's mistake: answering the first batch's result would
      // report rows as imported that never were. A batch stored before hashes were kept has none,
      // and is answered as before.
      if (stored!.requestHash !== null && stored!.requestHash !== requestHash) throw conflict(ImportMessages.batchKeyReused);
      return { ...(stored!.result as unknown as StoredResult), replayed: true };
    }

    const result = await applyRows(tx, ownerId, input);
    await tx
      .update(productImportBatches)
      .set({ result: result as unknown as Record<string, unknown> })
      .where(and(eq(productImportBatches.userId, ownerId), eq(productImportBatches.batchKey, input.batchKey)));
    return { ...result, replayed: false };
  });
}

async function applyRows(tx: Tx, ownerId: number, input: ImportBatchInput): Promise<StoredResult> {
  const keys = await matchKeys(tx, ownerId, input.rows);
  const targets = new Map<string, Target>();
  const inserts: ProductValues[] = [];
  const updates = new Map<number, ProductValues>();
  const outcomes: { row: number; outcome: ImportRowOutcome }[] = [];

  input.rows.forEach((row, index) => {
    const { key, productId } = keys[index]!;
    const values: ProductValues = { name: row.name, brand: row.brand, category: row.category, price: row.price, description: row.description };
    let target = targets.get(key);
    if (!target) {
      target = productId === null ? { kind: 'new', index: inserts.length } : { kind: 'existing', productId };
      targets.set(key, target);
      if (target.kind === 'new') {
        inserts.push(values);
        outcomes.push({ row: row.row, outcome: 'created' });
        return;
      }
    }
    if (input.existing === 'skip') {
      outcomes.push({ row: row.row, outcome: 'skipped' });
      return;
    }
    // Update: the catalogue keeps its own spelling of name and brand; an empty price or
    // description in the file keeps the current one.
    if (target.kind === 'new') {
      inserts[target.index] = mergeValues(inserts[target.index]!, values);
    } else {
      const earlier = updates.get(target.productId);
      updates.set(target.productId, earlier ? mergeValues(earlier, values) : values);
    }
    outcomes.push({ row: row.row, outcome: 'updated' });
  });

  if (inserts.length > 0) await insertProducts(tx, ownerId, inserts);
  if (updates.size > 0) await updateProducts(tx, ownerId, updates);

  const count = (outcome: ImportRowOutcome) => outcomes.filter((entry) => entry.outcome === outcome).length;
  return { batchKey: input.batchKey, created: count('created'), updated: count('updated'), skipped: count('skipped'), rows: outcomes };
}

function mergeValues(earlier: ProductValues, later: ProductValues): ProductValues {
  return {
    name: earlier.name,
    brand: earlier.brand,
    category: later.category,
    price: later.price ?? earlier.price,
    description: later.description ?? earlier.description,
  };
}

/**
 * Each row's key and the owner's matching product (the oldest, should there be several), matched
 * by the database's own lower() so that rows and products compare alike.
 */
async function matchKeys(tx: Tx, ownerId: number, importRows: ImportRow[]) {
  const wanted = JSON.stringify(importRows.map((row, index) => ({ i: index, name: row.name, brand: row.brand })));
  const rows = await queryRows<{ i: number; key_name: string; key_brand: string; product_id: number | null }>(tx, sql`
    select v.i, lower(v.name) as key_name, lower(v.brand) as key_brand, min(p.id) as product_id
    from jsonb_to_recordset(${wanted}::jsonb) as v(i int, name text, brand text)
    left join ${products} p on p.user_id = ${ownerId} and lower(p.name) = lower(v.name) and lower(p.brand) = lower(v.brand)
    group by v.i, v.name, v.brand
    order by v.i`);
  return rows.map((row) => ({
    key: JSON.stringify([row.key_name, row.key_brand]),
    productId: row.product_id === null ? null : Number(row.product_id),
  }));
}

/**
 * One statement for every new product of the batch, its rows in one JSON parameter: building a
 * 1,000-row VALUES list with the query builder costs the event loop a hundred milliseconds and
 * more, the JSON a millisecond.
 */
async function insertProducts(tx: Tx, ownerId: number, inserts: ProductValues[]) {
  const rows = JSON.stringify(
    inserts.map((values) => ({ name: values.name, brand: values.brand, category: values.category, price: values.price ?? '0.00', description: values.description ?? '' })),
  );
  await tx.execute(sql`
    insert into ${products} (user_id, name, brand, category, price, description)
    select ${ownerId}, r.name, r.brand, r.category, r.price, r.description
    from jsonb_to_recordset(${rows}::jsonb) as r(name text, brand text, category text, price numeric(10, 2), description text)`);
}

/** One statement for every update of the batch. */
async function updateProducts(tx: Tx, ownerId: number, updates: Map<number, ProductValues>) {
  // Locked in id order, as the vote path and the vote reset lock products, so none of them deadlock.
  const ids = [...updates.keys()].sort((a, b) => a - b);
  await tx.execute(sql`select id from ${products} where user_id = ${ownerId} and id in ${ids} order by id for update`);
  const changes = JSON.stringify(
    [...updates].map(([id, values]) => ({ id, category: values.category, price: values.price ?? null, description: values.description ?? null })),
  );
  await tx.execute(sql`
    update ${products} p
    set category = c.category,
        price = coalesce(c.price, p.price),
        description = coalesce(c.description, p.description),
        updated_at = now()
    from jsonb_to_recordset(${changes}::jsonb) as c(id int, category text, price numeric(10, 2), description text)
    where p.id = c.id and p.user_id = ${ownerId}`);
}
