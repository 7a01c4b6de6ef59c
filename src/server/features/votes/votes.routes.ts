import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MachineScopeQuerySchema, ProductIdParamsSchema, VoteInputSchema } from '../../../shared/products.schemas.js';
import { requireOperator } from '../auth/guards.js';
import { voteLimits } from './vote-limits.js';
import { requireVoterId } from './voter-cookie.js';
import { demoScope } from './vote-scope.js';
import { castVote, resetVotes, type BallotScope } from './votes.service.js';

export async function voteRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.post(
    '/api/products/:id/vote',
    {
      schema: { params: ProductIdParamsSchema, querystring: MachineScopeQuerySchema, body: VoteInputSchema },
      preHandler: voteLimits(server),
    },
    async (request, reply) => {
      const { machineId } = request.query;
      const scope: BallotScope =
        machineId === undefined ? { kind: 'demo', ownerId: (await demoScope(ctx)).ownerId } : { kind: 'machine', machineId };
      const result = await castVote(ctx, {
        scope,
        productId: request.params.id,
        voteType: request.body.voteType,
        voterId: requireVoterId(request),
        ip: request.ip,
      });
      return reply.status(201).send(result);
    },
  );

  app.post('/api/votes/reset', async (request) => {
    const user = await requireOperator(ctx, request);
    const { archivedVotes } = await resetVotes(ctx, user.id);
    return { message: 'All vote counts have been reset to zero.', archivedVotes };
  });
}
