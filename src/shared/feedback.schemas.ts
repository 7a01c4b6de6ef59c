import { z } from 'zod';
import { idParamsSchema, idSchema, NotFoundMessages } from './ids.js';
import { CategorySchema, ProductMessages, ProductSchema } from './products.schemas.js';

/** Which machine a public suggestion comes from (`POST /api/suggestions?machineId=M`). */
export const SuggestionTargetQuerySchema = z.object({
  machineId: idSchema('machine').optional(),
});

export const SuggestionIdParamsSchema = idParamsSchema('suggestion');
export const IssueIdParamsSchema = idParamsSchema('issue');

export const FeedbackMessages = {
  machineNotFound: NotFoundMessages.machine,
  machineRequired: 'Please send this from a machine\'s page.',
  suggestionNotFound: NotFoundMessages.suggestion,
  suggestionProcessed: 'This suggestion has already been processed.',
  issueNotFound: NotFoundMessages.issue,
  issueResolved: 'This issue is resolved and can no longer change.',
  issueBackToNew: 'An issue under investigation cannot go back to new.',
  invalidEmail: 'Please enter a valid email address',
  replyOnlyWhenResolving: 'A public reply can only be sent when resolving an issue.',
  replyRequired: 'Please write a reply for the customer.',
  notApprovedYet: 'Only an approved suggestion can be marked stocked.',
  noMachine: 'This suggestion names no machine to stock it at.',
  alreadyStocked: 'This suggestion is already marked stocked.',
} as const;

/** An address is at most 254 characters (RFC 5321 path limit); longer is refused as invalid, not cut. */
const EMAIL_MAX_LENGTH = 254;
const EmailFormatSchema = z.email();

/** The short answer a resolved issue may carry, mailed to the customer who reported it. */
export const PUBLIC_REPLY_MAX_LENGTH = 500;
const PublicReplyTextSchema = z
  .string({ error: 'The reply must be text' })
  .trim()
  .max(PUBLIC_REPLY_MAX_LENGTH, `Must be at most ${PUBLIC_REPLY_MAX_LENGTH} characters`);

/** A product idea from a customer or an operator (spec core 5). */
export const SuggestionInputSchema = z.strictObject({
  name: z.string({ error: ProductMessages.nameRequired }).trim().min(1, ProductMessages.nameRequired).max(120, 'Must be at most 120 characters'),
  brand: z.string({ error: 'Brand must be text' }).trim().max(120, 'Must be at most 120 characters').default(''),
  category: CategorySchema,
  suggestedBy: z
    .string({ error: 'Your name must be text' })
    .trim()
    .max(100, 'Must be at most 100 characters')
    .nullish()
    .transform((value) => value || null),
  // Optional: left to hear once, by mail, when the product is stocked at the machine; empty means none.
  email: z
    .string({ error: FeedbackMessages.invalidEmail })
    .trim()
    .max(EMAIL_MAX_LENGTH, FeedbackMessages.invalidEmail)
    .refine((value) => value === '' || EmailFormatSchema.safeParse(value).success, FeedbackMessages.invalidEmail)
    .nullish()
    .transform((value) => value || null),
});
export type SuggestionInput = z.input<typeof SuggestionInputSchema>;

export const SUGGESTION_STATUSES = ['pending', 'approved', 'declined'] as const;
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];

export const SuggestionStatusSchema = z.strictObject({
  status: z.enum(['approved', 'declined'], { error: 'Status must be approved or declined' }),
});

export const SuggestionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  brand: z.string(),
  category: z.string(),
  suggestedBy: z.string().nullable(),
  machineId: z.number().int().nullable(),
  status: z.enum(SUGGESTION_STATUSES),
  productId: z.number().int().nullable(),
  /** The customer left an address to hear when it is stocked; the address itself is never sent out. */
  notifyOnStock: z.boolean(),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
  /**
   * When the approved product reached the suggestion's machine (a restock recorded there, or the
   * operator marking it stocked): the 'now stocked' mail and the vote page's banner start then.
   */
  stockedAt: z.string().nullable(),
});
export type Suggestion = z.infer<typeof SuggestionSchema>;

