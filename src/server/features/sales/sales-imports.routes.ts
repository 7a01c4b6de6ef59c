import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SALES_FILE_MAX_BYTES,
  SALES_IMPORTS_API,
  SalesImportIdParamsSchema,
  SalesImportListSchema,
  SalesImportMessages,
  SalesImportQuerySchema,
  SalesImportReportSchema,
} from '../../../shared/sales-imports.schemas.js';
import { HttpError } from '../../http-errors.js';
import { limit } from '../../plugins/rate-limit.js';
import { signedInUser } from '../../route-scopes.js';
import { salesFileOf } from './sales-import-store.js';
import { getSalesImport, importSalesFile, listSalesImports } from './sales-imports.service.js';

/** A telemetry unit forwarding a file per machine per read; a fleet of 200 read hourly stays well inside. */
const IMPORTS_PER_HOUR = 1_000;

/**
 * Sales files, by upload in the app and by an operator's script with an API token: the body is the
 * file itself, whatever type it is sent as (curl's --data-binary sends a form type), so this scope
 * parses every body as bytes.
 */
export async function salesImportRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.get(SALES_IMPORTS_API, { schema: { response: { 200: SalesImportListSchema } } }, async (request) => listSalesImports(ctx, signedInUser(request).id));

  app.get(`${SALES_IMPORTS_API}/:id`, { schema: { params: SalesImportIdParamsSchema, response: { 200: SalesImportReportSchema } } }, async (request) =>
    getSalesImport(ctx, signedInUser(request).id, request.params.id),
  );

  await app.register(async (files) => {
    files.removeAllContentTypeParsers();
    files.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: SALES_FILE_MAX_BYTES }, (_request, body, done) => done(null, body));
    files.setErrorHandler((error, _request, reply) => {
      if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.send(new HttpError(413, SalesImportMessages.tooLarge));
      return reply.send(error);
    });
    files.withTypeProvider<ZodTypeProvider>().post(
      SALES_IMPORTS_API,
      {
        bodyLimit: SALES_FILE_MAX_BYTES,
        schema: {
          querystring: SalesImportQuerySchema,
          body: z.instanceof(Buffer).optional().describe('The DEX or CSV file itself, as bytes'),
          response: { 200: SalesImportReportSchema, 422: SalesImportReportSchema },
        },
        preHandler: limit(server, { name: 'sales-import', max: IMPORTS_PER_HOUR, windowMs: 60 * 60 * 1000, per: (request) => String(signedInUser(request).id) }),
      },
      async (request, reply) => {
        const bytes = request.body ?? Buffer.alloc(0);
        const source = request.apiToken ? 'api' : 'upload';
        const file = salesFileOf(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), request.query.fileName || defaultName(bytes), source);
        const report = await importSalesFile(ctx, signedInUser(request).id, file, request.query);
        return reply.status(report.status === 'refused' ? 422 : 200).send(report);
      },
    );
  });
}

const defaultName = (bytes: Buffer) => (/^\s*[A-Z][A-Z0-9]{1,3}\*/.test(bytes.subarray(0, 16).toString('latin1')) ? 'audit.dex' : 'sales.csv');
