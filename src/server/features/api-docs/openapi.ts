import { readFileSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import swagger, { type SwaggerTransform } from '@fastify/swagger';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import { ApiErrorSchema, FileResponseSchema } from '../../../shared/api-error.js';
import type { RouteScope } from '../../route-scopes.js';
import { SESSION_COOKIE } from '../../sessions.js';

export const OPENAPI_VERSION = '3.1.0';

/** Read once: the description names the release it describes. Same depth from src/ and dist/. */
const packageVersion = (JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

export const SECURITY_SCHEMES = {
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: 'The session a browser gets by signing in (`POST /api/auth/login`). HttpOnly; the web app sends it by itself.',
  },
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description: 'A personal API token (Settings), sent as `Authorization: Bearer <token>`: for scripts calling the operator API.',
  },
} satisfies Record<string, OpenAPIV3_1.SecuritySchemeObject>;

type SecurityRequirement = Record<keyof typeof SECURITY_SCHEMES, string[]>;
/** Who must be signed in to call a scope's routes; either requirement of a list is enough. */
const SCOPE_SECURITY: Partial<Record<RouteScope, Partial<SecurityRequirement>[]>> = {
  operator: [{ sessionCookie: [] }, { bearerAuth: [] }],
  account: [{ sessionCookie: [] }],
  admin: [{ sessionCookie: [] }],
  affiliate: [{ sessionCookie: [] }],
};

const SCOPE_LABELS: Record<Exclude<RouteScope, 'files'>, { name: string; description: string }> = {
  public: { name: 'Public', description: 'Anyone may call these; no session is needed. Some answer more to a signed-in owner.' },
  account: { name: 'Account', description: 'Any signed-in user, whatever the role.' },
  operator: { name: 'Operator', description: 'Signed-in operators and admins: a session cookie, or a personal API token.' },
  admin: { name: 'Admin', description: 'Administrators only.' },
  affiliate: { name: 'Affiliate', description: 'Members of the affiliate program.' },
  webhook: { name: 'Webhooks (incoming)', description: 'Other services calling VendVote; each call proves itself by a signature or a signed link, not a session.' },
};

/** URL segments that belong to one feature under another name, so a feature's calls share one tag. */
const FEATURE_OF_SEGMENT: Record<string, string> = {
  login: 'auth',
  logout: 'auth',
  'qr-code': 'machines',
  dashboard: 'stats',
  stripe: 'billing',
  printify: 'magnets',
  'magnet-quote': 'magnets',
  'magnet-orders': 'magnets',
  resources: 'resources hub',
  'catalog-items': 'resources hub',
  'affiliate-config': 'retail affiliates',
  'affiliate-test': 'retail affiliates',
  affiliate: 'affiliates',
  'affiliate-stats': 'affiliates',
  'affiliate-payouts': 'affiliates',
  'contact-messages': 'contact',
};

/** Only the API is described: pages, built files and these docs themselves are left out. */
export function isDocumentedRoute(route: Pick<RouteOptions, 'url' | 'config' | 'schema' | 'method'>): boolean {
  const scope = route.config?.scope;
  return route.method !== 'HEAD' && scope !== undefined && scope !== 'files' && route.url.startsWith('/api/') && !(route.schema as FastifySchema | undefined)?.hide;
}

/** The tag of a route: who may call it and which feature it belongs to, e.g. 'Operator · Machines'. */
export function tagOf(scope: Exclude<RouteScope, 'files'>, url: string): string {
  const label = SCOPE_LABELS[scope].name;
  if (scope === 'webhook') return label;
  const segments = url.split('/').filter(Boolean).slice(1);
  const segment = (scope === 'admin' && segments[0] === 'admin' ? segments[1] : segments[0]) ?? 'other';
  const feature = (FEATURE_OF_SEGMENT[segment] ?? segment).replace(/-/g, ' ');
  return `${label} · ${feature.charAt(0).toUpperCase()}${feature.slice(1)}`;
}

const FILE_TYPES: [RegExp, string][] = [
  [/\.pdf$/, 'application/pdf'],
  [/\.csv$/, 'text/csv'],
  [/\.png$/, 'image/png'],
];

/**
 * Schemas described once under components and referred to: every route answers errors alike, and
 * repeating that shape on each of 200 operations would only weigh the document down. A registry of
 * our own rather than zod's global one, so naming a schema here changes nothing elsewhere.
 */
const componentSchemas = z.registry<{ id: string }>();
componentSchemas.add(ApiErrorSchema, { id: 'ApiError' });
const zodTransform = createJsonSchemaTransform({ schemaRegistry: componentSchemas });
const zodTransformObject = createJsonSchemaTransformObject({ schemaRegistry: componentSchemas });

/** A file answer's media type: the route's `produces`, else its extension, else any bytes. */
function fileMediaTypes(schema: FastifySchema, url: string): readonly string[] {
  if (schema.produces?.length) return schema.produces;
  return [FILE_TYPES.find(([pattern]) => pattern.test(url))?.[1] ?? 'application/octet-stream'];
}

