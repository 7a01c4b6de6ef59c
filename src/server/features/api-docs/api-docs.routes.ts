import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import { FileResponseSchema } from '../../../shared/api-error.js';
import { renderApiReference } from './api-docs.html.js';

export const OPENAPI_JSON_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';

/** The routes change only with a release, so a cached copy may be used a while, then revalidated. */
const CACHE_CONTROL = 'public, max-age=300, must-revalidate';

const OpenApiDocumentSchema = z
  .looseObject({ openapi: z.string(), info: z.looseObject({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.unknown()) })
  .meta({ description: 'This OpenAPI description' });

interface Rendered {
  body: string;
  etag: string;
}

const rendered = (body: string): Rendered => ({ body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` });

function sendCached(request: FastifyRequest, reply: FastifyReply, page: Rendered, type: string) {
  reply.header('cache-control', CACHE_CONTROL).header('etag', page.etag).type(type);
  if (request.headers['if-none-match'] === page.etag) return reply.status(304).send();
  return reply.send(page.body);
}

/**
 * The API's OpenAPI description, generated from the routes' zod schemas, and a reference page
 * drawn from it on the server (no script, so the site's content security policy holds as it is).
 * Both are built at their first request and kept: the routes cannot change under a running server.
 * Neither is part of the description itself.
 */
export async function apiDocsRoutes(server: FastifyInstance) {
  let json: Rendered | undefined;
  let html: Rendered | undefined;
  const document = () => server.swagger() as OpenAPIV3_1.Document;

  server.get(OPENAPI_JSON_PATH, { schema: { hide: true, response: { 200: OpenApiDocumentSchema } } }, async (request, reply) => {
    json ??= rendered(JSON.stringify(document()));
    return sendCached(request, reply, json, 'application/json; charset=utf-8');
  });

  server.get(API_DOCS_PATH, { schema: { hide: true, produces: ['text/html'], response: { 200: FileResponseSchema } } }, async (request, reply) => {
    html ??= rendered(renderApiReference(document(), OPENAPI_JSON_PATH));
    return sendCached(request, reply, html, 'text/html; charset=utf-8');
  });
}
