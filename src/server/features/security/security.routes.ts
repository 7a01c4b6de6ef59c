import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChangePasswordSchema,
  ConfirmEmailChangeSchema,
  EmailChangedSchema,
  EmailChangeMessages,
  RequestEmailChangeSchema,
  SecurityMessages,
  SecuritySchema,
  SignedOutSchema,
  UpdateSecuritySchema,
} from '../../../shared/security.schemas.js';
import { confirmEmailChange, requestEmailChange } from './email-change.js';
import { unauthorized } from '../../http-errors.js';
import { limit } from '../../plugins/rate-limit.js';
import { signedInUser } from '../../route-scopes.js';
import { changePassword, endOtherSessions, endSessionById, securityOf, setLoginAlerts } from './security.service.js';
import { hashAuditAddress, recordRequestAudit } from '../audit/record-audit.js';

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
      const userId = signedInUser(request).id;
      await changePassword(ctx, userId, currentSessionOf(request), request.body);
      await recordRequestAudit(ctx, request, { action: 'account.password_changed', targetType: 'user', targetId: userId, accountUserId: userId });
      return { message: SecurityMessages.passwordChanged };
    },
  );

  // Each try checks the password and sends a mail: few, per account.
  app.post(
    '/api/settings/email',
    {
      schema: { body: RequestEmailChangeSchema, response: { 202: z.object({ message: z.string() }) } },
      preHandler: limit(server, { name: 'email-change', max: 5, windowMs: 60 * MINUTE_MS, per: (request) => String(signedInUser(request).id) }),
    },
    async (request, reply) => {
      const userId = signedInUser(request).id;
      await requestEmailChange(ctx, userId, request.body);
      await recordRequestAudit(ctx, request, { action: 'account.email_change_requested', targetType: 'user', targetId: userId, accountUserId: userId });
      return reply.status(202).send({ message: EmailChangeMessages.sent });
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

/** The link mailed to a new address (public: the token is the proof, whoever's browser opens it). */
export async function emailChangePublicRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.post(
    '/api/auth/confirm-email-change',
    {
      schema: { body: ConfirmEmailChangeSchema, response: { 200: EmailChangedSchema } },
      preHandler: limit(server, { name: 'confirm-email-change', max: 20, windowMs: 60 * MINUTE_MS, per: 'ip' }),
    },
    async (request) => ({ message: EmailChangeMessages.changed, email: await confirmEmailChange(ctx, request.body.token, hashAuditAddress(ctx, request.ip)) }),
  );
}
