import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  ADMIN_AUTHOR,
  ADMIN_START_VOTES,
  ANONYMOUS_AUTHOR,
  FEATURE_REQUEST_STATUS_LABELS,
  FeatureRequestMessages,
  PUBLIC_START_VOTES,
  type AdminCreateFeatureRequestSchema,
  type CreateFeatureRequestSchema,
  type FeatureRequest,
  type FeatureRequestListQuerySchema,
  type FeatureRequestStatus,
} from '../../../shared/feature-requests.schemas.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/client.js';
import { featureRequests, featureRequestVotes } from '../../db/schema.js';
import { conflict, notFound } from '../../http-errors.js';
import { enqueue } from '../../jobs/enqueue.js';

type Executor = Pick<Database, 'select'>;
type ListQuery = z.output<typeof FeatureRequestListQuerySchema>;

/** The board holds a few hundred requests at most; past this, the oldest and least voted are not listed. */
const LIST_LIMIT = 500;

const voteSums = (db: Executor) =>
  db
    .select({ requestId: featureRequestVotes.requestId, total: sql<number>`sum(${featureRequestVotes.direction})::int`.as('total') })
    .from(featureRequestVotes)
    .groupBy(featureRequestVotes.requestId)
    .as('vote_sums');

/** Requests with their counts (never below 0) and this visitor's own vote. */
function selectRequests(db: Executor, voterId: string | null) {
  const sums = voteSums(db);
  const mine = alias(featureRequestVotes, 'mine');
  const votes = sql<number>`greatest(0, ${featureRequests.startVotes} + coalesce(${sums.total}, 0))::int`;
  return {
    votes,
    query: db
      .select({ request: featureRequests, votes, myDirection: mine.direction })
      .from(featureRequests)
      .leftJoin(sums, eq(sums.requestId, featureRequests.id))
      .leftJoin(mine, and(eq(mine.requestId, featureRequests.id), eq(mine.voterId, voterId ?? ''))),
  };
}

type SelectedRow = { request: typeof featureRequests.$inferSelect; votes: number; myDirection: number | null };

function toFeatureRequest({ request, votes, myDirection }: SelectedRow): FeatureRequest {
  return {
    id: request.id,
    title: request.title,
    description: request.description,
    author: request.author,
    votes,
    status: request.status,
    createdAt: request.createdAt.toISOString(),
    myVote: myDirection === 1 ? 'up' : myDirection === -1 ? 'down' : null,
  };
}

export async function listFeatureRequests(db: Executor, query: ListQuery, voterId: string | null): Promise<FeatureRequest[]> {
  const { votes, query: base } = selectRequests(db, voterId);
  const filtered = query.status ? base.where(eq(featureRequests.status, query.status)) : base;
  const ordered =
    query.sort === 'newest'
      ? filtered.orderBy(desc(featureRequests.createdAt), desc(featureRequests.id))
      : filtered.orderBy(desc(votes), desc(featureRequests.createdAt), desc(featureRequests.id));
  return (await ordered.limit(LIST_LIMIT)).map(toFeatureRequest);
}

export async function getFeatureRequest(db: Executor, id: number, voterId: string | null): Promise<FeatureRequest> {
  const [row] = await selectRequests(db, voterId).query.where(eq(featureRequests.id, id));
  if (!row) throw notFound(FeatureRequestMessages.notFound);
  return toFeatureRequest(row);
}

/**
 * A visitor's request: their name or 'Anonymous', and their own up-vote to start with. The vote is
 * stored as theirs (not a start count that belongs to no one), so they cannot add a second; taking
 * it back works like any vote.
 */
export async function submitFeatureRequest(
  ctx: AppContext,
  input: z.output<typeof CreateFeatureRequestSchema>,
  authorVoterId: string,
): Promise<FeatureRequest> {
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(featureRequests)
      .values({
        title: input.title,
        description: input.description,
        author: input.author || ANONYMOUS_AUTHOR,
        startVotes: 0,
        submitterEmail: input.email ? input.email.toLowerCase() : null,
      })
      .returning({ id: featureRequests.id });
    await tx.insert(featureRequestVotes).values({ requestId: row!.id, voterId: authorVoterId, direction: PUBLIC_START_VOTES });
    return row!.id;
  });
  return getFeatureRequest(ctx.db, id, authorVoterId);
}

