import { z } from 'zod';
import { HONEYPOT_FIELD } from './contact.schemas.js';

/**
 * The feature-request board (spec extended 2, 3, 5; DECISIONS 4): one global board, stored, one
 * vote per visitor. Visitors suggest and vote at /feature-requests; admins manage at
 * /admin/feature-requests, where operators may read and vote.
 */

export const FEATURE_REQUEST_STATUSES = ['proposed', 'in-progress', 'completed'] as const;
export type FeatureRequestStatus = (typeof FEATURE_REQUEST_STATUSES)[number];

export const FEATURE_REQUEST_STATUS_LABELS: Record<FeatureRequestStatus, string> = {
  proposed: 'Proposed',
  'in-progress': 'In progress',
  completed: 'Completed',
};

/** Spec extended 5: the author of an unnamed public request and of an admin's. */
export const ANONYMOUS_AUTHOR = 'Anonymous';
export const ADMIN_AUTHOR = 'Admin';
/**
 * Spec extended 5: a public request starts with its author's vote (stored as that visitor's own,
 * so they cannot add a second); an admin's with none.
 */
export const PUBLIC_START_VOTES = 1;
export const ADMIN_START_VOTES = 0;

export const FEATURE_REQUEST_LIMITS = {
  title: 120,
  description: 2000,
  author: 80,
  email: 254,
  /** Requests one network address may submit in `windowMs`. */
  submissionsPerAddress: 5,
  /** Votes one network address may cast in `windowMs` (a household or office shares one). */
  votesPerAddress: 120,
  windowMs: 60 * 60 * 1000,
} as const;

export const FeatureRequestMessages = {
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  emailInvalid: 'Please enter a valid email address',
  submittedTitle: 'Request Submitted',
  submittedText: 'Thank you! Others can now vote for your idea.',
  notFound: 'Feature request not found',
  belowZero: 'Votes cannot go below 0',
  votesReset: 'All votes were reset',
} as const;

const requiredText = (max: number, required: string, label: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, `${label} must be at most ${max} characters`);

/**
 * POST /api/feature-requests (public). `author` empty means 'Anonymous'. `email` (optional, never
 * shown) hears when the status changes. The hidden `website` field is the bots' honeypot.
 */
export const CreateFeatureRequestSchema = z.strictObject({
  title: requiredText(FEATURE_REQUEST_LIMITS.title, FeatureRequestMessages.titleRequired, 'Title'),
  description: requiredText(FEATURE_REQUEST_LIMITS.description, FeatureRequestMessages.descriptionRequired, 'Description'),
  author: z.string().trim().max(FEATURE_REQUEST_LIMITS.author, `Name must be at most ${FEATURE_REQUEST_LIMITS.author} characters`).optional(),
  email: z
    .string()
    .trim()
    .max(FEATURE_REQUEST_LIMITS.email, FeatureRequestMessages.emailInvalid)
    .pipe(z.union([z.literal(''), z.email(FeatureRequestMessages.emailInvalid)]))
    .optional(),
  [HONEYPOT_FIELD]: z.string().max(2000).optional(),
});
export type CreateFeatureRequest = z.input<typeof CreateFeatureRequestSchema>;

/** POST /api/admin/feature-requests: an admin's request (author 'Admin', no votes). */
export const AdminCreateFeatureRequestSchema = z.strictObject({
  title: requiredText(FEATURE_REQUEST_LIMITS.title, FeatureRequestMessages.titleRequired, 'Title'),
  description: requiredText(FEATURE_REQUEST_LIMITS.description, FeatureRequestMessages.descriptionRequired, 'Description'),
});

/** PATCH /api/admin/feature-requests/:id: the status, set freely (spec extended 5). */
export const UpdateFeatureRequestStatusSchema = z.strictObject({ status: z.enum(FEATURE_REQUEST_STATUSES) });

/** POST /api/feature-requests/:id/vote: up or down; the same again takes the vote back. */
export const FeatureRequestVoteSchema = z.strictObject({ direction: z.enum(['up', 'down']) });

export const FeatureRequestListQuerySchema = z.object({
  sort: z.enum(['votes', 'newest']).default('votes'),
  status: z.enum(FEATURE_REQUEST_STATUSES).optional(),
});
export type FeatureRequestListQuery = z.input<typeof FeatureRequestListQuerySchema>;

/** A request as everyone sees it; `myVote` is this visitor's own. The submitter's email is never shown. */
export const FeatureRequestSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  author: z.string(),
  votes: z.number().int().nonnegative(),
  status: z.enum(FEATURE_REQUEST_STATUSES),
  createdAt: z.string(),
  myVote: z.enum(['up', 'down']).nullable(),
});
export type FeatureRequest = z.infer<typeof FeatureRequestSchema>;
export const FeatureRequestListSchema = z.array(FeatureRequestSchema);
