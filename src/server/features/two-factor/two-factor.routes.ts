import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SignedInSchema, signInWelcome } from '../../../shared/auth.schemas.js';
import {
  ConfirmTwoFactorSetupSchema,
  RecoveryCodesSchema,
  StartTwoFactorSetupSchema,
  TwoFactorDisabledSchema,
  TwoFactorMessages,
  TwoFactorProofSchema,
  TwoFactorSetupSchema,
  TwoFactorSignInSchema,
  TwoFactorStatusSchema,
} from '../../../shared/two-factor.schemas.js';
import { limit } from '../../plugins/rate-limit.js';
import { signedInUser } from '../../route-scopes.js';
import { startSession } from '../../sessions.js';
import { describeUser } from '../auth/auth.service.js';
import { noteSignIn } from '../security/login-alerts.js';
import { clearChallengeCookie, finishTwoFactorSignIn, isSpentChallenge, readChallengeCookie } from './two-factor-sign-in.js';
import { confirmTwoFactorSetup, disableTwoFactor, regenerateRecoveryCodes, startTwoFactorSetup, twoFactorStatusOf } from './two-factor.service.js';
import { recordRequestAudit } from '../audit/record-audit.js';

const MINUTE_MS = 60_000;

/** The security tab's two-factor card (account scope, like the rest of the tab). */
export async function twoFactorRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;
  // Each of these checks a password or a code: few tries, per account, so a stolen session cannot guess either.
  const perAccount = (name: string, max: number) =>
    limit(server, { name, max, windowMs: 15 * MINUTE_MS, per: (request) => String(signedInUser(request).id) });

  app.get('/api/settings/two-factor', { schema: { response: { 200: TwoFactorStatusSchema } } }, async (request) =>
    twoFactorStatusOf(ctx, signedInUser(request).id),
  );

  app.post(
    '/api/settings/two-factor/setup',
    { schema: { body: StartTwoFactorSetupSchema, response: { 200: TwoFactorSetupSchema } }, preHandler: perAccount('two-factor-setup', 10) },
    async (request) => startTwoFactorSetup(ctx, signedInUser(request).id, request.body),
  );

  app.post(
    '/api/settings/two-factor/confirm',
    { schema: { body: ConfirmTwoFactorSetupSchema, response: { 200: RecoveryCodesSchema } }, preHandler: perAccount('two-factor-confirm', 15) },
    async (request) => {
      const userId = signedInUser(request).id;
      const codes = await confirmTwoFactorSetup(ctx, userId, request.body);
      await recordRequestAudit(ctx, request, { action: 'account.two_factor_enabled', targetType: 'user', targetId: userId, accountUserId: userId });
      return codes;
    },
  );

  app.post(
    '/api/settings/two-factor/disable',
    { schema: { body: TwoFactorProofSchema, response: { 200: TwoFactorDisabledSchema } }, preHandler: perAccount('two-factor-disable', 10) },
    async (request) => {
      const userId = signedInUser(request).id;
      const status = await disableTwoFactor(ctx, userId, request.body);
      await recordRequestAudit(ctx, request, { action: 'account.two_factor_disabled', targetType: 'user', targetId: userId, accountUserId: userId });
      return { message: TwoFactorMessages.disabled, status };
    },
  );

  app.post(
    '/api/settings/two-factor/recovery-codes',
    { schema: { body: TwoFactorProofSchema, response: { 200: RecoveryCodesSchema } }, preHandler: perAccount('two-factor-recovery-codes', 10) },
    async (request) => {
      const userId = signedInUser(request).id;
      const codes = await regenerateRecoveryCodes(ctx, userId, request.body);
      await recordRequestAudit(ctx, request, { action: 'account.recovery_codes_replaced', targetType: 'user', targetId: userId, accountUserId: userId });
      return codes;
    },
  );
}

/** The second step of signing in (public: the challenge cookie from the password step is the proof so far). */
export async function twoFactorPublicRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.post(
    '/api/auth/login/two-factor',
    {
      schema: { body: TwoFactorSignInSchema, response: { 200: SignedInSchema } },
      // Per account, wrong codes count in the sign-in throttle (two-factor-sign-in.ts).
      preHandler: [limit(server, { name: 'login-two-factor-ip', max: 50, windowMs: 15 * MINUTE_MS, per: 'ip' })],
    },
    async (request, reply) => {
      try {
        const { user, pending } = await finishTwoFactorSignIn(ctx, readChallengeCookie(request), request.body.code, request.ip);
        clearChallengeCookie(reply);
        // Exactly as the password login starts one, with what the password step asked for.
        await startSession(ctx.db, request, reply, user.id, pending.rememberMe, { timeZone: pending.timeZone });
        const { firstSignIn } = await noteSignIn(ctx, request, reply, user, pending.timeZone);
        return { message: signInWelcome(firstSignIn), user: await describeUser(ctx, user) };
      } catch (error) {
        if (isSpentChallenge(error)) clearChallengeCookie(reply);
        throw error;
      }
    },
  );
}
