import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/client.js';
import { users, vendingMachines, type Suggestion as SuggestionRow } from '../../db/schema.js';
import { enqueue } from '../../jobs/enqueue.js';
import { voteUrlOf } from '../machines/machines.service.js';

/** The longest a customer's address waits for a product that is approved but never stocked (0037). */
export const SUGGESTER_EMAIL_KEPT_DAYS = 90;

type Addressed = Pick<SuggestionRow, 'machineId' | 'suggesterEmail'>;

/**
 * The machine a customer mail names, in the owner's language (the customer's own is not kept), as
 * the machine's signs would be. Only a suggestion sent from a machine that still exists, with an
 * address, has anyone to write to and anything to say.
 */
async function mailTarget(ctx: AppContext, tx: Database, ownerId: number, { machineId, suggesterEmail }: Addressed) {
  if (!suggesterEmail || machineId === null) return null;
  const [machine] = await tx
    .select({ name: vendingMachines.name, location: vendingMachines.location, locale: users.language })
    .from(vendingMachines)
    .innerJoin(users, eq(users.id, vendingMachines.userId))
    .where(and(eq(vendingMachines.id, machineId), eq(vendingMachines.userId, ownerId)));
  return machine ? { to: suggesterEmail, machine, votePageLink: voteUrlOf(ctx, machineId) } : null;
}

/** Queues the 'your suggestion was accepted' mail in the approval's transaction; the address is kept for the stocked mail. */
export async function queueAcceptedMail(ctx: AppContext, tx: Database, ownerId: number, suggestion: Addressed, productName: string) {
  const target = await mailTarget(ctx, tx, ownerId, suggestion);
  if (!target) return;
  const { locale, name: machineName } = target.machine;
  await enqueue(tx, 'mail.suggestion-accepted', {
    to: target.to,
    props: { locale, productName, machineName, votePageLink: target.votePageLink, keptDays: SUGGESTER_EMAIL_KEPT_DAYS },
  });
}

/** Queues the customer's 'now stocked' mail once the product is at the machine, in the transaction that records it. */
export async function queueStockedMail(ctx: AppContext, tx: Database, ownerId: number, suggestion: Addressed, productName: string) {
  const target = await mailTarget(ctx, tx, ownerId, suggestion);
  if (!target) return;
  const { locale, name: machineName, location } = target.machine;
  await enqueue(tx, 'mail.product-stocked', { to: target.to, props: { locale, productName, machineName, location, votePageLink: target.votePageLink } });
}
