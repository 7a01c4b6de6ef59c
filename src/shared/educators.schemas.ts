import { z } from 'zod';
import { MAX_ID } from './ids.js';

/** The education directory (spec extended: Education and the admin panel's Educators tab). */
export const EDUCATOR_CATEGORIES = ['Business Management', 'Marketing', 'Operations', 'Finance', 'Technology'] as const;
export type EducatorCategory = (typeof EDUCATOR_CATEGORIES)[number];

/** Spec 9: a new educator's rating until an admin sets another. */
export const DEFAULT_EDUCATOR_RATING = 4.5;
export const DEFAULT_EDUCATOR_IMAGE = '🎓';

export const EDUCATOR_LIMITS = {
  name: 120,
  description: 1000,
  specialization: 120,
  url: 500,
  image: 16,
  highlight: 120,
  highlights: 10,
  count: 10_000_000,
  search: 120,
} as const;

export const EducatorMessages = {
  nameRequired: 'Name is required',
  descriptionRequired: 'Description is required',
  categoryRequired: `Category must be one of: ${EDUCATOR_CATEGORIES.join(', ')}`,
  specializationRequired: 'Specialization is required',
  websiteRequired: 'Website URL is required',
  affiliateUrlRequired: 'Affiliate URL is required',
  badUrl: 'Enter a full web address starting with http:// or https://',
  imageTooLong: `Icon must be at most ${EDUCATOR_LIMITS.image} characters (one emoji)`,
  highlightsRequired: 'Add at least one highlight',
  tooManyHighlights: `At most ${EDUCATOR_LIMITS.highlights} highlights`,
  highlightTooLong: `Each highlight must be at most ${EDUCATOR_LIMITS.highlight} characters`,
  badRating: 'Rating must be a number from 0 to 5 with at most one decimal',
  badCount: (label: string) => `${label} must be a whole number from 0 to ${EDUCATOR_LIMITS.count.toLocaleString('en-US')}`,
  badId: 'Educator id must be a whole number',
  notFound: 'Educator not found',
  alreadyOpen: 'Educational resources are already available.',
  searchTooLong: `Search must be at most ${EDUCATOR_LIMITS.search} characters`,
  // Spec 8's toasts.
  created: 'Educator Added',
  updated: 'Educator Updated',
  creationFailed: 'Creation Failed',
  updateFailed: 'Update Failed',
  deleteConfirm: 'Are you sure you want to delete this educator?',
  deleted: 'Educator Deleted',
  deletedText: 'Educator has been deleted successfully.',
  deletionFailed: 'Deletion Failed',
  deletionFailedText: 'Failed to delete educator',
} as const;

const tooLong = (max: number) => `Must be at most ${max} characters`;
const requiredText = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max, tooLong(max));

const httpUrl = (required: string) =>
  requiredText(required, EDUCATOR_LIMITS.url).refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, EducatorMessages.badUrl);

/** A whole number in range, as a number or its digits (form inputs send text). */
const wholeCount = (label: string) => {
  const message = EducatorMessages.badCount(label);
  return z
    .union([z.number(), z.string()], { error: message })
    .transform((value) => (typeof value === 'number' ? value : /^\s*\d{1,9}\s*$/.test(value) ? Number(value) : Number.NaN))
    .pipe(z.number({ error: message }).int(message).min(0, message).max(EDUCATOR_LIMITS.count, message));
};

