import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FileResponseSchema } from '../../../shared/api-error.js';
import {
  IMPORT_TEMPLATE_FILE_NAME,
  IMPORT_TEMPLATE_URL,
  IMPORT_URL,
  ImportBatchSchema,
  ImportResultSchema,
} from '../../../shared/product-import.schemas.js';
import { limit } from '../../plugins/rate-limit.js';
import { signedInUser } from '../../route-scopes.js';
import { importProductBatch } from './product-import.service.js';

/**
 * A full batch of 1,000 rows is about 1.3 MB of JSON with the longest descriptions, several times
 * that when every character is escaped; the app's 1 MB default would refuse honest batches.
 */
const IMPORT_BODY_LIMIT_BYTES = 8 * 1024 * 1024;

/** The largest file allowed is 50 batches; this leaves room for retries and a second file, not for a flood. */
const IMPORT_BATCHES_PER_HOUR = 200;

/** Bulk product import (spec extended 2): the template, and batches of rows parsed in the browser. */
export async function productImportRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.get(IMPORT_TEMPLATE_URL, { schema: { response: { 200: FileResponseSchema } } }, async (_request, reply) => {
    const { renderProductImportTemplate } = await import('../../integrations/spreadsheets/product-import-template.js');
    const file = await renderProductImportTemplate();
    return reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${IMPORT_TEMPLATE_FILE_NAME}"`)
      .header('cache-control', 'private, no-store')
      .send(file);
  });

  app.post(
    IMPORT_URL,
    {
      bodyLimit: IMPORT_BODY_LIMIT_BYTES,
      schema: { body: ImportBatchSchema, response: { 200: ImportResultSchema } },
      preHandler: limit(server, { name: 'product-import', max: IMPORT_BATCHES_PER_HOUR, windowMs: 60 * 60 * 1000, per: (request) => String(signedInUser(request).id) }),
    },
    async (request) => importProductBatch(ctx, signedInUser(request).id, request.body),
  );
}
