import type { OpenAPIV3_1 } from 'openapi-types';
import { escapeHtml } from '../../plugins/page-html.js';

/** JSON Schema as the description holds it; read loosely, since zod emits any keyword it likes. */
type JsonSchema = { [keyword: string]: unknown };

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const COMPONENT_PREFIX = '#/components/schemas/';
/** Deeper than any payload of ours; it only stops a schema that would nest without end. */
const MAX_DEPTH = 8;
const MAX_ENUM_SHOWN = 16;

interface Operation {
  method: (typeof METHODS)[number];
  path: string;
  operation: OpenAPIV3_1.OperationObject;
}

const asSchema = (value: unknown): JsonSchema | undefined => (value && typeof value === 'object' && !Array.isArray(value) ? (value as JsonSchema) : undefined);
const schemaList = (value: unknown): JsonSchema[] => (Array.isArray(value) ? value.map(asSchema).filter((schema) => schema !== undefined) : []);
const componentName = (schema: JsonSchema) => (typeof schema.$ref === 'string' && schema.$ref.startsWith(COMPONENT_PREFIX) ? schema.$ref.slice(COMPONENT_PREFIX.length) : undefined);
const anchor = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
const capitalized = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
const json = (value: unknown) => escapeHtml(JSON.stringify(value) ?? 'undefined');

/** Escaped text where `code` spans, as the descriptions write them, become code. */
const prose = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');

function typeLabel(schema: JsonSchema): string {
  const name = componentName(schema);
  if (name) return `<a href="#schema-${anchor(name)}">${escapeHtml(name)}</a>`;
  if ('const' in schema) return json(schema.const);
  if (Array.isArray(schema.enum)) {
    const shown = schema.enum.slice(0, MAX_ENUM_SHOWN).map(json).join(' | ');
    return schema.enum.length > MAX_ENUM_SHOWN ? `${shown} | … (${schema.enum.length - MAX_ENUM_SHOWN} more)` : shown;
  }
  const members = [...schemaList(schema.anyOf), ...schemaList(schema.oneOf)];
  if (members.length > 0) return members.map(typeLabel).join(' | ');
  const all = schemaList(schema.allOf);
  if (all.length > 0) return `all of ${all.map(typeLabel).join(', ')}`;
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : [];
  if (types.length === 0) return 'any';
  return types
    .map((type) => {
      if (type === 'array') return `array of ${typeLabel(asSchema(schema.items) ?? {})}`;
      const values = asSchema(schema.additionalProperties);
      if (type === 'object' && !schema.properties && values) return `map of ${typeLabel(values)}`;
      if (type === 'string' && typeof schema.format === 'string') return `string (${escapeHtml(schema.format)})`;
      if (type === 'string' && typeof schema.contentMediaType === 'string') return `file (${escapeHtml(schema.contentMediaType)})`;
      return escapeHtml(type);
    })
    .join(' | ');
}

function constraints(schema: JsonSchema): string {
  const notes: string[] = [];
  const range = (min: unknown, max: unknown, unit: string) => {
    if (typeof min === 'number' && typeof max === 'number') notes.push(`${min}–${max}${unit}`);
    else if (typeof min === 'number' && min > 0) notes.push(`at least ${min}${unit}`);
    else if (typeof max === 'number') notes.push(`at most ${max}${unit}`);
  };
  range(schema.minLength, schema.maxLength, ' characters');
  range(schema.minItems, schema.maxItems, ' items');
  // zod bounds every integer to the safe range; that says nothing a reader needs.
  const unlessSafeBound = (value: unknown) => (typeof value === 'number' && Math.abs(value) === Number.MAX_SAFE_INTEGER ? undefined : value);
  range(unlessSafeBound(schema.minimum), unlessSafeBound(schema.maximum), '');
  if (typeof schema.exclusiveMinimum === 'number') notes.push(`more than ${schema.exclusiveMinimum}`);
  if (typeof schema.exclusiveMaximum === 'number') notes.push(`less than ${schema.exclusiveMaximum}`);
  if (typeof schema.pattern === 'string') notes.push(`matches <code>${escapeHtml(schema.pattern)}</code>`);
  if ('default' in schema) notes.push(`default ${json(schema.default)}`);
  return notes.length ? ` <span class="note">${notes.join(', ')}</span>` : '';
}

