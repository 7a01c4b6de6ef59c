import { and, count, desc, eq, getTableColumns, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  FeedbackMessages,
  ISSUE_STATUSES,
  ISSUE_TRANSITIONS,
  type IssueCounts,
  type IssueListQuery,
  type IssueReportSchema,
  type IssueStatus,
  type VendingIssue,
} from '../../../shared/feedback.schemas.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/client.js';
import { vendingIssues, vendingMachines } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../http-errors.js';
import { enqueue } from '../../jobs/enqueue.js';
import { publishLive } from '../../live/publish.js';
import type { ScanSource } from '../../../shared/scan-sources.js';
import type { FeedbackRecipient } from '../suggestions/feedback-recipient.js';
import { issueCreatedData, issueStatusChangedData, queueWebhookEvent } from '../webhooks/webhook-events.js';
import { memberNameSql } from '../teams/member-name.js';
import { queueIssueReplyMail } from './issue-reply-mail.js';

type IssueReport = z.output<typeof IssueReportSchema>;
type IssueRow = typeof vendingIssues.$inferSelect & { machineName: string | null; reportedByName: string | null; changedByName: string | null };

function toIssue(row: IssueRow): VendingIssue {
  return {
    id: row.id,
    machineId: row.machineId,
    machineName: row.machineName,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    productName: row.productName,
    issueDescription: row.issueDescription,
    status: row.status,
    publicReply: row.publicReply,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    reportedBy: row.reportedByName,
    changedBy: row.changedByName,
  };
}

/** Stores the report and, in the same transaction, queues the owner's mail (when they want notifications) and webhooks. */
export async function reportIssue(ctx: AppContext, recipient: FeedbackRecipient, input: IssueReport, source: ScanSource = 'direct'): Promise<VendingIssue> {
  const reported = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(vendingIssues)
      .values({
        userId: recipient.userId,
        machineId: recipient.machine?.id ?? null,
        customerName: input.customerName,
        customerEmail: input.customerEmail,
        productName: input.productName,
        issueDescription: input.issueDescription,
        // Only a machine's page has a funnel.
        source: recipient.machine ? source : 'direct',
      })
      .returning();
    const issue = toIssue({ ...row!, machineName: recipient.machine?.name ?? null, reportedByName: null, changedByName: null });
    if (recipient.emailNotifications) {
      const { machineName, productName, customerName, customerEmail, issueDescription } = issue;
      const props = {
        locale: recipient.language,
        machineName,
        productName,
        customerName,
        customerEmail,
        issueDescription,
        issuesLink: `${ctx.publicUrl}/vending-issues`,
      };
      await enqueue(tx, 'mail.new-issue', { to: recipient.email, props });
    }
    await queueWebhookEvent(tx, recipient.userId, 'issue.created', issueCreatedData(issue));
    return issue;
  });
  publishIssue(ctx, recipient.userId, reported, 'reported');
  return reported;
}

/**
 * An issue a member found at a machine on the route: it names them as who reported it, and the
 * team's webhooks and open tabs hear of it as of a customer's report. The member does not mail the
 * team about their own finding.
 */
export async function noteIssue(
  ctx: AppContext,
  teamId: number,
  machine: { id: number; name: string },
  member: { userId: number; name: string; email: string },
  input: { productName: string; description: string; at?: Date },
): Promise<VendingIssue> {
  const noted = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(vendingIssues)
      .values({
        userId: teamId,
        machineId: machine.id,
        customerName: member.name,
        customerEmail: member.email,
        productName: input.productName,
        issueDescription: input.description,
        reportedBy: member.userId,
        ...(input.at ? { createdAt: input.at, updatedAt: input.at } : {}),
      })
      .returning();
    const issue = toIssue({ ...row!, machineName: machine.name, reportedByName: member.name, changedByName: null });
    await queueWebhookEvent(tx, teamId, 'issue.created', issueCreatedData(issue));
    return issue;
  });
  publishIssue(ctx, teamId, noted, 'reported');
  return noted;
}

/** Open tabs refresh their lists and counts; a new report also raises a notification there. */
function publishIssue(ctx: AppContext, userId: number, issue: VendingIssue, change: 'reported' | 'status') {
  const { id: issueId, machineId, status, productName, machineName } = issue;
  publishLive(ctx, userId, { type: 'issue', change, issueId, machineId, status, productName, machineName });
}

/** The operator's issues with their machine's and members' names; every query goes through here, scoped by owner. */
export function selectIssues(db: Pick<Database, 'select'>, userId: number, ...filters: (SQL | undefined)[]) {
  return db
    .select({
      ...getTableColumns(vendingIssues),
      machineName: vendingMachines.name,
      reportedByName: memberNameSql(vendingIssues.reportedBy),
      changedByName: memberNameSql(vendingIssues.changedBy),
    })
    .from(vendingIssues)
    .leftJoin(vendingMachines, eq(vendingMachines.id, vendingIssues.machineId))
    .where(and(eq(vendingIssues.userId, userId), ...filters));
}

