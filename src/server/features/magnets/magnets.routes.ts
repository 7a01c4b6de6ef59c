import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MagnetQuoteRequestSchema, MagnetQuoteSchema, MagnetVariantListSchema } from '../../../shared/magnets.schemas.js';
import { priceOrder, quoteOf } from './magnet-quote.js';
import { magnetCatalogue } from './magnet-variants.js';

/** The magnet sizes and prices for the order dialog (operator scope). */
export async function magnetRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.get('/api/printify/magnet-variants', { schema: { response: { 200: MagnetVariantListSchema } } }, async (request) => {
    return (await magnetCatalogue(ctx.printify, request.log)).variants;
  });

  app.post('/api/magnet-quote', { schema: { body: MagnetQuoteRequestSchema, response: { 200: MagnetQuoteSchema } } }, async (request) =>
    quoteOf(await priceOrder(ctx, request.log, request.body), request.body.quantity),
  );
}