const description = (schema: JsonSchema) => (typeof schema.description === 'string' ? `<div class="desc">${prose(schema.description)}</div>` : '');

/** The nested shape under a field, when it has one: an object's fields, an array's items, a union's options. */
function structure(schema: JsonSchema, depth: number): string {
  if (depth > MAX_DEPTH || componentName(schema)) return '';
  if (asSchema(schema.properties)) return fields(schema, depth);
  const items = asSchema(schema.items);
  if (items) return structure(items, depth);
  const options = [...schemaList(schema.anyOf), ...schemaList(schema.oneOf)].map((option) => structure(option, depth)).filter(Boolean);
  if (options.length === 1) return options[0]!;
  if (options.length > 1) return `<ol class="options">${options.map((option) => `<li>One of: ${option}</li>`).join('')}</ol>`;
  return '';
}

function fields(schema: JsonSchema, depth: number): string {
  const properties = Object.entries(asSchema(schema.properties) ?? {});
  if (properties.length === 0) return '<p class="note">An empty object.</p>';
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const items = properties.map(([name, value]) => {
    const property = asSchema(value) ?? {};
    const flag = required.has(name) ? '<span class="req">required</span>' : '<span class="note">optional</span>';
    return `<li><code class="name">${escapeHtml(name)}</code> <span class="type">${typeLabel(property)}</span> ${flag}${constraints(property)}${description(property)}${structure(property, depth + 1)}</li>`;
  });
  return `<ul class="fields">${items.join('')}</ul>`;
}

/** A whole schema: its type and notes, then its shape. */
function schemaBlock(schema: JsonSchema): string {
  const shape = structure(schema, 0);
  const head = asSchema(schema.properties) ? '' : `<p><span class="type">${typeLabel(schema)}</span>${constraints(schema)}</p>`;
  return `${head}${description(schema)}${shape}`;
}

function mediaBlock(content: Record<string, OpenAPIV3_1.MediaTypeObject> | undefined): { types: string; body: string } {
  const entries = Object.entries(content ?? {});
  return {
    types: entries.map(([type]) => `<span class="media">${escapeHtml(type)}</span>`).join(' '),
    body: entries.map(([, media]) => schemaBlock(asSchema(media.schema) ?? {})).join(''),
  };
}

function securityLine(operation: OpenAPIV3_1.OperationObject, schemes: Record<string, unknown>): string {
  const requirements = operation.security ?? [];
  if (requirements.length === 0) return '<p class="auth">No sign-in needed.</p>';
  const options = requirements.map((requirement) =>
    Object.keys(requirement)
      .map((name) => {
        const scheme = asSchema(schemes[name]);
        const label = scheme?.type === 'http' ? `API token (${capitalized(String(scheme.scheme))})` : `${String(scheme?.name ?? name)} cookie`;
        return `<a href="#auth-${anchor(name)}">${escapeHtml(label)}</a>`;
      })
      .join(' and '),
  );
  return `<p class="auth">Sign-in: ${options.join(' or ')}.</p>`;
}

function parametersBlock(parameters: OpenAPIV3_1.ParameterObject[]): string {
  if (parameters.length === 0) return '';
  const items = parameters.map((parameter) => {
    const schema = asSchema(parameter.schema) ?? {};
    const flag = parameter.required ? '<span class="req">required</span>' : '<span class="note">optional</span>';
    const text = parameter.description ?? (typeof schema.description === 'string' ? schema.description : undefined);
    return `<li><code class="name">${escapeHtml(parameter.name)}</code> <span class="note">in ${escapeHtml(parameter.in)}</span> <span class="type">${typeLabel(schema)}</span> ${flag}${constraints(schema)}${text ? `<div class="desc">${prose(text)}</div>` : ''}</li>`;
  });
  return `<details><summary>Parameters (${parameters.length})</summary><ul class="fields">${items.join('')}</ul></details>`;
}

