import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SuggestionIdParamsSchema,
  SuggestionInputSchema,
  SuggestionStatusSchema,
  SuggestionTargetQuerySchema,
} from '../../../shared/feedback.schemas.js';
import { limit } from '../../plugins/rate-limit.js';
import { operatorOnly as operatorOnlyHook, requireOperator } from '../auth/guards.js';
import { resolveFeedbackRecipient } from './feedback-recipient.js';
import { approveSuggestion, createSuggestion, declineSuggestion, listSuggestions } from './suggestions.service.js';

const TEN_MINUTES = 10 * 60_000;

export async function suggestionRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;
  const operatorOnly = operatorOnlyHook(ctx);

  app.post(
    '/api/suggestions',
    {
      schema: { querystring: SuggestionTargetQuerySchema, body: SuggestionInputSchema },
      // Generous: many phones at one site can share a carrier's address.
      preHandler: [limit(server, { name: 'suggestion-ip', max: 30, windowMs: TEN_MINUTES, per: 'ip' })],
    },
    async (request, reply) => {
      const recipient = await resolveFeedbackRecipient(ctx, request, request.query.machineId);
      return reply.status(201).send(await createSuggestion(ctx, recipient, request.body));
    },
  );

  app.get('/api/suggestions', { onRequest: operatorOnly }, async (request) => {
    const user = await requireOperator(ctx, request);
    return listSuggestions(ctx, user.id);
  });

  app.post('/api/suggestions/:id/approve', { onRequest: operatorOnly, schema: { params: SuggestionIdParamsSchema } }, async (request) => {
    const user = await requireOperator(ctx, request);
    return approveSuggestion(ctx, user.id, request.params.id);
  });

  app.post('/api/suggestions/:id/decline', { onRequest: operatorOnly, schema: { params: SuggestionIdParamsSchema } }, async (request) => {
    const user = await requireOperator(ctx, request);
    return declineSuggestion(ctx, user.id, request.params.id);
  });

  // The dashboard's way to process a suggestion; it answers the suggestion itself either way.
  app.patch(
    '/api/suggestions/:id',
    { onRequest: operatorOnly, schema: { params: SuggestionIdParamsSchema, body: SuggestionStatusSchema } },
    async (request) => {
      const user = await requireOperator(ctx, request);
      const { id } = request.params;
      if (request.body.status === 'declined') return declineSuggestion(ctx, user.id, id);
      return (await approveSuggestion(ctx, user.id, id)).suggestion;
    },
  );
}
