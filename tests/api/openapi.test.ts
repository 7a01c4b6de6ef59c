import { readFileSync, rmSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { z } from 'zod';
import { MachineSchema } from '../../src/shared/machines.schemas.js';
import { renderApiReference } from '../../src/server/features/api-docs/api-docs.html.js';
import { registerOpenApi, SCHEMA_ERROR_EXTENSION } from '../../src/server/features/api-docs/openapi.js';
import { recordRoutes, routeScope } from '../../src/server/route-scopes.js';
import { SESSION_COOKIE } from '../../src/server/sessions.js';
import { createTestApp, fakeWebBuild, type TestApp } from '../support/index.js';

type Document = OpenAPIV3_1.Document;
type Operation = OpenAPIV3_1.OperationObject;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

let t: TestApp;
let webDir: string;
let document: Document;
let operations: { key: string; path: string; method: string; operation: Operation }[];

beforeAll(async () => {
  webDir = fakeWebBuild();
  t = await createTestApp({ webDir });
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  document = res.json();
  operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((method) => item?.[method]).map((method) => ({ key: `${method.toUpperCase()} ${path}`, path, method, operation: item![method]! })),
  );
});
afterAll(async () => {
  await t?.close();
  rmSync(webDir, { recursive: true, force: true });
});

const operationAt = (method: string, path: string) => operations.find((entry) => entry.key === `${method} ${path}`)?.operation;
const successSchema = (operation: Operation | undefined, status = '200') =>
  (operation?.responses?.[status] as OpenAPIV3_1.ResponseObject | undefined)?.content?.['application/json']?.schema as Record<string, unknown> | undefined;

/** Every schema object the operations hold: parameters, request bodies and answers. */
function operationSchemas(): [string, object][] {
  return operations.flatMap(({ key, operation }) => [
    ...((operation.parameters ?? []) as OpenAPIV3_1.ParameterObject[]).map((parameter): [string, object] => [`${key} ${parameter.name}`, parameter.schema as object]),
    ...Object.entries((operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined)?.content ?? {}).map(([type, media]): [string, object] => [`${key} body ${type}`, media.schema as object]),
    ...Object.entries(operation.responses ?? {}).flatMap(([status, response]) =>
      Object.entries((response as OpenAPIV3_1.ResponseObject).content ?? {}).map(([type, media]): [string, object] => [`${key} ${status} ${type}`, media.schema as object]),
    ),
  ]);
}

