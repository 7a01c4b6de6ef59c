import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  DonationMessages as M,
  MAX_DONATION_AGE_YEARS,
  receiptUrlOf,
  type DonationRecord,
  type RecordDonationFields,
} from '../../../shared/donation-hub.schemas.js';
import { type TaxSettings, type TaxSummary } from '../../../shared/donation-tax.schemas.js';
import { centsOf, formatCents } from '../../../shared/money.js';
import type { AppContext } from '../../context.js';
import { donationLines, donations, donationTaxSettings, products } from '../../db/schema.js';
import { badRequest, HttpError, notFound } from '../../http-errors.js';
import { localDate, ownerPreferences } from '../stock/purchase-list.service.js';
import { formatEin } from './bmf-rows.js';
import { visibleCharity } from './charities.service.js';
import { summarizeTaxYear } from './tax-summary.js';

/** The largest total a donation holds (its column is numeric(12, 2)), in cents. */
const MAX_DONATION_TOTAL_CENTS = 999_999_999_999n;

type DonationRow = typeof donations.$inferSelect;
type LineRow = typeof donationLines.$inferSelect;

function toRecord(row: DonationRow, lines: LineRow[]): DonationRecord {
  const products = lines.map((line) => {
    const lineTotal = centsOf(line.unitValue) * BigInt(line.quantity);
    const lineCost = line.unitCost === null ? null : centsOf(line.unitCost) * BigInt(line.quantity);
    return {
      productId: line.productId,
      name: line.name,
      brand: line.brand,
      category: line.category,
      quantity: line.quantity,
      unitValue: line.unitValue,
      unitCost: line.unitCost,
      lineTotal: formatCents(lineTotal),
      lineCost: lineCost === null ? null : formatCents(lineCost),
    };
  });
  const costs = products.filter((line) => line.lineCost !== null);
  return {
    id: row.id,
    charityId: row.charityId,
    charityName: row.charityName,
    charityEin: row.charityEin ? formatEin(row.charityEin) : null,
    charityAddress: row.charityAddress,
    charityCity: row.charityCity,
    charityState: row.charityState,
    charityZip: row.charityZip,
    contactPerson: row.contactPerson,
    products,
    totalValue: row.totalValue,
    totalCostBasis: costs.length === 0 ? null : formatCents(costs.reduce((sum, line) => sum + centsOf(line.lineCost!), 0n)),
    donationDate: row.donationDate,
    taxYear: row.taxYear,
    receiptUrl: receiptUrlOf(row.id),
    notes: row.notes,
    inReturn: row.returnDescription === null ? null : { description: row.returnDescription, value: row.returnValue ?? '0.00' },
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The day of the gift on the operator's calendar. The spec's dialog sends the current time; a date
 * alone is taken as it is. A gift cannot lie ahead, nor further back than a few tax years.
 */
function donationDay(value: string | undefined, timeZone: string, now: Date): string {
  const today = localDate(timeZone, now);
  const day = value === undefined ? today : value.length === 10 ? value : localDate(timeZone, new Date(value));
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) {
    throw badRequest(M.dateInvalid, { donationDate: M.dateInvalid });
  }
  if (day > today) throw badRequest(M.dateFuture, { donationDate: M.dateFuture });
  const earliestYear = Number(today.slice(0, 4)) - MAX_DONATION_AGE_YEARS;
  if (Number(day.slice(0, 4)) < earliestYear) throw badRequest(M.dateTooOld(earliestYear), { donationDate: M.dateTooOld(earliestYear) });
  return day;
}

/** The catalogue products lines were picked from: the operator's own, each once; their categories. */
async function pickedProducts(ctx: AppContext, userId: number, lines: RecordDonationFields['products']): Promise<Map<number, string>> {
  const picked = lines.flatMap((line, index) => (line.productId ? [{ id: line.productId, index }] : []));
  const seen = new Set<number>();
  for (const { id, index } of picked) {
    if (seen.has(id)) throw badRequest(M.productRepeated, { [`products.${index}.productId`]: M.productRepeated });
    seen.add(id);
  }
  if (picked.length === 0) return new Map();
  const rows = await ctx.db
    .select({ id: products.id, category: products.category })
    .from(products)
    .where(and(eq(products.userId, userId), inArray(products.id, [...seen])));
  const categories = new Map(rows.map((row) => [row.id, row.category]));
  const missing = picked.find((entry) => !categories.has(entry.id));
  if (missing) throw new HttpError(404, 'Product not found', { [`products.${missing.index}.productId`]: 'Product not found' });
  return categories;
}

/** Records a gift: the charity as the directory has it today (with the dialog's address corrections), its lines, and the totals computed here. */
export async function recordDonation(ctx: AppContext, userId: number, input: RecordDonationFields, now = new Date()): Promise<DonationRecord> {
  const charity = await visibleCharity(ctx, userId, input.charityId);
  const { timeZone } = await ownerPreferences(ctx, userId);
  const day = donationDay(input.donationDate, timeZone, now);
  const categories = await pickedProducts(ctx, userId, input.products);
  const total = input.products.reduce((sum, line) => sum + centsOf(line.unitValue) * BigInt(line.quantity), 0n);
  if (total > MAX_DONATION_TOTAL_CENTS) throw badRequest(M.totalTooLarge, { products: M.totalTooLarge });
  const { row, lines } = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(donations)
      .values({
        userId,
        charityId: charity.id,
        charityName: charity.name,
        charityEin: charity.ein,
        charityAddress: input.charityAddress ?? charity.address,
        charityCity: input.charityCity ?? charity.city,
        charityState: input.charityState?.toUpperCase() ?? charity.state,
        charityZip: charity.zip,
        contactPerson: input.contactPerson ?? charity.contactPerson,
        donationDate: day,
        taxYear: Number(day.slice(0, 4)),
        notes: input.notes,
        returnDescription: input.inReturn?.description ?? null,
        returnValue: input.inReturn?.value ?? null,
        totalValue: formatCents(total),
      })
      .returning();
    const lines = await tx
      .insert(donationLines)
      .values(
        input.products.map((line, position) => ({
          donationId: row!.id,
          position,
          productId: line.productId ?? null,
          name: line.name,
          brand: line.brand,
          category: line.productId ? (categories.get(line.productId) ?? null) : null,
          quantity: line.quantity,
          unitValue: line.unitValue,
          unitCost: line.unitCost ?? null,
        })),
      )
      .returning();
    return { row: row!, lines };
  });
  return toRecord(row, lines);
}

