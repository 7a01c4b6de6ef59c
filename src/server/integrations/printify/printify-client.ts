import { createHmac, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type PrintifyShippingAddress,
  type PrintifyProduct,
  type PrintifyBlueprintVariants,
  type PrintifyShippingCosts,
  type PrintifyOrder,
  type PrintifyOrderPage,
  type PrintifyCatalogItem,
  type CreatePrintifyOrder,
} from './printify-types.js';

// The shapes are part of the client's interface: callers import them from here.
export * from './printify-types.js';

/**
 * The one client of Printify's REST API (v1). No SDK: we use six endpoints, and a small fetch client
 * keeps retries, timeouts and errors under our control. Shapes follow developers.printify.com.
 */

export const PRINTIFY_API_BASE = 'https://api.printify.com';
/** Printify refuses requests without a User-Agent; naming ourselves lets their support find our calls. */
export const PRINTIFY_USER_AGENT = 'VendVote/0.1 (QR magnet orders)';
export const PRINTIFY_SIGNATURE_HEADER = 'x-pfy-signature';

/** Statuses from which Printify has taken the order into production (or beyond). */
const SENT_TO_PRODUCTION = new Set(['sending-to-production', 'in-production', 'partially-fulfilled', 'fulfilled']);

/**
 * Printify refused the request or could not be reached. `status` is null when no answer came (network
 * error, timeout); `body` is Printify's error body as sent. Neither ever holds the API token.
 */

