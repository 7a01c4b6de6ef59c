import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiTokenSchema, CreateApiTokenSchema, CreatedApiTokenSchema } from '../../../shared/api-tokens.schemas.js';
import { DeletedSchema } from '../../../shared/api-error.js';
import { idParamsSchema } from '../../../shared/ids.js';
import { signedInUser } from '../../route-scopes.js';
import { createApiToken, listApiTokens, revokeApiToken } from './api-tokens.service.js';

/** A token must not make or revoke tokens: these need a signed-in session (api-token-auth.ts). */
const sessionOnly = { sessionOnly: true };

/** Settings → Security: the operator's personal API tokens (operator scope, session only). */
export async function apiTokenRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.get('/api/settings/api-tokens', { config: sessionOnly, schema: { response: { 200: z.array(ApiTokenSchema) } } }, async (request) =>
    listApiTokens(ctx, signedInUser(request).id),
  );

  app.post(
    '/api/settings/api-tokens',
    { config: sessionOnly, schema: { body: CreateApiTokenSchema, response: { 201: CreatedApiTokenSchema } } },
    async (request, reply) => reply.status(201).send(await createApiToken(ctx, signedInUser(request).id, request.body)),
  );

  app.delete(
    '/api/settings/api-tokens/:id',
    { config: sessionOnly, schema: { params: idParamsSchema('apiToken'), response: { 200: DeletedSchema } } },
    async (request) => {
      await revokeApiToken(ctx, signedInUser(request).id, request.params.id);
      return { id: request.params.id, deleted: true as const };
    },
  );
}
