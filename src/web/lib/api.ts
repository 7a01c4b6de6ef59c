import type { QueryFunction } from '@tanstack/react-query';
import type { ApiErrorBody } from '../../shared/api-error.js';

/**
 * A non-success HTTP answer. Its message follows spec 8 exactly:
 * `${status}: ${body text || status text}`.
 */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly bodyText: string;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiRequestError';
    this.status = status;
    this.bodyText = bodyText;
  }
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const bodyText = await response.text().catch(() => '');
  throw new ApiRequestError(response.status, response.statusText, bodyText);
}

/** Sends a call with cookies; a JSON body (and its content type) only when one is given. */
export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await throwIfNotOk(response);
  return response;
}

/**
 * Sends a file's own bytes or text as the body (a CSV, a DEX audit), not wrapped in JSON: the routes
 * that take files read the body as the file, as a script with curl --data-binary sends it.
 */
export async function apiSendFile(method: string, url: string, body: Blob | string, contentType: string): Promise<Response> {
  const response = await fetch(url, { method, credentials: 'include', headers: { 'Content-Type': contentType }, body });
  await throwIfNotOk(response);
  return response;
}

/** apiRequest, then the answer read as JSON. */
export async function apiJson<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await apiRequest(method, url, body);
  return (await response.json()) as T;
}

type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The default data load: a GET to the query key parts joined with '/'. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const url = queryKey.map(String).join('/');
    const response = await fetch(url, { credentials: 'include', signal });
    if (options.on401 === 'returnNull' && response.status === 401) return null;
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}

/** True for the error a logged-out session produces (spec 8). */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: .*Unauthorized/.test(error.message);
}

export interface ApiErrorDetails {
  status?: number;
  /** The server's user-facing message, when it sent one. */
  message?: string;
  /** Field name to message, for validation failures. */
  errors?: Record<string, string>;
}

/** Pulls the status and the JSON `message` / `errors` out of an error thrown by apiRequest. */
export function readApiError(error: unknown): ApiErrorDetails {
  if (!(error instanceof Error)) return {};
  const match = /^(\d{3}): ([\s\S]*)$/.exec(error.message);
  if (!match) return {};
  const status = Number(match[1]);
  const text = match[2] ?? '';
  try {
    const body = JSON.parse(text) as Partial<ApiErrorBody> | null;
    if (!body || typeof body !== 'object') return { status };
    return {
      status,
      message: typeof body.message === 'string' && body.message ? body.message : undefined,
      errors: isStringRecord(body.errors) ? body.errors : undefined,
    };
  } catch {
    return { status };
  }
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((entry) => typeof entry === 'string')
  );
}
