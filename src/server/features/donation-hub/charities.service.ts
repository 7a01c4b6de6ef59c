import { and, count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import {
  DonationMessages as M,
  SEARCH_PAGE_SIZE,
  type Charity,
  type CharityDirectory,
  type CharityDirectoryStatus,
  type OwnCharityFields,
} from '../../../shared/donation-hub.schemas.js';
import type { AppContext } from '../../context.js';
import { charities, charityAcceptedItems, charityImports, users } from '../../db/schema.js';
import { badRequest, forbidden, HttpError, notFound } from '../../http-errors.js';
import { formatEin } from './bmf-rows.js';
import { locateZip, zipsWithin, type ZipPoint } from './zip-locations.js';

type CharityRow = typeof charities.$inferSelect;

/** A directory record as one operator sees it: with the distance asked for and their own notes. */
export function toCharity(row: CharityRow, userId: number, acceptedItems: string[] | null, miles: number | null): Charity {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    verified: row.source === 'irs',
    source: row.source,
    addedByYou: row.source === 'operator' && row.ownerId === userId,
    ein: row.ein ? formatEin(row.ein) : null,
    nteeCode: row.nteeCode,
    description: row.description,
    address: row.address,
    city: row.city,
    state: row.state,
    zip: row.zip,
    distance: miles === null ? null : Math.round(miles * 10) / 10,
    phone: row.phone,
    email: row.email,
    website: row.website,
    contactPerson: row.contactPerson,
    acceptedItems: acceptedItems ?? [],
  };
}

/** The directory and the operator's own charities; never another operator's. */
const visibleTo = (userId: number) => or(isNull(charities.ownerId), eq(charities.ownerId, userId))!;

async function searchOrigin(zipCode: string): Promise<ZipPoint> {
  const origin = await locateZip(zipCode);
  if (!origin) throw badRequest(M.unknownZip(zipCode), { zipCode: M.unknownZip(zipCode) });
  return origin;
}

export interface CharitySearchPage {
  charities: Charity[];
  total: number;
}

/**
 * Charities within `radius` miles of a ZIP code, nearest first (then by name): the ZIP codes
 * whose centroids lie inside the circle, and the charities filed under them. Every charity is
 * located at its ZIP code's centroid, so its distance is that ZIP code's.
 */
export async function searchCharities(ctx: AppContext, userId: number, query: { zipCode: string; radius: number; offset: number }): Promise<CharitySearchPage> {
  const origin = await searchOrigin(query.zipCode);
  const nearby = await zipsWithin(origin, query.radius);
  if (nearby.length === 0) return { charities: [], total: 0 };
  // Two lists as text: one parameter each, whichever driver carries them.
  const zipList = nearby.map((entry) => entry.zip).join(',');
  const milesList = nearby.map((entry) => entry.miles.toFixed(4)).join(',');
  // ZIP codes nearest first; for each, at most the rows this page can use, by name, from the
  // (zip, name) index: the database stops as soon as the page is full (incremental sort on miles).
  const near = sql`(select * from unnest(string_to_array(${zipList}, ','), string_to_array(${milesList}, ',')::float8[]) as near(zip, miles) order by miles) as near`;
  const [rows, [totals]] = await Promise.all([
    ctx.db
      .select({ charity: charities, miles: sql<number>`near.miles`, items: charityAcceptedItems.items })
      .from(near)
      .innerJoinLateral(
        // Aliased as the table itself, so the columns named below read from this page of it.
        ctx.db
          .select()
          .from(charities)
          .where(and(sql`${charities.zip} = near.zip`, visibleTo(userId)))
          .orderBy(charities.name, charities.id)
          .limit(query.offset + SEARCH_PAGE_SIZE)
          .as('charities'),
        sql`true`,
      )
      .leftJoin(charityAcceptedItems, and(eq(charityAcceptedItems.charityId, charities.id), eq(charityAcceptedItems.userId, userId)))
      .orderBy(sql`near.miles`, charities.name, charities.id)
      .limit(SEARCH_PAGE_SIZE)
      .offset(query.offset),
    // One index-only count per ZIP code on charities_zip_owner_idx.
    ctx.db
      .select({ total: sql<number>`coalesce(sum(k.n), 0)::int` })
      .from(sql`unnest(string_to_array(${zipList}, ',')) as z(zip) cross join lateral (select count(*) as n from ${charities} where ${charities.zip} = z.zip and ${visibleTo(userId)}) as k`),
  ]);
  return {
    charities: rows.map((row) => toCharity(row.charity, userId, row.items, Number(row.miles))),
    total: totals?.total ?? 0,
  };
}

/** One charity the operator may see, or the 404 a missing or foreign one answers. */
export async function visibleCharity(ctx: AppContext, userId: number, charityId: number): Promise<CharityRow> {
  const [row] = await ctx.db.select().from(charities).where(and(eq(charities.id, charityId), visibleTo(userId)));
  if (!row) throw notFound(M.charityNotFound);
  return row;
}

async function ownCharity(ctx: AppContext, userId: number, charityId: number): Promise<CharityRow> {
  const row = await visibleCharity(ctx, userId, charityId);
  if (row.source !== 'operator') throw forbidden(M.directoryCharityReadOnly);
  return row;
}

