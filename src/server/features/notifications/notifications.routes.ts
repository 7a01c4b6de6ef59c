import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  NotificationMessages,
  NotificationPreferencesSchema,
  TestNotificationResultSchema,
  UpdateNotificationPreferencesSchema,
} from '../../../shared/notifications.schemas.js';
import { OPERATOR_PAGE_PATHS } from '../../../shared/page-routes.js';
import { users } from '../../db/schema.js';
import { conflict } from '../../http-errors.js';
import { enqueue } from '../../jobs/enqueue.js';
import { limit } from '../../plugins/rate-limit.js';
import { signedInUser } from '../../route-scopes.js';
import { notificationPreferencesOf, saveNotificationPreferences } from './notification-preferences.js';

const HOUR_MS = 60 * 60 * 1000;

/** The operator's notification preferences and the test email (spec extended 7; operator scope). */
export async function notificationRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.get('/api/notifications/preferences', { schema: { response: { 200: NotificationPreferencesSchema } } }, async (request) =>
    notificationPreferencesOf(ctx.db, signedInUser(request).id),
  );

  app.patch(
    '/api/notifications/preferences',
    { schema: { body: UpdateNotificationPreferencesSchema, response: { 200: NotificationPreferencesSchema } } },
    async (request) => saveNotificationPreferences(ctx.db, signedInUser(request).id, request.body),
  );

  // A mail to one's own address only, and few of them: the button cannot be used to flood an inbox.
  app.post(
    '/api/notifications/test',
    {
      schema: { response: { 202: TestNotificationResultSchema } },
      preHandler: limit(server, { name: 'test-notification', max: 5, windowMs: HOUR_MS, per: (request: FastifyRequest) => String(signedInUser(request).id) }),
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const preferences = await notificationPreferencesOf(ctx.db, user.id);
      if (!preferences.email) throw conflict(NotificationMessages.emailOff);
      const [account] = await ctx.db.select({ language: users.language }).from(users).where(eq(users.id, user.id));
      await enqueue(ctx.db, 'mail.test-notification', {
        to: user.email,
        props: { locale: account?.language, firstName: user.firstName, settingsLink: `${ctx.publicUrl}${OPERATOR_PAGE_PATHS.settings}` },
      });
      return reply.status(202).send({ message: NotificationMessages.testSentText });
    },
  );
}

