import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SCAN_FUNNEL_API, ScanFunnelQuerySchema, ScanFunnelSchema } from '../../../shared/scan-funnel.schemas.js';
import { signedInUser } from '../../route-scopes.js';
import { loadScanFunnel } from './scan-funnel.service.js';

/** `GET /api/scan-funnel?machineId=&days=`: the operator's scan-to-vote funnel by source and by day. */
export async function scanFunnelRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;
  app.get(SCAN_FUNNEL_API, { schema: { querystring: ScanFunnelQuerySchema, response: { 200: ScanFunnelSchema } } }, async (request) =>
    loadScanFunnel(ctx, signedInUser(request).id, request.query),
  );
}
