import { createHmac } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { ALREADY_VOTED_MESSAGE, type VoteResult, type VoteType } from '../../../shared/products.schemas.js';
import type { AppContext } from '../../context.js';
import { queryRows } from '../../db/client.js';
import { products, users, vendingMachines } from '../../db/schema.js';
import { conflict, notFound } from '../../http-errors.js';
import { countVote, zeroCountersOf } from './vote-counters.js';
import type { VoteStatementName } from './vote-statements.js';
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
 * Records one vote and moves every counter it touches, in one statement (so one round trip and
 * one transaction; see vote-statements.ts). The partial unique index on live votes makes a second
 * vote by the same voter a no-op instead of a read-then-write race. The product row is locked
 * (key share) before anything is written, so a reset, which locks the operator's products first,
 * runs wholly before or wholly after each vote.
 */
export async function castVote(ctx: AppContext, ballot: Ballot): Promise<VoteResult> {
  const { scope, productId, voteType, voterId } = ballot;
  const machineId = scope.kind === 'machine' ? scope.machineId : null;
  const name: VoteStatementName = `vote-${scope.kind}-${voteType}`;
  const values: unknown[] = [productId, machineId, voteType, voterId, hashIp(ctx, ballot.ip), ballot.deviceClass];
  values.push(scope.kind === 'demo' ? scope.ownerId : (ballot.source ?? 'direct'));
  const row = await countVote(ctx.db, name, values);
  if (!row?.recorded) await explainRefusedVote(ctx, scope, productId);
  ctx.metrics?.voteRecorded();
  const ownerId = scope.kind === 'demo' ? scope.ownerId : Number(row!.owner_id);
  publishLive(ctx, ownerId, { type: 'vote', machineId, productId });
  const votes = Number(row?.votes ?? 0);
  // Milestones are announced by webhook; the vote statement has no transaction to share, so this follows its commit.
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
