import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { affiliates, referrals, users } from '../../db/schema.js';
import type { ReferralMark } from './referral-links.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * One mailbox however it is written: case and a plus-address tag make no difference
 * ('Ann+promo@Example.com' is 'ann@example.com'), so nobody refers themselves through a tag.
 */
export function mailboxOf(email: string): string {
  const at = email.lastIndexOf('@');
  if (at === -1) return email.toLowerCase();
  const local = email.slice(0, at).toLowerCase().split('+')[0];
  return `${local}@${email.slice(at + 1).toLowerCase()}`;
}

/**
 * Binds a new account to the affiliate whose link its browser followed, in the transaction that
 * makes the account. Nothing is bound for an unknown or deactivated code, nor when the affiliate
 * would be referring themselves (the same account, or the same mailbox).
 */
export async function bindReferral(tx: Tx, account: { id: number; email: string }, mark: ReferralMark | null): Promise<boolean> {
  if (!mark) return false;
  const [affiliate] = await tx
    .select({ userId: affiliates.userId, isActive: affiliates.isActive, email: users.email })
    .from(affiliates)
    .innerJoin(users, eq(users.id, affiliates.userId))
    .where(eq(affiliates.code, mark.code));
  if (!affiliate?.isActive) return false;
  if (affiliate.userId === account.id || mailboxOf(affiliate.email) === mailboxOf(account.email)) return false;
  const bound = await tx
    .insert(referrals)
    .values({ referredUserId: account.id, affiliateUserId: affiliate.userId, clickedAt: mark.clickedAt })
    .onConflictDoNothing()
    .returning({ id: referrals.referredUserId });
  return bound.length > 0;
}
