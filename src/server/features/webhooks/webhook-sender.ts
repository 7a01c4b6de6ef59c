import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { WebhookMessages } from '../../../shared/webhooks.schemas.js';
import { hostOf, isPublicAddress, parseWebhookUrl, publicOnlyLookup, WebhookUrlRefused } from './url-safety.js';

/** How long a receiver has to answer (headers); a webhook handler should queue its work and answer at once. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
export const WEBHOOK_USER_AGENT = 'VendVote-Webhooks/1';
/** Stored errors are for the operator's eyes in a list: one short line. */
const ERROR_MAX = 300;

export interface WebhookPost {
  url: string;
  body: string;
  headers: Record<string, string>;
  allowPrivateUrls: boolean;
  timeoutMs?: number;
}

/** What one attempt came to: the HTTP status when an answer came, and a short error unless it was 2xx. */
export interface WebhookAttemptResult {
  ok: boolean;
  status: number | null;
  error: string | null;
}

const clip = (text: string) => (text.length > ERROR_MAX ? `${text.slice(0, ERROR_MAX - 1)}…` : text);

function describeStatus(response: IncomingMessage): string {
  const status = response.statusCode ?? 0;
  const reason = response.statusMessage ? ` ${response.statusMessage}` : '';
  if (status >= 300 && status < 400) {
    return `The endpoint answered ${status}${reason}, a redirect. Webhooks do not follow redirects: register the address it points to.`;
  }
  return `The endpoint answered ${status}${reason}.`;
}

function describeFailure(error: unknown, url: URL, timeoutMs: number): string {
  if (error instanceof WebhookUrlRefused) return error.message;
  const { code, name, message } = error as NodeJS.ErrnoException;
  if (name === 'TimeoutError' || name === 'AbortError') return `No answer within ${timeoutMs / 1000} seconds.`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return WebhookMessages.urlUnresolvable(url.hostname);
  if (code === 'ECONNREFUSED') return `${url.host} refused the connection.`;
  if (code === 'ECONNRESET') return `${url.host} closed the connection before answering.`;
  return `Could not reach ${url.host}: ${message}`;
}

/**
 * One POST, never following a redirect (node:http does not), on a fresh connection (no pooled
 * socket that skipped the address check), within the timeout. The answer's body is not read:
 * only its status is kept, so nothing a receiver says ends up stored or logged.
 */
export async function postWebhook(post: WebhookPost): Promise<WebhookAttemptResult> {
  const timeoutMs = post.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  let url: URL;
  try {
    url = parseWebhookUrl(post.url, post.allowPrivateUrls);
    // A literal address is connected to without a lookup, so it is checked here.
    const host = hostOf(url);
    if (!post.allowPrivateUrls && isIP(host) && !isPublicAddress(host)) throw new WebhookUrlRefused(WebhookMessages.urlPrivate(host));
  } catch (error) {
    return { ok: false, status: null, error: error instanceof Error ? error.message : String(error) };
  }
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<WebhookAttemptResult>((resolve) => {
    const request = send(
      url,
      {
        method: 'POST',
        agent: false,
        headers: { ...post.headers, 'content-length': String(Buffer.byteLength(post.body)) },
        signal: AbortSignal.timeout(timeoutMs),
        ...(post.allowPrivateUrls ? {} : { lookup: publicOnlyLookup }),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        response.destroy();
        const ok = status >= 200 && status < 300;
        resolve({ ok, status, error: ok ? null : clip(describeStatus(response)) });
      },
    );
    request.on('error', (error) => resolve({ ok: false, status: null, error: clip(describeFailure(error, url, timeoutMs)) }));
    request.end(post.body);
  });
}
