import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ACCOUNT_DATA_API,
  AccountExportStatusSchema,
  DeleteAccountSchema,
  DeletionScheduledSchema,
  ExportDownloadParamsSchema,
  ExportDownloadQuerySchema,
  ExportRequestedSchema,
} from '../../../shared/account-data.schemas.js';
import { FileResponseSchema, MessageSchema } from '../../../shared/api-error.js';
import { limit } from '../../plugins/rate-limit.js';
import { signedInUser } from '../../route-scopes.js';
import { SESSION_COOKIE } from '../../sessions.js';
import { recordRequestAudit } from '../audit/record-audit.js';
import { cancelAccountDeletion, requestAccountDeletion } from './account-deletion.service.js';
import { accountExportStatus, openAccountExport, requestAccountExport } from './account-export.service.js';

/**
 * The owner's own data (account scope, sessions only): a copy to take away, and deleting the
 * account. The undo stays in this scope because a deleted account keeps nothing else.
 */
export async function accountDataRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;
  const perAccount = (name: string, max: number) => limit(server, { name, max, windowMs: 60 * 60_000, per: (request) => String(signedInUser(request).id) });
  const exportLimit = perAccount('account-export', 5);
  const deletionLimit = perAccount('account-deletion', 10);

  app.get(`${ACCOUNT_DATA_API}/data-export`, { schema: { response: { 200: AccountExportStatusSchema } } }, async (request) =>
    accountExportStatus(ctx, signedInUser(request).id),
  );

  app.post(`${ACCOUNT_DATA_API}/data-export`, { schema: { response: { 202: ExportRequestedSchema } }, preHandler: [exportLimit] }, async (request, reply) => {
    const userId = signedInUser(request).id;
    const requested = await requestAccountExport(ctx, userId);
    await recordRequestAudit(ctx, request, { action: 'account.data_export_requested', targetType: 'user', targetId: userId, accountUserId: userId });
    return reply.code(202).send(requested);
  });

  app.get(
    `${ACCOUNT_DATA_API}/data-export/:id/download`,
    { schema: { params: ExportDownloadParamsSchema, querystring: ExportDownloadQuerySchema, response: { 200: FileResponseSchema } } },
    async (request, reply) => {
      const { file, fileName } = await openAccountExport(ctx, signedInUser(request).id, request.params.id, request.query.token);
      return reply
        .type('application/zip')
        .header('content-length', file.size)
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );

  app.post(`${ACCOUNT_DATA_API}/deletion`, { schema: { body: DeleteAccountSchema, response: { 200: DeletionScheduledSchema } }, preHandler: [deletionLimit] }, async (request, reply) => {
    const userId = signedInUser(request).id;
    const scheduled = await requestAccountDeletion(ctx, userId, request.body);
    await recordRequestAudit(ctx, request, { action: 'account.deletion_requested', targetType: 'user', targetId: userId, accountUserId: userId });
    // Every session already ended with the request; this browser forgets its cookie too.
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return scheduled;
  });

  app.delete(`${ACCOUNT_DATA_API}/deletion`, { schema: { response: { 200: MessageSchema } } }, async (request) => {
    const userId = signedInUser(request).id;
    const cancelled = await cancelAccountDeletion(ctx, userId);
    await recordRequestAudit(ctx, request, { action: 'account.deletion_cancelled', targetType: 'user', targetId: userId, accountUserId: userId });
    return cancelled;
  });
}
