import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/ids.js';
import { MachineSlotStockSchema, SLOT_VISIT_API, slotStockApi, SlotVisitInputSchema, SlotVisitSchema } from '../../../shared/slot-stock.schemas.js';
import { signedInUser } from '../../route-scopes.js';
import { memberOf } from '../teams/team-of-request.js';
import { readSlotStock } from './slot-stock.service.js';
import { recordSlotVisit } from './slot-visit.service.js';

/** A machine's stock slot by slot, and visits recorded from its planogram. */
export async function slotStockRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.get(slotStockApi(':id'), { schema: { params: idParamsSchema('machine'), response: { 200: MachineSlotStockSchema } } }, async (request) =>
    readSlotStock(ctx, signedInUser(request).id, request.params.id),
  );

  app.post(SLOT_VISIT_API, { schema: { body: SlotVisitInputSchema, response: { 201: SlotVisitSchema } } }, async (request, reply) =>
    reply.status(201).send(await recordSlotVisit(ctx, signedInUser(request).id, request.body, memberOf(request).userId)),
  );
}
