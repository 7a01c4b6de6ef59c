import { and, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { MarketingResourceMessages as M } from '../../../shared/marketing-resources.schemas.js';
import type { AppContext } from '../../context.js';
import { marketingResources } from '../../db/schema.js';
import { notFound } from '../../http-errors.js';
import { attachmentDisposition } from './file-names.js';
import { fileStoreOf } from './marketing-resources.service.js';

/**
 * Streams a resource's file as a download. Shared by the admin route and any later route that
 * offers resources (affiliates pass `onlyActive`, so a withdrawn resource is not found for them).
 * Email templates, unknown ids and a file missing from the store all answer 404.
 */
export async function sendResourceFile(ctx: AppContext, reply: FastifyReply, id: number, options: { onlyActive?: boolean } = {}) {
  const [row] = await ctx.db
    .select({ fileKey: marketingResources.fileKey, fileName: marketingResources.fileName, fileMime: marketingResources.fileMime })
    .from(marketingResources)
    .where(and(eq(marketingResources.id, id), options.onlyActive ? eq(marketingResources.isActive, true) : undefined));
  if (!row?.fileKey) throw notFound(M.notFound);
  const stored = await fileStoreOf(ctx).get(row.fileKey);
  if (!stored) throw notFound(M.notFound);
  return reply
    .header('content-type', row.fileMime ?? 'application/octet-stream')
    .header('content-length', String(stored.size))
    .header('content-disposition', attachmentDisposition(row.fileName ?? 'download'))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(stored.stream);
}
