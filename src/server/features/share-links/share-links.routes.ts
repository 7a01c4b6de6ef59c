import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DeletedSchema } from '../../../shared/api-error.js';
import { MachineIdParamsSchema } from '../../../shared/machines.schemas.js';
import { CreatedShareLinkSchema, ShareLinkStatusSchema, ShareTokenParamsSchema, ShareViewSchema } from '../../../shared/share-links.schemas.js';
import { limit } from '../../plugins/rate-limit.js';
import { signedInUser } from '../../route-scopes.js';
import { createShareLink, revokeShareLink, shareLinkStatus, sharedMachineView } from './share-links.service.js';

/** The operator's side: one read-only link per machine, for the manager of the place it stands. */
export async function shareLinkRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;
  const path = '/api/machines/:id/share-link';

  app.get(path, { schema: { params: MachineIdParamsSchema, response: { 200: ShareLinkStatusSchema } } }, async (request) =>
    shareLinkStatus(ctx, signedInUser(request).id, request.params.id),
  );

  app.post(path, { schema: { params: MachineIdParamsSchema, response: { 201: CreatedShareLinkSchema } } }, async (request, reply) =>
    reply.status(201).send(await createShareLink(ctx, signedInUser(request).id, request.params.id)),
  );

  app.delete(path, { schema: { params: MachineIdParamsSchema, response: { 200: DeletedSchema } } }, async (request) => ({
    id: await revokeShareLink(ctx, signedInUser(request).id, request.params.id),
    deleted: true as const,
  }));
}

/** The shared page's data, for whoever holds the link (public: the link's token is the proof). */
export async function shareLinkPublicRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.get(
    '/api/share/:token',
    {
      schema: { params: ShareTokenParamsSchema, response: { 200: ShareViewSchema } },
      // Guessing a 256-bit token is hopeless; this only keeps a stranger from hammering the database.
      preHandler: limit(server, { name: 'share-view-ip', max: 120, windowMs: 60_000, per: 'ip' }),
    },
    async (request, reply) => {
      // A revoked link must stop at once, so no copy is kept; and the page is nobody's to index.
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      return sharedMachineView(ctx, request.params.token);
    },
  );
}
