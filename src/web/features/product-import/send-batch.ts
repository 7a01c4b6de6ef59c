import type { ImportRowInput } from '../../../shared/product-import.schemas.js';
import { IMPORT_URL, type ExistingProductAction, type ImportResult } from '../../../shared/product-import.schemas.js';
import { ApiRequestError } from '../../lib/api.js';

/** Tries per batch after a network failure or a 5xx: a lost answer or a brief outage. */
const FAILURE_ATTEMPTS = 3;
const FAILURE_DELAY_MS = 1_000;
/** Waits after 429 (too many batches) per batch, each as long as the server's Retry-After asks. */
export const RATE_LIMIT_RETRIES = 3;
/**
 * The longest Retry-After waited out on the page. A longer one means the hour's allowance is
 * spent; the batch then fails with the server's message rather than leave the page waiting.
 */
export const MAX_RETRY_WAIT_MS = 60_000;

export interface SendBatchOptions {
  /** Told how long the import waits before sending again after a 429, then null when it sends. */
  onWaiting?: (waitMs: number | null) => void;
  sleep?: (ms: number) => Promise<void>;
  fetch?: typeof fetch;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Retry-After as seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * POST /api/products/import for one batch, sent again under the same key after a network failure,
 * a 5xx or a 429: the server answers a key it has seen with the stored result, so no retry can
 * import the rows twice. Any other refusal will not change on a retry and is thrown at once.
 */
export async function sendBatch(
  batchKey: string,
  existing: ExistingProductAction,
  rows: ImportRowInput[],
  options: SendBatchOptions = {},
): Promise<ImportResult> {
  const { onWaiting, sleep = pause, fetch: send = fetch } = options;
  const body = JSON.stringify({ batchKey, existing, rows });
  let failures = 0;
  let waits = 0;
  for (;;) {
    let response: Response;
    try {
      response = await send(IMPORT_URL, { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body });
    } catch (error) {
      failures += 1;
      if (failures >= FAILURE_ATTEMPTS) throw error;
      await sleep(FAILURE_DELAY_MS * failures);
      continue;
    }
    if (response.ok) return (await response.json()) as ImportResult;
    const refusal = new ApiRequestError(response.status, response.statusText, await response.text().catch(() => ''));
    if (response.status === 429) {
      const wait = retryAfterMs(response.headers.get('Retry-After')) ?? FAILURE_DELAY_MS;
      if (waits >= RATE_LIMIT_RETRIES || wait > MAX_RETRY_WAIT_MS) throw refusal;
      waits += 1;
      onWaiting?.(wait);
      await sleep(wait);
      onWaiting?.(null);
      continue;
    }
    failures += 1;
    if (response.status < 500 || failures >= FAILURE_ATTEMPTS) throw refusal;
    await sleep(FAILURE_DELAY_MS * failures);
  }
}
