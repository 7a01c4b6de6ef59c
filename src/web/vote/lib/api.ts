import { SCAN_SOURCE_PARAM, scanSourceOf } from '../../../shared/scan-sources.js';
import type { VoteResult, VoteType } from '../../../shared/products.schemas.js';
import type { VotePageData, VotePagePeriod } from '../../../shared/vote-page.js';

/** Which page this is: a machine's (its id) or the demo. */
export type PageTarget = number | 'demo';

/** A failed call: `message` is the server's text for people (in English), empty when it sent none. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string> = {},
    /** A 429's Retry-After, so the page can say the wait in the reader's language. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

/** fetch with cookies and JSON both ways; a network failure is an ApiError with status 0. */
async function call<T>(method: string, url: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, '');
  }
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (a proxy's error page): the caller's fallback message applies.
  }
  if (!response.ok) {
    const error = (json ?? {}) as { message?: unknown; errors?: unknown };
    const errors = typeof error.errors === 'object' && error.errors ? (error.errors as Record<string, string>) : {};
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new ApiError(response.status, typeof error.message === 'string' ? error.message : '', errors, retryAfter > 0 ? retryAfter : null);
  }
  return json as T;
}

/** Where this visit came from (a QR code's `?src=`), passed on with what the customer sends: counts only. */
const scanSource = typeof window === 'undefined' ? 'direct' : scanSourceOf(new URLSearchParams(window.location.search).get(SCAN_SOURCE_PARAM));
const sourceQuery = scanSource === 'direct' ? '' : `${SCAN_SOURCE_PARAM}=${scanSource}`;

const machineQuery = (target: PageTarget) => (target === 'demo' ? '' : [`machineId=${target}`, sourceQuery].filter(Boolean).join('&'));

export function fetchVotePage(target: PageTarget, period?: VotePagePeriod, signal?: AbortSignal) {
  const url = `/api/vote-page/${target}${period ? `?period=${period}` : ''}`;
  return call<VotePageData>('GET', url, undefined, signal);
}

export function castVote(target: PageTarget, productId: number, voteType: VoteType) {
  const query = machineQuery(target);
  return call<VoteResult>('POST', `/api/products/${productId}/vote${query ? `?${query}` : ''}`, { voteType });
}

export interface SuggestionFields {
  name: string;
  brand: string;
  category: string;
  suggestedBy: string;
  /** Optional; only a machine's page asks for it (the demo page has no machine to stock it at). */
  email: string;
}

export function submitSuggestion(target: PageTarget, fields: SuggestionFields) {
  const query = machineQuery(target);
  return call<unknown>('POST', `/api/suggestions${query ? `?${query}` : ''}`, fields);
}

export interface IssueFields {
  customerName: string;
  customerEmail: string;
  productName: string;
  issueDescription: string;
}

export function reportIssue(target: PageTarget, fields: IssueFields) {
  const query = target === 'demo' ? '' : sourceQuery;
  return call<unknown>('POST', `/api/vending-issues${query ? `?${query}` : ''}`, { ...fields, ...(target === 'demo' ? {} : { machineId: target }) });
}

/** Whether someone is signed in (spec 6: a current user means authenticated). */
export async function fetchSignedIn(): Promise<boolean> {
  try {
    // The probe that answers 200 when signed out: a customer's console stays free of failed requests.
    const session = await call<{ user: unknown }>('GET', '/api/auth/session');
    return session.user !== null;
  } catch {
    return false;
  }
}