const RatingSchema = z
  .union([z.number(), z.string()], { error: EducatorMessages.badRating })
  .transform((value) => (typeof value === 'number' ? value : /^\s*\d(\.\d)?\s*$/.test(value) ? Number(value) : Number.NaN))
  .pipe(
    z
      .number({ error: EducatorMessages.badRating })
      .min(0, EducatorMessages.badRating)
      .max(5, EducatorMessages.badRating)
      // One decimal, as the column stores it; 4.55 would be rounded silently otherwise.
      .refine((value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-9, EducatorMessages.badRating),
  );

/** Blank rows of the form are dropped before counting, so one filled row is enough. */
const HighlightsSchema = z
  .array(z.string({ error: EducatorMessages.highlightsRequired }).trim().max(EDUCATOR_LIMITS.highlight, EducatorMessages.highlightTooLong), {
    error: EducatorMessages.highlightsRequired,
  })
  .max(EDUCATOR_LIMITS.highlights, EducatorMessages.tooManyHighlights)
  .transform((list) => list.filter((highlight) => highlight !== ''))
  .pipe(z.array(z.string()).min(1, EducatorMessages.highlightsRequired));

/** `POST /api/admin/educators` and `PUT /api/admin/educators/{id}`: every field, as the dialog sends it. */
export const EducatorInputSchema = z.strictObject({
  name: requiredText(EducatorMessages.nameRequired, EDUCATOR_LIMITS.name),
  description: requiredText(EducatorMessages.descriptionRequired, EDUCATOR_LIMITS.description),
  category: z.enum(EDUCATOR_CATEGORIES, { error: EducatorMessages.categoryRequired }),
  specialization: requiredText(EducatorMessages.specializationRequired, EDUCATOR_LIMITS.specialization),
  website: httpUrl(EducatorMessages.websiteRequired),
  affiliateUrl: httpUrl(EducatorMessages.affiliateUrlRequired),
  image: z
    .string({ error: EducatorMessages.imageTooLong })
    .trim()
    .max(EDUCATOR_LIMITS.image, EducatorMessages.imageTooLong)
    .optional()
    .transform((image) => image || DEFAULT_EDUCATOR_IMAGE),
  highlights: HighlightsSchema,
  featured: z.boolean({ error: 'Featured must be true or false' }).default(false),
  rating: RatingSchema.default(DEFAULT_EDUCATOR_RATING),
  students: wholeCount('Students').default(0),
  courses: wholeCount('Courses').default(0),
});
export type EducatorInput = z.output<typeof EducatorInputSchema>;
export type EducatorFormValues = z.input<typeof EducatorInputSchema>;

const invalidId = EducatorMessages.badId;
export const EducatorIdParamsSchema = z.object({
  id: z
    .string({ error: invalidId })
    .transform((value) => (/^\d{1,10}$/.test(value) ? Number(value) : Number.NaN))
    .pipe(z.number({ error: invalidId }).int(invalidId).min(1, invalidId).max(MAX_ID, invalidId)),
});

/** `GET /api/educators?search=&category=`: search in name or description; 'all' or nothing for every category. */
export const EducatorDirectoryQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .max(EDUCATOR_LIMITS.search, EducatorMessages.searchTooLong)
    .optional()
    .transform((search) => search || undefined),
  category: z
    .enum(['all', ...EDUCATOR_CATEGORIES], { error: EducatorMessages.categoryRequired })
    .optional()
    .transform((category) => (category === 'all' ? undefined : category)),
});
export type EducatorDirectoryQuery = z.output<typeof EducatorDirectoryQuerySchema>;

export const EducatorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.string(),
  description: z.string(),
  category: z.enum(EDUCATOR_CATEGORIES),
  specialization: z.string(),
  website: z.string(),
  affiliateUrl: z.string(),
  highlights: z.array(z.string()),
  featured: z.boolean(),
  rating: z.number(),
  students: z.number().int(),
  courses: z.number().int(),
  /** Made by the demo data: marked 'Example' wherever it is shown. */
  isExample: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Educator = z.infer<typeof EducatorSchema>;

export const EducatorDirectorySchema = z.object({
  educators: z.array(EducatorSchema),
  /** Every stored educator, whatever the filters: 0 means the directory is not open yet. */
  total: z.number().int(),
  /** How many of those are examples from the demo data. */
  examples: z.number().int(),
  /** Whether the caller already asked to hear when the directory opens. */
  notifyRequested: z.boolean(),
});
export type EducatorDirectory = z.infer<typeof EducatorDirectorySchema>;

export const EducationNotifySchema = z.object({ notifyRequested: z.literal(true) });

export const EducatorStatsSchema = z.object({
  total: z.number().int(),
  featured: z.number().int(),
  /** Distinct categories in use. */
  categories: z.number().int(),
});
export type EducatorStats = z.infer<typeof EducatorStatsSchema>;

export const AdminEducatorListSchema = z.object({ educators: z.array(EducatorSchema), stats: EducatorStatsSchema });
export type AdminEducatorList = z.infer<typeof AdminEducatorListSchema>;
