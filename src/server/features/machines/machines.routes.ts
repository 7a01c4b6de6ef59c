import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DeletedSchema } from '../../../shared/api-error.js';
import {
  MachineIdParamsSchema,
  MachineInputSchema,
  MachineSchema,
  MachineUpdateSchema,
  MachineViewSchema,
} from '../../../shared/machines.schemas.js';
import { signedInUser } from '../../route-scopes.js';
import { currentUser } from '../auth/guards.js';
import { addMachine, deleteMachine, getMachineView, listMachines, toMachine, updateMachine } from './machines.service.js';

/** Public: the vote page reads a machine's name and location; only the owner sees the rest. */
export async function machinePublicRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.get('/api/machines/:id', { schema: { params: MachineIdParamsSchema, response: { 200: MachineViewSchema } } }, async (request) => {
    const viewer = await currentUser(ctx, request);
    return getMachineView(ctx, request.params.id, viewer?.id ?? null);
  });
}

export async function machineRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.get('/api/machines', { schema: { response: { 200: z.array(MachineSchema) } } }, async (request) =>
    (await listMachines(ctx, signedInUser(request).id)).map(toMachine),
  );

  app.post('/api/machines', { schema: { body: MachineInputSchema, response: { 201: MachineSchema } } }, async (request, reply) => {
    const machine = await addMachine(ctx, signedInUser(request).id, request.body);
    return reply.status(201).send(toMachine(machine));
  });

  app.patch(
    '/api/machines/:id',
    { schema: { params: MachineIdParamsSchema, body: MachineUpdateSchema, response: { 200: MachineSchema } } },
    async (request) => toMachine(await updateMachine(ctx, signedInUser(request).id, request.params.id, request.body)),
  );

  app.delete('/api/machines/:id', { schema: { params: MachineIdParamsSchema, response: { 200: DeletedSchema } } }, async (request) => {
    await deleteMachine(ctx, signedInUser(request).id, request.params.id);
    return { id: request.params.id, deleted: true as const };
  });
}
