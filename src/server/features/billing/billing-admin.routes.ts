import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AdminSetPlanSchema, SubscriptionStatusSchema, UserIdParamsSchema } from '../../../shared/billing.schemas.js';
import { NotFoundMessages } from '../../../shared/ids.js';
import { users } from '../../db/schema.js';
import { notFound } from '../../http-errors.js';
import { subscriptionStatusOf } from './subscription-status.js';

/** What administrators do about plans (admin scope). */
export async function billingAdminRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  // A plan set by hand, chiefly where billing is not configured (DECISIONS 7). Like a downgrade by
  // Stripe, it deletes nothing: machines over a smaller plan's limit keep working.
  app.patch(
    '/api/admin/users/:id/plan',
    { schema: { params: UserIdParamsSchema, body: AdminSetPlanSchema, response: { 200: SubscriptionStatusSchema } } },
    async (request) => {
      const [user] = await ctx.db
        .update(users)
        .set({ subscriptionTier: request.body.tier, updatedAt: new Date() })
        .where(eq(users.id, request.params.id))
        .returning({ id: users.id });
      if (!user) throw notFound(NotFoundMessages.user);
      request.log.info({ userId: user.id, tier: request.body.tier }, 'plan set by an administrator');
      return subscriptionStatusOf(ctx.db, user.id);
    },
  );
}
