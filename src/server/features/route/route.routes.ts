import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { VendingIssueSchema } from '../../../shared/feedback.schemas.js';
import { idParamsSchema } from '../../../shared/ids.js';
import {
  ROUTE_API,
  ROUTE_ORDER_API,
  RouteDaySchema,
  RouteDoneSchema,
  RouteFillsInputSchema,
  RouteFillsSchema,
  RouteIssueInputSchema,
  RouteKeyInputSchema,
  RouteOrderInputSchema,
  RouteOrderSchema,
  routeDoneApi,
  routeFillsApi,
  routeIssuesApi,
  routeResolveApi,
} from '../../../shared/route.schemas.js';
import { memberOf } from '../teams/team-of-request.js';
import { markVisitDone, noteRouteIssue, recordRouteFills, resolveRouteIssue } from './route-actions.service.js';
import { readRouteDay } from './route-day.service.js';
import { saveRouteOrder } from './route-order.service.js';

/** The route screens' calls: everyone who restocks (drivers on their assigned machines alone); viewers read. */
const onTheRoute = { teamAccess: 'route' as const };

/** The day on the road (issue 31): the machines to visit, and what a member records at each. */
export async function routeRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;

  app.get(ROUTE_API, { config: onTheRoute, schema: { response: { 200: RouteDaySchema } } }, async (request, reply) => {
    // The phone keeps its own copy for the road (the route's service worker); nothing in between may.
    reply.header('cache-control', 'private, no-store');
    return readRouteDay(ctx, memberOf(request));
  });

  app.put(ROUTE_ORDER_API, { config: onTheRoute, schema: { body: RouteOrderInputSchema, response: { 200: RouteOrderSchema } } }, async (request) =>
    saveRouteOrder(ctx, memberOf(request), request.body.machineIds),
  );

  app.post(
    routeFillsApi(':id'),
    { config: onTheRoute, schema: { params: idParamsSchema('machine'), body: RouteFillsInputSchema, response: { 201: RouteFillsSchema } } },
    async (request, reply) => {
      return reply.status(201).send(await recordRouteFills(ctx, memberOf(request), request.params.id, request.body));
    },
  );

  app.post(
    routeIssuesApi(':id'),
    { config: onTheRoute, schema: { params: idParamsSchema('machine'), body: RouteIssueInputSchema, response: { 201: VendingIssueSchema } } },
    async (request, reply) => {
      return reply.status(201).send(await noteRouteIssue(ctx, memberOf(request), request.params.id, request.body));
    },
  );

  app.post(
    routeResolveApi(':id'),
    { config: onTheRoute, schema: { params: idParamsSchema('issue'), body: RouteKeyInputSchema, response: { 200: VendingIssueSchema } } },
    async (request, reply) => {
      return reply.status(200).send(await resolveRouteIssue(ctx, memberOf(request), request.params.id, request.body));
    },
  );

  app.post(
    routeDoneApi(':id'),
    { config: onTheRoute, schema: { params: idParamsSchema('machine'), body: RouteKeyInputSchema, response: { 201: RouteDoneSchema } } },
    async (request, reply) => {
      return reply.status(201).send(await markVisitDone(ctx, memberOf(request), request.params.id, request.body));
    },
  );
}
