import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/client.js';
import { users, vendingMachines, type VendingIssue as IssueRow } from '../../db/schema.js';
import { enqueue } from '../../jobs/enqueue.js';
import { voteUrlOf } from '../machines/machines.service.js';

/**
 * Queues the mail that tells the reporting customer their issue is resolved, with the operator's
 * public reply, in the transaction that resolved it. Written in the owner's language, the one the
 * reply itself is written in. No Reply-To: the operator's own address is never shown to customers.
 */
export async function queueIssueReplyMail(ctx: AppContext, tx: Database, ownerId: number, issue: IssueRow, reply: string) {
  const [owner] = await tx.select({ locale: users.language }).from(users).where(eq(users.id, ownerId));
  const [machine] =
    issue.machineId === null
      ? []
      : await tx
          .select({ id: vendingMachines.id, name: vendingMachines.name, location: vendingMachines.location })
          .from(vendingMachines)
          .where(and(eq(vendingMachines.id, issue.machineId), eq(vendingMachines.userId, ownerId)));
  await enqueue(tx, 'mail.issue-reply', {
    to: issue.customerEmail,
    props: {
      locale: owner?.locale ?? 'en',
      customerName: issue.customerName,
      productName: issue.productName,
      machine: machine ? { name: machine.name, location: machine.location, votePageLink: voteUrlOf(ctx, machine.id) } : null,
      reply,
    },
  });
}
