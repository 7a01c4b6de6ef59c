import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FileResponseSchema } from '../../../shared/api-error.js';
import {
  AdminAffiliateListSchema,
  AdminAffiliateSchema,
  AdminPayoutSchema,
  AdminPayoutsSchema,
  AffiliateDashboardSchema,
  AffiliateIdParamsSchema,
  AffiliateMessages,
  AffiliateRegisterSchema,
  AffiliateResourceListSchema,
  AffiliateStatsSchema,
  AffiliateStatusSchema,
  RecordPayoutSchema,
} from '../../../shared/affiliates.schemas.js';
import { CurrentUserSchema, RegisteredSchema } from '../../../shared/auth.schemas.js';
import { ResourceIdParamsSchema } from '../../../shared/marketing-resources.schemas.js';
import { limit } from '../../plugins/rate-limit.js';
import { signedInUser } from '../../route-scopes.js';
import { sendResourceFile } from '../marketing-resources/resource-files.js';
import { affiliateDashboard } from './affiliate-dashboard.js';
import { affiliateStats, listAffiliates, setAffiliateActive } from './affiliates-admin.js';
import { becomeOperator, listAffiliateResources, registerAffiliate } from './affiliates.service.js';
import { recentPayouts, recordPayout } from './payouts.js';
import { referralOf } from './referral-links.js';
import { recordRequestAudit } from '../audit/record-audit.js';

const HOUR_MS = 60 * 60 * 1000;

/** Joining the program: open to anyone, limited like the operators' sign-up. */
export async function affiliatePublicRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;
  app.post(
    '/api/affiliate/register',
    {
      schema: { body: AffiliateRegisterSchema, response: { 201: RegisteredSchema } },
      preHandler: [
        limit(server, { name: 'register-ip', max: 20, windowMs: HOUR_MS, per: 'ip' }),
        // As on the operators' sign-up: a taken address mails its owner, so each address is limited too.
        limit(server, { name: 'register-email', max: 5, windowMs: HOUR_MS, per: 'email' }),
      ],
    },
    async (request, reply) => {
      // A taken address gets this same answer; its owner is mailed instead (registerUser).
      await registerAffiliate(ctx, request.body, referralOf(request));
      return reply.status(201).send({ message: AffiliateMessages.registered, email: request.body.email });
    },
  );
}

/** The signed-in affiliate's own dashboard, resources, and the step to running machines too. */
export async function affiliateRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;
  app.get('/api/affiliate/dashboard', { schema: { response: { 200: AffiliateDashboardSchema } } }, async (request) =>
    affiliateDashboard(ctx, signedInUser(request).id),
  );
  app.get('/api/affiliate/resources', { schema: { response: { 200: AffiliateResourceListSchema } } }, async () => listAffiliateResources(ctx));
  app.get(
    '/api/affiliate/resources/:id/file',
    { compress: false, schema: { params: ResourceIdParamsSchema, response: { 200: FileResponseSchema } } },
    async (request, reply) => sendResourceFile(ctx, reply, request.params.id, { onlyActive: true }),
  );
  app.post('/api/affiliate/become-operator', { schema: { response: { 200: CurrentUserSchema } } }, async (request) =>
    becomeOperator(ctx, signedInUser(request)),
  );
}

/** The admin panel's Affiliate Program and Affiliate Setup tabs. */
export async function affiliateAdminRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;
  app.get('/api/admin/affiliates', { schema: { response: { 200: AdminAffiliateListSchema } } }, async () => listAffiliates(ctx));
  app.patch(
    '/api/admin/affiliates/:id',
    { schema: { params: AffiliateIdParamsSchema, body: AffiliateStatusSchema, response: { 200: AdminAffiliateSchema } } },
    async (request) => {
      const affiliate = await setAffiliateActive(ctx, request.params.id, request.body.isActive);
      await recordRequestAudit(ctx, request, { action: 'affiliate.updated', targetType: 'affiliate', targetId: request.params.id, details: { isActive: request.body.isActive } });
      return affiliate;
    },
  );
  app.get('/api/admin/affiliate-stats', { schema: { response: { 200: AffiliateStatsSchema } } }, async () => affiliateStats(ctx));
  app.get('/api/admin/affiliate-payouts', { schema: { response: { 200: AdminPayoutsSchema } } }, async () => recentPayouts(ctx));
  app.post(
    '/api/admin/affiliate-payouts',
    { schema: { body: RecordPayoutSchema, response: { 201: AdminPayoutSchema.omit({ affiliateName: true }) } } },
    async (request, reply) => {
      const payout = await recordPayout(ctx, signedInUser(request).id, request.body);
      await recordRequestAudit(ctx, request, { action: 'affiliate.payout_recorded', targetType: 'payout', targetId: payout.id, details: { affiliateUserId: payout.affiliateUserId, amountCents: payout.amountCents } });
      return reply.status(201).send(payout);
    },
  );
}
