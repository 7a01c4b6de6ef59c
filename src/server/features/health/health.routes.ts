import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LivenessSchema, ReadinessSchema } from '../../../shared/health.schemas.js';
import { checkReadiness } from './readiness.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A load balancer's probe: hooks that would read the database for a page (referral links) skip it. */
    healthProbe?: boolean;
  }
}

export interface HealthRoutesOptions {
  /** Whether the app has begun to stop (plugins/graceful-close.ts). */
  isDraining: () => boolean;
}

/**
 * Probes for load balancers and orchestrators, public and unlimited (no rate limit; nothing here
 * reads a session):
 * - `GET /healthz`: the process answers. No database call, so a database outage does not make a
 *   balancer or an orchestrator kill instances that would recover by themselves.
 * - `GET /readyz`: whether to send this instance traffic (readiness.ts); 503 names what failed.
 */
export async function healthRoutes(server: FastifyInstance, options: HealthRoutesOptions) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;
  const config = { healthProbe: true };
  let lastFailed = '';

  app.get('/healthz', { schema: { response: { 200: LivenessSchema } }, config }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' as const };
  });

  app.get('/readyz', { schema: { response: { 200: ReadinessSchema, 503: ReadinessSchema } }, config }, async (request, reply) => {
    const readiness = await checkReadiness(ctx.db, options.isDraining());
    const failed = readiness.failed.join(', ');
    if (failed !== lastFailed) logChange(request.log, failed, readiness.checks);
    lastFailed = failed;
    return reply.status(readiness.ready ? 200 : 503).header('cache-control', 'no-store').send(readiness);
  });
}

/** Once per change, not once per probe: a balancer asks every few seconds. */
function logChange(log: FastifyBaseLogger, failed: string, checks: Record<string, string>) {
  if (failed === 'draining') log.info('not ready: draining');
  else if (failed) log.warn({ checks }, `not ready: ${failed}`);
  else log.info('ready again');
}
