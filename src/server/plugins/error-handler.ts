import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '../../shared/api-error.js';
import { isDatabaseUnavailable } from '../db/connection-errors.js';
import { isPagePath } from '../../shared/page-routes.js';
import { HttpError } from '../http-errors.js';
import { createPageHtmlCache } from './page-html.js';

/** Fastify's own client-error codes, reworded for people. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but JSON was announced.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported; send JSON.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body.',
};

/** Long enough for a restart or failover to finish, short enough that a voter waits for nothing. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
export const DATABASE_UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a moment.';

export function registerErrorHandling(app: FastifyInstance, webDir?: string) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const unknownKeys = issue.keyword === 'unrecognized_keys' ? ((issue.params as { keys?: string[] }).keys ?? []) : [];
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const field = unknownKeys[0] ?? (path || error.validationContext || 'body');
        const message = unknownKeys.length ? `Unknown field: ${unknownKeys.join(', ')}` : (issue.message ?? 'Invalid value');
        errors[field] ??= message;
      }
      const first = Object.values(errors)[0] ?? 'Invalid request';
      return reply.status(400).send({ message: first, errors } satisfies ApiErrorBody);
    }
    if (error instanceof HttpError) {
      const body: ApiErrorBody = { message: error.message };
      if (error.errors) body.errors = error.errors;
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send(body);
    }
    if (isRefusedText(error)) {
      return reply.status(400).send({ message: 'Text may not contain NUL or other characters the database cannot store.' } satisfies ApiErrorBody);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: loggableError(error) }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ message: DATABASE_UNAVAILABLE_MESSAGE } satisfies ApiErrorBody);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = (error.code && FRAMEWORK_MESSAGES[error.code]) ?? error.message;
      return reply.status(status).send({ message } satisfies ApiErrorBody);
    }
    request.log.error({ err: loggableError(error) }, 'request failed');
    return reply.status(500).send({
      message: 'Something went wrong on our side. Please try again.',
      requestId: request.id,
    } satisfies ApiErrorBody);
  });

  const pageHtml = webDir ? createPageHtmlCache(join(webDir, 'index.html'), app.ctx.publicUrl) : undefined;
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api/');
    if (isPage && webDir && pageHtml && existsSync(join(webDir, 'index.html'))) {
      // The web app shows the page, or its 404 page for a path the shared page table lacks; the
      // status says the same, so crawlers and monitors see an unknown path as missing.
      const known = isPagePath(path);
      const { html, etag } = pageHtml(path, known);
      reply.header('cache-control', 'no-cache').header('etag', etag).type('text/html; charset=utf-8');
      if (known && request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.status(known ? 200 : 404).send(html);
    }
    return reply.status(404).send({ message: `No such endpoint: ${request.method} ${path}` });
  });
}

/**
 * What of an unexpected error may be logged. A failed query's error carries its parameters
 * (password hashes, voter ids, tokens), so only the SQL text and the database's own error go out.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const failedQuery = error as Error & { query?: unknown; params?: unknown; cause?: unknown };
  if (typeof failedQuery.query === 'string' && 'params' in failedQuery) {
    const cause = failedQuery.cause as (Error & { code?: string }) | undefined;
    return {
      type: error.name,
      query: failedQuery.query.replace(/\s+/g, ' ').trim(),
      cause: cause ? { message: cause.message, code: cause.code, stack: cause.stack } : undefined,
    };
  }
  return { type: error.name, message: error.message, stack: error.stack, code: (error as { code?: unknown }).code };
}

/** PostgreSQL refuses a NUL character (and invalid byte sequences) in text: the input's fault. */
function isRefusedText(error: unknown): boolean {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  return cause?.code === '22021' || cause?.code === '22P05';
}
