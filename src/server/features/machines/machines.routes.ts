import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MachineIdParamsSchema, MachineInputSchema, MachineUpdateSchema } from '../../../shared/machines.schemas.js';
import { currentUser, operatorOnly, requireOperator } from '../auth/guards.js';
import { addMachine, deleteMachine, getMachineView, listMachines, toMachine, updateMachine } from './machines.service.js';
import { qrCodeRoutes } from './qr-codes.routes.js';

export async function machinesRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.get('/api/machines', async (request) => {
    const user = await requireOperator(ctx, request);
    return (await listMachines(ctx, user.id)).map(toMachine);
  });

  // Public: the vote page reads a machine's name and location; only the owner sees the rest.
  app.get('/api/machines/:id', { schema: { params: MachineIdParamsSchema } }, async (request) => {
    const viewer = await currentUser(ctx, request);
    return getMachineView(ctx, request.params.id, viewer?.id ?? null);
  });

  app.post('/api/machines', { onRequest: operatorOnly(ctx), schema: { body: MachineInputSchema } }, async (request, reply) => {
    const user = await requireOperator(ctx, request);
    const machine = await addMachine(ctx, user.id, request.body);
    return reply.status(201).send(toMachine(machine));
  });

  app.patch('/api/machines/:id', { onRequest: operatorOnly(ctx), schema: { params: MachineIdParamsSchema, body: MachineUpdateSchema } }, async (request) => {
    const user = await requireOperator(ctx, request);
    return toMachine(await updateMachine(ctx, user.id, request.params.id, request.body));
  });

  app.delete('/api/machines/:id', { onRequest: operatorOnly(ctx), schema: { params: MachineIdParamsSchema } }, async (request) => {
    const user = await requireOperator(ctx, request);
    await deleteMachine(ctx, user.id, request.params.id);
    return { id: request.params.id, deleted: true };
  });

  await server.register(qrCodeRoutes);
}