describe('GET /api/openapi.json', () => {
  test('is a valid OpenAPI 3.1 document naming this API', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as never);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(document.openapi).toBe('3.1.0');
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    expect(document.info).toMatchObject({ title: 'VendVote API', version });
    expect(document.servers).toEqual([expect.objectContaining({ url: 'http://vendvote.test' })]);
  });

  test('the schemas of every route convert', () => {
    const unconverted = operations.filter(({ operation }) => SCHEMA_ERROR_EXTENSION in operation).map(({ key, operation }) => `${key}: ${String((operation as Record<string, unknown>)[SCHEMA_ERROR_EXTENSION])}`);
    expect(unconverted).toEqual([]);
  });

  test('every schema in it is valid JSON Schema 2020-12, with no OpenAPI 3.0 leftovers', () => {
    // The OpenAPI meta-schema leaves schema objects open, so each is compiled on its own; strict
    // mode refuses unknown keywords, such as 3.0's `nullable`, which 3.1 readers would ignore.
    const ajv = new Ajv2020({ strict: true, strictRequired: false, allowUnionTypes: true, validateFormats: false });
    ajv.addKeyword('components');
    const schemas = operationSchemas();
    expect(schemas.length).toBeGreaterThan(200);
    const invalid = schemas.flatMap(([label, schema]) => {
      try {
        ajv.compile({ components: document.components, ...schema });
        return [];
      } catch (error) {
        return [`${label}: ${(error as Error).message}`];
      }
    });
    expect(invalid).toEqual([]);
  });

  test('describes every API route, and nothing else', () => {
    const hidden = (route: RouteOptions) =>
      route.config?.scope === 'files' || !route.url.startsWith('/api/') || route.url === '/api/openapi.json' || route.url === '/api/docs';
    const routes = t.app.routeTable.flatMap((route) => (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({ ...route, method })));
    const expected = routes
      .filter((route) => route.method !== 'HEAD' && !hidden(route))
      .map((route) => `${String(route.method)} ${route.url.replace(/:([A-Za-z]+)/g, '{$1}')}`);
    expect(new Set(operations.map((entry) => entry.key))).toEqual(new Set(expected));
    expect(expected.length).toBeGreaterThan(150);
    // The walk saw the hidden kinds too, so leaving them out is a choice, not an accident.
    expect(routes.some((route) => route.config?.scope === 'files')).toBe(true);
    expect(routes.some((route) => route.url === '/vote/*')).toBe(true);
  });

  test('each operation is tagged by its scope and feature, with the sign-in its scope asks for', () => {
    const keyOf = (route: RouteOptions) => `${String(route.method)} ${route.url.replace(/:([A-Za-z]+)/g, '{$1}')}`;
    const scopes = new Map(t.app.routeTable.map((route) => [keyOf(route), route.config?.scope]));
    // Token management takes a browser session only, so a token cannot make more tokens.
    const sessionOnly = new Set(t.app.routeTable.filter((route) => (route.config as { sessionOnly?: boolean }).sessionOnly).map(keyOf));
    expect(sessionOnly).toContain('POST /api/settings/api-tokens');
    const wrong = operations.flatMap(({ key, operation }) => {
      const scope = sessionOnly.has(key) ? 'account' : scopes.get(key);
      const schemes = (operation.security ?? []).map((requirement) => Object.keys(requirement).join('+')).sort();
      const expected = { operator: ['bearerAuth', 'sessionCookie'], account: ['sessionCookie'], admin: ['sessionCookie'], affiliate: ['sessionCookie'] }[scope as string] ?? [];
      const problems: string[] = [];
      if (JSON.stringify(schemes) !== JSON.stringify(expected)) problems.push(`${key}: security ${schemes.join(',')}`);
      if (operation.tags?.length !== 1) problems.push(`${key}: tags ${String(operation.tags)}`);
      return problems;
    });
    expect(wrong).toEqual([]);
    expect(operationAt('GET', '/api/machines')?.tags).toEqual(['Operator · Machines']);
    expect(operationAt('GET', '/api/machines/{id}')?.tags).toEqual(['Public · Machines']);
    expect(operationAt('PATCH', '/api/admin/users/{id}/plan')?.tags).toEqual(['Admin · Users']);
    expect(operationAt('POST', '/api/stripe/webhook')?.tags).toEqual(['Webhooks (incoming)']);
    expect(document.components?.securitySchemes).toEqual({
      sessionCookie: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: SESSION_COOKIE }),
      bearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
    const tagNames = (document.tags ?? []).map((tag) => tag.name);
    expect(new Set(tagNames)).toEqual(new Set(operations.map(({ operation }) => operation.tags![0])));
    expect(tagNames[0]).toMatch(/^Public · /);
    expect(tagNames.at(-1)).toBe('Webhooks (incoming)');
  });

  test('answers are described from the route schemas', () => {
    const machines = successSchema(operationAt('GET', '/api/machines'));
    expect(machines?.type).toBe('array');
    const machine = machines?.items as { properties: Record<string, { type: unknown }>; required: string[] };
    expect(Object.keys(machine.properties).sort()).toEqual(Object.keys(MachineSchema.shape).sort());
    expect(machine.properties.id!.type).toBe('integer');
    expect(machine.required).toContain('name');

    const created = operationAt('POST', '/api/machines');
    expect(successSchema(created, '201')?.properties).toHaveProperty('serialNumber');
    const body = (created?.requestBody as OpenAPIV3_1.RequestBodyObject).content['application/json']!.schema as { properties: object; required: string[] };
    expect(body.properties).toHaveProperty('name');
    expect(body.required).toContain('name');

    const removed = successSchema(operationAt('DELETE', '/api/machines/{id}'));
    expect(removed?.properties).toEqual({ id: expect.objectContaining({ type: 'integer' }), deleted: { type: 'boolean', const: true } });
    expect(operationAt('DELETE', '/api/machines/{id}')?.parameters).toEqual([expect.objectContaining({ in: 'path', name: 'id', required: true })]);

    // Errors share one named shape; files are described as files, not as JSON.
    expect(operationAt('GET', '/api/machines')?.responses?.['4XX']).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } } });
    expect(document.components?.schemas?.ApiError).toMatchObject({ properties: { message: { type: 'string' } }, required: ['message'] });
    expect(operationAt('GET', '/api/qr-code/sheet.pdf')?.responses?.['200']).toMatchObject({ content: { 'application/pdf': { schema: { type: 'string' } } } });

    const undescribed = operations.flatMap(({ key, operation }) =>
      Object.entries(operation.responses ?? {})
        .filter(([, response]) => !(response as OpenAPIV3_1.ResponseObject).description || (response as OpenAPIV3_1.ResponseObject).description === 'Default Response')
        .map(([status]) => `${key} ${status}`),
    );
    expect(undescribed).toEqual([]);
  });

  test('holds no secret: no stored credential among the answers, no setting of the server', () => {
    // Shown-once values (a new API token, recovery codes, a two-factor setup key) are answers by
    // design; what must never appear is what the server keeps to check them.
    const storedSecret = /(hash|salt)$|^password$|^secret$|secretKey$|apiKey$|^encrypted|^sealed|sessionSecret/i;
    const leaks: string[] = [];
    const walk = (schema: unknown, where: string) => {
      if (!schema || typeof schema !== 'object') return;
      for (const [keyword, value] of Object.entries(schema)) {
        if (keyword === 'properties' && value && typeof value === 'object') {
          for (const name of Object.keys(value)) if (storedSecret.test(name)) leaks.push(`${where}: ${name}`);
        }
        walk(value, where);
      }
    };
    for (const { key, operation } of operations) walk(operation.responses, key);
    expect(leaks).toEqual([]);
    const text = JSON.stringify(document);
    for (const secret of ['test-session-secret', 'test-ip-hash-key', 'test-encryption-key']) expect(text).not.toContain(secret);
  });

  test('needs no session, may be cached and revalidated, and is built once', async () => {
    const swagger = vi.spyOn(t.app, 'swagger');
    const first = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    expect(first.headers['set-cookie']).toBeUndefined();
    const etag = String(first.headers.etag);
    const again = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const signedIn = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { cookie: `${SESSION_COOKIE}=not-a-session` } });
    expect(signedIn.body).toBe(first.body);
    // The JSON was built at the first request (in beforeAll) and kept; the page is built from the
    // document at its own first request, once.
    expect(swagger).not.toHaveBeenCalled();
    for (let i = 0; i < 3; i += 1) expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(200);
    expect(swagger).toHaveBeenCalledTimes(1);
    swagger.mockRestore();
  });
});

