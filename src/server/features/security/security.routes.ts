import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ChangePasswordSchema, SecurityMessages, SecuritySchema, SignedOutSchema, UpdateSecuritySchema } from '../../../shared/security.schemas.js';
import { unauthorized } from '../../http-errors.js';
import { limit } from '../../plugins/rate-limit.js';
import { signedInUser } from '../../route-scopes.js';
import { changePassword, endOtherSessions, endSessionById, securityOf, setLoginAlerts } from './security.service.js';

const MINUTE_MS = 60_000;

function currentSessionOf(request: FastifyRequest): string {
  if (!request.sessionId) throw unauthorized();
  return request.sessionId;
}

/** The security tab: the password and the signed-in devices (account scope: everyone with an account). */
export async function securityRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.get('/api/settings/security', { schema: { response: { 200: SecuritySchema } } }, async (request) =>
    securityOf(ctx, signedInUser(request).id, request.sessionId),
  );

  app.patch('/api/settings/security', { schema: { body: UpdateSecuritySchema, response: { 200: SecuritySchema } } }, async (request) =>
    setLoginAlerts(ctx, signedInUser(request).id, request.body.loginAlerts, request.sessionId),
  );

  // Each try checks a password: limited like sign-in, per account, so a stolen session cannot guess the password.
  app.post(
    '/api/settings/password',
    {
      schema: { body: ChangePasswordSchema, response: { 200: z.object({ message: z.string() }) } },
      preHandler: limit(server, { name: 'change-password', max: 10, windowMs: 15 * MINUTE_MS, per: (request) => String(signedInUser(request).id) }),
    },
    async (request) => {
      await changePassword(ctx, signedInUser(request).id, currentSessionOf(request), request.body);
      return { message: SecurityMessages.passwordChanged };
    },
  );

  app.delete(
    '/api/settings/sessions/:id',
    { schema: { params: z.object({ id: z.string().min(1).max(64) }), response: { 200: SignedOutSchema } } },
    async (request) => {
      await endSessionById(ctx, signedInUser(request).id, request.params.id);
      return { signedOut: 1 };
    },
  );

  app.post('/api/settings/sessions/sign-out-others', { schema: { response: { 200: SignedOutSchema } } }, async (request) => ({
    signedOut: await endOtherSessions(ctx, signedInUser(request).id, currentSessionOf(request)),
  }));
}