export class PrintifyError extends Error {
  override readonly name = 'PrintifyError';
  constructor(
    message: string,
    readonly status: number | null,
    readonly body: unknown,
    /** Whether Printify may have acted although we saw no success (a 5xx, a lost or late answer). */
    readonly ambiguous: boolean,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

export interface PrintifyClientOptions {
  apiToken: string;
  shopId: string | number;
  /** A Printify-compatible server instead of api.printify.com (tests, local development). */
  apiBase?: string;
  timeoutMs?: number;
  /** Tries per call, the first included. */
  maxAttempts?: number;
  /** The first backoff; it doubles with each retry. */
  retryBaseMs?: number;
  /** A Retry-After longer than this fails the call at once rather than holding a request open. */
  maxRetryDelayMs?: number;
}

interface RequestOptions<T> {
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** After an ambiguous failure, looks for what the failed call may have done before it is tried again. */
  recover?: () => Promise<T | undefined>;
}

const isRetryable = (status: number) => status === 429 || status >= 500;

/** Retry-After in seconds or as an HTTP date (RFC 9110), as milliseconds from now. */
function parseRetryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function describe(body: unknown): string {
  if (body && typeof body === 'object') {
    const { message, errors } = body as { message?: unknown; errors?: { reason?: unknown } };
    const reason = errors && typeof errors === 'object' ? errors.reason : undefined;
    return [message, reason].filter((part) => typeof part === 'string').join(': ');
  }
  return typeof body === 'string' ? body.slice(0, 200) : '';
}

export class PrintifyClient {
  readonly shopId: string;
  private readonly apiToken: string;
  private readonly apiBase: string;
  private readonly timeoutMs: number;
  private readonly maxAttempts: number;
  private readonly retryBaseMs: number;
  private readonly maxRetryDelayMs: number;

  constructor(options: PrintifyClientOptions) {
    this.apiToken = options.apiToken;
    this.shopId = String(options.shopId);
    this.apiBase = (options.apiBase ?? PRINTIFY_API_BASE).replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 20_000;
    this.maxAttempts = Math.max(1, options.maxAttempts ?? 3);
    this.retryBaseMs = options.retryBaseMs ?? 500;
    this.maxRetryDelayMs = options.maxRetryDelayMs ?? 30_000;
  }

  /** The sizes (and other options) a print provider makes a blueprint in. Counts against the catalogue's rate limit. */
  listBlueprintVariants(blueprintId: number, printProviderId: number): Promise<PrintifyBlueprintVariants> {
    return this.request('GET', `/v1/catalog/blueprints/${blueprintId}/print_providers/${printProviderId}/variants.json`);
  }

  /** A product of the shop, with each variant's cost; not a catalogue call, so not under its tighter limit. */
  getProduct(productId: string): Promise<PrintifyProduct> {
    return this.request('GET', this.shopPath(`/products/${encodeURIComponent(productId)}.json`));
  }

  calculateShipping(input: { lineItems: PrintifyCatalogItem[]; address: PrintifyShippingAddress }): Promise<PrintifyShippingCosts> {
    const body = { line_items: input.lineItems.map((item) => this.catalogItem(item)), address_to: input.address };
    return this.request('POST', this.shopPath('/orders/shipping.json'), { body });
  }

  /**
   * Places an order made on the fly. Printify takes no idempotency key, so after an answer that may
   * have been lost the order is first looked up by its external id: a retry never orders twice.
   */
  createOrder(input: CreatePrintifyOrder): Promise<{ id: string }> {
    const body = {
      external_id: input.externalId,
      label: input.label ?? input.externalId,
      line_items: input.lineItems.map((item) => ({ ...this.catalogItem(item), print_areas: { front: item.printAreas.front } })),
      shipping_method: input.shippingMethod,
      send_shipping_notification: input.sendShippingNotification,
      address_to: input.addressTo,
    };
    return this.request('POST', this.shopPath('/orders.json'), {
      body,
      recover: async () => {
        const found = await this.findOrderByExternalId(input.externalId);
        return found ? { id: found.id } : undefined;
      },
    });
  }

  getOrder(orderId: string): Promise<PrintifyOrder> {
    return this.request('GET', this.shopPath(`/orders/${encodeURIComponent(orderId)}.json`));
  }

  /** One page of the shop's orders, newest first. */
  listOrders(options: { page?: number; limit?: number; status?: string } = {}): Promise<PrintifyOrderPage> {
    return this.request('GET', this.shopPath('/orders.json'), {
      query: { page: options.page, limit: options.limit, status: options.status },
    });
  }

  /**
   * Printify cannot filter orders by external id, so this reads the newest pages; an order whose
   * answer was lost is among the newest.
   */
  async findOrderByExternalId(externalId: string, maxPages = 5): Promise<PrintifyOrder | undefined> {
    for (let page = 1; page <= maxPages; page++) {
      const result = await this.listOrders({ page });
      const found = result.data.find((order) => order.external_id === externalId);
      if (found) return found;
      if (result.data.length === 0 || (result.last_page !== undefined && page >= result.last_page)) return undefined;
    }
    return undefined;
  }

  /**
   * Sends an order Printify holds to production. Safe to repeat: Printify refuses an order already
   * sent, and such an order counts as done.
   */
  async sendToProduction(orderId: string): Promise<void> {
    const alreadySent = async () => {
      const order = await this.getOrder(orderId);
      return SENT_TO_PRODUCTION.has(order.status) ? order : undefined;
    };
    try {
      await this.request('POST', this.shopPath(`/orders/${encodeURIComponent(orderId)}/send_to_production.json`), {
        recover: alreadySent,
      });
    } catch (error) {
      const refused =
        error instanceof PrintifyError &&
        error.status !== null &&
        error.status >= 400 &&
        error.status < 500 &&
        error.status !== 429;
      if (refused && (await alreadySent())) return;
      throw error;
    }
  }

  private shopPath(path: string) {
    return `/v1/shops/${encodeURIComponent(this.shopId)}${path}`;
  }

  private catalogItem(item: PrintifyCatalogItem) {
    return {
      blueprint_id: item.blueprintId,
      print_provider_id: item.printProviderId,
      variant_id: item.variantId,
      quantity: item.quantity,
    };
  }

  private async request<T>(method: 'GET' | 'POST', path: string, options: RequestOptions<T> = {}): Promise<T> {
    const url = new URL(`${this.apiBase}${path}`);
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.attempt<T>(method, url, path, options.body);
      } catch (error) {
        if (!(error instanceof PrintifyError)) throw error;
        const retryable = error.status === null || isRetryable(error.status);
        const waitsTooLong = error.retryAfterMs !== undefined && error.retryAfterMs > this.maxRetryDelayMs;
        if (!retryable || waitsTooLong || attempt >= this.maxAttempts) return this.recoverOrThrow(error, options.recover);
        await sleep(error.retryAfterMs ?? this.backoff(attempt));
        const recovered = error.ambiguous ? await this.recover(error, options.recover) : undefined;
        if (recovered !== undefined) return recovered;
      }
    }
  }

