import { and, desc, eq } from 'drizzle-orm';
import {
  FeedbackMessages,
  type ApprovedSuggestion,
  type Suggestion,
  type SuggestionInputSchema,
} from '../../../shared/feedback.schemas.js';
import type { z } from 'zod';
import { publishLive } from '../../live/publish.js';
import type { ScanSource } from '../../../shared/scan-sources.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/client.js';
import { products, suggestions } from '../../db/schema.js';
import { conflict, notFound } from '../../http-errors.js';
import { toProduct } from '../products/products.service.js';
import type { FeedbackRecipient } from './feedback-recipient.js';
import { queueAcceptedMail } from './stocked-mail.js';
import { toSuggestion } from './suggestion-view.js';
import { queueWebhookEvent, suggestionCreatedData } from '../webhooks/webhook-events.js';

type SuggestionInput = z.output<typeof SuggestionInputSchema>;

/** Products require a brand; a suggestion may come without one. */
const UNKNOWN_BRAND = 'Unknown';

/** Stores the suggestion and queues the owner's webhooks for it in the same transaction. */
export async function createSuggestion(ctx: AppContext, recipient: FeedbackRecipient, input: SuggestionInput, source: ScanSource = 'direct'): Promise<Suggestion> {
  const suggestion = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(suggestions)
      .values({
        userId: recipient.userId,
        machineId: recipient.machine?.id ?? null,
        name: input.name,
        brand: input.brand,
        category: input.category,
        suggestedBy: input.suggestedBy,
        // Only a machine can be named in the 'now stocked' mail: without one the address is not kept at all.
        suggesterEmail: recipient.machine ? input.email : null,
        // Only a machine's page has a funnel.
        source: recipient.machine ? source : 'direct',
      })
      .returning();
    const created = toSuggestion(row!);
    await queueWebhookEvent(tx, recipient.userId, 'suggestion.created', suggestionCreatedData(created, recipient.machine?.name ?? null));
    return created;
  });
  publishLive(ctx, recipient.userId, { type: 'suggestion', change: 'created', machineId: suggestion.machineId, suggestionId: suggestion.id });
  return suggestion;
}

/** Pending and processed alike, newest first; the page splits them. */
export async function listSuggestions(ctx: AppContext, userId: number): Promise<Suggestion[]> {
  const rows = await ctx.db
    .select()
    .from(suggestions)
    .where(eq(suggestions.userId, userId))
    .orderBy(desc(suggestions.createdAt), desc(suggestions.id));
  return rows.map(toSuggestion);
}

/** Why a suggestion could not be claimed: someone else's or missing (404), or no longer pending (409). */
async function refusal(db: Database, userId: number, id: number) {
  const [row] = await db
    .select({ status: suggestions.status })
    .from(suggestions)
    .where(and(eq(suggestions.id, id), eq(suggestions.userId, userId)));
  return row ? conflict(FeedbackMessages.suggestionProcessed) : notFound(FeedbackMessages.suggestionNotFound);
}

/** Marks a pending suggestion of this operator processed; only one caller can win the row. */
async function claimPending(db: Database, userId: number, id: number, status: 'approved' | 'declined') {
  const [claimed] = await db
    .update(suggestions)
    // A declined suggestion's address has no use left; an approved one keeps it until its stocked mail is queued.
    .set({ status, processedAt: new Date(), ...(status === 'declined' ? { suggesterEmail: null } : {}) })
    .where(and(eq(suggestions.id, id), eq(suggestions.userId, userId), eq(suggestions.status, 'pending')))
    .returning();
  if (!claimed) throw await refusal(db, userId, id);
  return claimed;
}

/**
 * Approving turns the suggestion into a product of the owner's catalogue, at 0 votes. Claim,
 * product and link happen in one transaction, so concurrent approvals make one product.
 */
export async function approveSuggestion(ctx: AppContext, userId: number, id: number): Promise<ApprovedSuggestion> {
  const approved = await ctx.db.transaction(async (tx) => {
    const claimed = await claimPending(tx, userId, id, 'approved');
    const [product] = await tx
      .insert(products)
      .values({
        userId,
        name: claimed.name,
        brand: claimed.brand || UNKNOWN_BRAND,
        category: claimed.category,
        price: claimed.price ?? '0.00',
        description: claimed.description,
        imageUrl: claimed.imageUrl,
        votes: 0,
      })
      .returning();
    // Approval only puts the product on the list: the customer hears it was accepted, and the
    // address is kept for the 'now stocked' mail when the product reaches the machine.
    await queueAcceptedMail(ctx, tx, userId, claimed, product!.name);
    const [linked] = await tx.update(suggestions).set({ productId: product!.id }).where(eq(suggestions.id, id)).returning();
    return { suggestion: toSuggestion(linked!), product: toProduct(product!, product!.votes) };
  });
  publishSuggestionChange(ctx, userId, approved.suggestion, 'approved');
  return approved;
}

export async function declineSuggestion(ctx: AppContext, userId: number, id: number): Promise<Suggestion> {
  const declined = toSuggestion(await claimPending(ctx.db, userId, id, 'declined'));
  publishSuggestionChange(ctx, userId, declined, 'declined');
  return declined;
}

/** The operator's other tabs move the suggestion between their lists. */
function publishSuggestionChange(ctx: AppContext, userId: number, suggestion: Suggestion, change: 'approved' | 'declined') {
  publishLive(ctx, userId, { type: 'suggestion', change, machineId: suggestion.machineId, suggestionId: suggestion.id });
}
