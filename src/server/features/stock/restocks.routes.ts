import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DeletedSchema } from '../../../shared/api-error.js';
import {
  RestockBatchInputSchema,
  RestockBatchSchema,
  RestockIdParamsSchema,
  RestockInputSchema,
  RestockListQuerySchema,
  RestockListSchema,
  RestockRecordSchema,
} from '../../../shared/stock.schemas.js';
import { signedInUser } from '../../route-scopes.js';
import { memberOf } from '../teams/team-of-request.js';
import { deleteRestock, listRestocks, recordRestock, recordVisit } from './restocks.service.js';

export const RESTOCKS_API = '/api/stock/restocks';

/** Operators record the visits that refilled their machines, one product or a whole machine at a time. */
export async function restockRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.get(RESTOCKS_API, { schema: { querystring: RestockListQuerySchema, response: { 200: RestockListSchema } } }, async (request) =>
    listRestocks(ctx, signedInUser(request).id, request.query),
  );

  app.post(RESTOCKS_API, { schema: { body: RestockInputSchema, response: { 201: RestockRecordSchema } } }, async (request, reply) =>
    reply.status(201).send(await recordRestock(ctx, signedInUser(request).id, request.body, memberOf(request).userId)),
  );

  app.post(`${RESTOCKS_API}/batch`, { schema: { body: RestockBatchInputSchema, response: { 201: RestockBatchSchema } } }, async (request, reply) =>
    reply.status(201).send(await recordVisit(ctx, signedInUser(request).id, memberOf(request).userId, request.body)),
  );

  app.delete(`${RESTOCKS_API}/:id`, { schema: { params: RestockIdParamsSchema, response: { 200: DeletedSchema } } }, async (request) => {
    await deleteRestock(ctx, signedInUser(request).id, request.params.id);
    return { id: request.params.id, deleted: true as const };
  });
}
