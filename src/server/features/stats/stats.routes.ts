import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MachineScopeQuerySchema } from '../../../shared/products.schemas.js';
import { users } from '../../db/schema.js';
import { currentUser, requireOperator } from '../auth/guards.js';
import { readScope } from '../votes/vote-scope.js';
import { getMachinePerformance, getStatsAs } from './stats.service.js';

export async function statsRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.get('/api/stats', { schema: { querystring: MachineScopeQuerySchema } }, async (request) =>
    getStatsAs(ctx, await readScope(ctx, request, request.query.machineId), (await currentUser(ctx, request))?.id ?? null),
  );

  app.get('/api/dashboard/machines', async (request) => {
    const user = await requireOperator(ctx, request);
    const [owner] = await ctx.db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, user.id));
    return getMachinePerformance(ctx, user.id, owner?.timeZone ?? 'America/New_York');
  });
}
