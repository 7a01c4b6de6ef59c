import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { ANONYMOUS_AUTHOR } from '../../../shared/feature-requests.schemas.js';
import type { Database } from '../../db/client.js';
import { accountExports, contactMessages, featureRequests, invoices, jobs, users, type User } from '../../db/schema.js';
import { recordAuditEvent, unlinkAuditEventsFrom } from '../audit/record-audit.js';
import type { FileStore } from '../../integrations/file-store/file-store.js';
import { endAllSessionsOf } from '../../sessions.js';

/** Accounts erased per run: a backlog drains over a few runs instead of holding one long transaction. */
const ERASE_BATCH = 50;

/** The accounts whose grace period ended by `at`, oldest first. */
export async function accountsDueForErasure(db: Database, at: Date): Promise<User[]> {
  return db
    .select()
    .from(users)
    .where(and(isNotNull(users.eraseAfter), lte(users.eraseAfter, at)))
    .orderBy(users.eraseAfter)
    .limit(ERASE_BATCH);
}

/**
 * Erases one account and everything it owns. Most rows go with the user by their foreign keys
 * (ON DELETE CASCADE); what is kept or only mentions the account is handled here:
 * - paid invoices keep their amounts, with the owner and the Stripe customer removed (affiliate
 *   commissions lose the referred account by ON DELETE SET NULL and keep theirs);
 * - contact messages sent from the account's address, and its address and name on feature requests;
 * - stored jobs whose payload names the account (mails already sent, say);
 * - the audit trail's entries keep what was done and when, but no longer who (unlinkAuditEventsFrom);
 * - the stored ZIPs of its data exports, removed from the file store after the rows.
 * Answers false when the account is no longer due (undone meanwhile, or erased by another worker).
 */
export async function eraseAccount(db: Database, fileStore: FileStore | undefined, user: User, at: Date): Promise<boolean> {
  const fileKeys: string[] = [];
  const erased = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, user.id), isNotNull(users.eraseAfter), lte(users.eraseAfter, at)))
      .for('update', { skipLocked: true });
    if (!locked) return false;
    const files = await tx.select({ key: accountExports.fileKey }).from(accountExports).where(and(eq(accountExports.userId, user.id), isNotNull(accountExports.fileKey)));
    fileKeys.push(...files.map((file) => file.key!));
    await tx.update(invoices).set({ userId: null, stripeCustomerId: 'erased' }).where(eq(invoices.userId, user.id));
    await tx.delete(contactMessages).where(sql`lower(${contactMessages.email}) = lower(${user.email})`);
    await tx.update(featureRequests).set({ submitterEmail: null, author: ANONYMOUS_AUTHOR }).where(sql`lower(${featureRequests.submitterEmail}) = lower(${user.email})`);
    await tx
      .delete(jobs)
      .where(
        sql`strpos(lower(${jobs.payload}::text), lower(${user.email})) > 0
          or ${jobs.payload} @> jsonb_build_object('userId', ${user.id}::int)
          or ${jobs.payload} @> jsonb_build_object('ownerId', ${user.id}::int)`,
      );
    await unlinkAuditEventsFrom(tx as unknown as Database, user.id);
    await endAllSessionsOf(tx, user.id);
    await tx.delete(users).where(eq(users.id, user.id));
    // That an account was erased, by the system, and when; never which one.
    await recordAuditEvent(tx as unknown as Database, { actorUserId: null, ipHash: null, action: 'account.erased', targetType: 'user' });
    return true;
  });
  if (erased && fileStore) for (const key of fileKeys) await fileStore.delete(key);
  return erased;
}
