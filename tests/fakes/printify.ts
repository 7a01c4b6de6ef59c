import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A Printify that runs in the test process: the catalogue variants of one blueprint, shipping costs,
 * orders made on the fly, sending to production, Printify's rate limits and its signed webhooks. The
 * real client talks to it through its `apiBase`. What the print provider does (shipping, delivering)
 * the tests do through `ship` and `deliver`, which send the webhooks Printify would send.
 */

export interface FakePrintifyVariant {
  id: number;
  size: string;
  /** What Printify charges per item, in cents. Printify's catalogue does not show it; orders do. */
  cost: number;
}

export interface FakePrintifyOptions {
  apiToken: string;
  shopId: string;
  blueprintId: number;
  printProviderId: number;
  variants: FakePrintifyVariant[];
  /** The shop's magnet product, whose variants carry the costs; its variants are those above. */
  productId?: string;
  /** Variants of the product switched off in the shop (they are not offered). */
  disabledVariantIds?: number[];
  /** Where webhooks are posted; without it they are only recorded. */
  webhookUrl?: string;
  /** The secret the webhooks were registered with; without it they go unsigned, as Printify sends them. */
  webhookSecret?: string;
  /** Printify's documentation does not say whether a repeated external_id is refused; both can be tried. */
  duplicateExternalIds?: 'reject' | 'accept';
  catalogLimitPerMinute?: number;
  globalLimitPerMinute?: number;
}

export interface RecordedPrintifyRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  authorization: string | undefined;
  userAgent: string | undefined;
  contentType: string | undefined;
}

export interface PrintifyWebhookEvent {
  id: string;
  type: string;
  created_at: string;
  resource: { id: string; type: 'order'; data: Record<string, unknown> };
}

export interface PrintifyDelivery {
  event: PrintifyWebhookEvent;
  status: number | 'unreachable';
}

type Order = Record<string, unknown> & { id: string; status: string; external_id: string; shipments: Record<string, unknown>[] };

interface Failure {
  status: number;
  retryAfterSeconds?: number;
  /** The request is carried out, then its answer replaced: a response lost on the way back. */
  afterProcessing?: boolean;
  delayMs?: number;
  /** Only requests whose method and path (e.g. 'POST /v1/shops/1/orders.json') match fail; others pass untouched. */
  only?: RegExp;
}

class PrintifyHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly reason?: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** Shipping in cents for one parcel: the first item, then each additional one. */
const SHIPPING: Record<string, { standard: [number, number]; express: [number, number] }> = {
  US: { standard: [449, 49], express: [1099, 99] },
  CA: { standard: [799, 99], express: [1899, 149] },
};
const SHIPPING_METHODS: Record<number, 'standard' | 'express'> = { 1: 'standard', 3: 'express' };
const ORDERS_PER_PAGE = 10;

/** Printify's timestamps: '2024-05-17 15:00:00+00:00'. */
const timestamp = () => `${new Date().toISOString().slice(0, 19).replace('T', ' ')}+00:00`;
const validation = (reason: string) => new PrintifyHttpError(400, 'Validation failed.', reason);

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

