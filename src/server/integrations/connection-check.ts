import type { ConnectionProblem } from '../../shared/retail-affiliates.schemas.js';

/**
 * What the retail clients' connection tests share: one deadline for the whole test (a test may make
 * several calls), network failures told apart in plain words, and answers read without throwing.
 * Nothing here keeps a request or an underlying error: either can carry the credentials.
 */

export type ConnectionCheck = { ok: true; message: string } | { ok: false; problem: ConnectionProblem; message: string };

export const DEFAULT_CHECK_TIMEOUT_MS = 10_000;

/** Ends a check early with what was found; runCheck turns it into the check's answer. */
export class ConnectionFailure extends Error {
  constructor(
    readonly problem: ConnectionProblem,
    message: string,
  ) {
    super(message);
  }
}

export interface HttpAnswer {
  status: number;
  /** The body parsed as JSON, or null when it was not JSON. */
  body: unknown;
  text: string;
}

const NETWORK_REASONS: Record<string, string> = {
  ENOTFOUND: 'its address did not resolve (is this server online, and is DNS working?)',
  EAI_AGAIN: 'its address did not resolve (is this server online, and is DNS working?)',
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was dropped',
  ENETUNREACH: 'the network is unreachable from this server',
  EHOSTUNREACH: 'the network is unreachable from this server',
  UND_ERR_CONNECT_TIMEOUT: 'the connection could not be opened',
  CERT_HAS_EXPIRED: 'its TLS certificate could not be verified',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its TLS certificate could not be verified',
};

const describeWait = (ms: number) => (ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} seconds`);

/** Runs a test under one deadline; a ConnectionFailure thrown inside becomes its answer. */
export async function runCheck(timeoutMs: number, check: (signal: AbortSignal) => Promise<ConnectionCheck>): Promise<ConnectionCheck> {
  try {
    return await check(AbortSignal.timeout(timeoutMs));
  } catch (error) {
    if (error instanceof ConnectionFailure) return { ok: false, problem: error.problem, message: error.message };
    throw error;
  }
}

/** One HTTP exchange with `service`; a timeout or a network failure throws a ConnectionFailure. */
export async function exchange(service: string, url: string, init: RequestInit, signal: AbortSignal, timeoutMs: number): Promise<HttpAnswer> {
  try {
    const response = await fetch(url, { ...init, signal, redirect: 'error' });
    const text = await response.text();
    return { status: response.status, body: parseJson(text), text };
  } catch (error) {
    throw networkFailure(service, new URL(url).host, error, timeoutMs);
  }
}

function networkFailure(service: string, host: string, error: unknown, timeoutMs: number): ConnectionFailure {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new ConnectionFailure('timeout', `${service} did not answer within ${describeWait(timeoutMs)}. It may be down or slow: try again in a few minutes.`);
  }
  const code = String((error as { cause?: { code?: unknown } } | null)?.cause?.code ?? '');
  const reason = NETWORK_REASONS[code] ?? 'the request did not get through';
  return new ConnectionFailure('unreachable', `Could not reach ${service} at ${host}: ${reason}.`);
}

function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

/** A field of a JSON object body, when it is a string. */
export function stringField(body: unknown, ...names: string[]): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  for (const name of names) {
    const value = (body as Record<string, unknown>)[name];
    if (typeof value === 'string' && value) return value;
  }
  return undefined;
}

/** An answer the test cannot explain: its status and the service's own words, briefly. */
export function serviceError(service: string, answer: HttpAnswer): ConnectionFailure {
  const said = stringField(answer.body, 'message', 'Message', 'error_description', 'error');
  const detail = said ? `: ${said.slice(0, 200)}` : '';
  return new ConnectionFailure('service_error', `${service} answered with an error (HTTP ${answer.status}${detail}). Try again later.`);
}
