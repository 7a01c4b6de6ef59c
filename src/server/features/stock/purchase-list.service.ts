import { and, eq, sql, type SQL } from 'drizzle-orm';
import { centsOf, formatCents, type Currency } from '../../../shared/money.js';
import {
  StockMessages,
  type AddPurchaseListItemsFields,
  type PurchaseList,
  type PurchaseListAdded,
  type PurchaseListItem,
} from '../../../shared/stock.schemas.js';
import type { AppContext } from '../../context.js';
import { products, purchaseListItems, users, vendingMachines } from '../../db/schema.js';
import { conflict, notFound } from '../../http-errors.js';
import { ownedMachine, ownedMachineNames, ownedProductNames } from './restocks.service.js';
import { slotStocks } from './slot-stock.service.js';
import { ownerSettings } from '../inventory-analytics/analytics-store.js';
import { unitsPerVoteOf } from '../inventory-analytics/units-per-vote-source.js';

/** A line as the list, the CSV and the pick list read it: with its machine and product. */
function selectLines(ctx: AppContext, userId: number, ...filters: (SQL | undefined)[]) {
  return ctx.db
    .select({
      line: purchaseListItems,
      machineName: vendingMachines.name,
      machineLocation: vendingMachines.location,
      machineAddress: vendingMachines.address,
      productName: products.name,
      brand: products.brand,
      category: products.category,
      unitCost: products.yourPrice,
    })
    .from(purchaseListItems)
    // The owner on both joins as well: a line can only ever show the operator's own records.
    .innerJoin(vendingMachines, and(eq(vendingMachines.id, purchaseListItems.machineId), eq(vendingMachines.userId, userId)))
    .innerJoin(products, and(eq(products.id, purchaseListItems.productId), eq(products.userId, userId)))
    .where(and(eq(purchaseListItems.userId, userId), ...filters));
}
type LineRow = Awaited<ReturnType<typeof selectLines>>[number];

function toItem(row: LineRow): PurchaseListItem {
  const { line } = row;
  return {
    id: line.id,
    machineId: line.machineId,
    machineName: row.machineName,
    machineLocation: row.machineLocation,
    productId: line.productId,
    productName: row.productName,
    brand: row.brand,
    category: row.category,
    quantity: line.quantity,
    source: line.source,
    note: line.note,
    unitCost: row.unitCost,
    lineCost: row.unitCost === null ? null : formatCents(centsOf(row.unitCost) * BigInt(line.quantity)),
    updatedAt: line.updatedAt.toISOString(),
  };
}

// In the application rather than ORDER BY: the same order on every engine and collation.
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
function byMachineThenProduct(a: LineRow, b: LineRow): number {
  return (
    collator.compare(a.machineName, b.machineName) ||
    a.line.machineId - b.line.machineId ||
    collator.compare(a.productName, b.productName) ||
    a.line.id - b.line.id
  );
}

/** The operator's currency and time zone: what the list's costs are in, and what 'today' means. */
export async function ownerPreferences(ctx: AppContext, userId: number): Promise<{ currency: Currency; timeZone: string }> {
  const [row] = await ctx.db.select({ currency: users.currency, timeZone: users.timeZone }).from(users).where(eq(users.id, userId));
  return row ?? { currency: 'USD', timeZone: 'UTC' };
}

/** Sorted lines, with the address of their machine for the pick list. */
async function readLines(ctx: AppContext, userId: number, machineId?: number) {
  const rows = await selectLines(ctx, userId, machineId === undefined ? undefined : eq(purchaseListItems.machineId, machineId));
  return rows.sort(byMachineThenProduct);
}

function toList(rows: LineRow[], currency: Currency): PurchaseList {
  const items = rows.map(toItem);
  const known = items.filter((item) => item.lineCost !== null);
  return {
    items,
    totalUnits: items.reduce((sum, item) => sum + item.quantity, 0),
    knownCost: formatCents(known.reduce((sum, item) => sum + centsOf(item.lineCost!), 0n)),
    unknownCostLines: items.length - known.length,
    currency,
  };
}

export async function readPurchaseList(ctx: AppContext, userId: number): Promise<PurchaseList> {
  const [rows, { currency }] = await Promise.all([readLines(ctx, userId), ownerPreferences(ctx, userId)]);
  return toList(rows, currency);
}

/**
 * Sets each line on the list: a new one is added, one already there takes the quantity, source and
 * note sent (a note left out keeps the note it had), so adding the same forecast twice does not
 * double it. One transaction: a foreign machine or product is a 404 and nothing is written.
 */
export async function addPurchaseListItems(ctx: AppContext, userId: number, input: AddPurchaseListItemsFields): Promise<PurchaseListAdded> {
  const { items } = input;
  const outcome = await ctx.db.transaction(async (tx) => {
    await ownedMachineNames(tx, userId, items.map((item) => item.machineId), (index) => `items.${index}.machineId`);
    await ownedProductNames(tx, userId, items.map((item) => item.productId), (index) => `items.${index}.productId`);
    const upsert = (lines: typeof items, keepNote: boolean) =>
      lines.length === 0
        ? Promise.resolve([])
        : tx
            .insert(purchaseListItems)
            .values(lines.map((item) => ({ userId, machineId: item.machineId, productId: item.productId, quantity: item.quantity, source: item.source, note: item.note ?? '' })))
            .onConflictDoUpdate({
              target: [purchaseListItems.userId, purchaseListItems.machineId, purchaseListItems.productId],
              set: {
                quantity: sql`excluded.quantity`,
                source: sql`excluded.source`,
                ...(keepNote ? {} : { note: sql`excluded.note` }),
                updatedAt: sql`now()`,
              },
            })
            // xmax is 0 on a row this statement inserted, and set on one it updated.
            .returning({ inserted: sql<boolean>`(xmax = 0)` });
    const written = [
      ...(await upsert(items.filter((item) => item.note !== undefined), false)),
      ...(await upsert(items.filter((item) => item.note === undefined), true)),
    ];
    const added = written.filter((row) => row.inserted).length;
    return { added, updated: written.length - added };
  });
  return { ...outcome, list: await readPurchaseList(ctx, userId) };
}