function responsesBlock(responses: OpenAPIV3_1.ResponsesObject): string {
  const blocks: string[] = [];
  const shared: string[] = [];
  for (const [status, value] of Object.entries(responses)) {
    const response = value as OpenAPIV3_1.ResponseObject;
    const media = mediaBlock(response.content);
    const schemas = Object.values(response.content ?? {}).map((entry) => asSchema(entry.schema) ?? {});
    const sharedName = schemas.length === 1 ? componentName(schemas[0]!) : undefined;
    const title = `<span class="status">${escapeHtml(status)}</span> ${escapeHtml(response.description)}`;
    // The error shape is the same on every call: named and linked, not unfolded each time.
    if (sharedName && !/^2/.test(status)) shared.push(`${title} ${typeLabel(schemas[0]!)}`);
    else if (!response.content) blocks.push(`<p class="response">Response ${title}: no body.</p>`);
    else blocks.push(`<details><summary>Response ${title} ${media.types}</summary>${media.body}</details>`);
  }
  if (shared.length) blocks.push(`<p class="response">Errors: ${shared.join('; ')}.</p>`);
  return blocks.join('');
}

function operationBlock({ method, path, operation }: Operation, schemes: Record<string, unknown>): string {
  const id = `op-${method}-${anchor(path)}`;
  const body = operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
  const media = body ? mediaBlock(body.content) : undefined;
  return [
    `<article class="operation" aria-labelledby="${id}">`,
    `<h3 id="${id}"><span class="method method-${method}">${method.toUpperCase()}</span> <code class="path">${escapeHtml(path)}</code></h3>`,
    operation.summary ? `<p class="summary">${prose(operation.summary)}</p>` : '',
    operation.description ? `<p>${prose(operation.description)}</p>` : '',
    securityLine(operation, schemes),
    parametersBlock((operation.parameters ?? []) as OpenAPIV3_1.ParameterObject[]),
    media ? `<details><summary>Request body ${media.types}</summary>${media.body}</details>` : '',
    responsesBlock(operation.responses ?? {}),
    '</article>',
  ].join('');
}

function groupByTag(document: OpenAPIV3_1.Document): Map<string, Operation[]> {
  const groups = new Map<string, Operation[]>((document.tags ?? []).map((tag) => [tag.name, []]));
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'Other';
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag)!.push({ method, path, operation });
    }
  }
  return new Map([...groups].filter(([, operations]) => operations.length > 0));
}

const STYLE = `
:root{color-scheme:light dark;--fg:#1f2937;--muted:#4b5563;--bg:#fff;--panel:#f3f4f6;--line:#d1d5db;--link:#1d4ed8}
@media (prefers-color-scheme:dark){:root{--fg:#e5e7eb;--muted:#9ca3af;--bg:#111827;--panel:#1f2937;--line:#374151;--link:#93c5fd}}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);background:var(--bg)}
.page{max-width:64rem;margin:0 auto;padding:1rem}
a{color:var(--link)}
a:focus-visible,summary:focus-visible{outline:3px solid var(--link);outline-offset:2px;border-radius:2px}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:var(--bg);padding:.5rem;z-index:1}
code{font:.9em ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;overflow-wrap:anywhere}
h1{font-size:1.75rem;margin:.5rem 0}h2{font-size:1.35rem;margin:2rem 0 .5rem;padding-top:1rem;border-top:2px solid var(--line)}
h3{font-size:1rem;margin:0 0 .5rem;display:flex;flex-wrap:wrap;gap:.5rem;align-items:baseline}
.operation{border:1px solid var(--line);border-radius:.5rem;padding:.75rem;margin:.75rem 0}
.method{display:inline-block;min-width:4.5rem;text-align:center;padding:.1rem .4rem;border-radius:.25rem;color:#fff;font:700 .8rem ui-monospace,monospace}
.method-get{background:#1d4ed8}.method-post{background:#15803d}.method-put,.method-patch{background:#a16207}.method-delete{background:#b91c1c}
.path{font-size:1rem}
details{margin:.4rem 0;border-left:3px solid var(--line);padding-left:.6rem}
summary{cursor:pointer;font-weight:600;padding:.2rem 0}
.media,.status{font:.8rem ui-monospace,monospace;background:var(--panel);padding:.05rem .3rem;border-radius:.25rem}
.fields{list-style:none;padding-left:.9rem;margin:.3rem 0;border-left:1px dashed var(--line)}
.fields li{margin:.35rem 0}
.type{color:var(--muted);font-family:ui-monospace,monospace;font-size:.85rem;overflow-wrap:anywhere}
.req{font-size:.75rem;font-weight:700;color:#b91c1c}@media (prefers-color-scheme:dark){.req{color:#fca5a5}}
.note,.auth,.response{color:var(--muted);font-size:.9rem}
.desc{font-size:.9rem}
.contents ul{columns:16rem;padding-left:1.2rem}
dt{font-weight:600;margin-top:.5rem}
`;

