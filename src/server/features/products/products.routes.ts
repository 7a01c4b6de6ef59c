import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MachineScopeQuerySchema, ProductIdParamsSchema, ProductInputSchema } from '../../../shared/products.schemas.js';
import { operatorOnly, requireOperator } from '../auth/guards.js';
import { readScope } from '../votes/vote-scope.js';
import { createProduct, deleteProduct, listProducts } from './products.service.js';

export async function productRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  // Public through a machine; an operator without one gets their catalogue with totals.
  app.get('/api/products', { schema: { querystring: MachineScopeQuerySchema } }, async (request) =>
    listProducts(ctx, await readScope(ctx, request, request.query.machineId)),
  );

  app.post('/api/products', { onRequest: operatorOnly(ctx), schema: { body: ProductInputSchema } }, async (request, reply) => {
    const user = await requireOperator(ctx, request);
    return reply.status(201).send(await createProduct(ctx, user.id, request.body));
  });

  app.delete('/api/products/:id', { onRequest: operatorOnly(ctx), schema: { params: ProductIdParamsSchema } }, async (request) => {
    const user = await requireOperator(ctx, request);
    await deleteProduct(ctx, user.id, request.params.id);
    return { id: request.params.id, deleted: true };
  });
}
