import { z } from 'zod';
import { MAX_ID } from './ids.js';

/**
 * Marketing resources (spec extended 3): files (image, video, document) or email templates that
 * admins publish for affiliates. Files are judged by their content, never by their name.
 */
export const MARKETING_RESOURCE_TYPES = ['image', 'video', 'email_template', 'document'] as const;
export type MarketingResourceType = (typeof MARKETING_RESOURCE_TYPES)[number];
export const MARKETING_RESOURCE_CATEGORIES = ['general', 'social_media', 'email', 'flyers'] as const;
export type MarketingResourceCategory = (typeof MARKETING_RESOURCE_CATEGORIES)[number];
export type FileResourceType = Exclude<MarketingResourceType, 'email_template'>;

export const RESOURCE_TYPE_LABELS: Record<MarketingResourceType, string> = {
  image: 'Image',
  video: 'Video',
  email_template: 'Email template',
  document: 'Document',
};
export const RESOURCE_CATEGORY_LABELS: Record<MarketingResourceCategory, string> = {
  general: 'General',
  social_media: 'Social media',
  email: 'Email',
  flyers: 'Flyers',
};

export const isFileResourceType = (type: MarketingResourceType): type is FileResourceType => type !== 'email_template';

const MB = 1024 * 1024;
/** Largest upload per type, counted while the file streams in. */
export const RESOURCE_FILE_LIMITS: Record<FileResourceType, number> = { image: 10 * MB, document: 25 * MB, video: 200 * MB };
export const LARGEST_RESOURCE_FILE = Math.max(...Object.values(RESOURCE_FILE_LIMITS));

/**
 * Most an Office document (a zip) may declare it unpacks to: eight times the largest document, room
 * for any real one. A zip bomb of a few megabytes that unpacks to gigabytes is refused on upload,
 * before it is offered to affiliates, as the product import refuses one.
 */
export const RESOURCE_MAX_UNPACKED_BYTES = 8 * RESOURCE_FILE_LIMITS.document;
/** The zip-based Office formats, checked by their declared unpacked sizes. */
export const OFFICE_MEDIA_TYPES: readonly string[] = [
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
];

/**
 * The media types each file type accepts, as read from the content. No SVG: it can carry script.
 * The extensions are what a download's name ends in for that content.
 */
export const RESOURCE_FILE_FORMATS: Record<FileResourceType, Record<string, readonly string[]>> = {
  image: { 'image/png': ['png'], 'image/jpeg': ['jpg', 'jpeg'], 'image/gif': ['gif'], 'image/webp': ['webp'] },
  video: { 'video/mp4': ['mp4', 'm4v'], 'video/webm': ['webm'], 'video/quicktime': ['mov', 'qt'] },
  document: {
    'application/pdf': ['pdf'],
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
    'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['pptx'],
  },
};

/** What the file input offers per type; a hint for the picker, the server decides. */
export const RESOURCE_FILE_ACCEPT: Record<FileResourceType, string> = {
  image: '.png,.jpg,.jpeg,.gif,.webp,image/png,image/jpeg,image/gif,image/webp',
  video: '.mp4,.webm,.mov,video/mp4,video/webm,video/quicktime',
  document: '.pdf,.docx,.xlsx,.pptx',
};
export const RESOURCE_FORMAT_NAMES: Record<FileResourceType, string> = {
  image: 'PNG, JPEG, GIF or WebP',
  video: 'MP4, WebM or QuickTime',
  document: 'PDF, Word (.docx), Excel (.xlsx) or PowerPoint (.pptx)',
};

export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 2000;
/** An email body; generous for HTML, small enough to hold in one form field. */
export const CONTENT_MAX = 100_000;

const megabytes = (bytes: number) => `${Math.round(bytes / MB)} MB`;

