import type { FastifyInstance } from 'fastify';

/**
 * Text that PostgreSQL refuses is cleaned once, before any route sees it: a lone UTF-16 surrogate
 * (valid in JSON, but no character; PostgreSQL refuses it inside jsonb, such as a mail job's data)
 * becomes U+FFFD, and NUL (which a text column cannot hold) is dropped. Doing it here, for every
 * JSON body, query string and path parameter, means no route can answer 500 for them, however its schema reads.
 */

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function cleanText(text: string): string {
  return text.replace(LONE_SURROGATE, '\uFFFD').replaceAll('\u0000', '');
}

const isPlainObject = (value: object): value is Record<string, unknown> => {
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
};

/** Cleans every string of parsed JSON (keys too); buffers, files and other objects pass as they are. */
export function cleanStrings(value: unknown): unknown {
  if (typeof value === 'string') return cleanText(value);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(cleanStrings);
  if (!isPlainObject(value)) return value;
  return cleanRecord(value);
}

/** A record's keys and values cleaned. The query string parser's records have a prototype of their own. */
function cleanRecord(value: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).map(([key, entry]) => [cleanText(key), cleanStrings(entry)]));
}

export function registerTextCleaning(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (request.body !== undefined) request.body = cleanStrings(request.body);
    if (request.query && typeof request.query === 'object') request.query = cleanRecord(request.query);
    if (request.params && typeof request.params === 'object') request.params = cleanRecord(request.params);
  });
}
