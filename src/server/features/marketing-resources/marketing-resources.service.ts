import { desc, eq } from 'drizzle-orm';
import {
  adminResourceFileUrl,
  MarketingResourceMessages as M,
  ResourceFieldsSchema,
  type MarketingResource,
  type ResourceUpdate,
} from '../../../shared/marketing-resources.schemas.js';
import type { AppContext } from '../../context.js';
import { marketingResources } from '../../db/schema.js';
import { badRequest, notFound, serviceUnavailable } from '../../http-errors.js';
import type { FileStore } from '../../integrations/file-store/index.js';
import type { ReceivedUpload } from './resource-upload.js';

type ResourceRow = typeof marketingResources.$inferSelect;

/** The store uploads go to; a server without one refuses uploads rather than losing them. */
export function fileStoreOf(ctx: AppContext): FileStore {
  if (!ctx.fileStore) throw serviceUnavailable(M.storageUnavailable);
  return ctx.fileStore;
}

/** A row as the API shows it; `fileUrl` is built by the caller, so affiliates get a route of their own. */
export function toResource(row: ResourceRow, fileUrl: (id: number) => string = adminResourceFileUrl): MarketingResource {
  const hasFile = row.fileKey !== null;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    type: row.type,
    category: row.category,
    content: row.content,
    fileUrl: hasFile ? fileUrl(row.id) : null,
    file: hasFile ? { name: row.fileName ?? 'file', mime: row.fileMime ?? 'application/octet-stream', size: row.fileSize ?? 0 } : null,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Every resource, newest first: admins see inactive ones too. */
export async function listResources(ctx: AppContext): Promise<MarketingResource[]> {
  const rows = await ctx.db.select().from(marketingResources).orderBy(desc(marketingResources.createdAt), desc(marketingResources.id));
  return rows.map((row) => toResource(row));
}

/**
 * Saves a resource from a received upload: all or nothing. Any refusal, and a failed insert,
 * removes the file the upload already stored.
 */
export async function createResource(ctx: AppContext, adminId: number, upload: ReceivedUpload): Promise<MarketingResource> {
  const { file } = upload;
  try {
    const parsed = ResourceFieldsSchema.safeParse(upload.fields);
    const errors: Record<string, string> = {};
    for (const issue of parsed.error?.issues ?? []) errors[String(issue.path[0] ?? 'body')] ??= issue.message;
    Object.assign(errors, upload.errors);
    const type = parsed.data?.type;
    if (upload.fileRefused || (type === 'email_template' && file)) errors.file ??= M.fileNotForTemplate;
    if (type && type !== 'email_template' && !file) errors.file ??= M.fileRequired;
    if (type && file && type !== 'email_template' && file.kind !== type) errors.file ??= M.wrongContent(type);
    if (!parsed.success || Object.keys(errors).length > 0) {
      const missing = ['title', 'type', 'category'].some((field) => field in errors);
      throw badRequest(missing ? M.fillRequired : (Object.values(errors)[0] ?? M.fillRequired), errors);
    }
    const fields = parsed.data;
    const isTemplate = fields.type === 'email_template';
    const [row] = await ctx.db
      .insert(marketingResources)
      .values({
        title: fields.title,
        description: fields.description,
        type: fields.type,
        category: fields.category,
        content: isTemplate ? (fields.content ?? '') : null,
        fileKey: isTemplate ? null : file!.key,
        fileName: isTemplate ? null : file!.name,
        fileMime: isTemplate ? null : file!.mime,
        fileSize: isTemplate ? null : file!.size,
        isActive: fields.isActive,
        createdBy: adminId,
      })
      .returning();
    return toResource(row!);
  } catch (error) {
    if (file) await fileStoreOf(ctx).delete(file.key).catch(() => {});
    throw error;
  }
}

export async function updateResource(ctx: AppContext, id: number, changes: ResourceUpdate): Promise<MarketingResource> {
  const [row] = await ctx.db
    .update(marketingResources)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(marketingResources.id, id))
    .returning();
  if (!row) throw notFound(M.notFound);
  return toResource(row);
}

/** The row goes first; its file after, so a failed file delete leaves an orphan file, never a broken row. */
export async function deleteResource(ctx: AppContext, id: number): Promise<{ id: number; deleted: true }> {
  const [row] = await ctx.db.delete(marketingResources).where(eq(marketingResources.id, id)).returning({ id: marketingResources.id, fileKey: marketingResources.fileKey });
  if (!row) throw notFound(M.notFound);
  if (row.fileKey) await fileStoreOf(ctx).delete(row.fileKey);
  return { id: row.id, deleted: true };
}