export async function addAdminFeatureRequest(ctx: AppContext, input: z.output<typeof AdminCreateFeatureRequestSchema>): Promise<FeatureRequest> {
  const [row] = await ctx.db
    .insert(featureRequests)
    .values({ title: input.title, description: input.description, author: ADMIN_AUTHOR, startVotes: ADMIN_START_VOTES })
    .returning();
  return getFeatureRequest(ctx.db, row!.id, null);
}

/**
 * One vote per visitor and request: the same direction again takes the vote back, the other one
 * switches it. No change may take the count below 0. The request's row is locked meanwhile, so
 * two votes at once are counted one after the other.
 */
export async function voteOnFeatureRequest(ctx: AppContext, id: number, voterId: string, direction: 'up' | 'down'): Promise<FeatureRequest> {
  const wanted = direction === 'up' ? 1 : -1;
  await ctx.db.transaction(async (tx) => {
    const [request] = await tx.select().from(featureRequests).where(eq(featureRequests.id, id)).for('update');
    if (!request) throw notFound(FeatureRequestMessages.notFound);
    const [sum] = await tx
      .select({ total: sql<number>`coalesce(sum(${featureRequestVotes.direction}), 0)::int` })
      .from(featureRequestVotes)
      .where(eq(featureRequestVotes.requestId, id));
    const [own] = await tx
      .select()
      .from(featureRequestVotes)
      .where(and(eq(featureRequestVotes.requestId, id), eq(featureRequestVotes.voterId, voterId)));
    const ownNow = own?.direction ?? 0;
    const ownNext = ownNow === wanted ? 0 : wanted;
    // Taking one's own vote back is always allowed; only a new down vote may not pass below 0.
    const takingBack = ownNext === 0;
    if (!takingBack && request.startVotes + (sum?.total ?? 0) - ownNow + ownNext < 0) throw conflict(FeatureRequestMessages.belowZero);
    const mine = and(eq(featureRequestVotes.requestId, id), eq(featureRequestVotes.voterId, voterId));
    if (ownNext === 0) await tx.delete(featureRequestVotes).where(mine);
    else if (own) await tx.update(featureRequestVotes).set({ direction: ownNext }).where(mine);
    else await tx.insert(featureRequestVotes).values({ requestId: id, voterId, direction: ownNext });
  });
  return getFeatureRequest(ctx.db, id, voterId);
}

/** An admin sets the status; the submitter who left an email is told, once per change. */
export async function setFeatureRequestStatus(ctx: AppContext, id: number, status: FeatureRequestStatus, voterId: string | null): Promise<FeatureRequest> {
  await ctx.db.transaction(async (tx) => {
    const [request] = await tx.select().from(featureRequests).where(eq(featureRequests.id, id)).for('update');
    if (!request) throw notFound(FeatureRequestMessages.notFound);
    if (request.status === status) return;
    await tx.update(featureRequests).set({ status, updatedAt: new Date() }).where(eq(featureRequests.id, id));
    if (!request.submitterEmail) return;
    await enqueue(tx, 'mail.feature-request-status', {
      to: request.submitterEmail,
      props: { title: request.title, status: FEATURE_REQUEST_STATUS_LABELS[status], boardLink: `${ctx.publicUrl}/feature-requests` },
    });
  });
  return getFeatureRequest(ctx.db, id, voterId);
}

export async function deleteFeatureRequest(ctx: AppContext, id: number): Promise<void> {
  const deleted = await ctx.db.delete(featureRequests).where(eq(featureRequests.id, id)).returning({ id: featureRequests.id });
  if (deleted.length === 0) throw notFound(FeatureRequestMessages.notFound);
}

/** Every request back to 0 votes, and every visitor free to vote again. */
export async function resetAllVotes(ctx: AppContext): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    await tx.delete(featureRequestVotes);
    const reset = await tx.update(featureRequests).set({ startVotes: 0, updatedAt: new Date() }).returning({ id: featureRequests.id });
    return reset.length;
  });
}