  private async recoverOrThrow<T>(error: PrintifyError, recover: RequestOptions<T>['recover']): Promise<T> {
    const recovered = error.ambiguous ? await this.recover(error, recover) : undefined;
    if (recovered !== undefined) return recovered;
    throw error;
  }

  /** A failed look-up leaves the outcome unknown, so the caller still gets the ambiguous failure. */
  private async recover<T>(failure: PrintifyError, recover: RequestOptions<T>['recover']): Promise<T | undefined> {
    if (!recover) return undefined;
    try {
      return await recover();
    } catch {
      throw failure;
    }
  }

  /** Exponential from retryBaseMs, with jitter so that many clients do not retry in step. */
  private backoff(attempt: number) {
    const exponential = this.retryBaseMs * 2 ** (attempt - 1);
    return Math.round(exponential / 2 + Math.random() * (exponential / 2));
  }

  /** One HTTP exchange: the parsed body on success, otherwise a PrintifyError. */
  private async attempt<T>(method: string, url: URL, path: string, body: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${this.apiToken}`,
          'user-agent': PRINTIFY_USER_AGENT,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json;charset=utf-8' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError'
          ? `no answer within ${this.timeoutMs} ms`
          : 'could not be reached';
      // Only the reason is kept: the underlying error can carry the request, and with it the token.
      throw new PrintifyError(`Printify ${method} ${path}: ${reason}`, null, null, method !== 'GET');
    }
    if (response.ok) return (await readBody(response)) as T;
    const errorBody = await readBody(response);
    const detail = describe(errorBody);
    throw new PrintifyError(
      `Printify ${method} ${path} answered ${response.status}${detail ? `: ${detail}` : ''}`,
      response.status,
      errorBody,
      method !== 'GET' && response.status >= 500,
      response.status === 429 || response.status === 503 ? parseRetryAfter(response.headers.get('retry-after')) : undefined,
    );
  }
}

/**
 * Whether a webhook came from Printify: `X-Pfy-Signature: sha256=<hex>`, the HMAC-SHA256 of the raw
 * body under the webhook's secret. Checked on the bytes as received, compared in constant time.
 */
export function verifyWebhook(rawBody: Buffer, signatureHeader: string | string[] | undefined | null, secret: string): boolean {
  if (!secret || typeof signatureHeader !== 'string') return false;
  const supplied = signatureHeader
    .trim()
    .replace(/^sha256=/i, '')
    .toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(supplied)) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(supplied, 'hex'));
}

export interface PrintifySettings {
  client: PrintifyClient;
  shopId: string;
  webhookSecret?: string;
  /**
   * The shop's magnet product: its variants are the sizes we sell and their costs (the catalogue
   * has no prices), and its blueprint and print provider are what orders are made from.
   */
  productId: string;
}

export interface PrintifyEnvValues {
  PRINTIFY_API_TOKEN?: string;
  PRINTIFY_SHOP_ID?: string;
  PRINTIFY_WEBHOOK_SECRET?: string;
  PRINTIFY_API_BASE?: string;
  PRINTIFY_PRODUCT_ID?: string;
}

/**
 * Printify's settings from the checked environment values. Without a token and a shop id Printify
 * is off (orders wait for manual fulfilment); with them, the magnet product must be named.
 */
export function printifySettingsFrom(values: PrintifyEnvValues): PrintifySettings | undefined {
  const { PRINTIFY_API_TOKEN: apiToken, PRINTIFY_SHOP_ID: shopId, PRINTIFY_PRODUCT_ID: productId } = values;
  if (!apiToken || !shopId) return undefined;
  if (!productId) throw new Error('PRINTIFY_PRODUCT_ID must name the magnet product when Printify is configured');
  return {
    client: new PrintifyClient({ apiToken, shopId, apiBase: values.PRINTIFY_API_BASE || undefined }),
    shopId,
    webhookSecret: values.PRINTIFY_WEBHOOK_SECRET || undefined,
    productId,
  };
}
