import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ContactInputSchema,
  ContactMessageListQuerySchema,
  ContactMessagePageSchema,
  ContactMessages,
  ContactMessageSchema,
  ContactMessageUpdateSchema,
  ContactReceiptSchema,
  ContactReplyInputSchema,
} from '../../../shared/contact.schemas.js';
import { signedInUser } from '../../route-scopes.js';
import { listContactMessages, replyToContactMessage, setContactMessageHandled } from './contact-inbox.service.js';
import { isHoneypotHit, sendContactMessage } from './contact.service.js';
import { recordRequestAudit } from '../audit/record-audit.js';

const MessageParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** The contact page's form (spec extended 7). */
export async function contactPublicRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.post(
    '/api/contact',
    { schema: { body: ContactInputSchema, response: { 202: ContactReceiptSchema } } },
    async (request, reply) => {
      // A bot that filled the hidden field is answered like a person, so it has no reason to try again.
      if (!isHoneypotHit(request.body)) await sendContactMessage(ctx, request.body, request.ip);
      return reply.status(202).send({ message: ContactMessages.sentDescription });
    },
  );
}

/** Administrators read what was sent, whether or not SUPPORT_EMAIL received it too. */
export async function contactAdminRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.get(
    '/api/admin/contact-messages',
    { schema: { querystring: ContactMessageListQuerySchema, response: { 200: ContactMessagePageSchema } } },
    async (request) => listContactMessages(ctx, request.query),
  );

  app.patch(
    '/api/admin/contact-messages/:id',
    { schema: { params: MessageParams, body: ContactMessageUpdateSchema, response: { 200: ContactMessageSchema } } },
    async (request) => setContactMessageHandled(ctx, signedInUser(request).id, request.params.id, request.body.handled),
  );

  app.post(
    '/api/admin/contact-messages/:id/replies',
    { schema: { params: MessageParams, body: ContactReplyInputSchema, response: { 201: ContactMessageSchema } } },
    async (request, reply) => {
      const message = await replyToContactMessage(ctx, signedInUser(request), request.params.id, request.body);
      await recordRequestAudit(ctx, request, { action: 'contact_message.replied', targetType: 'contact_message', targetId: message.id });
      return reply.status(201).send(message);
    },
  );
}
