import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DeletedSchema, FileResponseSchema } from '../../../shared/api-error.js';
import {
  ADMIN_MARKETING_RESOURCES_API,
  MarketingResourceListSchema,
  MarketingResourceSchema,
  ResourceIdParamsSchema,
  ResourceUpdateSchema,
} from '../../../shared/marketing-resources.schemas.js';
import { signedInUser } from '../../route-scopes.js';
import { createResource, deleteResource, fileStoreOf, listResources, updateResource } from './marketing-resources.service.js';
import { sendResourceFile } from './resource-files.js';
import { receiveResourceUpload, UPLOAD_LIMITS } from './resource-upload.js';
import { recordRequestAudit } from '../audit/record-audit.js';

const ONE_RESOURCE = `${ADMIN_MARKETING_RESOURCES_API}/:id`;

/** Admins publish marketing resources: files uploaded here, or email templates written here. */
export async function marketingResourceAdminRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.get(ADMIN_MARKETING_RESOURCES_API, { schema: { response: { 200: MarketingResourceListSchema } } }, async () => listResources(ctx));

  app.patch(
    ONE_RESOURCE,
    { schema: { params: ResourceIdParamsSchema, body: ResourceUpdateSchema, response: { 200: MarketingResourceSchema } } },
    async (request) => {
      const resource = await updateResource(ctx, request.params.id, request.body);
      await recordRequestAudit(ctx, request, { action: 'marketing_resource.updated', targetType: 'marketing_resource', targetId: resource.id, details: { title: resource.title } });
      return resource;
    },
  );

  app.delete(ONE_RESOURCE, { schema: { params: ResourceIdParamsSchema, response: { 200: DeletedSchema } } }, async (request) => {
    const deleted = await deleteResource(ctx, request.params.id);
    await recordRequestAudit(ctx, request, { action: 'marketing_resource.deleted', targetType: 'marketing_resource', targetId: request.params.id });
    return deleted;
  });

  // The file is the download itself; compressing images, videos and packed documents gains nothing.
  app.get(
    `${ONE_RESOURCE}/file`,
    { compress: false, schema: { params: ResourceIdParamsSchema, response: { 200: FileResponseSchema } } },
    async (request, reply) => sendResourceFile(ctx, reply, request.params.id),
  );

  // Multipart is parsed only here, in a scope of its own, and only as far as these limits allow.
  await app.register(async (uploads) => {
    await uploads.register(multipart, { limits: UPLOAD_LIMITS });
    uploads.withTypeProvider<ZodTypeProvider>().post(
      ADMIN_MARKETING_RESOURCES_API,
      { schema: { response: { 201: MarketingResourceSchema } } },
      async (request, reply) => {
        const store = fileStoreOf(ctx);
        const upload = await receiveResourceUpload(request, store);
        const resource = await createResource(ctx, signedInUser(request).id, upload);
        const details = { title: resource.title, type: resource.type, file: resource.file?.name ?? null };
        await recordRequestAudit(ctx, request, { action: 'marketing_resource.created', targetType: 'marketing_resource', targetId: resource.id, details });
        return reply.status(201).send(resource);
      },
    );
  });
}
