import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MessageSchema, RedirectResponseSchema } from '../../../shared/api-error.js';
import {
  AuthMessages,
  ContinueAfterVerifySchema,
  CurrentUserSchema,
  EmailOnlySchema,
  LoginResultSchema,
  LoginSchema,
  RegisterSchema,
  RegisteredSchema,
  ResetPasswordSchema,
  SignedInSchema,
  VerifiedSchema,
  VerifyEmailQuerySchema,
  signInWelcome,
  SessionProbeSchema,
} from '../../../shared/auth.schemas.js';
import { SubscriptionStatusSchema } from '../../../shared/billing.schemas.js';
import { subscriptionStatusOf } from '../billing/subscription-status.js';
import { forbidden } from '../../http-errors.js';
import { limit } from '../../plugins/rate-limit.js';
import { endSession, loadSessionUser, startSession } from '../../sessions.js';
import { HOME_PATH, PUBLIC_PAGE_PATHS } from '../../../shared/page-routes.js';
import { noteSignIn } from '../security/login-alerts.js';
import { beginTwoFactorSignIn, setChallengeCookie } from '../two-factor/two-factor-sign-in.js';
import { hasTwoFactor } from '../two-factor/two-factor.service.js';
import { TwoFactorMessages } from '../../../shared/two-factor.schemas.js';
import {
  registerUser,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  signInWithPassword,
  describeUser,
  toCurrentUser,
  verifyEmail,
} from './auth.service.js';
import { continueAfterVerifying, grantVerifiedSignIn } from './verified-sign-in.js';
import { signedInUser } from '../../route-scopes.js';
import { bindReferral } from '../affiliates/referral-binding.js';
import { referralOf } from '../affiliates/referral-links.js';
import { hashAuditAddress } from '../audit/record-audit.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Signing up, in and out, and recovering an account: open to anyone. */
export async function authPublicRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.post(
    '/api/auth/register',
    {
      schema: { body: RegisterSchema, response: { 201: RegisteredSchema } },
      preHandler: [
        limit(server, { name: 'register-ip', max: 20, windowMs: HOUR, per: 'ip' }),
        // A taken address mails its owner: this keeps anyone from filling an inbox, and counts new and taken alike.
        limit(server, { name: 'register-email', max: 5, windowMs: HOUR, per: 'email' }),
      ],
    },
    async (request, reply) => {
      const referral = referralOf(request);
      // The same answer for a taken address (registerUser mails its owner), so it tells nobody who has an account.
      await registerUser(ctx, request.body, { withAccount: (tx, account) => bindReferral(tx, account, referral).then(() => {}) });
      return reply.status(201).send({
        message: 'Registration successful! Please check your email to verify your account.',
        email: request.body.email,
      });
    },
  );

  app.get('/api/auth/verify-email', { schema: { querystring: VerifyEmailQuerySchema, response: { 200: VerifiedSchema } } }, async (request, reply) => {
    // Verifying signs nobody in; it hands this browser a one-click sign-in (verified-sign-in.ts),
    // which only our own /verify-email page, calling from the same origin, may receive.
    const fetchSite = request.headers['sec-fetch-site'];
    if (typeof fetchSite === 'string' && fetchSite !== 'same-origin' && fetchSite !== 'none') {
      throw forbidden('Cross-site requests are not allowed.');
    }
    const user = await verifyEmail(ctx, request.query.token);
    await grantVerifiedSignIn(ctx, request, reply, user.id);
    return { message: 'Your email has been verified.', user: { id: user.id, email: user.email } };
  });

  app.post(
    '/api/auth/verify-email/continue',
    { schema: { body: ContinueAfterVerifySchema, response: { 200: SignedInSchema } } },
    async (request, reply) => {
      const user = await continueAfterVerifying(ctx, request, reply, request.body.replaceSession);
      return { message: AuthMessages.verifiedWelcome, user: await describeUser(ctx, user) };
    },
  );

  app.post(
    '/api/auth/resend-verification',
    {
      schema: { body: EmailOnlySchema, response: { 200: MessageSchema } },
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
      schema: { body: LoginSchema, response: { 200: LoginResultSchema } },
      preHandler: [
        // Per account, only failures count (signInWithPassword), so nobody can lock an owner out.
        limit(server, { name: 'login-ip', max: 50, windowMs: 15 * MINUTE, per: 'ip' }),
      ],
    },
    async (request, reply) => {
      const user = await signInWithPassword(ctx, request.body, request.ip);
      if (hasTwoFactor(user)) {
        // No session yet: the second step starts it (two-factor-sign-in.ts), as this would have.
        const challenge = await beginTwoFactorSignIn(ctx, user.id, { rememberMe: request.body.rememberMe, timeZone: request.body.timeZone });
        setChallengeCookie(request, reply, challenge);
        return { message: TwoFactorMessages.required, twoFactorRequired: true as const };
      }
      await startSession(ctx.db, request, reply, user.id, request.body.rememberMe, { timeZone: request.body.timeZone });
      const { firstSignIn } = await noteSignIn(ctx, request, reply, user, request.body.timeZone);
      return { message: signInWelcome(firstSignIn), user: await describeUser(ctx, user) };
    },
  );

  app.post(
    '/api/auth/forgot-password',
    {
      schema: { body: EmailOnlySchema, response: { 200: MessageSchema } },
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
      schema: { body: ResetPasswordSchema, response: { 200: MessageSchema } },
      preHandler: [limit(server, { name: 'reset-ip', max: 20, windowMs: 15 * MINUTE, per: 'ip' })],
    },
    async (request) => {
      await resetPassword(ctx, request.body, hashAuditAddress(ctx, request.ip));
      return { message: 'Your password has been changed. Please sign in with the new one.' };
    },
  );

  // Session only, like /api/auth/me: an API token signs nobody in to the web app.
  app.get('/api/auth/session', { schema: { response: { 200: SessionProbeSchema } } }, async (request) => {
    const user = await loadSessionUser(ctx.db, request);
    return user ? { user: toCurrentUser(user, ctx.adminEmails), theme: user.theme } : { user: null, theme: null };
  });

  // Browser navigations named by the spec.
  const redirect = { response: { 302: RedirectResponseSchema } };
  app.get('/api/login', { schema: redirect }, async (_request, reply) => reply.redirect('/login'));
  // A GET never signs out: another site could send a visitor here by a link or an image, and the Lax
  // session cookie rides along on a top-level navigation. It leads to the page that offers sign-out.
  app.get('/api/logout', { schema: redirect }, async (request, reply) => {
    const user = await loadSessionUser(ctx.db, request);
    return reply.redirect(user ? PUBLIC_PAGE_PATHS.signOut : HOME_PATH);
  });
  // Signing out changes state, so it is a POST behind the same-origin check like every other.
  app.post('/api/logout', { schema: { response: { 200: MessageSchema } } }, async (request, reply) => {
    await endSession(ctx.db, request, reply);
    return { message: AuthMessages.signedOut };
  });
}

/** What a signed-in user of any role reads about their own account. */
export async function accountRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.get('/api/auth/me', { schema: { response: { 200: CurrentUserSchema } } }, async (request) => signedInUser(request));

  app.get('/api/auth/subscription-status', { schema: { response: { 200: SubscriptionStatusSchema } } }, async (request) => {
    return subscriptionStatusOf(ctx.db, signedInUser(request).id);
  });
}
