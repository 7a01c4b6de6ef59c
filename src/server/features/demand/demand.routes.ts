import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { demandVsSalesApi, DemandVsSalesSchema, UNMET_DEMAND_API, UnmetDemandQuerySchema, UnmetDemandSchema } from '../../../shared/demand.schemas.js';
import { idParamsSchema } from '../../../shared/ids.js';
import { signedInUser } from '../../route-scopes.js';
import { ownedMachine } from '../stock/restocks.service.js';
import { loadDemandInputs } from './demand-inputs.js';
import { demandVsSalesOf } from './demand-vs-sales.js';
import { unmetDemandOf } from './unmet-demand.js';

/** Unmet demand over the operator's machines (or one), and one machine's demand set against its sales. */
export async function demandRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.get(UNMET_DEMAND_API, { schema: { querystring: UnmetDemandQuerySchema, response: { 200: UnmetDemandSchema } } }, async (request) => {
    const userId = signedInUser(request).id;
    if (request.query.machineId !== undefined) await ownedMachine(ctx.db, userId, request.query.machineId);
    return unmetDemandOf(await loadDemandInputs(ctx.db, userId, request.query.machineId, new Date()));
  });

  app.get(demandVsSalesApi(':id'), { schema: { params: idParamsSchema('machine'), response: { 200: DemandVsSalesSchema } } }, async (request) => {
    const userId = signedInUser(request).id;
    const machine = await ownedMachine(ctx.db, userId, request.params.id);
    return demandVsSalesOf(ctx.db, await loadDemandInputs(ctx.db, userId, machine.id, new Date()), machine.id);
  });
}
