import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AdminSetPlanSchema, SubscriptionStatusSchema, UserIdParamsSchema } from '../../../shared/billing.schemas.js';
import { NotFoundMessages } from '../../../shared/ids.js';
import { AdminUserMessages } from '../../../shared/admin-users.schemas.js';
import { subscriptions, users } from '../../db/schema.js';
import { conflict, notFound } from '../../http-errors.js';
import { subscriptionStatusOf } from './subscription-status.js';
import { PLAN_KEEPING_STATUSES } from './subscription-sync.js';
import { recordRequestAudit } from '../audit/record-audit.js';

/** What administrators do about plans (admin scope). */
export async function billingAdminRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  // A plan set by hand, chiefly where billing is not configured (DECISIONS 7). Like a downgrade by
  // Stripe, it deletes nothing: machines over a smaller plan's limit keep working.
  // Stripe is the source of truth for a plan (DECISIONS 5): while a subscription keeps one (trialing,
  // active, past due), its next event would overwrite an override (refreshPlanOf), and granting more
  // than is paid for, or less, is not ours to do behind Stripe's back. So an override is only for an
  // account without such a subscription; otherwise 409, and the plan changes through Stripe.
  app.patch(
    '/api/admin/users/:id/plan',
    { schema: { params: UserIdParamsSchema, body: AdminSetPlanSchema, response: { 200: SubscriptionStatusSchema } } },
    async (request) => {
      const [subscribed] = await ctx.db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, request.params.id), inArray(subscriptions.status, [...PLAN_KEEPING_STATUSES])))
        .limit(1);
      if (subscribed) throw conflict(AdminUserMessages.planFollowsSubscription);
      const [user] = await ctx.db
        .update(users)
        .set({ subscriptionTier: request.body.tier, updatedAt: new Date() })
        .where(eq(users.id, request.params.id))
        .returning({ id: users.id });
      if (!user) throw notFound(NotFoundMessages.user);
      request.log.info({ userId: user.id, tier: request.body.tier }, 'plan set by an administrator');
      await recordRequestAudit(ctx, request, { action: 'user.plan_changed', targetType: 'user', targetId: user.id, accountUserId: user.id, details: { plan: request.body.tier } });
      return subscriptionStatusOf(ctx.db, user.id);
    },
  );
}
