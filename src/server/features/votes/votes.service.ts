import { createHmac } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { ALREADY_VOTED_MESSAGE, type VoteResult, type VoteType } from '../../../shared/products.schemas.js';
import type { AppContext } from '../../context.js';
import { queryRows } from '../../db/client.js';
import { products, users, vendingMachines } from '../../db/schema.js';
import { conflict, notFound } from '../../http-errors.js';
import { zeroCountersOf } from './vote-counters.js';
import { voteWriterFor } from './vote-writer.js';
import type { DeviceClass } from './device-class.js';
import { NotFoundMessages } from '../../../shared/ids.js';
import type { ScanSource } from '../../../shared/scan-sources.js';
import { publishLive } from '../../live/publish.js';
import { announceVoteMilestone, isVoteMilestone } from '../webhooks/webhook-events.js';

/** Where a vote goes: a machine (its owner is checked inside the vote statement) or the demo page. */
export type BallotScope = { kind: 'machine'; machineId: number } | { kind: 'demo'; ownerId: number };

export interface Ballot {
  scope: BallotScope;
  productId: number;
  voteType: VoteType;
  voterId: string;
  ip: string;
  /** The coarse class of the voter's device, from its user agent; never the agent itself. */
  deviceClass: DeviceClass | null;
  /** Where the voter came from to the machine's page (the scan funnel); 'direct' when unknown. */
  source?: ScanSource;
}

/** Client addresses serve only rate limits and abuse checks; they are stored as a keyed hash. */
export function hashIp(ctx: AppContext, ip: string): string {
  return createHmac('sha256', ctx.ipHashKey).update(ip).digest('base64url').slice(0, 22);
}

/**
 * Records one vote and moves every counter it touches. The vote goes to the database with the
 * others that reach this process at the same moment, in one batch (vote-writer.ts); it is
 * answered once the batch has committed. The partial unique index on live votes makes a second
 * vote by the same voter a no-op instead of a read-then-write race, and the batch locks its
 * products before writing anything, so a reset, which locks the operator's products first, runs
 * wholly before or wholly after each vote.
 */
export async function castVote(ctx: AppContext, ballot: Ballot): Promise<VoteResult> {
  const { scope, productId, voteType, voterId } = ballot;
  const machineId = scope.kind === 'machine' ? scope.machineId : null;
  const outcome = await voteWriterFor(ctx.db).write({
    product_id: productId,
    machine_id: machineId,
    vote_type: voteType,
    voter_id: voterId,
    ip_hash: hashIp(ctx, ballot.ip),
    device_class: ballot.deviceClass,
    source: scope.kind === 'machine' ? (ballot.source ?? 'direct') : 'direct',
    demo_owner_id: scope.kind === 'demo' ? scope.ownerId : null,
  });
  if (!outcome.recorded) await explainRefusedVote(ctx, scope, productId);
  ctx.metrics?.voteRecorded();
  const ownerId = Number(outcome.owner_id);
  publishLive(ctx, ownerId, { type: 'vote', machineId, productId });
  const votes = Number(outcome.votes ?? 0);
  // Milestones are announced by webhook once the vote's batch has committed.
  if (voteType === 'up' && machineId !== null && isVoteMilestone(votes)) await announceVoteMilestone(ctx.db, { ownerId, machineId, productId, votes });
  return { productId, machineId, voteType, votes };
}

/** Only when nothing was recorded: tells a missing machine or product from a second vote. */
async function explainRefusedVote(ctx: AppContext, scope: BallotScope, productId: number): Promise<never> {
  let ownerId: number;
  if (scope.kind === 'machine') {
    const [machine] = await ctx.db
      .select({ ownerId: vendingMachines.userId })
      .from(vendingMachines)
      .innerJoin(users, eq(users.id, vendingMachines.userId))
      .where(and(eq(vendingMachines.id, scope.machineId), isNull(users.eraseAfter)));
    if (!machine) {
      ctx.metrics?.voteRefused('unknown_machine');
      throw notFound(NotFoundMessages.machine);
    }
    ownerId = machine.ownerId;
  } else {
    ownerId = scope.ownerId;
  }
  const [product] = await ctx.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.userId, ownerId)));
  if (!product) {
    ctx.metrics?.voteRefused('unknown_product');
    throw notFound(NotFoundMessages.product);
  }
  ctx.metrics?.voteRefused('duplicate');
  throw conflict(ALREADY_VOTED_MESSAGE);
}

/**
 * Sets every count of the operator to zero and lets customers vote again. The vote rows stay,
 * archived, for analytics.
 */
export async function resetVotes(ctx: AppContext, ownerId: number): Promise<{ archivedVotes: number }> {
  return ctx.db.transaction(async (tx) => {
    await zeroCountersOf(tx, ownerId);
    const [archived] = await queryRows<{ count: number }>(
      tx,
      sql`with archived as (
            update votes set archived_at = now()
            where archived_at is null and product_id in (select id from products where user_id = ${ownerId})
            returning 1)
          select count(*)::int as count from archived`,
    );
    return { archivedVotes: Number(archived?.count ?? 0) };
  });
}