/** `POST /api/suggestions/{id}/approve`: the approved suggestion and the product it became. */
export const ApprovedSuggestionSchema = z.object({ suggestion: SuggestionSchema, product: ProductSchema });
export type ApprovedSuggestion = z.infer<typeof ApprovedSuggestionSchema>;

export const ISSUE_STATUSES = ['open', 'investigating', 'resolved'] as const;
export type IssueStatus = (typeof ISSUE_STATUSES)[number];
export const ISSUE_STATUS_LABELS: Record<IssueStatus, string> = { open: 'New', investigating: 'Investigating', resolved: 'Resolved' };

/** A customer's report of a problem at a machine (spec core 5). */
export const IssueReportSchema = z.strictObject({
  // Absent on the demo page, whose reports go to the demo operator.
  machineId: idSchema('machine').nullish(),
  customerName: z.string({ error: 'Your name is required' }).trim().min(1, 'Your name is required').max(100, 'Must be at most 100 characters'),
  customerEmail: z
    .string({ error: 'Please enter a valid email address' })
    .trim()
    .max(254, 'Please enter a valid email address')
    .pipe(z.email('Please enter a valid email address')),
  productName: z.string({ error: 'Product name is required' }).trim().min(1, 'Product name is required').max(120, 'Must be at most 120 characters'),
  issueDescription: z
    .string({ error: 'Description must be text' })
    .trim()
    .max(2000, 'Must be at most 2000 characters')
    .nullish()
    .transform((value) => value || null),
});
export type IssueReport = z.input<typeof IssueReportSchema>;

/** A status change; resolving may carry a public reply, which is mailed to the customer who reported the issue. */
export const IssueStatusSchema = z
  .strictObject({
    status: z.enum(ISSUE_STATUSES, { error: 'Status must be open, investigating or resolved' }),
    // Empty or absent means no reply, and then no mail.
    publicReply: PublicReplyTextSchema.nullish().transform((value) => value || null),
  })
  .refine((change) => change.publicReply === null || change.status === 'resolved', {
    message: FeedbackMessages.replyOnlyWhenResolving,
    path: ['publicReply'],
  });
export type IssueStatusChange = z.input<typeof IssueStatusSchema>;

/** The issues page's 'Resolve with reply' form: there the reply is the point, so it is required. */
export const IssueReplyFormSchema = z.strictObject({
  publicReply: PublicReplyTextSchema.min(1, FeedbackMessages.replyRequired),
});
export type IssueReplyForm = z.infer<typeof IssueReplyFormSchema>;

export const VendingIssueSchema = z.object({
  id: z.number().int(),
  machineId: z.number().int().nullable(),
  machineName: z.string().nullable(),
  customerName: z.string(),
  customerEmail: z.string(),
  productName: z.string(),
  issueDescription: z.string().nullable(),
  status: z.enum(ISSUE_STATUSES),
  /** What the operator told the customer when resolving it (mailed to them), or null. */
  publicReply: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  resolvedAt: z.string().nullable(),
  /** The member who noted it on the route, by name; null for a customer's report. */
  reportedBy: z.string().nullable(),
  /** The member who last changed its status, by name; null before any change. */
  changedBy: z.string().nullable(),
});
export type VendingIssue = z.infer<typeof VendingIssueSchema>;

/** `GET /api/vending-issues`: both optional; search matches product, customer, description and machine. */
export const IssueListQuerySchema = z.object({
  status: z.enum(ISSUE_STATUSES, { error: 'Status must be open, investigating or resolved' }).optional(),
  search: z.string({ error: 'Search must be text' }).trim().max(200, 'Must be at most 200 characters').optional(),
});
export type IssueListQuery = z.input<typeof IssueListQuerySchema>;

export const IssueCountsSchema = z.object({
  total: z.number().int(),
  open: z.number().int(),
  investigating: z.number().int(),
  resolved: z.number().int(),
});
export type IssueCounts = z.infer<typeof IssueCountsSchema>;

/** What an issue can move to from each state: open → investigating → resolved; resolved is final. */
export const ISSUE_TRANSITIONS: Record<IssueStatus, readonly IssueStatus[]> = {
  open: ['investigating', 'resolved'],
  investigating: ['resolved'],
  resolved: [],
};