/**
 * The reference page: every operation grouped by its tag, with its parameters, request body,
 * answers and sign-in. Plain HTML and CSS, every value escaped; the details elements fold and
 * unfold by keyboard as by touch, and nothing needs a script.
 */
export function renderApiReference(document: OpenAPIV3_1.Document, jsonPath: string): string {
  const groups = groupByTag(document);
  const schemes = (document.components?.securitySchemes ?? {}) as Record<string, unknown>;
  const tagInfo = new Map((document.tags ?? []).map((tag) => [tag.name, tag.description]));
  const count = [...groups.values()].reduce((sum, operations) => sum + operations.length, 0);
  const title = `${document.info.title} reference`;

  const contents = [...groups].map(([tag, operations]) => `<li><a href="#tag-${anchor(tag)}">${escapeHtml(tag)}</a> (${operations.length})</li>`);
  const auth = Object.entries(schemes).map(([name, value]) => {
    const scheme = asSchema(value) ?? {};
    const how = scheme.type === 'http' ? `HTTP ${String(scheme.scheme)}` : `${String(scheme.in)} <code>${escapeHtml(String(scheme.name))}</code>`;
    return `<dt id="auth-${anchor(name)}">${escapeHtml(name)}: ${how}</dt><dd>${prose(String(scheme.description ?? ''))}</dd>`;
  });
  const sections = [...groups].map(([tag, operations]) => {
    const id = `tag-${anchor(tag)}`;
    const about = tagInfo.get(tag);
    return `<section aria-labelledby="${id}"><h2 id="${id}">${escapeHtml(tag)}</h2>${about ? `<p class="note">${prose(about)}</p>` : ''}${operations.map((operation) => operationBlock(operation, schemes)).join('')}</section>`;
  });
  const components = Object.entries(document.components?.schemas ?? {}).map(
    ([name, schema]) => `<h3 id="schema-${anchor(name)}"><code>${escapeHtml(name)}</code></h3>${schemaBlock(asSchema(schema) ?? {})}`,
  );

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<a class="skip" href="#operations">Skip to the operations</a>
<div class="page">
<header>
<h1>${escapeHtml(document.info.title)} <span class="note">${escapeHtml(document.info.version)}</span></h1>
${document.info.description ? `<p>${prose(document.info.description)}</p>` : ''}
<p>${count} operations. Base URL: ${(document.servers ?? []).map((server) => `<code>${escapeHtml(server.url)}</code>`).join(', ')}.
The machine-readable description: <a href="${escapeHtml(jsonPath)}">OpenAPI ${escapeHtml(document.openapi)} (JSON)</a>.</p>
</header>
<nav class="contents" aria-label="Operations by section"><details open><summary>Contents</summary><ul>${contents.join('')}</ul></details></nav>
<section aria-labelledby="authentication"><h2 id="authentication">Signing in</h2><dl>${auth.join('')}</dl></section>
<main id="operations" tabindex="-1">${sections.join('')}</main>
${components.length ? `<section aria-labelledby="schemas"><h2 id="schemas">Shared schemas</h2>${components.join('')}</section>` : ''}
</div>
</body>
</html>
`;
}
