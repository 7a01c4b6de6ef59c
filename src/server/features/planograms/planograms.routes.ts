import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FileResponseSchema } from '../../../shared/api-error.js';
import { MachineIdParamsSchema } from '../../../shared/machines.schemas.js';
import {
  CopyPlanogramInputSchema,
  PLANOGRAM_CSV_MAX_BYTES,
  PlanogramCsvRefusedSchema,
  PlanogramHistorySchema,
  PlanogramInputSchema,
  PlanogramMessages,
  PlanogramSchema,
  type PlanogramCsvRefused,
} from '../../../shared/planograms.schemas.js';
import { HttpError } from '../../http-errors.js';
import { signedInUser } from '../../route-scopes.js';
import { exportPlanogramCsv, importPlanogramCsv, PlanogramCsvRefusal } from './planogram-csv.service.js';
import { copyPlanogram, getPlanogram, planogramHistory, savePlanogram } from './planograms.service.js';

/** The route pattern of planogramApi(id). */
const PLANOGRAM_API = '/api/machines/:id/planogram';
const CSV_TYPES = ['text/csv', 'text/plain'];

/** A machine's planogram: read, save the whole grid, copy another machine's, its history, and as a CSV file out and in. */
export async function planogramRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;
  const params = MachineIdParamsSchema;

  app.get(PLANOGRAM_API, { schema: { params, response: { 200: PlanogramSchema } } }, async (request) =>
    getPlanogram(ctx, signedInUser(request).id, request.params.id),
  );

  app.put(PLANOGRAM_API, { schema: { params, body: PlanogramInputSchema, response: { 200: PlanogramSchema } } }, async (request) =>
    savePlanogram(ctx, signedInUser(request).id, request.params.id, request.body),
  );

  app.post(`${PLANOGRAM_API}/copy`, { schema: { params, body: CopyPlanogramInputSchema, response: { 200: PlanogramSchema } } }, async (request) =>
    copyPlanogram(ctx, signedInUser(request).id, request.params.id, request.body.fromMachineId),
  );

  app.get(`${PLANOGRAM_API}/history`, { schema: { params, response: { 200: PlanogramHistorySchema } } }, async (request) =>
    planogramHistory(ctx, signedInUser(request).id, request.params.id),
  );

  app.get(`${PLANOGRAM_API}/export`, { schema: { params, produces: ['text/csv'], response: { 200: FileResponseSchema } } }, async (request, reply) => {
    const { fileName, csv } = await exportPlanogramCsv(ctx, signedInUser(request).id, request.params.id);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(csv);
  });

  await server.register(planogramImportRoute);
}

/**
 * POST …/planogram/import takes the file itself as the body. Its own plugin, so the CSV parser
 * and the error wording below apply to this route only; JSON is not parsed here.
 */
async function planogramImportRoute(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  server.removeAllContentTypeParsers();
  server.addContentTypeParser(CSV_TYPES, { parseAs: 'buffer', bodyLimit: PLANOGRAM_CSV_MAX_BYTES }, (_request, body, done) => {
    try {
      // Fatal: a file saved in a legacy code page would otherwise come through with its accents replaced. The BOM comes off.
      done(null, new TextDecoder('utf-8', { fatal: true }).decode(body as Buffer));
    } catch {
      done(new HttpError(400, PlanogramMessages.csvNotUtf8), undefined);
    }
  });

  // Thrown on to the app's handler, which answers an HttpError as it answers every other.
  server.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error instanceof PlanogramCsvRefusal) {
      return reply.status(400).send({ message: error.message, errors: error.errors, problems: error.problems } satisfies PlanogramCsvRefused);
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new HttpError(413, PlanogramMessages.csvTooLarge);
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') throw new HttpError(415, PlanogramMessages.csvContentType);
    throw error;
  });

  app.post(
    `${PLANOGRAM_API}/import`,
    {
      schema: {
        params: MachineIdParamsSchema,
        consumes: CSV_TYPES,
        body: z.string({ error: PlanogramMessages.csvEmpty }).meta({ description: 'The CSV file: code,product,capacity,par,price' }),
        response: { 200: PlanogramSchema, 400: PlanogramCsvRefusedSchema },
      },
    },
    async (request) => importPlanogramCsv(ctx, signedInUser(request).id, request.params.id, request.body),
  );
}
