import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MessageSchema } from '../../../shared/api-error.js';
import {
  AdminUserChangeSchema,
  AdminUserIdParamsSchema,
  AdminUserListQuerySchema,
  AdminUserMessages,
  AdminUserPageSchema,
  AdminUserStatsSchema,
} from '../../../shared/admin-users.schemas.js';
import { signedInUser } from '../../route-scopes.js';
import { adminUserStats, disableUser, enableUser, listAdminUsers, resendVerificationFor } from './admin-users.service.js';
import { recordRequestAudit } from '../audit/record-audit.js';

/**
 * The admin panel's User Database (admin scope). Setting an account's plan is billing's
 * PATCH /api/admin/users/{id}/plan (billing-admin.routes.ts).
 */
export async function adminUserRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.get('/api/admin/users', { schema: { querystring: AdminUserListQuerySchema, response: { 200: AdminUserPageSchema } } }, async (request) =>
    listAdminUsers(ctx, request.query),
  );

  app.get('/api/admin/users/stats', { schema: { response: { 200: AdminUserStatsSchema } } }, async () => adminUserStats(ctx));

  app.post(
    '/api/admin/users/:id/resend-verification',
    { schema: { params: AdminUserIdParamsSchema, response: { 200: MessageSchema } } },
    async (request) => {
      await resendVerificationFor(ctx, request.params.id);
      return { message: AdminUserMessages.verificationSent };
    },
  );

  app.post('/api/admin/users/:id/disable', { schema: { params: AdminUserIdParamsSchema, response: { 200: AdminUserChangeSchema } } }, async (request) => {
    const user = await disableUser(ctx, signedInUser(request).id, request.params.id);
    const entry = { userId: user.id, by: signedInUser(request).id, subscription: user.subscriptionPause };
    if (user.subscriptionPause === 'not-paused') request.log.warn(entry, 'account disabled; its subscription could not be paused');
    else request.log.info(entry, 'account disabled by an administrator');
    await recordRequestAudit(ctx, request, { action: 'user.disabled', targetType: 'user', targetId: user.id, accountUserId: user.id, details: { subscription: user.subscriptionPause } });
    return user;
  });

  app.post('/api/admin/users/:id/enable', { schema: { params: AdminUserIdParamsSchema, response: { 200: AdminUserChangeSchema } } }, async (request) => {
    const user = await enableUser(ctx, request.params.id);
    const entry = { userId: user.id, by: signedInUser(request).id, subscription: user.subscriptionPause };
    if (user.subscriptionPause === 'not-resumed') request.log.warn(entry, 'account re-enabled; its subscription could not be resumed');
    else request.log.info(entry, 'account re-enabled by an administrator');
    await recordRequestAudit(ctx, request, { action: 'user.enabled', targetType: 'user', targetId: user.id, accountUserId: user.id, details: { subscription: user.subscriptionPause } });
    return user;
  });
}