/** The `X-Pfy-Signature` header Printify sends: `sha256=` and the hex HMAC-SHA256 of the body under the webhook secret. */
export function signPrintifyPayload(payload: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(payload).digest('hex')}`;
}

export class FakePrintify {
  readonly orders = new Map<string, Order>();
  readonly requests: RecordedPrintifyRequest[] = [];
  readonly events: PrintifyWebhookEvent[] = [];
  readonly deliveries: PrintifyDelivery[] = [];
  private readonly failures: Failure[] = [];
  /** Posted one after another, in the order they happened; tests that want them out of order post `signed()` bodies themselves. */
  private deliveryQueue: Promise<void> = Promise.resolve();
  private readonly windows = new Map<string, { startedAt: number; count: number }>();
  private readonly server = createServer((request, response) => void this.handle(request, response));
  url = '';

  constructor(readonly options: FakePrintifyOptions) {}

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    await this.flushWebhooks();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The next `count` requests fail with `status` (500, 502, 429...) whatever they ask. */
  failNext(count: number, failure: Failure): void {
    for (let index = 0; index < count; index++) this.failures.push(failure);
  }

  /** Failures asked for and not yet used are dropped. */
  clearFailures(): void {
    this.failures.length = 0;
  }

  /** Waits until every webhook sent so far has been answered. */
  flushWebhooks(): Promise<void> {
    return this.deliveryQueue;
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const raw = await readBody(request);
    const url = new URL(request.url ?? '/', 'http://fake');
    const method = request.method ?? 'GET';
    let body: unknown = null;
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(payload));
    };
    const sendError = (error: PrintifyHttpError) => {
      const headers: Record<string, string> =
        error.retryAfterSeconds === undefined ? {} : { 'retry-after': String(error.retryAfterSeconds) };
      send(
        error.status,
        { code: error.status, message: error.message, ...(error.reason ? { errors: { reason: error.reason } } : {}) },
        headers,
      );
    };
    try {
      body = raw ? (JSON.parse(raw) as unknown) : null;
    } catch {
      return sendError(new PrintifyHttpError(400, 'Malformed JSON.'));
    }
    this.requests.push({
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body,
      authorization: request.headers.authorization,
      userAgent: request.headers['user-agent'],
      contentType: request.headers['content-type'],
    });
    const failureIndex = this.failures.findIndex((candidate) => !candidate.only || candidate.only.test(`${method} ${url.pathname}`));
    const failure = failureIndex === -1 ? undefined : this.failures.splice(failureIndex, 1)[0];
    if (failure?.delayMs) await new Promise((resolve) => setTimeout(resolve, failure.delayMs));
    const failed =
      failure &&
      new PrintifyHttpError(
        failure.status,
        failure.status === 429 ? 'Too Many Attempts.' : 'Server Error',
        undefined,
        failure.retryAfterSeconds,
      );
    if (failed && !failure.afterProcessing) return sendError(failed);
    try {
      const result = this.route(method, url, body, request.headers);
      if (failed) return sendError(failed);
      send(200, result);
    } catch (error) {
      if (failed) return sendError(failed);
      if (error instanceof PrintifyHttpError) return sendError(error);
      send(500, { code: 500, message: String(error) });
    }
  }

  private route(method: string, url: URL, body: unknown, headers: IncomingMessage['headers']): unknown {
    if (!headers['user-agent']) throw new PrintifyHttpError(400, 'A User-Agent header is required.');
    if (headers.authorization !== `Bearer ${this.options.apiToken}`) throw new PrintifyHttpError(401, 'Unauthenticated.');
    const path = url.pathname;
    this.countAgainst('global', this.options.globalLimitPerMinute ?? 600);
    if (path.startsWith('/v1/catalog/')) this.countAgainst('catalog', this.options.catalogLimitPerMinute ?? 100);

    const variants = /^\/v1\/catalog\/blueprints\/(\d+)\/print_providers\/(\d+)\/variants\.json$/.exec(path);
    if (method === 'GET' && variants) return this.listVariants(Number(variants[1]), Number(variants[2]));

    const shop = /^\/v1\/shops\/([^/]+)(\/.*)$/.exec(path);
    if (!shop) throw new PrintifyHttpError(404, 'Not Found.');
    if (decodeURIComponent(shop[1]!) !== this.options.shopId) throw new PrintifyHttpError(404, 'Shop not found.');
    const rest = shop[2]!;
    if (method === 'POST' && rest === '/orders/shipping.json') return this.calculateShipping(body);
    if (method === 'POST' && rest === '/orders.json') return this.createOrder(body);
    if (method === 'GET' && rest === '/orders.json') return this.listOrders(url.searchParams);
    const product = /^\/products\/([^/]+)\.json$/.exec(rest);
    if (product && method === 'GET') return this.product(decodeURIComponent(product[1]!));
    const order = /^\/orders\/([^/]+?)(\/send_to_production)?\.json$/.exec(rest);
    if (order && method === 'GET' && !order[2]) return this.found(decodeURIComponent(order[1]!));
    if (order && method === 'POST' && order[2]) return this.sendToProduction(decodeURIComponent(order[1]!));
    throw new PrintifyHttpError(404, 'Not Found.');
  }

  /** A fixed one-minute window per limit, as a 429 with the seconds left in the window. */
  private countAgainst(name: string, limit: number) {
    const now = Date.now();
    let window = this.windows.get(name);
    if (!window || now - window.startedAt >= 60_000) {
      window = { startedAt: now, count: 0 };
      this.windows.set(name, window);
    }
    window.count += 1;
    if (window.count > limit) {
      throw new PrintifyHttpError(429, 'Too Many Attempts.', undefined, Math.ceil((window.startedAt + 60_000 - now) / 1000));
    }
  }

  private listVariants(blueprintId: number, printProviderId: number) {
    if (blueprintId !== this.options.blueprintId || printProviderId !== this.options.printProviderId) {
      throw new PrintifyHttpError(404, 'Not Found.');
    }
    return {
      id: printProviderId,
      title: 'Fake Magnet Printer',
      variants: this.options.variants.map((variant) => ({
        id: variant.id,
        title: variant.size,
        options: { size: variant.size },
        placeholders: [{ position: 'front', width: 1800, height: 1800 }],
      })),
    };
  }

  /** The magnet product as the shop holds it: each size with Printify's cost, a price, and whether it is on sale. */
  private product(productId: string) {
    if (productId !== (this.options.productId ?? 'magnet-product')) throw new PrintifyHttpError(404, 'Not Found.');
    const disabled = new Set(this.options.disabledVariantIds ?? []);
    return {
      id: productId,
      title: 'QR code magnet',
      blueprint_id: this.options.blueprintId,
      print_provider_id: this.options.printProviderId,
      variants: this.options.variants.map((variant) => ({
        id: variant.id,
        sku: `MAGNET-${variant.id}`,
        title: variant.size,
        cost: variant.cost,
        price: Math.round(variant.cost * 1.5),
        is_enabled: !disabled.has(variant.id),
      })),
    };
  }

  private found(orderId: string): Order {
    const order = this.orders.get(orderId);
    if (!order) throw new PrintifyHttpError(404, 'Not Found.');
    return order;
  }

  /** The catalogue items of a request, checked as Printify checks them. */
  private lineItems(body: unknown, withPrintAreas: boolean) {
    const items = (body as { line_items?: unknown } | null)?.line_items;
    if (!Array.isArray(items) || items.length === 0) throw validation('line_items: at least one item is required');
    return items.map((item: Record<string, unknown>, index) => {
      if (item.blueprint_id !== this.options.blueprintId || item.print_provider_id !== this.options.printProviderId) {
        throw validation(
          `line_items.${index}: blueprint ${String(item.blueprint_id)} is not made by print provider ${String(item.print_provider_id)}`,
        );
      }
      const variant = this.options.variants.find((candidate) => candidate.id === item.variant_id);
      if (!variant) throw validation(`line_items.${index}.variant_id: variant ${String(item.variant_id)} is not available`);
      if (!Number.isInteger(item.quantity) || (item.quantity as number) < 1)
        throw validation(`line_items.${index}.quantity must be at least 1`);
      const front = (item.print_areas as { front?: unknown } | undefined)?.front;
      if (withPrintAreas && (typeof front !== 'string' || !/^https?:\/\//.test(front))) {
        throw validation(`line_items.${index}.print_areas.front must be the address of an image`);
      }
      return { variant, quantity: item.quantity as number, front: front as string | undefined };
    });
  }

  private destination(body: unknown) {
    const address = (body as { address_to?: Record<string, unknown> } | null)?.address_to;
    if (!address) throw validation('address_to is required');
    for (const field of ['first_name', 'last_name', 'country', 'region', 'address1', 'city', 'zip']) {
      if (typeof address[field] !== 'string' || address[field] === '') throw validation(`address_to.${field} is required`);
    }
    const rates = SHIPPING[address.country as string];
    if (!rates) throw validation(`address_to.country: the print provider does not ship to ${String(address.country)}`);
    return { address, rates };
  }

  private shippingCost(rate: [number, number], quantity: number) {
    return rate[0] + rate[1] * (quantity - 1);
  }

  private calculateShipping(body: unknown) {
    const items = this.lineItems(body, false);
    const { rates } = this.destination(body);
    const quantity = items.reduce((sum, item) => sum + item.quantity, 0);
    return { standard: this.shippingCost(rates.standard, quantity), express: this.shippingCost(rates.express, quantity) };
  }

  private createOrder(body: unknown): { id: string } {
    const input = (body ?? {}) as Record<string, unknown>;
    if (typeof input.external_id !== 'string' || input.external_id === '') throw validation('external_id is required');
    const items = this.lineItems(body, true);
    const { address, rates } = this.destination(body);
    const method = SHIPPING_METHODS[input.shipping_method as number];
    if (!method) throw validation(`shipping_method ${String(input.shipping_method)} is not available for these items`);
    const duplicate = [...this.orders.values()].some((order) => order.external_id === input.external_id);
    if (duplicate && (this.options.duplicateExternalIds ?? 'reject') === 'reject') {
      throw validation(`external_id: an order with external_id ${input.external_id} already exists`);
    }
    const quantity = items.reduce((sum, item) => sum + item.quantity, 0);
    const totalShipping = this.shippingCost(rates[method], quantity);
    const order: Order = {
      id: randomBytes(12).toString('hex'),
      external_id: input.external_id,
      label: typeof input.label === 'string' ? input.label : input.external_id,
      status: 'on-hold',
      shipping_method: input.shipping_method,
      send_shipping_notification: input.send_shipping_notification === true,
      address_to: address,
      line_items: items.map((item, index) => ({
        blueprint_id: this.options.blueprintId,
        print_provider_id: this.options.printProviderId,
        variant_id: item.variant.id,
        quantity: item.quantity,
        print_areas: { front: item.front },
        cost: item.variant.cost,
        shipping_cost: index === 0 ? totalShipping : 0,
        status: 'on-hold',
        metadata: { title: 'Fake Magnet', price: item.variant.cost, variant_label: item.variant.size, country: address.country },
      })),
      total_price: items.reduce((sum, item) => sum + item.variant.cost * item.quantity, 0),
      total_shipping: totalShipping,
      total_tax: 0,
      shipments: [],
      created_at: timestamp(),
      sent_to_production_at: null,
      fulfilled_at: null,
    };
    this.orders.set(order.id, order);
    this.emit('order:created', order, {});
    return { id: order.id };
  }

  /** Newest first, ten to a page, in Printify's paginated envelope. */
  private listOrders(query: URLSearchParams) {
    const status = query.get('status');
    const perPage = Math.min(Number(query.get('limit') ?? ORDERS_PER_PAGE) || ORDERS_PER_PAGE, ORDERS_PER_PAGE);
    const page = Math.max(1, Number(query.get('page') ?? 1) || 1);
    const all = [...this.orders.values()].reverse().filter((order) => !status || order.status === status);
    return {
      current_page: page,
      per_page: perPage,
      last_page: Math.max(1, Math.ceil(all.length / perPage)),
      total: all.length,
      data: all.slice((page - 1) * perPage, page * perPage),
    };
  }

  private sendToProduction(orderId: string) {
    const order = this.found(orderId);
    if (order.status !== 'on-hold') throw validation(`the order is ${order.status} and cannot be sent to production`);
    Object.assign(order, { status: 'in-production', sent_to_production_at: timestamp() });
    for (const item of order.line_items as Record<string, unknown>[]) item.status = 'in-production';
    this.emit('order:sent-to-production', order, {});
    this.emit('order:updated', order, { status: order.status });
    return order;
  }

  /** The print provider hands the order to a carrier: a shipment with tracking, and the order fulfilled. */
  ship(orderId: string, shipment: { carrier: string; trackingNumber: string; url: string }): PrintifyWebhookEvent[] {
    const order = this.found(orderId);
    if (order.status !== 'in-production') throw new Error(`order ${orderId} is ${order.status}, not in production`);
    const shippedAt = timestamp();
    order.shipments.push({ carrier: shipment.carrier, number: shipment.trackingNumber, url: shipment.url, delivered_at: null });
    Object.assign(order, { status: 'fulfilled', fulfilled_at: shippedAt });
    for (const item of order.line_items as Record<string, unknown>[])
      Object.assign(item, { status: 'fulfilled', fulfilled_at: shippedAt });
    const carrier = { code: shipment.carrier, tracking_number: shipment.trackingNumber, tracking_url: shipment.url };
    return [
      this.emit('order:shipment:created', order, { shipped_at: shippedAt, carrier, skus: this.skusOf(order) }),
      this.emit('order:updated', order, { status: order.status }),
    ];
  }

  /** The carrier delivers the order's shipment. */
  deliver(orderId: string): PrintifyWebhookEvent {
    const order = this.found(orderId);
    const shipment = order.shipments.at(-1);
    if (!shipment) throw new Error(`order ${orderId} has not shipped`);
    shipment.delivered_at = timestamp();
    const carrier = { code: shipment.carrier, tracking_number: shipment.number, tracking_url: shipment.url };
    return this.emit('order:shipment:delivered', order, {
      delivered_at: shipment.delivered_at,
      carrier,
      skus: this.skusOf(order),
    });
  }

  private skusOf(order: Order) {
    return (order.line_items as { variant_id: number }[]).map((item) => String(item.variant_id));
  }

  /** Records an event in Printify's envelope and posts it when an endpoint is configured. */
  private emit(type: string, order: Order, data: Record<string, unknown>): PrintifyWebhookEvent {
    const event: PrintifyWebhookEvent = {
      id: randomUUID(),
      type,
      created_at: timestamp(),
      resource: { id: order.id, type: 'order', data: { shop_id: Number(this.options.shopId), ...data } },
    };
    this.events.push(event);
    if (this.options.webhookUrl) this.deliveryQueue = this.deliveryQueue.then(() => this.post(event));
    return event;
  }

  /** The body and headers of an event as Printify posts it; another secret forges it. */
  signed(event: PrintifyWebhookEvent, secret = this.options.webhookSecret) {
    const payload = JSON.stringify(event);
    const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'Printify-Webhooks' };
    if (secret) headers['x-pfy-signature'] = signPrintifyPayload(payload, secret);
    return { payload, headers };
  }

  private async post(event: PrintifyWebhookEvent): Promise<void> {
    const { payload, headers } = this.signed(event);
    try {
      const response = await fetch(this.options.webhookUrl!, { method: 'POST', headers, body: payload });
      await response.arrayBuffer();
      this.deliveries.push({ event, status: response.status });
    } catch {
      this.deliveries.push({ event, status: 'unreachable' });
    }
  }
}

export function startFakePrintify(options: FakePrintifyOptions): Promise<FakePrintify> {
  return new FakePrintify(options).start();
}
