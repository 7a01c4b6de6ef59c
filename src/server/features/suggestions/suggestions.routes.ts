import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApprovedSuggestionSchema,
  SuggestionIdParamsSchema,
  SuggestionInputSchema,
  SuggestionSchema,
  SuggestionStatusSchema,
  SuggestionTargetQuerySchema,
} from '../../../shared/feedback.schemas.js';
import { limit } from '../../plugins/rate-limit.js';
import { signedInUser } from '../../route-scopes.js';
import { resolveFeedbackRecipient } from './feedback-recipient.js';
import { ScanSourceQuerySchema } from '../../../shared/scan-sources.schemas.js';
import { approveSuggestion, createSuggestion, declineSuggestion, listSuggestions } from './suggestions.service.js';
import { markSuggestionStocked } from './suggestion-stocking.js';

const TEN_MINUTES = 10 * 60_000;

/** Customers suggest from a machine's page (or the demo page); an operator may suggest to themselves. */
export async function suggestionPublicRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.post(
    '/api/suggestions',
    {
      schema: { querystring: SuggestionTargetQuerySchema.extend(ScanSourceQuerySchema.shape), body: SuggestionInputSchema, response: { 201: SuggestionSchema } },
      // Generous: many phones at one site can share a carrier's address.
      preHandler: [limit(server, { name: 'suggestion-ip', max: 30, windowMs: TEN_MINUTES, per: 'ip' })],
    },
    async (request, reply) => {
      const recipient = await resolveFeedbackRecipient(ctx, request, request.query.machineId);
      return reply.status(201).send(await createSuggestion(ctx, recipient, request.body, request.query.src));
    },
  );
}

export async function suggestionRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;
  const byId = { params: SuggestionIdParamsSchema };

  app.get('/api/suggestions', { schema: { response: { 200: z.array(SuggestionSchema) } } }, async (request) =>
    listSuggestions(ctx, signedInUser(request).id),
  );

  app.post('/api/suggestions/:id/approve', { schema: { ...byId, response: { 200: ApprovedSuggestionSchema } } }, async (request) =>
    approveSuggestion(ctx, signedInUser(request).id, request.params.id),
  );

  app.post('/api/suggestions/:id/decline', { schema: { ...byId, response: { 200: SuggestionSchema } } }, async (request) =>
    declineSuggestion(ctx, signedInUser(request).id, request.params.id),
  );

  // The product is in the machine now, without a restock record saying so.
  app.post('/api/suggestions/:id/stocked', { schema: { ...byId, response: { 200: SuggestionSchema } } }, async (request) =>
    markSuggestionStocked(ctx, signedInUser(request).id, request.params.id),
  );

  // The dashboard's way to process a suggestion; it answers the suggestion itself either way.
  app.patch(
    '/api/suggestions/:id',
    { schema: { ...byId, body: SuggestionStatusSchema, response: { 200: SuggestionSchema } } },
    async (request) => {
      const userId = signedInUser(request).id;
      const { id } = request.params;
      if (request.body.status === 'declined') return declineSuggestion(ctx, userId, id);
      return (await approveSuggestion(ctx, userId, id)).suggestion;
    },
  );
}
