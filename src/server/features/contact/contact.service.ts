import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { CONTACT_LIMITS, HONEYPOT_FIELD, type ContactSubmission } from '../../../shared/contact.schemas.js';
import type { AppContext } from '../../context.js';
import { contactMessages } from '../../db/schema.js';
import { tooManyAttempts } from '../../http-errors.js';
import { enqueue } from '../../jobs/enqueue.js';

/** The sender's network address as stored: a keyed hash, never the address itself (DECISIONS 3). */
function addressKeyOf(ctx: AppContext, address: string): string {
  return createHmac('sha256', ctx.ipHashKey).update(`contact:${address}`).digest('base64url');
}

/** A form-filling bot's message: the hidden field a person never sees has text in it. */
export function isHoneypotHit(input: ContactSubmission): boolean {
  return Boolean(input[HONEYPOT_FIELD]?.trim());
}

const secondsUntil = (at: number, now: Date) => Math.max(1, Math.ceil((at - now.getTime()) / 1000));

/**
 * Keeps the message and, in the same transaction, queues its mails: one to SUPPORT_EMAIL (Reply-To
 * the sender) when it is set, and the sender's copy. The limits are counted from the stored rows
 * under advisory locks, so they hold across instances and restarts and parallel sends count one by
 * one: per network address, and per email address so that nobody can flood a stranger with copies.
 */
export async function sendContactMessage(ctx: AppContext, input: ContactSubmission, address: string, now = new Date()): Promise<void> {
  const addressKey = addressKeyOf(ctx, address);
  const lowerEmail = input.email.toLowerCase();
  const windowStart = new Date(now.getTime() - CONTACT_LIMITS.windowMs).toISOString();
  await ctx.db.transaction(async (tx) => {
    // Fixed order (address, then email), so two senders cannot deadlock.
    await tx.execute(sql`select pg_advisory_xact_lock(3, hashtext(${addressKey}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(4, hashtext(${lowerEmail}))`);
    const ofAddress = sql`${contactMessages.addressKey} = ${addressKey}`;
    const ofEmail = sql`lower(${contactMessages.email}) = ${lowerEmail}`;
    const [recent] = await tx
      .select({
        address: sql<number>`count(*) filter (where ${ofAddress})`.mapWith(Number),
        addressOldest: sql`min(${contactMessages.createdAt}) filter (where ${ofAddress})`.mapWith(contactMessages.createdAt),
        email: sql<number>`count(*) filter (where ${ofEmail})`.mapWith(Number),
        emailOldest: sql`min(${contactMessages.createdAt}) filter (where ${ofEmail})`.mapWith(contactMessages.createdAt),
      })
      .from(contactMessages)
      .where(sql`${contactMessages.createdAt} > ${windowStart}::timestamptz and (${ofAddress} or ${ofEmail})`);
    if (recent!.address >= CONTACT_LIMITS.perAddress && recent!.addressOldest) {
      throw tooManyAttempts(secondsUntil(recent!.addressOldest.getTime() + CONTACT_LIMITS.windowMs, now));
    }
    if (recent!.email >= CONTACT_LIMITS.perEmail && recent!.emailOldest) {
      throw tooManyAttempts(secondsUntil(recent!.emailOldest.getTime() + CONTACT_LIMITS.windowMs, now));
    }

    const { name, email: sender, subject, message } = input;
    await tx.insert(contactMessages).values({ name, email: sender, subject, message, addressKey, createdAt: now });
    if (ctx.supportEmail) {
      const props = { name, email: sender, subject, message };
      await enqueue(tx, 'mail.contact-message', { to: ctx.supportEmail, replyTo: sender, props });
    }
    await enqueue(tx, 'mail.contact-copy', {
      to: sender,
      ...(ctx.supportEmail ? { replyTo: ctx.supportEmail } : {}),
      props: { name, subject, message },
    });
  });
}
