import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiTokenSchema, CreateApiTokenSchema, CreatedApiTokenSchema } from '../../../shared/api-tokens.schemas.js';
import { DeletedSchema } from '../../../shared/api-error.js';
import { idParamsSchema } from '../../../shared/ids.js';
import { signedInUser } from '../../route-scopes.js';
import { createApiToken, listApiTokens, revokeApiToken } from './api-tokens.service.js';
import { recordRequestAudit } from '../audit/record-audit.js';
import { memberOf } from '../teams/team-of-request.js';

/** A token must not make or revoke tokens: these need a signed-in session (api-token-auth.ts). Each member holds their own. */
const sessionOnly = { sessionOnly: true, teamAccess: 'member' as const };

/** Settings → Security: the member's own API tokens for the team in use (operator scope, session only). */
export async function apiTokenRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.get('/api/settings/api-tokens', { config: sessionOnly, schema: { response: { 200: z.array(ApiTokenSchema) } } }, async (request) =>
    listApiTokens(ctx, memberOf(request)),
  );

  app.post(
    '/api/settings/api-tokens',
    { config: sessionOnly, schema: { body: CreateApiTokenSchema, response: { 201: CreatedApiTokenSchema } } },
    async (request, reply) => {
      const userId = signedInUser(request).id;
      const created = await createApiToken(ctx, memberOf(request), request.body);
      // The token's name and access, never the token: it is shown once, to its owner.
      const details = { name: request.body.name, access: created.access };
      await recordRequestAudit(ctx, request, { action: 'api_token.created', targetType: 'api_token', targetId: created.id, accountUserId: userId, details });
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/api/settings/api-tokens/:id',
    { config: sessionOnly, schema: { params: idParamsSchema('apiToken'), response: { 200: DeletedSchema } } },
    async (request) => {
      const userId = signedInUser(request).id;
      await revokeApiToken(ctx, memberOf(request), request.params.id);
      await recordRequestAudit(ctx, request, { action: 'api_token.revoked', targetType: 'api_token', targetId: request.params.id, accountUserId: userId });
      return { id: request.params.id, deleted: true as const };
    },
  );
}