/** The fields of an own charity; its place is its ZIP code's centroid, and city and state default to the ZIP code's. */
async function ownCharityFields(input: OwnCharityFields) {
  const point = await locateZip(input.zip);
  if (!point) throw new HttpError(400, M.unknownZip(input.zip), { zip: M.unknownZip(input.zip) });
  const { acceptedItems: _items, ...fields } = input;
  return { ...fields, city: fields.city || point.city, state: fields.state || point.state, latitude: point.latitude, longitude: point.longitude };
}

async function saveAcceptedItems(ctx: AppContext, userId: number, charityId: number, items: string[]) {
  if (items.length === 0) {
    await ctx.db.delete(charityAcceptedItems).where(and(eq(charityAcceptedItems.userId, userId), eq(charityAcceptedItems.charityId, charityId)));
    return;
  }
  await ctx.db
    .insert(charityAcceptedItems)
    .values({ userId, charityId, items })
    .onConflictDoUpdate({ target: [charityAcceptedItems.userId, charityAcceptedItems.charityId], set: { items, updatedAt: sql`now()` } });
}

export async function addOwnCharity(ctx: AppContext, userId: number, input: OwnCharityFields): Promise<Charity> {
  const fields = await ownCharityFields(input);
  const [row] = await ctx.db
    .insert(charities)
    .values({ ...fields, source: 'operator', ownerId: userId })
    .returning();
  await saveAcceptedItems(ctx, userId, row!.id, input.acceptedItems);
  return toCharity(row!, userId, input.acceptedItems, null);
}

export async function updateOwnCharity(ctx: AppContext, userId: number, charityId: number, input: OwnCharityFields): Promise<Charity> {
  await ownCharity(ctx, userId, charityId);
  const fields = await ownCharityFields(input);
  const [row] = await ctx.db
    .update(charities)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(and(eq(charities.id, charityId), eq(charities.ownerId, userId)))
    .returning();
  await saveAcceptedItems(ctx, userId, charityId, input.acceptedItems);
  return toCharity(row!, userId, input.acceptedItems, null);
}

/** Donations to it keep the charity's name and address as they were recorded. */
export async function deleteOwnCharity(ctx: AppContext, userId: number, charityId: number): Promise<void> {
  await ownCharity(ctx, userId, charityId);
  await ctx.db.delete(charities).where(and(eq(charities.id, charityId), eq(charities.ownerId, userId)));
}

/** The charities the operator added, by name, wherever they are. */
export async function listOwnCharities(ctx: AppContext, userId: number): Promise<Charity[]> {
  const rows = await ctx.db
    .select({ charity: charities, items: charityAcceptedItems.items })
    .from(charities)
    .leftJoin(charityAcceptedItems, and(eq(charityAcceptedItems.charityId, charities.id), eq(charityAcceptedItems.userId, userId)))
    .where(eq(charities.ownerId, userId))
    .orderBy(charities.name, charities.id);
  return rows.map((row) => toCharity(row.charity, userId, row.items, null));
}

/** What the operator notes a charity accepts, on any charity they can see; private to them. */
export async function setAcceptedItems(ctx: AppContext, userId: number, charityId: number, items: string[]) {
  await visibleCharity(ctx, userId, charityId);
  await saveAcceptedItems(ctx, userId, charityId, items);
  return { charityId, items };
}

/** What the shared directory holds (the operator's page says so when it is examples only). */
export async function directoryStatus(ctx: AppContext): Promise<CharityDirectoryStatus> {
  const rows = await ctx.db.select({ source: charities.source, n: count() }).from(charities).where(isNull(charities.ownerId)).groupBy(charities.source);
  const of = (source: string) => rows.find((row) => row.source === source)?.n ?? 0;
  return { irsRecords: of('irs'), exampleRecords: of('example') };
}

/** The admin panel's view of the directory: counts and the last imports. */
export async function describeDirectory(ctx: AppContext): Promise<CharityDirectory> {
  const [bySourceRows, byTypeRows, imports] = await Promise.all([
    ctx.db.select({ source: charities.source, n: count() }).from(charities).groupBy(charities.source),
    ctx.db.select({ type: charities.type, n: count() }).from(charities).where(isNull(charities.ownerId)).groupBy(charities.type),
    ctx.db
      .select({ record: charityImports, firstName: users.firstName, lastName: users.lastName })
      .from(charityImports)
      .leftJoin(users, eq(users.id, charityImports.userId))
      .orderBy(desc(charityImports.createdAt), desc(charityImports.id))
      .limit(10),
  ]);
  const bySource = { irs: 0, example: 0, operator: 0 };
  for (const row of bySourceRows) bySource[row.source] = row.n;
  const byType = { church: 0, food_bank: 0, homeless_shelter: 0, community_center: 0, nonprofit: 0 };
  for (const row of byTypeRows) byType[row.type] = row.n;
  return {
    total: bySource.irs + bySource.example,
    bySource,
    byType,
    imports: imports.map(({ record, firstName, lastName }) => ({
      id: record.id,
      fileNames: record.fileNames,
      rowsRead: record.rowsRead,
      imported: record.imported,
      updated: record.updated,
      skippedNotCharitable: record.skippedNotCharitable,
      rejected: record.rejected,
      createdAt: record.createdAt.toISOString(),
      by: firstName === null ? null : `${firstName} ${lastName}`,
    })),
  };
}
