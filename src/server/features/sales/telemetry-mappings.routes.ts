import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DeletedSchema } from '../../../shared/api-error.js';
import {
  TELEMETRY_MAPPINGS_API,
  TelemetryMappingIdParamsSchema,
  TelemetryMappingInputSchema,
  TelemetryMappingListSchema,
  TelemetryMappingSchema,
} from '../../../shared/sales-imports.schemas.js';
import { signedInUser } from '../../route-scopes.js';
import { deleteTelemetryMapping, listTelemetryMappings, saveTelemetryMapping } from './telemetry-mappings.service.js';

/**
 * Sales → telemetry column mappings (operator scope). Open to API tokens too: a script that sends
 * files can answer a file's mapping question the same way the page does.
 */
export async function telemetryMappingRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.get(TELEMETRY_MAPPINGS_API, { schema: { response: { 200: TelemetryMappingListSchema } } }, async (request) =>
    listTelemetryMappings(ctx, signedInUser(request).id),
  );

  // Saving again for the same columns replaces the mapping: the answer is the same either way.
  app.post(TELEMETRY_MAPPINGS_API, { schema: { body: TelemetryMappingInputSchema, response: { 200: TelemetryMappingSchema } } }, async (request) =>
    saveTelemetryMapping(ctx, signedInUser(request).id, request.body),
  );

  app.delete(
    `${TELEMETRY_MAPPINGS_API}/:id`,
    { schema: { params: TelemetryMappingIdParamsSchema, response: { 200: DeletedSchema } } },
    async (request) => {
      await deleteTelemetryMapping(ctx, signedInUser(request).id, request.params.id);
      return { id: request.params.id, deleted: true as const };
    },
  );
}
