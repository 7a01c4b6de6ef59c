import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MachinePerformanceSchema,
  MachineScopeQuerySchema,
  VOTE_TREND_DAYS,
  VoteTrendSchema,
} from '../../../shared/products.schemas.js';
import { StatsViewSchema } from '../../../shared/stats.schemas.js';
import { users } from '../../db/schema.js';
import { signedInUser } from '../../route-scopes.js';
import { currentUser } from '../auth/guards.js';
import { ownedScope, readScope } from '../votes/vote-scope.js';
import { getMachinePerformance, getStatsAs } from './stats.service.js';
import { getVoteTrend } from './vote-trend.service.js';

/**
 * Public through a machine (the vote page shows its totals); an operator without one gets their
 * own. The owner sees every figure, anyone else only what the vote page shows.
 */
export async function statsPublicRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.get('/api/stats', { schema: { querystring: MachineScopeQuerySchema, response: { 200: StatsViewSchema } } }, async (request) =>
    getStatsAs(ctx, await readScope(ctx, request, request.query.machineId), (await currentUser(ctx, request))?.id ?? null),
  );
}

export async function statsRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.get('/api/dashboard/machines', { schema: { response: { 200: z.array(MachinePerformanceSchema) } } }, async (request) => {
    const { id } = signedInUser(request);
    const [owner] = await ctx.db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, id));
    return getMachinePerformance(ctx, id, owner?.timeZone ?? 'America/New_York');
  });

  app.get(
    '/api/stats/daily',
    { schema: { querystring: MachineScopeQuerySchema, response: { 200: VoteTrendSchema } } },
    async (request) => getVoteTrend(ctx, await ownedScope(ctx, signedInUser(request).id, request.query.machineId), VOTE_TREND_DAYS),
  );
}
