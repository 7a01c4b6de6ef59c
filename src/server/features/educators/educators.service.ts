import { and, asc, count, countDistinct, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DeletedSchema } from '../../../shared/api-error.js';
import {
  EducatorMessages,
  type AdminEducatorList,
  type Educator,
  type EducatorDirectory,
  type EducatorDirectoryQuery,
  type EducatorInput,
} from '../../../shared/educators.schemas.js';
import { OPERATOR_PAGE_PATHS } from '../../../shared/page-routes.js';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { educationWishes, educators, users } from '../../db/schema.js';
import { conflict, notFound } from '../../http-errors.js';
import { enqueue } from '../../jobs/enqueue.js';

/**
 * The education directory. Educators are global (DECISIONS 1): operators read them all, admins keep
 * them (the admin scope's guard is what allows the writes).
 */

type EducatorRow = typeof educators.$inferSelect;
type Transaction = Parameters<Parameters<AppContext['db']['transaction']>[0]>[0];

function toEducator(row: EducatorRow): Educator {
  return {
    id: row.id,
    name: row.name,
    image: row.image,
    description: row.description,
    category: row.category,
    specialization: row.specialization,
    website: row.website,
    affiliateUrl: row.affiliateUrl,
    highlights: row.highlights,
    featured: row.featured,
    rating: Number(row.rating),
    students: row.students,
    courses: row.courses,
    isExample: row.isExample,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The columns an admin sets; the rating is stored as numeric(2,1), so it travels as text. */
const columnsOf = (input: EducatorInput) => ({ ...input, rating: input.rating.toFixed(1) });

/** A LIKE pattern that matches the text literally anywhere, `%` and `_` included. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

function directoryFilter(query: EducatorDirectoryQuery): SQL | undefined {
  const pattern = query.search ? containsPattern(query.search) : undefined;
  return and(
    query.category ? eq(educators.category, query.category) : undefined,
    pattern ? or(ilike(educators.name, pattern), ilike(educators.description, pattern)) : undefined,
  );
}

/** The directory an operator sees: featured first, then by name; with what the page needs to tell its empty states apart. */
export async function listDirectory(ctx: AppContext, userId: number, query: EducatorDirectoryQuery): Promise<EducatorDirectory> {
  const [rows, [totals], [wish]] = await Promise.all([
    ctx.db
      .select()
      .from(educators)
      .where(directoryFilter(query))
      .orderBy(desc(educators.featured), asc(sql`lower(${educators.name})`), asc(educators.id)),
    ctx.db
      .select({ total: count(), examples: sql<number>`count(*) filter (where ${educators.isExample})`.mapWith(Number) })
      .from(educators),
    ctx.db.select({ userId: educationWishes.userId }).from(educationWishes).where(eq(educationWishes.userId, userId)),
  ]);
  return { educators: rows.map(toEducator), total: totals?.total ?? 0, examples: totals?.examples ?? 0, notifyRequested: Boolean(wish) };
}

/**
 * 'Get Notified When Available': stored once per operator (asking again changes nothing). Refused
 * once real educators are listed, since the mail goes out only when the first one arrives.
 */
export async function requestNotification(ctx: AppContext, userId: number): Promise<void> {
  const [real] = await ctx.db.select({ id: educators.id }).from(educators).where(eq(educators.isExample, false)).limit(1);
  if (real) throw conflict(EducatorMessages.alreadyOpen);
  await ctx.db.insert(educationWishes).values({ userId }).onConflictDoNothing({ target: educationWishes.userId });
}

/** Every educator for the admin table, newest first, with the tab's counts. */
export async function listForAdmin(ctx: AppContext): Promise<AdminEducatorList> {
  const [rows, [stats]] = await Promise.all([
    ctx.db.select().from(educators).orderBy(desc(educators.createdAt), desc(educators.id)),
    ctx.db
      .select({
        total: count(),
        featured: sql<number>`count(*) filter (where ${educators.featured})`.mapWith(Number),
        categories: countDistinct(educators.category),
      })
      .from(educators),
  ]);
  return { educators: rows.map(toEducator), stats: stats ?? { total: 0, featured: 0, categories: 0 } };
}

/**
 * Queues the 'resources are here' mail for every operator still waiting, and marks them told in the
 * same transaction as the educator that caused it: the mail cannot be lost or sent twice.
 */
async function notifyWaitingOperators(ctx: AppContext, tx: Transaction): Promise<void> {
  const waiting = await tx
    .update(educationWishes)
    .set({ notifiedAt: sql`now()` })
    .where(isNull(educationWishes.notifiedAt))
    .returning({ userId: educationWishes.userId });
  if (waiting.length === 0) return;
  const educationLink = `${ctx.publicUrl}${OPERATOR_PAGE_PATHS.education}`;
  for (const { userId } of waiting) {
    const [user] = await tx
      .select({ email: users.email, firstName: users.firstName, language: users.language })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.disabledAt)));
    // A disabled account is marked with the rest but not mailed: it cannot sign in to look.
    if (user) await enqueue(tx, 'mail.education-available', { to: user.email, props: { locale: user.language, firstName: user.firstName, educationLink } });
  }
}

export async function createEducator(ctx: AppContext, input: EducatorInput, options: { isExample?: boolean } = {}): Promise<Educator> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(educators)
      .values({ ...columnsOf(input), isExample: options.isExample ?? false })
      .returning();
    if (!row!.isExample) await notifyWaitingOperators(ctx, tx);
    return toEducator(row!);
  });
}

/** Replaces every field an admin sets; whether it is an example stays as it was made. */
export async function updateEducator(ctx: AppContext, id: number, input: EducatorInput): Promise<Educator> {
  const [row] = await ctx.db
    .update(educators)
    .set({ ...columnsOf(input), updatedAt: new Date() })
    .where(eq(educators.id, id))
    .returning();
  if (!row) throw notFound(EducatorMessages.notFound);
  return toEducator(row);
}

export async function deleteEducator(ctx: AppContext, id: number): Promise<z.infer<typeof DeletedSchema>> {
  const [row] = await ctx.db.delete(educators).where(eq(educators.id, id)).returning({ id: educators.id });
  if (!row) throw notFound(EducatorMessages.notFound);
  return { id: row.id, deleted: true };
}
