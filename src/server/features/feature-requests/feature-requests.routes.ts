import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DeletedSchema } from '../../../shared/api-error.js';
import { HONEYPOT_FIELD } from '../../../shared/contact.schemas.js';
import {
  AdminCreateFeatureRequestSchema,
  ANONYMOUS_AUTHOR,
  CreateFeatureRequestSchema,
  FEATURE_REQUEST_LIMITS,
  FeatureRequestListQuerySchema,
  FeatureRequestListSchema,
  FeatureRequestSchema,
  FeatureRequestVoteSchema,
  PUBLIC_START_VOTES,
  UpdateFeatureRequestStatusSchema,
} from '../../../shared/feature-requests.schemas.js';
import { limit } from '../../plugins/rate-limit.js';
import { issueVoterCookie, requireVoterId, voterIdOf } from '../votes/voter-cookie.js';
import {
  addAdminFeatureRequest,
  deleteFeatureRequest,
  listFeatureRequests,
  resetAllVotes,
  setFeatureRequestStatus,
  submitFeatureRequest,
  voteOnFeatureRequest,
} from './feature-requests.service.js';

const IdParams = z.object({ id: z.coerce.number().int().positive() });

/** The public board: anyone reads, suggests and votes (spec extended 2). */
export async function featureRequestPublicRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;
  const perAddress = { windowMs: FEATURE_REQUEST_LIMITS.windowMs, per: 'ip' as const };

  // Reading the board hands out the visitor's voter cookie, as the vote page does: a vote follows a read.
  app.get(
    '/api/feature-requests',
    { schema: { querystring: FeatureRequestListQuerySchema, response: { 200: FeatureRequestListSchema } } },
    async (request, reply) => listFeatureRequests(ctx.db, request.query, issueVoterCookie(request, reply).voterId),
  );

  app.post(
    '/api/feature-requests',
    {
      schema: { body: CreateFeatureRequestSchema, response: { 201: FeatureRequestSchema } },
      preHandler: limit(server, { name: 'feature-request-submit', max: FEATURE_REQUEST_LIMITS.submissionsPerAddress, ...perAddress }),
    },
    async (request, reply) => {
      const body = request.body;
      if (body[HONEYPOT_FIELD]) {
        // A bot that filled the hidden field is answered as a person would be; nothing is kept.
        const now = new Date().toISOString();
        const shown = { id: 0, title: body.title, description: body.description, author: body.author || ANONYMOUS_AUTHOR };
        return reply.status(201).send({ ...shown, votes: PUBLIC_START_VOTES, status: 'proposed' as const, createdAt: now, myVote: 'up' as const });
      }
      // The author's starting vote is cast under their voter cookie, handed out now if they have none.
      return reply.status(201).send(await submitFeatureRequest(ctx, body, issueVoterCookie(request, reply).voterId));
    },
  );

  app.post(
    '/api/feature-requests/:id/vote',
    {
      schema: { params: IdParams, body: FeatureRequestVoteSchema, response: { 200: FeatureRequestSchema } },
      preHandler: limit(server, { name: 'feature-request-vote', max: FEATURE_REQUEST_LIMITS.votesPerAddress, ...perAddress }),
    },
    async (request) => voteOnFeatureRequest(ctx, request.params.id, requireVoterId(request), request.body.direction),
  );
}

/** Managing the board (admin scope): add, set a status, delete, reset every vote (spec extended 2). */
export async function featureRequestAdminRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.post(
    '/api/admin/feature-requests',
    { schema: { body: AdminCreateFeatureRequestSchema, response: { 201: FeatureRequestSchema } } },
    async (request, reply) => reply.status(201).send(await addAdminFeatureRequest(ctx, request.body)),
  );

  app.patch(
    '/api/admin/feature-requests/:id',
    { schema: { params: IdParams, body: UpdateFeatureRequestStatusSchema, response: { 200: FeatureRequestSchema } } },
    async (request) => setFeatureRequestStatus(ctx, request.params.id, request.body.status, voterIdOf(request)),
  );

  app.delete('/api/admin/feature-requests/:id', { schema: { params: IdParams, response: { 200: DeletedSchema } } }, async (request) => {
    await deleteFeatureRequest(ctx, request.params.id);
    return { id: request.params.id, deleted: true as const };
  });

  app.post('/api/admin/feature-requests/reset-votes', { schema: { response: { 200: z.object({ reset: z.number().int() }) } } }, async () => ({
    reset: await resetAllVotes(ctx),
  }));
}

