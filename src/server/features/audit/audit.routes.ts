import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuditListQuerySchema, AuditPageSchema, SecurityEventPageSchema, SecurityEventQuerySchema } from '../../../shared/audit.schemas.js';
import { signedInUser } from '../../route-scopes.js';
import { listAuditEvents, listSecurityEvents } from './audit.service.js';

/**
 * The audit trail is read here and nowhere written by a route: entries come from the actions
 * themselves (record-audit.ts), and no route changes or removes one.
 */
export async function auditAdminRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.get('/api/admin/audit-events', { schema: { querystring: AuditListQuerySchema, response: { 200: AuditPageSchema } } }, async (request) =>
    listAuditEvents(ctx, request.query),
  );
}

/** Settings → Security: the signed-in account's own security events (account scope). */
export async function auditAccountRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.get('/api/settings/security/events', { schema: { querystring: SecurityEventQuerySchema, response: { 200: SecurityEventPageSchema } } }, async (request) =>
    listSecurityEvents(ctx, signedInUser(request).id, request.query.cursor),
  );
}
