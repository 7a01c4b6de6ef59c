import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ContactInputSchema,
  ContactMessageListQuerySchema,
  ContactMessagePageSchema,
  ContactMessages,
  ContactReceiptSchema,
} from '../../../shared/contact.schemas.js';
import { isHoneypotHit, listContactMessages, sendContactMessage } from './contact.service.js';

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
}
