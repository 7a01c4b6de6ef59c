import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FileResponseSchema } from '../../../shared/api-error.js';
import { EXPORT_DATASETS, EXPORTS_API, ExportQuerySchema } from '../../../shared/exports.schemas.js';
import { limit } from '../../plugins/rate-limit.js';
import { signedInUser } from '../../route-scopes.js';
import { exportCsvParts, planExport } from './exports.service.js';

/**
 * GET /api/exports/{dataset}.csv?machineId=&from=&to=: the operator's own rows as a CSV download,
 * streamed batch by batch. The reply pulls each batch only when the last has gone out (and through
 * compression, when the browser accepts it), so a million votes never sit in memory together.
 */
export async function exportRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;
  // A file of a million rows keeps the database busy for seconds: plenty for people, not for a loop.
  const perOperator = limit(server, { name: 'export-user', max: 60, windowMs: 10 * 60_000, per: (request) => String(signedInUser(request).id) });
  const schema = { querystring: ExportQuerySchema, response: { 200: FileResponseSchema } };

  for (const dataset of EXPORT_DATASETS) {
    app.get(`${EXPORTS_API}/${dataset}.csv`, { schema, preHandler: [perOperator] }, async (request, reply) => {
      const plan = await planExport(ctx, signedInUser(request).id, dataset, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${plan.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(Readable.from(exportCsvParts(ctx, plan, request.log), { objectMode: false }));
    });
  }
}