async function withLines(ctx: Pick<AppContext, 'db'>, rows: DonationRow[]): Promise<DonationRecord[]> {
  if (rows.length === 0) return [];
  const lines = await ctx.db
    .select()
    .from(donationLines)
    .where(inArray(donationLines.donationId, rows.map((row) => row.id)))
    .orderBy(asc(donationLines.donationId), asc(donationLines.position));
  const byDonation = new Map<number, LineRow[]>();
  for (const line of lines) {
    const list = byDonation.get(line.donationId);
    if (list) list.push(line);
    else byDonation.set(line.donationId, [line]);
  }
  return rows.map((row) => toRecord(row, byDonation.get(row.id) ?? []));
}

/** The operator's donations, newest gift first. */
export async function donationHistory(ctx: AppContext, userId: number, year?: number): Promise<DonationRecord[]> {
  const rows = await ctx.db
    .select()
    .from(donations)
    .where(and(eq(donations.userId, userId), year === undefined ? undefined : eq(donations.taxYear, year)))
    .orderBy(desc(donations.donationDate), desc(donations.id));
  return withLines(ctx, rows);
}

export async function ownDonation(ctx: Pick<AppContext, 'db'>, userId: number, donationId: number): Promise<DonationRecord> {
  const rows = await ctx.db.select().from(donations).where(and(eq(donations.id, donationId), eq(donations.userId, userId)));
  if (rows.length === 0) throw notFound(M.donationNotFound);
  const [record] = await withLines(ctx, rows);
  return record!;
}

export async function readTaxSettings(ctx: AppContext, userId: number): Promise<TaxSettings> {
  const [row] = await ctx.db.select({ cCorporation: donationTaxSettings.cCorporation }).from(donationTaxSettings).where(eq(donationTaxSettings.userId, userId));
  return { cCorporation: row?.cCorporation ?? false };
}

export async function saveTaxSettings(ctx: AppContext, userId: number, settings: TaxSettings): Promise<TaxSettings> {
  await ctx.db
    .insert(donationTaxSettings)
    .values({ userId, cCorporation: settings.cCorporation })
    .onConflictDoUpdate({ target: donationTaxSettings.userId, set: { cCorporation: settings.cCorporation, updatedAt: sql`now()` } });
  return settings;
}

/** The current year on the operator's calendar. */
export async function currentTaxYear(ctx: AppContext, userId: number, now = new Date()): Promise<number> {
  const { timeZone } = await ownerPreferences(ctx, userId);
  return Number(localDate(timeZone, now).slice(0, 4));
}

export interface TaxYearFigures {
  summary: TaxSummary;
  /** The year's donations, oldest first, for the PDF's list. */
  records: DonationRecord[];
}

export async function taxYearFigures(ctx: AppContext, userId: number, year: number | undefined, now = new Date()): Promise<TaxYearFigures> {
  const thisYear = await currentTaxYear(ctx, userId, now);
  const chosen = year ?? thisYear;
  const [records, yearRows, settings] = await Promise.all([
    donationHistory(ctx, userId, chosen),
    ctx.db.selectDistinct({ year: donations.taxYear }).from(donations).where(eq(donations.userId, userId)),
    readTaxSettings(ctx, userId),
  ]);
  const years = [...new Set([thisYear, chosen, ...yearRows.map((row) => row.year)])].sort((a, b) => b - a);
  return { summary: summarizeTaxYear(chosen, years, records, settings.cCorporation), records: records.reverse() };
}
