import { z } from 'zod';
import { CategorySchema, ProductMessages, type Product } from './products.schemas.js';

/**
 * A machine id from a body or a query string: a whole number, or digits in a string. Not
 * z.coerce, which would turn `true` into machine 1.
 */
const MachineIdSchema = z
  .union([z.number(), z.string().trim().regex(/^\d+$/, 'Machine id must be a number')], { error: 'Machine id must be a number' })
  .transform(Number)
  .pipe(z.number().int('Machine id must be a whole number').positive('Machine id must be a whole number'));

/** Which machine a public suggestion comes from (`POST /api/suggestions?machineId=M`). */
export const SuggestionTargetQuerySchema = z.object({
  machineId: MachineIdSchema.optional(),
});

const recordId = (message: string) => z.object({ id: z.coerce.number({ error: message }).int(message).positive(message) });
export const SuggestionIdParamsSchema = recordId('Suggestion id must be a whole number');
export const IssueIdParamsSchema = recordId('Issue id must be a whole number');

export const FeedbackMessages = {
  machineNotFound: 'Machine not found',
  machineRequired: 'Please send this from a machine\'s page.',
  suggestionNotFound: 'Suggestion not found',
  suggestionProcessed: 'This suggestion has already been processed.',
  issueNotFound: 'Issue not found',
  issueResolved: 'This issue is resolved and can no longer change.',
  issueBackToNew: 'An issue under investigation cannot go back to new.',
} as const;

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
});
export type SuggestionInput = z.input<typeof SuggestionInputSchema>;

export const SUGGESTION_STATUSES = ['pending', 'approved', 'declined'] as const;
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];

export const SuggestionStatusSchema = z.strictObject({
  status: z.enum(['approved', 'declined'], { error: 'Status must be approved or declined' }),
});

export interface Suggestion {
  id: number;
  name: string;
  brand: string;
  category: string;
  suggestedBy: string | null;
  machineId: number | null;
  status: SuggestionStatus;
  productId: number | null;
  createdAt: string;
  processedAt: string | null;
}

/** `POST /api/suggestions/{id}/approve`: the approved suggestion and the product it became. */
export interface ApprovedSuggestion {
  suggestion: Suggestion;
  product: Product;
}

export const ISSUE_STATUSES = ['open', 'investigating', 'resolved'] as const;
export type IssueStatus = (typeof ISSUE_STATUSES)[number];
export const ISSUE_STATUS_LABELS: Record<IssueStatus, string> = { open: 'New', investigating: 'Investigating', resolved: 'Resolved' };

/** A customer's report of a problem at a machine (spec core 5). */
export const IssueReportSchema = z.strictObject({
  // Absent on the demo page, whose reports go to the demo operator.
  machineId: MachineIdSchema.nullish(),
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

export const IssueStatusSchema = z.strictObject({
  status: z.enum(ISSUE_STATUSES, { error: 'Status must be open, investigating or resolved' }),
});

export interface VendingIssue {
  id: number;
  machineId: number | null;
  machineName: string | null;
  customerName: string;
  customerEmail: string;
  productName: string;
  issueDescription: string | null;
  status: IssueStatus;
  createdAt: string;
  updatedAt: string;
  resolvedAt: string | null;
}

/** `GET /api/vending-issues`: both optional; search matches product, customer, description and machine. */
export const IssueListQuerySchema = z.object({
  status: z.enum(ISSUE_STATUSES, { error: 'Status must be open, investigating or resolved' }).optional(),
  search: z.string({ error: 'Search must be text' }).trim().max(200, 'Must be at most 200 characters').optional(),
});
export type IssueListQuery = z.input<typeof IssueListQuerySchema>;

export interface IssueCounts {
  total: number;
  open: number;
  investigating: number;
  resolved: number;
}

/** What an issue can move to from each state: open → investigating → resolved; resolved is final. */
export const ISSUE_TRANSITIONS: Record<IssueStatus, readonly IssueStatus[]> = {
  open: ['investigating', 'resolved'],
  investigating: ['resolved'],
  resolved: [],
};
