import { and, eq, inArray, isNotNull, isNull, lt } from 'drizzle-orm';
import { FeedbackMessages, type Suggestion } from '../../../shared/feedback.schemas.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/client.js';
import { products, suggestions } from '../../db/schema.js';
import { conflict, notFound } from '../../http-errors.js';
import { publishLive } from '../../live/publish.js';
import { queueStockedMail, SUGGESTER_EMAIL_KEPT_DAYS } from './stocked-mail.js';
import { toSuggestion } from './suggestion-view.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The products reached a machine: every approved suggestion made there for one of them is stocked
 * now. Each customer who left an address gets the 'now stocked' mail, queued in the caller's
 * transaction, and the address goes at once: it was kept for that mail only.
 */
export async function markSuggestionsStocked(ctx: AppContext, tx: Database, ownerId: number, machineId: number, productIds: number[]): Promise<Suggestion[]> {
  if (productIds.length === 0) return [];
  const stocked = await tx
    .update(suggestions)
    .set({ stockedAt: new Date() })
    .where(
      and(
        eq(suggestions.userId, ownerId),
        eq(suggestions.machineId, machineId),
        eq(suggestions.status, 'approved'),
        isNull(suggestions.stockedAt),
        inArray(suggestions.productId, productIds),
      ),
    )
    .returning();
  const views: Suggestion[] = [];
  for (const row of stocked) {
    if (row.suggesterEmail) {
      const [product] = await tx.select({ name: products.name }).from(products).where(eq(products.id, row.productId!));
      await queueStockedMail(ctx, tx, ownerId, row, product?.name ?? row.name);
      await tx.update(suggestions).set({ suggesterEmail: null }).where(eq(suggestions.id, row.id));
    }
    views.push(toSuggestion({ ...row, suggesterEmail: null }));
  }
  return views;
}

/** The operator says an approved suggestion's product is now in the machine it was suggested at. */
export async function markSuggestionStocked(ctx: AppContext, userId: number, id: number): Promise<Suggestion> {
  const stocked = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(suggestions)
      .where(and(eq(suggestions.id, id), eq(suggestions.userId, userId)))
      .for('update');
    if (!row) throw notFound(FeedbackMessages.suggestionNotFound);
    if (row.status !== 'approved' || row.productId === null) throw conflict(FeedbackMessages.notApprovedYet);
    if (row.machineId === null) throw conflict(FeedbackMessages.noMachine);
    if (row.stockedAt) throw conflict(FeedbackMessages.alreadyStocked);
    await markSuggestionsStocked(ctx, tx, userId, row.machineId, [row.productId]);
    const [updated] = await tx.select().from(suggestions).where(eq(suggestions.id, id));
    return toSuggestion(updated!);
  });
  publishSuggestionStocked(ctx, userId, stocked);
  return stocked;
}

/** The operator's other tabs re-read the suggestion, now stocked; sent once its transaction has committed. */
export function publishSuggestionStocked(ctx: AppContext, userId: number, suggestion: Suggestion) {
  publishLive(ctx, userId, { type: 'suggestion', change: 'stocked', machineId: suggestion.machineId, suggestionId: suggestion.id });
}

/** Addresses kept for a product that was approved but never stocked are erased after SUGGESTER_EMAIL_KEPT_DAYS. */
export async function eraseUnusedSuggesterEmails(db: Database, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - SUGGESTER_EMAIL_KEPT_DAYS * DAY_MS);
  const erased = await db
    .update(suggestions)
    .set({ suggesterEmail: null })
    .where(and(isNotNull(suggestions.suggesterEmail), eq(suggestions.status, 'approved'), lt(suggestions.processedAt, cutoff)))
    .returning({ id: suggestions.id });
  return erased.length;
}