/** Marks an operation whose schemas could not be converted; the test of the description looks for it. */
export const SCHEMA_ERROR_EXTENSION = 'x-schema-error';

/**
 * The route's zod schemas as JSON Schema. One schema zod cannot express must not take the whole
 * description down: that route is still listed, marked, without its schemas.
 */
function describeSchemas(input: Parameters<SwaggerTransform>[0], schema: FastifySchema): ReturnType<SwaggerTransform> {
  try {
    return zodTransform({ ...input, schema });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { url: input.url, schema: { description: 'Its schemas could not be described.', [SCHEMA_ERROR_EXTENSION]: reason } as FastifySchema };
  }
}

/**
 * The zod type provider's transform, then what only we know: tags and security from the route's
 * scope, and file answers described as files rather than as JSON (their media type on their own
 * status, so error answers stay JSON).
 */
const transform: SwaggerTransform = (input) => {
  const { route } = input;
  if (!isDocumentedRoute(route)) return { schema: { hide: true }, url: input.url };
  const scope = route.config!.scope as Exclude<RouteScope, 'files'>;
  const source = (input.schema ?? {}) as FastifySchema;
  const { produces: _produces, ...withoutProduces } = source;
  const converted = describeSchemas(input, withoutProduces);
  const schema = converted.schema as FastifySchema & { response?: Record<string, unknown> };

  // A file answers bytes of its media type; a route's `produces` names the type of its success answers.
  for (const [status, response] of Object.entries((source.response ?? {}) as Record<string, unknown>)) {
    const isFile = response === FileResponseSchema;
    const types = isFile ? fileMediaTypes(source, route.url) : /^2/.test(status) ? source.produces : undefined;
    const convertedResponse = schema.response?.[status] as { description?: string } | undefined;
    if (!types?.length || !convertedResponse) continue;
    const body = (type: string) => (isFile ? { type: 'string', contentMediaType: type } : convertedResponse);
    const content = Object.fromEntries(types.map((type) => [type, { schema: body(type) }]));
    schema.response![status] = { description: (isFile ? FileResponseSchema.description : convertedResponse.description) ?? 'Default Response', content };
  }

  // Token management itself takes a browser session only (api-tokens.routes.ts), so a token cannot mint more.
  const sessionOnly = (route.config as { sessionOnly?: boolean } | undefined)?.sessionOnly === true;
  const security = sessionOnly ? [{ sessionCookie: [] }] : SCOPE_SECURITY[scope];
  return { url: converted.url, schema: { ...schema, tags: [tagOf(scope, route.url)], ...(security ? { security } : {}) } };
};

const STATUS_RANGES: Record<string, string> = { '2XX': 'Success', '4XX': 'Refused: see the message', '5XX': 'Server error' };

/**
 * The named component schemas, a description for every answer (by its status when the schema gave
 * none), and the tags with what each scope means, in the order a reader meets them: public first,
 * webhooks last.
 */
const transformObject = (document: { openapiObject: Partial<OpenAPIV3_1.Document> }) => {
  const openapiObject = zodTransformObject(document as never) as Partial<OpenAPIV3_1.Document>;
  const used = new Set<string>();
  for (const path of Object.values(openapiObject.paths ?? {})) {
    for (const operation of Object.values(path ?? {}) as OpenAPIV3_1.OperationObject[]) {
      for (const tag of operation.tags ?? []) used.add(tag);
      for (const [status, response] of Object.entries(operation.responses ?? {}) as [string, OpenAPIV3_1.ResponseObject][]) {
        if (response.description === 'Default Response') response.description = STATUS_RANGES[status] ?? STATUS_CODES[status] ?? 'Answer';
      }
    }
  }
  const schemas = { ...openapiObject.components?.schemas };
  // The error shape is only ever answered, never sent: its input twin would be an unused component.
  delete schemas.ApiErrorInput;
  const scopeOrder = Object.values(SCOPE_LABELS).map((label) => label.name);
  const rank = (tag: string) => scopeOrder.findIndex((name) => tag === name || tag.startsWith(`${name} · `));
  const tags = [...used]
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
    .map((name) => ({ name, description: Object.values(SCOPE_LABELS)[rank(name)]?.description }));
  return { ...openapiObject, components: { ...openapiObject.components, schemas }, tags };
};

/**
 * Collects every route for the OpenAPI description; register before the route scopes, as it
 * learns of routes as they are added. The document is built at its first request and kept.
 */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string) {
  await app.register(swagger, {
    openapi: {
      openapi: OPENAPI_VERSION,
      info: {
        title: 'VendVote API',
        version: packageVersion,
        description:
          'The HTTP API of VendVote: JSON in and out, integer ids, ISO-8601 timestamps. Errors answer ' +
          '`{"message": "...", "errors": {"field": "..."}}`. Calls that change state from a browser must come from this site.',
      },
      servers: [{ url: publicUrl, description: 'This server' }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    // Paths stay as routed, whatever path PUBLIC_URL has.
    stripBasePath: false,
    // 3.1 has `const`; an enum of one value would say the same less plainly.
    convertConstToEnum: false,
    transform,
    transformObject: transformObject as never,
  });
}