export const MarketingResourceMessages = {
  validationTitle: 'Validation Error',
  fillRequired: 'Please fill in all required fields.',
  titleRequired: 'Title is required',
  typeRequired: 'Choose a type',
  categoryRequired: 'Choose a category',
  contentRequired: 'An email template needs its email body',
  fileRequired: 'Choose a file to upload',
  fileNotForTemplate: 'An email template has no file; put the email body in the content field',
  contentOnlyForTemplate: 'Only email templates have an email body',
  notFound: 'Resource not found',
  wrongContent: (type: FileResourceType) => `This file is not ${RESOURCE_FORMAT_NAMES[type]}; its content decides, not its name`,
  unknownContent: 'This file is not an image, video or document of a kind we accept',
  unpacksTooLarge: `This Office file unpacks to more than ${megabytes(RESOURCE_MAX_UNPACKED_BYTES)}, more than any real document; save it again without the extra content`,
  damagedOffice: 'This Office file is damaged and cannot be opened; save it again and upload the new copy',
  tooLarge: (type: FileResourceType) => `The file is larger than ${megabytes(RESOURCE_FILE_LIMITS[type])}, the limit for ${type}s`,
  notMultipart: 'Send the resource as multipart/form-data',
  tooManyParts: 'Send one file and the resource fields only',
  storageUnavailable: 'File uploads are not configured on this server',
  created: 'Resource Created',
  createFailed: 'Creation Failed',
  deleted: 'Resource Deleted',
  deleteFailed: 'Deletion Failed',
  confirmDelete: 'Are you sure you want to delete this resource?',
  empty: 'No marketing resources created yet',
} as const;

const invalidId = 'Resource id must be a whole number';
export const ResourceIdParamsSchema = z.object({
  id: z.coerce.number({ error: invalidId }).int(invalidId).min(1, invalidId).max(MAX_ID, invalidId),
});

const requiredText = (max: number, required: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, `Must be at most ${max} characters`);
const optionalText = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`);

/** The form's fields as text, as a multipart body carries them; the file travels beside them. */
export const ResourceFieldsSchema = z
  .object({
    title: requiredText(TITLE_MAX, MarketingResourceMessages.titleRequired),
    description: optionalText(DESCRIPTION_MAX).default(''),
    type: z.enum(MARKETING_RESOURCE_TYPES, { error: MarketingResourceMessages.typeRequired }),
    category: z.enum(MARKETING_RESOURCE_CATEGORIES, { error: MarketingResourceMessages.categoryRequired }),
    content: z.string().max(CONTENT_MAX, `Must be at most ${CONTENT_MAX} characters`).optional(),
    isActive: z.enum(['true', 'false'], { error: 'isActive must be true or false' }).default('true').transform((value) => value === 'true'),
  })
  .superRefine((fields, issue) => {
    const hasContent = (fields.content ?? '').trim() !== '';
    if (fields.type === 'email_template' && !hasContent) {
      issue.addIssue({ code: 'custom', path: ['content'], message: MarketingResourceMessages.contentRequired });
    }
    if (fields.type !== 'email_template' && fields.content !== undefined && hasContent) {
      issue.addIssue({ code: 'custom', path: ['content'], message: MarketingResourceMessages.contentOnlyForTemplate });
    }
  });
export type ResourceFields = z.output<typeof ResourceFieldsSchema>;
/** Names of the multipart text fields the create route reads; anything else is refused. */
export const RESOURCE_FIELD_NAMES = ['title', 'description', 'type', 'category', 'content', 'isActive'] as const;
export const RESOURCE_FILE_FIELD = 'file';

export const ResourceUpdateSchema = z
  .strictObject({
    title: requiredText(TITLE_MAX, MarketingResourceMessages.titleRequired).optional(),
    description: optionalText(DESCRIPTION_MAX).optional(),
    category: z.enum(MARKETING_RESOURCE_CATEGORIES, { error: MarketingResourceMessages.categoryRequired }).optional(),
    isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
  })
  .refine((update) => Object.keys(update).length > 0, 'Send at least one field to change');
export type ResourceUpdate = z.output<typeof ResourceUpdateSchema>;

export const ResourceFileSchema = z.object({
  name: z.string(),
  /** The media type read from the content. */
  mime: z.string(),
  size: z.number().int(),
});

export const MarketingResourceSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  type: z.enum(MARKETING_RESOURCE_TYPES),
  category: z.enum(MARKETING_RESOURCE_CATEGORIES),
  /** The email body; null for files. */
  content: z.string().nullable(),
  /** Where the file downloads from; null for email templates. */
  fileUrl: z.string().nullable(),
  file: ResourceFileSchema.nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type MarketingResource = z.infer<typeof MarketingResourceSchema>;
export const MarketingResourceListSchema = z.array(MarketingResourceSchema);

export const ADMIN_MARKETING_RESOURCES_API = '/api/admin/marketing-resources';
export const adminResourceFileUrl = (id: number) => `${ADMIN_MARKETING_RESOURCES_API}/${id}/file`;
