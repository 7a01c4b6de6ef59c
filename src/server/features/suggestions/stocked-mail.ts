import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/client.js';
import { users, vendingMachines, type Suggestion as SuggestionRow } from '../../db/schema.js';
import { enqueue } from '../../jobs/enqueue.js';
import { voteUrlOf } from '../machines/machines.service.js';

/**
 * Queues the customer's 'now stocked' mail for an approved suggestion, in the approval's
 * transaction. Only a suggestion sent from a machine that still exists can say where the product
 * is; without one, or without an address, there is nothing to send. The mail is written in the
 * owner's language (the customer's own is not kept), as the machine's signs would be.
 */
export async function queueStockedMail(ctx: AppContext, tx: Database, ownerId: number, suggestion: Pick<SuggestionRow, 'machineId' | 'suggesterEmail'>, productName: string) {
  const { machineId, suggesterEmail } = suggestion;
  if (!suggesterEmail || machineId === null) return;
  const [machine] = await tx
    .select({ name: vendingMachines.name, location: vendingMachines.location, locale: users.language })
    .from(vendingMachines)
    .innerJoin(users, eq(users.id, vendingMachines.userId))
    .where(and(eq(vendingMachines.id, machineId), eq(vendingMachines.userId, ownerId)));
  if (!machine) return;
  await enqueue(tx, 'mail.product-stocked', {
    to: suggesterEmail,
    props: { locale: machine.locale, productName, machineName: machine.name, location: machine.location, votePageLink: voteUrlOf(ctx, machineId) },
  });
}
