import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LiveMessages } from '../../../shared/live.schemas.js';
import { MachineIdParamsSchema } from '../../../shared/machines.schemas.js';
import { HttpError } from '../../http-errors.js';
import { signedInUser } from '../../route-scopes.js';
import { machinePageTarget } from '../vote-page/vote-page.service.js';

/** Declared for the route table and the API description; a stream is sent as it is, never serialized. */
const EventStreamResponse = { 200: z.string().describe('A stream of server-sent events (text/event-stream)') };
/** How the API description names what these routes answer. */
const produces = ['text/event-stream'];
// Compressing would hold events back until a compression block fills.
const streamConfig = { compress: false } as const;

// A browser's EventSource retries by itself; Retry-After tells other clients when to.
const tooManyStreams = () => new HttpError(429, LiveMessages.tooManyStreams, undefined, { 'retry-after': '30' });

/** `GET /api/live`: the signed-in operator's events (votes, suggestions, issues) while the tab is open. */
export async function liveRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.get('/api/live', { schema: { response: EventStreamResponse, produces }, config: streamConfig }, async (request, reply) => {
    const ownerId = signedInUser(request).id;
    if (!server.liveStreams.canOpenForOwner(ownerId)) throw tooManyStreams();
    return server.liveStreams.openForOwner(request, reply, ownerId);
  });
}

/** `GET /api/vote-page/{id}/live`: that a count on the machine's vote page moved, so the page reads it again. */
export async function livePublicRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;
  app.get(
    '/api/vote-page/:id/live',
    { schema: { params: MachineIdParamsSchema, response: EventStreamResponse, produces }, config: streamConfig },
    async (request, reply) => {
      const { machine } = await machinePageTarget(ctx, request.params.id);
      if (!server.liveStreams.canOpenForMachine(machine!.id)) throw tooManyStreams();
      return server.liveStreams.openForMachine(request, reply, machine!.id);
    },
  );
}