describe('a schema zod cannot describe', () => {
  test('marks its route and leaves the rest of the description whole', async () => {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate('ctx', t.app.ctx);
    recordRoutes(app);
    await registerOpenApi(app, 'http://probe.test');
    // Recursive at its root and named nowhere: zod cannot refer to it.
    const Tree: z.ZodType = z.object({ name: z.string(), get children() { return z.array(Tree); } });
    const plugin = async (scope: FastifyInstance) => {
      const typed = scope.withTypeProvider<ZodTypeProvider>();
      typed.get('/api/tree', { schema: { response: { 200: Tree } } }, async () => ({ name: 'root', children: [] }));
      typed.get('/api/fine', { schema: { response: { 200: z.object({ ok: z.boolean() }) } } }, async () => ({ ok: true }));
    };
    await app.register(routeScope('public', [plugin]));
    await app.ready();
    const probe = app.swagger() as Document;
    expect(probe.paths?.['/api/tree']?.get).toMatchObject({ [SCHEMA_ERROR_EXTENSION]: expect.stringContaining('unnamed schema'), tags: ['Public · Tree'] });
    expect(successSchema(probe.paths?.['/api/fine']?.get)).toMatchObject({ properties: { ok: { type: 'boolean' } } });
    expect((await new Validator().validate(structuredClone(probe) as never)).valid).toBe(true);
    await app.close();
  });
});

describe('GET /api/docs', () => {
  let html: string;
  beforeAll(async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    expect(res.headers['set-cookie']).toBeUndefined();
    // The site's policy holds as it is: the page runs no script.
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    html = res.body;
  });

  test('lists every operation under its tag, with sign-in, parameters and answers', () => {
    expect(html.match(/<article class="operation"/g)).toHaveLength(operations.length);
    for (const { method, path } of operations) expect(html).toContain(`${method.toUpperCase()}</span> <code class="path">${path}</code>`);
    for (const tag of document.tags ?? []) expect(html).toContain(`>${tag.name}</h2>`);
    const machines = html.slice(html.indexOf('<code class="path">/api/machines</code>'));
    const operation = machines.slice(0, machines.indexOf('</article>'));
    expect(operation).toContain('Sign-in: <a href="#auth-sessioncookie">vv_session cookie</a> or <a href="#auth-bearerauth">API token (Bearer)</a>.');
    expect(operation).toMatch(/<details><summary>Response <span class="status">200<\/span> OK/);
    expect(operation).toContain('<code class="name">serialNumber</code>');
    expect(html).toMatch(/<details><summary>Parameters \(\d+\)<\/summary>/);
    expect(html).toContain('<details><summary>Request body <span class="media">application/json</span></summary>');
    expect(html).toContain('No sign-in needed.');
    expect(html).toContain('<a href="/api/openapi.json">');
  });

  test('is a self-contained, readable page: no script, no outside address, a phone viewport, one h1', () => {
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('<title>VendVote API reference</title>');
    expect(html.match(/<h1[ >]/g)).toHaveLength(1);
    expect(html).not.toMatch(/<script|<link|\son[a-z]+=/i);
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(html).toContain('<a class="skip" href="#operations">');
    expect(html).toContain('<main id="operations"');
  });

  test('escapes whatever the description says', () => {
    const hostile = '<script>alert(1)</script>';
    const page = renderApiReference(
      {
        openapi: '3.1.0',
        info: { title: `API ${hostile}`, version: '1' },
        paths: {
          '/api/x': {
            get: {
              summary: hostile,
              tags: [hostile],
              parameters: [{ name: hostile, in: 'query', schema: { type: 'string', enum: [hostile] } }],
              responses: { '200': { description: hostile, content: { 'application/json': { schema: { type: 'object', properties: { [hostile]: { type: 'string', description: hostile } } } } } } },
            },
          },
        },
      },
      '/api/openapi.json',
    );
    expect(page).not.toContain('<script');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});
