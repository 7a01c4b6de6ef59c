import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { users, vendingMachines } from '../../db/schema.js';
import { DEMO_OPERATOR_EMAIL } from '../../db/seed.js';
import { notFound } from '../../http-errors.js';
import { currentUser } from '../auth/guards.js';
import { NotFoundMessages } from '../../../shared/ids.js';

/**
 * Where votes are counted and read: one machine, the demo page (its own scope, owned by the demo
 * operator), or all of one operator's machines (their dashboard). Public pages reach an
 * operator's data only through a machine (DECISIONS 1).
 */
export type VoteScope =
  | { kind: 'machine'; ownerId: number; machineId: number; timeZone: string }
  | { kind: 'demo'; ownerId: number; timeZone: string }
  | { kind: 'operator'; ownerId: number; timeZone: string };

export async function machineScope(ctx: AppContext, machineId: number): Promise<VoteScope & { kind: 'machine' }> {
  const [row] = await ctx.db
    .select({ ownerId: vendingMachines.userId, timeZone: users.timeZone })
    .from(vendingMachines)
    .innerJoin(users, eq(users.id, vendingMachines.userId))
    // A machine of an account its owner deleted takes no votes and shows none, from that moment.
    .where(and(eq(vendingMachines.id, machineId), isNull(users.eraseAfter)))
    .limit(1);
  if (!row) throw notFound(NotFoundMessages.machine);
  return { kind: 'machine', machineId, ...row };
}

const demoOperators = new WeakMap<AppContext, { id: number; timeZone: string }>();

export async function demoScope(ctx: AppContext): Promise<VoteScope & { kind: 'demo' }> {
  let demo = demoOperators.get(ctx);
  if (!demo) {
    const [row] = await ctx.db
      .select({ id: users.id, timeZone: users.timeZone })
      .from(users)
      .where(eq(users.email, DEMO_OPERATOR_EMAIL))
      .limit(1);
    if (!row) throw notFound('The demo is not available on this installation.');
    demo = row;
    demoOperators.set(ctx, demo);
  }
  return { kind: 'demo', ownerId: demo.id, timeZone: demo.timeZone };
}

/** A machine when one is named; otherwise the signed-in operator's own data, or the demo. */
export async function readScope(ctx: AppContext, request: FastifyRequest, machineId: number | undefined): Promise<VoteScope> {
  if (machineId !== undefined) return machineScope(ctx, machineId);
  const user = await currentUser(ctx, request);
  if (user && user.role !== 'affiliate') {
    const [row] = await ctx.db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, user.id));
    return { kind: 'operator', ownerId: user.id, timeZone: row?.timeZone ?? 'America/New_York' };
  }
  return demoScope(ctx);
}

/**
 * One of the operator's own machines, or all of them: for owner-only figures. Another operator's
 * machine answers exactly like a missing one.
 */
export async function ownedScope(
  ctx: AppContext,
  ownerId: number,
  machineId: number | undefined,
): Promise<VoteScope & { kind: 'machine' | 'operator' }> {
  if (machineId !== undefined) {
    const scope = await machineScope(ctx, machineId);
    if (scope.ownerId !== ownerId) throw notFound(NotFoundMessages.machine);
    return scope;
  }
  const [row] = await ctx.db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, ownerId));
  return { kind: 'operator', ownerId, timeZone: row?.timeZone ?? 'America/New_York' };
}
