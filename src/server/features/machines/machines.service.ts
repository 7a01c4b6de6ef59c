import { and, asc, count, eq, sql } from 'drizzle-orm';
import { MachineMessages, type Machine, type MachineChanges, type MachineFields, type PublicMachine } from '../../../shared/machines.schemas.js';
import { canAddMachine, machineLimitMessage } from '../../../shared/plans.js';
import type { AppContext } from '../../context.js';
import { users, vendingMachines, type VendingMachine } from '../../db/schema.js';
import { forbidden, notFound } from '../../http-errors.js';
import { subtractMachineCounts } from '../votes/vote-counters.js';

export function toMachine(row: VendingMachine): Machine {
  return {
    id: row.id,
    name: row.name,
    location: row.location,
    address: row.address,
    type: row.type,
    serialNumber: row.serialNumber,
    status: row.status,
    userId: row.userId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toPublicMachine(row: Pick<VendingMachine, 'id' | 'name' | 'location'>): PublicMachine {
  return { id: row.id, name: row.name, location: row.location };
}

/** The address a machine's QR code leads to. */
export function voteUrlOf(ctx: AppContext, machineId: number): string {
  return `${ctx.publicUrl}/vote/${machineId}`;
}

const ownedBy = (userId: number, machineId: number) =>
  and(eq(vendingMachines.id, machineId), eq(vendingMachines.userId, userId));

export async function listMachines(ctx: AppContext, userId: number): Promise<VendingMachine[]> {
  return ctx.db
    .select()
    .from(vendingMachines)
    .where(eq(vendingMachines.userId, userId))
    .orderBy(asc(vendingMachines.createdAt), asc(vendingMachines.id));
}

/** The operator's own machine; another operator's answers exactly like a missing one. */
export async function getOwnedMachine(ctx: AppContext, userId: number, machineId: number): Promise<VendingMachine> {
  const [row] = await ctx.db.select().from(vendingMachines).where(ownedBy(userId, machineId)).limit(1);
  if (!row) throw notFound(MachineMessages.notFound);
  return row;
}

/** The whole machine for its owner; only what labels the vote page for anyone else. */
export async function getMachineView(ctx: AppContext, machineId: number, viewerId: number | null): Promise<Machine | PublicMachine> {
  const [row] = await ctx.db.select().from(vendingMachines).where(eq(vendingMachines.id, machineId)).limit(1);
  if (!row) throw notFound(MachineMessages.notFound);
  return row.userId === viewerId ? toMachine(row) : toPublicMachine(row);
}

/**
 * Adds a machine within the operator's plan. The operator's row stays locked from the count to
 * the insert, so simultaneous requests take turns and cannot together pass the limit.
 */
export async function addMachine(ctx: AppContext, userId: number, input: MachineFields): Promise<VendingMachine> {
  return ctx.db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ tier: users.subscriptionTier })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!owner) throw notFound('Account not found');
    const [owned] = await tx.select({ machines: count() }).from(vendingMachines).where(eq(vendingMachines.userId, userId));
    if (!canAddMachine(owner.tier, owned?.machines ?? 0)) throw forbidden(machineLimitMessage(owner.tier));
    const [row] = await tx
      .insert(vendingMachines)
      .values({ ...input, address: input.address ?? null, userId })
      .returning();
    return row!;
  });
}

export async function updateMachine(
  ctx: AppContext,
  userId: number,
  machineId: number,
  changes: MachineChanges,
): Promise<VendingMachine> {
  const [row] = await ctx.db
    .update(vendingMachines)
    .set({
      ...changes,
      // A new status starts a new spell (machine-offline notices tell each spell once); the same one sent again does not.
      ...(changes.status ? { statusChangedAt: sql`case when ${vendingMachines.status} = ${changes.status} then ${vendingMachines.statusChangedAt} else now() end` } : {}),
      updatedAt: new Date(),
    })
    .where(ownedBy(userId, machineId))
    .returning();
  if (!row) throw notFound(MachineMessages.notFound);
  return row;
}

/**
 * Removes a machine with its votes and per-machine counts (the foreign keys cascade); its
 * suggestions and issues stay, no longer tied to a machine. Product totals lose the machine's
 * counts so they stay the sum of the scopes that remain.
 */
export async function deleteMachine(ctx: AppContext, userId: number, machineId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    // Locked first: a vote at this machine either finished before (its count is subtracted
    // below) or waits and then fails on the missing machine; none can slip in between.
    const [machine] = await tx
      .select({ id: vendingMachines.id })
      .from(vendingMachines)
      .where(ownedBy(userId, machineId))
      .for('update');
    if (!machine) throw notFound(MachineMessages.notFound);
    await subtractMachineCounts(tx, userId, machineId);
    await tx.delete(vendingMachines).where(ownedBy(userId, machineId));
  });
}
