import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EmailOnlySchema,
  LoginSchema,
  RegisterSchema,
  ResetPasswordSchema,
  VerifyEmailQuerySchema,
} from '../../../shared/auth.schemas.js';
import { users } from '../../db/schema.js';
import { forbidden } from '../../http-errors.js';
import { limit } from '../../plugins/rate-limit.js';
import { endSession, startSession } from '../../sessions.js';
import {
  authenticate,
  registerUser,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  toCurrentUser,
  verifyEmail,
} from './auth.service.js';
import { requireUser } from './guards.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export async function authRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.post(
    '/api/auth/register',
    {
      schema: { body: RegisterSchema },
      preHandler: [limit(server, { name: 'register-ip', max: 20, windowMs: HOUR, per: 'ip' })],
    },
    async (request, reply) => {
      const user = await registerUser(ctx, request.body);
      return reply.status(201).send({
        message: 'Registration successful! Please check your email to verify your account.',
        email: user.email,
      });
    },
  );

  app.get('/api/auth/verify-email', { schema: { querystring: VerifyEmailQuerySchema } }, async (request, reply) => {
    // This GET signs in, so another site must not trigger it: that would sign a visitor into an
    // account of the other site's choosing. Our /verify-email page calls it from the same origin.
    const fetchSite = request.headers['sec-fetch-site'];
    if (typeof fetchSite === 'string' && fetchSite !== 'same-origin' && fetchSite !== 'none') {
      throw forbidden('Cross-site requests are not allowed.');
    }
    const user = await verifyEmail(ctx, request.query.token);
    await startSession(ctx.db, request, reply, user.id, false);
    return { message: 'Your email has been verified.', user: { id: user.id, email: user.email } };
  });

  app.post(
    '/api/auth/resend-verification',
    {
      schema: { body: EmailOnlySchema },
      preHandler: [
        limit(server, { name: 'resend-ip', max: 20, windowMs: HOUR, per: 'ip' }),
        limit(server, { name: 'resend-email', max: 3, windowMs: HOUR, per: 'email' }),
      ],
    },
    async (request) => {
      await resendVerification(ctx, request.body.email);
      return { message: 'If that account is waiting for verification, a new link is on its way.' };
    },
  );

  app.post(
    '/api/auth/login',
    {
      schema: { body: LoginSchema },
      preHandler: [
        limit(server, { name: 'login-ip', max: 50, windowMs: 15 * MINUTE, per: 'ip' }),
        limit(server, { name: 'login-email', max: 10, windowMs: 15 * MINUTE, per: 'email' }),
      ],
    },
    async (request, reply) => {
      const user = await authenticate(ctx, request.body);
      await startSession(ctx.db, request, reply, user.id, request.body.rememberMe);
      return { message: 'Welcome back!', user: toCurrentUser(user, ctx.adminEmails) };
    },
  );

  app.get('/api/auth/me', async (request) => requireUser(ctx, request));

  app.post(
    '/api/auth/forgot-password',
    {
      schema: { body: EmailOnlySchema },
      preHandler: [
        limit(server, { name: 'forgot-ip', max: 20, windowMs: HOUR, per: 'ip' }),
        limit(server, { name: 'forgot-email', max: 5, windowMs: HOUR, per: 'email' }),
      ],
    },
    async (request) => {
      await requestPasswordReset(ctx, request.body.email);
      return { message: 'If an account exists for that email, a reset link is on its way.' };
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      schema: { body: ResetPasswordSchema },
      preHandler: [limit(server, { name: 'reset-ip', max: 20, windowMs: 15 * MINUTE, per: 'ip' })],
    },
    async (request) => {
      await resetPassword(ctx, request.body);
      return { message: 'Your password has been changed. Please sign in with the new one.' };
    },
  );

  app.get('/api/auth/subscription-status', async (request) => {
    const user = await requireUser(ctx, request);
    const [row] = await ctx.db.select({ tier: users.subscriptionTier }).from(users).where(eq(users.id, user.id));
    return { tier: row?.tier ?? 'free' };
  });

  // Browser navigations named by the spec.
  app.get('/api/login', async (_request, reply) => reply.redirect('/login'));
  app.get('/api/logout', async (request, reply) => {
    await endSession(ctx.db, request, reply);
    return reply.redirect('/');
  });
}
