import { and, eq, lte, sql } from 'drizzle-orm';
import { COMMISSION_HOLD_DAYS, COMMISSION_RATE_PERCENT } from '../../../shared/affiliates.schemas.js';
import type { Database } from '../../db/client.js';
import { affiliateCommissions, affiliates, invoices, referrals } from '../../db/schema.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const HOLD_MS = COMMISSION_HOLD_DAYS * 24 * 60 * 60 * 1000;

/** 40% of an amount in cents, to the nearest cent (half a cent up). */
export const commissionOf = (cents: number) => Math.round((cents * COMMISSION_RATE_PERCENT) / 100);

export interface PaidInvoice {
  id: string;
  userId: number;
  subscriptionId: string | null;
  currency: string;
  amountPaid: number;
  /** Amounts of lines that are no part of the subscription (one-off invoice items such as magnet orders; not prorations). */
  otherLinesCents: number;
  paidAt: Date;
}

/**
 * The commission of a paid invoice of a referred subscription, made in the transaction that keeps
 * the invoice: pending for 30 days, then approved (approveDueCommissions). One per invoice, however
 * often Stripe reports it paid. Magnet orders billed on the same invoice earn nothing: they are no
 * part of the subscription. A deactivated affiliate earns nothing new.
 */
export async function earnCommission(tx: Tx, invoice: PaidInvoice): Promise<void> {
  const base = Math.max(0, invoice.amountPaid - invoice.otherLinesCents);
  if (!invoice.subscriptionId || base === 0) return;
  const [referral] = await tx
    .select({ affiliateUserId: referrals.affiliateUserId })
    .from(referrals)
    .innerJoin(affiliates, eq(affiliates.userId, referrals.affiliateUserId))
    .where(and(eq(referrals.referredUserId, invoice.userId), eq(affiliates.isActive, true)));
  if (!referral) return;
  await tx
    .insert(affiliateCommissions)
    .values({
      affiliateUserId: referral.affiliateUserId,
      referredUserId: invoice.userId,
      invoiceId: invoice.id,
      kind: 'invoice',
      baseCents: base,
      amountCents: commissionOf(base),
      currency: invoice.currency,
      approvesAt: new Date(invoice.paidAt.getTime() + HOLD_MS),
    })
    .onConflictDoNothing({ target: affiliateCommissions.invoiceId, where: sql`${affiliateCommissions.kind} = 'invoice'` });
}

/**
 * A refund of an invoice (charge.refunded, with what is refunded so far in all): its commission is
 * 40% of what is still paid, up to the subscription's part. Before payout the commission itself is lowered, or
 * cancelled when nothing is left; after payout a negative line, approved at once, takes the
 * difference off the next payout. Computed from the total refunded, so a repeated event changes nothing.
 */
export async function reverseCommission(tx: Tx, invoiceId: string, refundedCents: number, now = new Date()): Promise<void> {
  const [invoice] = await tx.select({ amountPaid: invoices.amountPaid }).from(invoices).where(eq(invoices.id, invoiceId));
  // Not one of our customers' invoices (the webhook keeps the invoice, and its commission, first).
  if (!invoice) return;
  const refunded = Math.min(Math.max(refundedCents, 0), invoice.amountPaid);
  await tx.update(invoices).set({ amountRefunded: refunded, syncedAt: now }).where(eq(invoices.id, invoiceId));
  const lines = await tx.select().from(affiliateCommissions).where(eq(affiliateCommissions.invoiceId, invoiceId)).for('update');
  const original = lines.find((line) => line.kind === 'invoice');
  if (!original || original.status === 'cancelled') return;
  // What is still paid covers the subscription first: a refund of a magnet order on the same
  // invoice leaves the commission alone.
  const keptBase = Math.min(original.baseCents, invoice.amountPaid - refunded);
  const due = commissionOf(keptBase);
  if (original.status !== 'paid') {
    const changes = due === 0 ? { status: 'cancelled' as const } : { amountCents: due };
    await tx.update(affiliateCommissions).set({ ...changes, updatedAt: now }).where(eq(affiliateCommissions.id, original.id));
    return;
  }
  const standing = lines.filter((line) => line.status !== 'cancelled').reduce((sum, line) => sum + line.amountCents, 0);
  if (due >= standing) return;
  await tx.insert(affiliateCommissions).values({
    affiliateUserId: original.affiliateUserId,
    referredUserId: original.referredUserId,
    invoiceId,
    kind: 'reversal',
    baseCents: keptBase - original.baseCents,
    amountCents: due - standing,
    currency: original.currency,
    status: 'approved',
    approvesAt: now,
    approvedAt: now,
  });
}

/** Pending commissions whose 30 days are over become approved; answers how many. */
export async function approveDueCommissions(db: Database, now: Date): Promise<number> {
  const approved = await db
    .update(affiliateCommissions)
    .set({ status: 'approved', approvedAt: now, updatedAt: now })
    .where(and(eq(affiliateCommissions.status, 'pending'), lte(affiliateCommissions.approvesAt, now)))
    .returning({ id: affiliateCommissions.id });
  return approved.length;
}
