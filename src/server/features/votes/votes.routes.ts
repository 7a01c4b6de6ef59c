import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MachineScopeQuerySchema,
  ProductIdParamsSchema,
  ResetVotesResultSchema,
  VoteInputSchema,
  VoteResultSchema,
} from '../../../shared/products.schemas.js';
import { signedInUser } from '../../route-scopes.js';
import { voteLimits } from './vote-limits.js';
import { requireVoterId } from './voter-cookie.js';
import { demoScope } from './vote-scope.js';
import { deviceClassOf } from './device-class.js';
import { ScanSourceQuerySchema } from '../../../shared/scan-sources.schemas.js';
import { castVote, resetVotes, type BallotScope } from './votes.service.js';

/** Customers vote without an account, on a machine's page or the demo page. */
export async function votePublicRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.post(
    '/api/products/:id/vote',
    {
      schema: {
        params: ProductIdParamsSchema,
        querystring: MachineScopeQuerySchema.extend(ScanSourceQuerySchema.shape),
        body: VoteInputSchema,
        response: { 201: VoteResultSchema },
      },
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
        deviceClass: deviceClassOf(request.headers['user-agent']),
        source: request.query.src,
      });
      return reply.status(201).send(result);
    },
  );
}

export async function voteOperatorRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.post('/api/votes/reset', { schema: { response: { 200: ResetVotesResultSchema } } }, async (request) => {
    const { archivedVotes } = await resetVotes(ctx, signedInUser(request).id);
    return { message: 'All vote counts have been reset to zero.', archivedVotes };
  });
}
