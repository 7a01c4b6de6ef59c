import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DeletedSchema } from '../../../shared/api-error.js';
import {
  MachineScopeQuerySchema,
  OwnerProductSchema,
  ProductIdParamsSchema,
  ProductInputSchema,
  ProductSchema,
  ProductUpdateSchema,
  UnitCostInputSchema,
  UnitCostSchema,
} from '../../../shared/products.schemas.js';
import { signedInUser } from '../../route-scopes.js';
import { readScope } from '../votes/vote-scope.js';
import { createProduct, deleteProduct, listProducts, setUnitCost, updateProduct } from './products.service.js';

/** Public through a machine; an operator without one gets their catalogue with totals (and unit costs). */
export async function productPublicRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.get('/api/products', { schema: { querystring: MachineScopeQuerySchema, response: { 200: z.array(z.union([OwnerProductSchema, ProductSchema])) } } }, async (request) =>
    listProducts(ctx, await readScope(ctx, request, request.query.machineId)),
  );
}

export async function productRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.post('/api/products', { schema: { body: ProductInputSchema, response: { 201: OwnerProductSchema } } }, async (request, reply) =>
    reply.status(201).send(await createProduct(ctx, signedInUser(request).id, request.body)),
  );

  app.patch(
    '/api/products/:id',
    { schema: { params: ProductIdParamsSchema, body: ProductUpdateSchema, response: { 200: OwnerProductSchema } } },
    async (request) => updateProduct(ctx, signedInUser(request).id, request.params.id, request.body),
  );

  app.put(
    '/api/products/:id/unit-cost',
    { schema: { params: ProductIdParamsSchema, body: UnitCostInputSchema, response: { 200: UnitCostSchema } } },
    async (request) => setUnitCost(ctx, signedInUser(request).id, request.params.id, request.body.unitCost),
  );

  app.delete('/api/products/:id', { schema: { params: ProductIdParamsSchema, response: { 200: DeletedSchema } } }, async (request) => {
    await deleteProduct(ctx, signedInUser(request).id, request.params.id);
    return { id: request.params.id, deleted: true as const };
  });
}