/** Changes a line's quantity or note; only the operator's own lines can be named. */
export async function updatePurchaseListItem(
  ctx: AppContext,
  userId: number,
  id: number,
  changes: { quantity?: number; note?: string },
): Promise<PurchaseListItem> {
  const [changed] = await ctx.db
    .update(purchaseListItems)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(purchaseListItems.id, id), eq(purchaseListItems.userId, userId)))
    .returning({ id: purchaseListItems.id });
  if (!changed) throw notFound(StockMessages.itemNotFound);
  const [row] = await selectLines(ctx, userId, eq(purchaseListItems.id, id));
  if (!row) throw notFound(StockMessages.itemNotFound);
  return toItem(row);
}

export async function removePurchaseListItem(ctx: AppContext, userId: number, id: number): Promise<void> {
  const [removed] = await ctx.db
    .delete(purchaseListItems)
    .where(and(eq(purchaseListItems.id, id), eq(purchaseListItems.userId, userId)))
    .returning({ id: purchaseListItems.id });
  if (!removed) throw notFound(StockMessages.itemNotFound);
}

/** Clears the whole list, or one machine's lines (a foreign machine is a 404). */
export async function clearPurchaseList(ctx: AppContext, userId: number, machineId?: number): Promise<number> {
  if (machineId !== undefined) await ownedMachine(ctx.db, userId, machineId);
  const removed = await ctx.db
    .delete(purchaseListItems)
    .where(and(eq(purchaseListItems.userId, userId), machineId === undefined ? undefined : eq(purchaseListItems.machineId, machineId)))
    .returning({ id: purchaseListItems.id });
  return removed.length;
}

/** The list for the CSV export, with the operator's time zone (the file is named by their date). */
export async function purchaseListExport(ctx: AppContext, userId: number) {
  const [rows, preferences] = await Promise.all([readLines(ctx, userId), ownerPreferences(ctx, userId)]);
  return { list: toList(rows, preferences.currency), timeZone: preferences.timeZone };
}

export interface PickListMachine {
  name: string;
  location: string;
  address: string | null;
  /** `slots`: the planogram slots holding the product, each with the units to its par ('A1: 5, A2: 3'), or '—'. */
  lines: { productName: string; brand: string; category: string; slots: string; quantity: number; note: string }[];
  totalUnits: number;
}

/**
 * The pick list's machines, each with its lines (or only the one asked for; a foreign machine is a
 * 404). Nothing to pick is a 409: the page offers the download only when the list has lines.
 */
export async function pickListMachines(ctx: AppContext, userId: number, machineId?: number) {
  if (machineId !== undefined) await ownedMachine(ctx.db, userId, machineId);
  const [rows, { timeZone }] = await Promise.all([readLines(ctx, userId, machineId), ownerPreferences(ctx, userId)]);
  if (rows.length === 0) throw conflict(machineId === undefined ? StockMessages.emptyList : StockMessages.emptyMachineList);
  const slotsOf = await slotsToPar(ctx, userId, machineId);
  const machines = new Map<number, PickListMachine>();
  for (const row of rows) {
    let machine = machines.get(row.line.machineId);
    if (!machine) {
      machine = { name: row.machineName, location: row.machineLocation, address: row.machineAddress, lines: [], totalUnits: 0 };
      machines.set(row.line.machineId, machine);
    }
    const slots = slotsOf.get(`${row.line.machineId}:${row.line.productId}`) ?? '—';
    machine.lines.push({ productName: row.productName, brand: row.brand, category: row.category, slots, quantity: row.line.quantity, note: row.line.note });
    machine.totalUnits += row.line.quantity;
  }
  return { machines: [...machines.values()], timeZone };
}

/** `${machineId}:${productId}` → its slots with the units each lacks of its par: 'A1: 5, A2: 3'. */
async function slotsToPar(ctx: AppContext, userId: number, machineId: number | undefined): Promise<Map<string, string>> {
  const now = new Date();
  const { assumedUnitsPerVote } = await ownerSettings(ctx.db, userId);
  const ratioOf = await unitsPerVoteOf(ctx.db, userId, machineId, now, assumedUnitsPerVote);
  const { byMachine } = await slotStocks(ctx.db, userId, machineId, now, (machine, product) => ratioOf(machine, product).value);
  const parts = new Map<string, string[]>();
  for (const [id, machine] of byMachine) {
    for (const slot of machine.slots) {
      if (slot.productId === null) continue;
      const key = `${id}:${slot.productId}`;
      parts.set(key, [...(parts.get(key) ?? []), `${slot.code}: ${slot.toPar}`]);
    }
  }
  return new Map([...parts].map(([key, list]) => [key, list.join(', ')]));
}

/** A day as the operator's calendar has it, 'YYYY-MM-DD'. */
export function localDate(timeZone: string, at: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
