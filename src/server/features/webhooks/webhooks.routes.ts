import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DeletedSchema } from '../../../shared/api-error.js';
import { idParamsSchema } from '../../../shared/ids.js';
import {
  CreatedWebhookSchema,
  CreateWebhookSchema,
  UpdateWebhookSchema,
  WebhookDeliverySchema,
  WebhookEndpointSchema,
  WebhookMessages,
  WebhookSecretSchema,
  WebhookTestQueuedSchema,
} from '../../../shared/webhooks.schemas.js';
import { limit } from '../../plugins/rate-limit.js';
import { signedInUser } from '../../route-scopes.js';
import { createEndpoint, deleteEndpoint, listDeliveries, listEndpoints, rollSecret, sendTestEvent, updateEndpoint } from './webhooks.service.js';
import { recordRequestAudit } from '../audit/record-audit.js';

const params = idParamsSchema('webhook');

/** Settings → Notifications: the operator's outgoing webhooks (operator scope; a read-write API token may manage them too). */
export async function webhookRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;
  const ownerId = (request: Parameters<typeof signedInUser>[0]) => signedInUser(request).id;
  // Each test is a request we make to an address the operator chose: enough to try things out, not a way to flood one.
  const testLimit = limit(server, { name: 'webhook-test', max: 20, windowMs: 10 * 60_000, per: (request) => String(ownerId(request)) });

  app.get('/api/webhooks', { schema: { response: { 200: z.array(WebhookEndpointSchema) } } }, async (request) => listEndpoints(ctx, ownerId(request)));

  app.post('/api/webhooks', { schema: { body: CreateWebhookSchema, response: { 201: CreatedWebhookSchema } } }, async (request, reply) => {
    const created = await createEndpoint(ctx, ownerId(request), request.body);
    // The receiving host only: a path or query may carry a key, and the signing secret is never recorded.
    const details = { host: new URL(created.endpoint.url).host };
    await recordRequestAudit(ctx, request, { action: 'webhook.created', targetType: 'webhook', targetId: created.endpoint.id, accountUserId: ownerId(request), details });
    return reply.status(201).send(created);
  });

  app.patch('/api/webhooks/:id', { schema: { params, body: UpdateWebhookSchema, response: { 200: WebhookEndpointSchema } } }, async (request) =>
    updateEndpoint(ctx, ownerId(request), request.params.id, request.body),
  );

  app.delete('/api/webhooks/:id', { schema: { params, response: { 200: DeletedSchema } } }, async (request) => {
    await deleteEndpoint(ctx, ownerId(request), request.params.id);
    await recordRequestAudit(ctx, request, { action: 'webhook.deleted', targetType: 'webhook', targetId: request.params.id, accountUserId: ownerId(request) });
    return { id: request.params.id, deleted: true as const };
  });

  app.post('/api/webhooks/:id/roll-secret', { schema: { params, response: { 200: WebhookSecretSchema } } }, async (request) =>
    rollSecret(ctx, ownerId(request), request.params.id),
  );

  app.post('/api/webhooks/:id/test', { schema: { params, response: { 202: WebhookTestQueuedSchema } }, preHandler: [testLimit] }, async (request, reply) => {
    const deliveryId = await sendTestEvent(ctx, ownerId(request), request.params.id);
    return reply.status(202).send({ message: WebhookMessages.testQueued, deliveryId });
  });

  app.get('/api/webhooks/:id/deliveries', { schema: { params, response: { 200: z.array(WebhookDeliverySchema) } } }, async (request) =>
    listDeliveries(ctx, ownerId(request), request.params.id),
  );
}
