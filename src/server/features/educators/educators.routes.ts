import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DeletedSchema } from '../../../shared/api-error.js';
import {
  AdminEducatorListSchema,
  EducationNotifySchema,
  EducatorDirectoryQuerySchema,
  EducatorDirectorySchema,
  EducatorIdParamsSchema,
  EducatorInputSchema,
  EducatorSchema,
} from '../../../shared/educators.schemas.js';
import { signedInUser } from '../../route-scopes.js';
import { createEducator, deleteEducator, listDirectory, listForAdmin, requestNotification, updateEducator } from './educators.service.js';
import { recordRequestAudit } from '../audit/record-audit.js';

export const EDUCATORS_API = '/api/educators';
export const ADMIN_EDUCATORS_API = '/api/admin/educators';

/** The education directory (operator scope) and the wish to hear when it opens. */
export async function educatorRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.get(EDUCATORS_API, { schema: { querystring: EducatorDirectoryQuerySchema, response: { 200: EducatorDirectorySchema } } }, async (request) =>
    listDirectory(ctx, signedInUser(request).id, request.query),
  );

  app.post(`${EDUCATORS_API}/notify`, { schema: { response: { 200: EducationNotifySchema } } }, async (request) => {
    await requestNotification(ctx, signedInUser(request).id);
    return { notifyRequested: true as const };
  });
}

/** Admins keep the directory: the Educators tab of the admin panel. */
export async function educatorAdminRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.get(ADMIN_EDUCATORS_API, { schema: { response: { 200: AdminEducatorListSchema } } }, async () => listForAdmin(ctx));

  app.post(ADMIN_EDUCATORS_API, { schema: { body: EducatorInputSchema, response: { 201: EducatorSchema } } }, async (request, reply) => {
    const educator = await createEducator(ctx, request.body);
    request.log.info({ educatorId: educator.id, by: signedInUser(request).id }, 'educator added');
    await recordRequestAudit(ctx, request, { action: 'educator.created', targetType: 'educator', targetId: educator.id, details: { name: educator.name } });
    return reply.status(201).send(educator);
  });

  app.put(
    `${ADMIN_EDUCATORS_API}/:id`,
    { schema: { params: EducatorIdParamsSchema, body: EducatorInputSchema, response: { 200: EducatorSchema } } },
    async (request) => {
      const educator = await updateEducator(ctx, request.params.id, request.body);
      await recordRequestAudit(ctx, request, { action: 'educator.updated', targetType: 'educator', targetId: educator.id, details: { name: educator.name } });
      return educator;
    },
  );

  app.delete(`${ADMIN_EDUCATORS_API}/:id`, { schema: { params: EducatorIdParamsSchema, response: { 200: DeletedSchema } } }, async (request) => {
    const deleted = await deleteEducator(ctx, request.params.id);
    request.log.info({ educatorId: deleted.id, by: signedInUser(request).id }, 'educator deleted');
    await recordRequestAudit(ctx, request, { action: 'educator.deleted', targetType: 'educator', targetId: deleted.id });
    return deleted;
  });
}
