import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { ApiErrorSchema } from '../shared/api-error.js';
import type { CurrentUser } from '../shared/auth.schemas.js';
import type { AppContext } from './context.js';
import { apiTokenRateLimit } from './features/api-tokens/api-token-auth.js';
import { requireAdmin, requireAffiliate, requireOperator, requireUser } from './features/auth/guards.js';
import { unauthorized } from './http-errors.js';

/**
 * Who may call a route. Each route lives in exactly one scope, and the scope's one guard decides
 * before the body is read, so no handler checks again and none can forget to.
 * - public: anyone; a handler that cares who is asking reads `currentUser` itself.
 * - account: any signed-in user, whatever the role.
 * - operator: signed-in operators and admins (spec 6), or a personal API token of one (read-only
 *   tokens only for GET and HEAD; a route with `config: { sessionOnly: true }` takes no token).
 * - admin: administrators only.
 * - affiliate: members of the affiliate program (affiliates, and operators who also refer).
 * - webhook: other services calling us; they prove themselves by signature, the raw body is kept
 *   for that, and the same-origin check does not apply.
 * - files: built assets served as they are.
 */
export const ROUTE_SCOPES = ['public', 'account', 'operator', 'admin', 'affiliate', 'webhook', 'files'] as const;
export type RouteScope = (typeof ROUTE_SCOPES)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    scope?: RouteScope;
  }
  interface FastifyRequest {
    /** Set by the account, operator, admin and affiliate scopes' guard; null elsewhere. */
    user: CurrentUser | null;
    /** The body as received, on webhook routes (signatures are computed over the exact bytes). */
    rawBody?: Buffer;
    /** The session this request was signed in by (its sid), set with `user`. */
    sessionId?: string;
    /** The team that session has in use, if it chose one (decision 0054). */
    sessionTeamId?: number | null;
  }
  interface FastifyInstance {
    /** Every route as registered, for the test that holds each to a scope and a response schema. */
    routeTable: RouteOptions[];
  }
}

type Guard = (ctx: AppContext, request: FastifyRequest) => Promise<CurrentUser>;
const GUARDS: Partial<Record<RouteScope, Guard>> = { account: requireUser, operator: requireOperator, admin: requireAdmin, affiliate: requireAffiliate };

/** Every JSON route answers errors in one shape; declared once here rather than on each route. */
const ERROR_RESPONSES = { '4xx': ApiErrorSchema, '5xx': ApiErrorSchema };

export type RoutePlugin = (app: FastifyInstance) => Promise<void>;

/** An encapsulated Fastify scope holding the given route plugins behind the scope's guard. */
export function routeScope(scope: RouteScope, plugins: RoutePlugin[]) {
  return async (instance: FastifyInstance) => {
    instance.addHook('onRoute', (route) => {
      route.config = { ...route.config, scope };
      if (scope !== 'files' && route.schema?.response) {
        route.schema.response = { ...ERROR_RESPONSES, ...(route.schema.response as object) };
      }
    });
    const guard = GUARDS[scope];
    if (guard) {
      const { ctx } = instance;
      instance.addHook('onRequest', async (request) => {
        request.user = await guard(ctx, request);
      });
    }
    // Only the operator scope accepts API tokens (its guard); each token's calls are counted after it.
    if (scope === 'operator') instance.addHook('onRequest', apiTokenRateLimit(instance));
    if (scope === 'webhook') {
      instance.removeAllContentTypeParsers();
      instance.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
        request.rawBody = body as Buffer;
        try {
          done(null, JSON.parse((body as Buffer).toString('utf8')));
        } catch {
          done(Object.assign(new Error('The request body is not valid JSON.'), { statusCode: 400 }), undefined);
        }
      });
    }
    for (const plugin of plugins) await instance.register(plugin);
  };
}

/** Records every route of the app; call first, on the root instance. */
export function recordRoutes(app: FastifyInstance) {
  const table: RouteOptions[] = [];
  app.decorate('routeTable', table);
  app.decorateRequest('user', null);
  app.addHook('onRoute', (route) => {
    table.push(route);
  });
}

/** The signed-in user of a request in a guarded scope (account, operator, admin). */
export function signedInUser(request: FastifyRequest): CurrentUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
