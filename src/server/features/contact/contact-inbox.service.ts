import { asc, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  ContactMessage,
  ContactMessageFilter,
  ContactMessageListQuery,
  ContactMessagePage,
  ContactReplyInputSchema,
} from '../../../shared/contact.schemas.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/client.js';
import { contactMessages, contactReplies, users, type ContactMessage as ContactMessageRow } from '../../db/schema.js';
import { notFound } from '../../http-errors.js';
import { enqueue } from '../../jobs/enqueue.js';

const messageNotFound = () => notFound('Message not found');

const FILTERS: Record<ContactMessageFilter, SQL | undefined> = {
  open: isNull(contactMessages.handledAt),
  handled: isNotNull(contactMessages.handledAt),
  all: undefined,
};

/** The messages with their replies, oldest reply first, and who handled each. */
async function toContactMessages(db: Database, rows: ContactMessageRow[]): Promise<ContactMessage[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const handlerIds = rows.flatMap((row) => (row.handledBy === null ? [] : [row.handledBy]));
  const [replies, handlers] = await Promise.all([
    db.select().from(contactReplies).where(inArray(contactReplies.messageId, ids)).orderBy(asc(contactReplies.createdAt), asc(contactReplies.id)),
    handlerIds.length ? db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, handlerIds)) : [],
  ]);
  const handlerEmails = new Map(handlers.map((handler) => [handler.id, handler.email]));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
    handledAt: row.handledAt?.toISOString() ?? null,
    handledByEmail: row.handledBy === null ? null : (handlerEmails.get(row.handledBy) ?? null),
    replies: replies
      .filter((reply) => reply.messageId === row.id)
      .map((reply) => ({ id: reply.id, body: reply.body, sentByEmail: reply.sentByEmail, createdAt: reply.createdAt.toISOString() })),
  }));
}

/** Stored messages, those waiting first and then newest first, one page at a time (administrators only). */
export async function listContactMessages(ctx: AppContext, query: ContactMessageListQuery): Promise<ContactMessagePage> {
  const { page, pageSize, status } = query;
  const where = FILTERS[status];
  const [rows, [total], [open]] = await Promise.all([
    ctx.db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(sql`${contactMessages.handledAt} is not null`, desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ctx.db.select({ n: count() }).from(contactMessages).where(where),
    ctx.db.select({ n: count() }).from(contactMessages).where(FILTERS.open),
  ]);
  return { messages: await toContactMessages(ctx.db, rows), open: open!.n, page, pageSize, total: total!.n };
}

async function readMessage(db: Database, id: number): Promise<ContactMessage> {
  const rows = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
  if (!rows[0]) throw messageNotFound();
  return (await toContactMessages(db, rows))[0]!;
}

/** Handled or back to waiting; who marked it is recorded. */
export async function setContactMessageHandled(ctx: AppContext, adminId: number, id: number, handled: boolean): Promise<ContactMessage> {
  const [updated] = await ctx.db
    .update(contactMessages)
    .set(handled ? { handledAt: new Date(), handledBy: adminId } : { handledAt: null, handledBy: null })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  if (!updated) throw messageNotFound();
  return readMessage(ctx.db, id);
}

/**
 * Mails a reply to the sender through the job queue and records it, in one transaction: the reply,
 * who wrote it and when, and the message handled. Replies to it reach SUPPORT_EMAIL when it is set,
 * else the admin who wrote it, so the conversation can go on by mail.
 */
export async function replyToContactMessage(
  ctx: AppContext,
  admin: { id: number; email: string },
  id: number,
  input: z.output<typeof ContactReplyInputSchema>,
): Promise<ContactMessage> {
  await ctx.db.transaction(async (tx) => {
    const [message] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
    if (!message) throw messageNotFound();
    const now = new Date();
    await tx.insert(contactReplies).values({ messageId: id, body: input.body, sentBy: admin.id, sentByEmail: admin.email, createdAt: now });
    await tx
      .update(contactMessages)
      .set({ handledAt: now, handledBy: admin.id, readAt: message.readAt ?? now, readBy: message.readBy ?? admin.id })
      .where(eq(contactMessages.id, id));
    await enqueue(tx, 'mail.contact-reply', {
      to: message.email,
      replyTo: ctx.supportEmail ?? admin.email,
      props: { name: message.name, subject: message.subject, message: message.message, reply: input.body },
    });
  });
  return readMessage(ctx.db, id);
}
