import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ConnectionTestResultSchema,
  ProviderParamsSchema,
  RetailAffiliateConfigSchema,
  SaveAdminRetailConfigSchema,
  SaveRetailConfigSchema,
  TestConnectionSchema,
} from '../../../shared/retail-affiliates.schemas.js';
import { limit } from '../../plugins/rate-limit.js';
import { signedInUser } from '../../route-scopes.js';
import { testRetailConnection } from './connection-test.service.js';
import { readRetailConfig, saveRetailConfig } from './retail-affiliates.service.js';
import type { ConfigOwner } from './retail-secrets.js';

const TEN_MINUTES = 10 * 60_000;

/**
 * The same four calls in two scopes: an operator's own configuration, and the platform's (no
 * owner) for admins. `ownerOf` is the only difference, so neither scope can reach the other's row.
 */
function affiliateConfigRoutes(
  prefix: string,
  SaveSchema: typeof SaveRetailConfigSchema | typeof SaveAdminRetailConfigSchema,
  ownerOf: (request: FastifyRequest) => ConfigOwner,
) {
  return async (server: FastifyInstance) => {
    const app = server.withTypeProvider<ZodTypeProvider>();
    const { ctx } = server;

    app.get(`${prefix}/affiliate-config`, { schema: { response: { 200: RetailAffiliateConfigSchema } } }, async (request) =>
      readRetailConfig(ctx, ownerOf(request)),
    );

    app.post(
      `${prefix}/affiliate-config`,
      { schema: { body: SaveSchema, response: { 200: RetailAffiliateConfigSchema } } },
      async (request) => saveRetailConfig(ctx, ownerOf(request), request.body),
    );

    app.post(
      `${prefix}/affiliate-test/:provider`,
      {
        schema: { params: ProviderParamsSchema, body: TestConnectionSchema, response: { 200: ConnectionTestResultSchema } },
        // Each test calls Amazon or FlexOffers with what was typed: not a way to try keys in bulk.
        preHandler: [limit(server, { name: 'affiliate-test', max: 20, windowMs: TEN_MINUTES, per: (request) => String(signedInUser(request).id) })],
      },
      async (request) => testRetailConnection(ctx, ownerOf(request), request.params.provider, request.body),
    );
  };
}

/** Operators: GET, POST /api/affiliate-config and POST /api/affiliate-test/{provider}, on their own row. */
export const retailAffiliateRoutes = affiliateConfigRoutes('/api', SaveRetailConfigSchema, (request) => signedInUser(request).id);

/** Admins: the same under /api/admin, on the platform's row. */
export const retailAffiliateAdminRoutes = affiliateConfigRoutes('/api/admin', SaveAdminRetailConfigSchema, () => null);
