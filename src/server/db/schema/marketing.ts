/** Marketing resources admins publish for affiliates: files (image, video, document) or email templates. */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { timestamps } from './columns.js';

export const MARKETING_RESOURCE_TYPES = ['image', 'video', 'email_template', 'document'] as const;
export const MARKETING_RESOURCE_CATEGORIES = ['general', 'social_media', 'email', 'flyers'] as const;

export const marketingResources = pgTable(
  'marketing_resources',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    type: text('type', { enum: MARKETING_RESOURCE_TYPES }).notNull(),
    category: text('category', { enum: MARKETING_RESOURCE_CATEGORIES }).notNull(),
    /** The email body; only for email templates. */
    content: text('content'),
    /** Where the uploaded file lives in the file store (DATA_DIR or S3); only for files. */
    fileKey: text('file_key'),
    /** The uploaded file's name as the admin gave it, cleaned; offered again on download. */
    fileName: text('file_name'),
    /** The media type read from the file's content, never from its name. */
    fileMime: text('file_mime'),
    fileSize: bigint('file_size', { mode: 'number' }),
    isActive: boolean('is_active').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    index('marketing_resources_created_idx').on(table.createdAt, table.id),
    check(
      'marketing_resources_body_or_file',
      sql`(${table.type} = 'email_template' AND ${table.content} IS NOT NULL AND ${table.fileKey} IS NULL) OR (${table.type} <> 'email_template' AND ${table.fileKey} IS NOT NULL AND ${table.content} IS NULL)`,
    ),
  ],
);