/** A LIKE pattern that matches the text literally anywhere, `%` and `_` included. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** Newest first; optionally one status, and text found in the product, customer, description or machine. */
export async function listIssues(ctx: AppContext, userId: number, query: IssueListQuery): Promise<VendingIssue[]> {
  const pattern = query.search ? containsPattern(query.search) : undefined;
  const rows = await selectIssues(
    ctx.db,
    userId,
    query.status ? eq(vendingIssues.status, query.status) : undefined,
    pattern
      ? or(
          ilike(vendingIssues.productName, pattern),
          ilike(vendingIssues.customerName, pattern),
          ilike(vendingIssues.customerEmail, pattern),
          ilike(vendingIssues.issueDescription, pattern),
          ilike(vendingMachines.name, pattern),
        )
      : undefined,
  ).orderBy(desc(vendingIssues.createdAt), desc(vendingIssues.id));
  return rows.map(toIssue);
}

export async function countIssues(ctx: AppContext, userId: number): Promise<IssueCounts> {
  const countOf = (status: IssueStatus) => sql<number>`count(*) filter (where ${vendingIssues.status} = ${status})`.mapWith(Number);
  const [row] = await ctx.db
    .select({ total: count(), open: countOf('open'), investigating: countOf('investigating'), resolved: countOf('resolved') })
    .from(vendingIssues)
    .where(eq(vendingIssues.userId, userId));
  return row!;
}

async function findIssue(ctx: AppContext, userId: number, id: number): Promise<VendingIssue | undefined> {
  const [row] = await selectIssues(ctx.db, userId, eq(vendingIssues.id, id));
  return row && toIssue(row);
}

function transitionRefusal(from: IssueStatus, to: IssueStatus): string {
  if (from === 'resolved') return FeedbackMessages.issueResolved;
  if (from === to) return `This issue is already ${from === 'open' ? 'new' : from}.`;
  if (from === 'investigating' && to === 'open') return FeedbackMessages.issueBackToNew;
  return `An issue cannot go from ${from} to ${to}.`;
}

/**
 * open → investigating → resolved, and open → resolved; resolved is final. The rule lives in the
 * UPDATE's WHERE, so two concurrent changes cannot step around it; a read afterwards only tells
 * a missing issue (404) from a refused change (409). The row is locked first, so the status read
 * is the one this change moved it from, which the owner's webhooks are told with the new one.
 */
export async function changeIssueStatus(
  ctx: AppContext,
  userId: number,
  id: number,
  to: IssueStatus,
  /** Only with `resolved`: stored on the issue and mailed to the customer who reported it. */
  publicReply: string | null = null,
  /** The member making the change, named on the issue from then on. */
  changedBy: number | null = null,
): Promise<VendingIssue> {
  if (publicReply !== null && to !== 'resolved') throw badRequest(FeedbackMessages.replyOnlyWhenResolving, { publicReply: FeedbackMessages.replyOnlyWhenResolving });
  const allowedFrom = ISSUE_STATUSES.filter((from) => ISSUE_TRANSITIONS[from].includes(to));
  if (allowedFrom.length) {
    const now = new Date();
    const changed = await ctx.db.transaction(async (tx) => {
      const [before] = await tx.select({ status: vendingIssues.status }).from(vendingIssues).where(and(eq(vendingIssues.id, id), eq(vendingIssues.userId, userId))).for('update');
      const [row] = await tx
        .update(vendingIssues)
        .set({ status: to, updatedAt: now, changedBy, ...(to === 'resolved' ? { resolvedAt: now, publicReply } : {}) })
        .where(and(eq(vendingIssues.id, id), eq(vendingIssues.userId, userId), inArray(vendingIssues.status, allowedFrom)))
        .returning();
      if (!row || !before) return undefined;
      if (publicReply !== null) await queueIssueReplyMail(ctx, tx, userId, row, publicReply);
      const [fresh] = await selectIssues(tx, userId, eq(vendingIssues.id, row.id));
      const issue = toIssue(fresh!);
      await queueWebhookEvent(tx, userId, 'issue.status_changed', issueStatusChangedData(issue, before.status));
      return issue;
    });
    // Answer the row as this change left it, even if another change follows at once.
    if (changed) {
      publishIssue(ctx, userId, changed, 'status');
      return changed;
    }
  }
  const current = await findIssue(ctx, userId, id);
  if (!current) throw notFound(FeedbackMessages.issueNotFound);
  throw conflict(transitionRefusal(current.status, to));
}
