import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseStripeForm, type FormObject, type FormValue } from './stripe-form.js';

/**
 * A Stripe that runs in the test process: the endpoints VendVote calls (customers, Checkout
 * Sessions, subscriptions (cancelling at the period's end too), subscription schedules, invoices,
 * their charges and payment records, Customer Portal sessions), with state, Stripe's error format,
 * idempotency keys and its webhook signatures. The real SDK talks to it through `STRIPE_API_BASE`.
 * What a customer does on Stripe's own pages (finishing a checkout) and what Stripe's clock does (a
 * period or trial ending, a renewal charged or failing) the tests do through its methods, which then send the events Stripe would send.
 */

export const FAKE_STRIPE_API_VERSION = '2026-10-28.endive';
const DAY_S = 86_400;

export interface FakePrice {
  id: string;
  unitAmount: number;
}

export interface FakeStripeOptions {
  secretKey: string;
  webhookSecret: string;
  prices: FakePrice[];
  /** Where events are posted; without it they are only recorded. */
  webhookUrl?: string;
}

type StripeObject = Record<string, unknown> & { id: string };

export interface RecordedRequest {
  method: string;
  path: string;
  params: FormObject;
  idempotencyKey: string | undefined;
}

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly param?: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

const idOf = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const text = (value: FormValue | undefined) => (typeof value === 'string' ? value : undefined);
const object = (value: FormValue | undefined) => (value && typeof value === 'object' && !Array.isArray(value) ? value : undefined);

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

/** The `Stripe-Signature` header Stripe sends with an event: `t=…,v1=HMAC-SHA256(secret, "t.payload")`. */
export function signStripePayload(payload: string, secret: string, timestamp = nowSeconds()): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export class FakeStripe {
  readonly customers = new Map<string, StripeObject>();
  readonly checkoutSessions = new Map<string, StripeObject>();
  readonly subscriptions = new Map<string, StripeObject>();
  readonly portalSessions = new Map<string, StripeObject>();
  readonly schedules = new Map<string, StripeObject>();
  readonly invoices = new Map<string, StripeObject>();
  readonly invoiceItems = new Map<string, StripeObject>();
  /** A paid invoice's charge and its payment record (invoice_payment), which ties the charge to the invoice. */
  readonly charges = new Map<string, StripeObject>();
  readonly invoicePayments = new Map<string, StripeObject>();
  /** Requests ('POST /v1/invoiceitems') whose next answers are lost after they were carried out, one pattern per answer. */
  readonly lostAnswers: RegExp[] = [];
  /** Requests ('POST /v1/subscriptions/…') that fail, not carried out, while a pattern is here: Stripe having an outage. */
  readonly outages: RegExp[] = [];
  readonly events: StripeObject[] = [];
  readonly requests: RecordedRequest[] = [];
  /** Responses by idempotency key, with the request they answered. */
  private readonly idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  private readonly server = createServer((request, response) => void this.handle(request, response));
  url = '';

  constructor(readonly options: FakeStripeOptions) {}

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private priceObject(priceId: string) {
    const price = this.options.prices.find((candidate) => candidate.id === priceId);
    if (!price) throw new StripeError(400, 'invalid_request_error', `No such price: '${priceId}'`, 'price', 'resource_missing');
    return { id: price.id, object: 'price', unit_amount: price.unitAmount, currency: 'usd', recurring: { interval: 'month', interval_count: 1 } };
  }

  private found(map: Map<string, StripeObject>, id: string, kind: string): StripeObject {
    const found = map.get(id);
    if (!found) throw new StripeError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'id', 'resource_missing');
    return found;
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const body = await readBody(request);
    const url = new URL(request.url ?? '/', 'http://fake');
    const params = request.method === 'GET' || request.method === 'DELETE' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(body);
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    this.requests.push({ method: request.method ?? 'GET', path: url.pathname, params, idempotencyKey });
    let send = (status: number, payload: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': idOf('req') });
      response.end(JSON.stringify(payload));
    };
    const lost = this.lostAnswers.findIndex((pattern) => pattern.test(`${request.method} ${url.pathname}`));
    if (lost !== -1) {
      // The request is carried out and its answer lost on the way back, as a dropped connection would.
      this.lostAnswers.splice(lost, 1);
      const real = send;
      send = (_status, _payload) => real(500, { error: { type: 'api_error', message: 'An error occurred with our connection to Stripe.' } });
    }
    if (this.outages.some((pattern) => pattern.test(`${request.method} ${url.pathname}`))) {
      // Told not to retry, as Stripe says of a failure a retry would not mend soon.
      response.writeHead(500, { 'content-type': 'application/json', 'request-id': idOf('req'), 'stripe-should-retry': 'false' });
      return response.end(JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred' } }));
    }
    try {
      if (request.headers.authorization !== `Bearer ${this.options.secretKey}`) {
        throw new StripeError(401, 'invalid_request_error', 'Invalid API Key provided');
      }
      if (idempotencyKey && request.method === 'POST') {
        const fingerprint = `${url.pathname} ${body}`;
        const earlier = this.idempotent.get(idempotencyKey);
        if (earlier) {
          if (earlier.fingerprint !== fingerprint) {
            throw new StripeError(400, 'idempotency_error', 'Keys for idempotent requests can only be used with the same parameters they were first used with.');
          }
          response.setHeader('idempotent-replayed', 'true');
          return send(earlier.status, earlier.body);
        }
        const result = this.route('POST', url.pathname, params);
        this.idempotent.set(idempotencyKey, { fingerprint, status: 200, body: result });
        return send(200, result);
      }
      return send(200, this.route(request.method ?? 'GET', url.pathname, params));
    } catch (error) {
      if (error instanceof StripeError) {
        return send(error.status, { error: { type: error.type, message: error.message, param: error.param, code: error.code } });
      }
      send(500, { error: { type: 'api_error', message: String(error) } });
    }
  }

  private readonly routes: [string, RegExp, (id: string, params: FormObject) => unknown][] = [
    ['POST', /^\/v1\/customers$/, (_, params) => this.createCustomer(params)],
    ['GET', /^\/v1\/customers\/([^/]+)$/, (id) => this.found(this.customers, id, 'customer')],
    ['POST', /^\/v1\/checkout\/sessions$/, (_, params) => this.createCheckoutSession(params)],
    ['GET', /^\/v1\/checkout\/sessions\/([^/]+)$/, (id) => this.found(this.checkoutSessions, id, 'checkout.session')],
    ['GET', /^\/v1\/subscriptions\/([^/]+)$/, (id) => this.found(this.subscriptions, id, 'subscription')],
    ['POST', /^\/v1\/subscriptions\/([^/]+)$/, (id, params) => this.updateSubscription(id, params)],
    ['DELETE', /^\/v1\/subscriptions\/([^/]+)$/, (id) => this.cancelSubscription(id)],
    ['POST', /^\/v1\/billing_portal\/sessions$/, (_, params) => this.createPortalSession(params)],
    ['POST', /^\/v1\/invoiceitems$/, (_, params) => this.createInvoiceItem(params)],
    ['DELETE', /^\/v1\/invoiceitems\/([^/]+)$/, (id) => this.deleteInvoiceItem(id)],
    ['GET', /^\/v1\/invoiceitems$/, (_, params) => this.listInvoiceItems(params)],
    ['POST', /^\/v1\/subscription_schedules$/, (_, params) => this.createSchedule(params)],
    ['GET', /^\/v1\/subscription_schedules\/([^/]+)$/, (id) => this.found(this.schedules, id, 'subscription_schedule')],
    ['POST', /^\/v1\/subscription_schedules\/([^/]+)$/, (id, params) => this.updateSchedule(id, params)],
    ['POST', /^\/v1\/subscription_schedules\/([^/]+)\/release$/, (id) => this.releaseSchedule(id)],
    ['GET', /^\/v1\/invoices\/([^/]+)$/, (id) => this.found(this.invoices, id, 'invoice')],
    ['GET', /^\/v1\/charges\/([^/]+)$/, (id) => this.found(this.charges, id, 'charge')],
    ['GET', /^\/v1\/invoice_payments$/, (_, params) => this.listInvoicePayments(params)],
  ];

  private route(method: string, path: string, params: FormObject): unknown {
    for (const [routeMethod, pattern, handler] of this.routes) {
      const match = routeMethod === method ? pattern.exec(path) : null;
      if (match) return handler(decodeURIComponent(match[1] ?? ''), params);
    }
    throw new StripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path})`);
  }

  private createCustomer(params: FormObject) {
    const customer = { id: idOf('cus'), object: 'customer', email: text(params.email) ?? null, name: text(params.name) ?? null, metadata: object(params.metadata) ?? {}, created: nowSeconds() };
    this.customers.set(customer.id, customer);
    return customer;
  }

  /** A line item by price id, or by `price_data` made up on the spot (one-off payments). */
  private lineItemOf(item: FormObject | undefined, index: number) {
    const quantity = Number(text(item?.quantity) ?? 1);
    const priceId = text(item?.price);
    if (priceId) return { price: this.priceObject(priceId), quantity };
    const data = object(item?.price_data);
    const unitAmount = Number(text(data?.unit_amount));
    if (!data || !Number.isInteger(unitAmount) || !text(data.currency)) {
      throw new StripeError(400, 'invalid_request_error', `Missing required param: line_items[${index}][price].`, 'line_items');
    }
    const name = text(object(data.product_data)?.name) ?? '';
    return { price: { id: idOf('price'), object: 'price', unit_amount: unitAmount, currency: text(data.currency), product_name: name }, quantity, amount_total: unitAmount * quantity };
  }

  private createCheckoutSession(params: FormObject) {
    const mode = text(params.mode);
    if (mode !== 'subscription' && mode !== 'payment') throw new StripeError(400, 'invalid_request_error', 'This fake takes subscription and payment checkouts', 'mode');
    const customer = text(params.customer);
    if (customer) this.found(this.customers, customer, 'customer');
    const items = (Array.isArray(params.line_items) ? params.line_items : []).map((item, index) => this.lineItemOf(object(item), index));
    if (items.length === 0) throw new StripeError(400, 'invalid_request_error', 'Missing required param: line_items.', 'line_items');
    const successUrl = text(params.success_url);
    if (!successUrl) throw new StripeError(400, 'invalid_request_error', 'Missing required param: success_url.', 'success_url');
    const id = idOf('cs_test');
    const session = {
      id,
      object: 'checkout.session',
      mode,
      status: 'open',
      amount_total: items.reduce((sum, item) => sum + item.price.unit_amount * item.quantity, 0),
      payment_intent: null as string | null,
      payment_status: 'unpaid',
      customer: customer ?? null,
      customer_email: text(params.customer_email) ?? null,
      client_reference_id: text(params.client_reference_id) ?? null,
      metadata: object(params.metadata) ?? {},
      subscription: null as string | null,
      payment_method_collection: text(params.payment_method_collection) ?? 'always',
      subscription_data: object(params.subscription_data) ?? {},
      success_url: successUrl.replace('{CHECKOUT_SESSION_ID}', id),
      cancel_url: text(params.cancel_url) ?? null,
      url: `${this.url}/pay/${id}`,
      line_items: { object: 'list', data: items },
      created: nowSeconds(),
    };
    this.checkoutSessions.set(id, session);
    return session;
  }

  private updateSubscription(id: string, params: FormObject) {
    const subscription = this.found(this.subscriptions, id, 'subscription');
    const items = Array.isArray(params.items) ? params.items : [];
    const item = object(items[0]);
    const current = (subscription.items as { data: Record<string, unknown>[] }).data[0]!;
    if (item) {
      if (text(item.id) && text(item.id) !== current.id) throw new StripeError(400, 'invalid_request_error', `No such subscription item: '${text(item.id)}'`, 'items');
      const priceId = text(item.price);
      if (priceId) current.price = this.priceObject(priceId);
    }
    const cancelAtPeriodEnd = text(params.cancel_at_period_end);
    if (cancelAtPeriodEnd !== undefined && subscription.schedule) {
      throw new StripeError(
        400,
        'invalid_request_error',
        `The subscription is managed by the subscription schedule \`${String(subscription.schedule)}\`, and updating any cancelation behavior directly is not allowed. Please update the schedule instead.`,
      );
    }
    if (cancelAtPeriodEnd !== undefined) subscription.cancel_at_period_end = cancelAtPeriodEnd === 'true';
    const metadata = object(params.metadata);
    if (metadata) {
      // As Stripe does: a key set to an empty value is removed.
      const merged: Record<string, unknown> = { ...(subscription.metadata as object), ...metadata };
      for (const [key, value] of Object.entries(metadata)) if (value === '') delete merged[key];
      subscription.metadata = merged;
    }
    this.emit('customer.subscription.updated', subscription);
    return subscription;
  }

  private cancelSubscription(id: string) {
    const subscription = this.found(this.subscriptions, id, 'subscription');
    subscription.status = 'canceled';
    subscription.canceled_at = nowSeconds();
    subscription.ended_at = nowSeconds();
    this.emit('customer.subscription.deleted', subscription);
    return subscription;
  }

  /** An amount added to the customer's next invoice. */
  private createInvoiceItem(params: FormObject) {
    const customer = text(params.customer);
    if (!customer) throw new StripeError(400, 'invalid_request_error', 'Missing required param: customer.', 'customer');
    this.found(this.customers, customer, 'customer');
    const amount = Number(text(params.amount));
    if (!Number.isInteger(amount)) throw new StripeError(400, 'invalid_request_error', 'Missing required param: amount.', 'amount');
    const item = {
      id: idOf('ii'),
      object: 'invoiceitem',
      customer,
      amount,
      currency: text(params.currency) ?? 'usd',
      description: text(params.description) ?? null,
      metadata: object(params.metadata) ?? {},
      invoice: null,
      date: nowSeconds(),
    };
    this.invoiceItems.set(item.id, item);
    return item;
  }

  /** A customer's invoice items, newest first; `pending=true` keeps those no invoice has taken yet. */
  private listInvoiceItems(params: FormObject) {
    const customer = text(params.customer);
    const pending = text(params.pending);
    const data = [...this.invoiceItems.values()]
      .filter((item) => (!customer || item.customer === customer) && (pending !== 'true' || !item.invoice))
      .reverse();
    return { object: 'list', url: '/v1/invoiceitems', has_more: false, data };
  }

  /** A pending invoice item can be removed until an invoice takes it. */
  private deleteInvoiceItem(id: string) {
    const item = this.found(this.invoiceItems, id, 'invoiceitem');
    if (item.invoice) throw new StripeError(400, 'invalid_request_error', 'This invoice item is already on an invoice.', 'id');
    this.invoiceItems.delete(id);
    return { id, object: 'invoiceitem', deleted: true };
  }

  private createPortalSession(params: FormObject) {
    const customer = text(params.customer);
    if (!customer) throw new StripeError(400, 'invalid_request_error', 'Missing required param: customer.', 'customer');
    this.found(this.customers, customer, 'customer');
    const session = { id: idOf('bps'), object: 'billing_portal.session', customer, return_url: text(params.return_url) ?? null, url: `${this.url}/portal/${randomBytes(8).toString('hex')}`, created: nowSeconds() };
    this.portalSessions.set(session.id, session);
    return session;
  }

  private itemOf(subscription: StripeObject) {
    return (subscription.items as { data: Record<string, unknown>[] }).data[0]! as Record<string, unknown> & {
      price: { id: string; unit_amount: number };
      current_period_start: number;
      current_period_end: number;
    };
  }

  /** A schedule that takes over a subscription, its one phase the period running now. */
  private createSchedule(params: FormObject) {
    const subscriptionId = text(params.from_subscription);
    if (!subscriptionId) throw new StripeError(400, 'invalid_request_error', 'This fake only makes schedules from_subscription', 'from_subscription');
    const subscription = this.found(this.subscriptions, subscriptionId, 'subscription');
    if (subscription.schedule) throw new StripeError(400, 'invalid_request_error', `The subscription is already attached to a schedule: '${String(subscription.schedule)}'`);
    const item = this.itemOf(subscription);
    const phase = { start_date: item.current_period_start, end_date: item.current_period_end, items: [{ price: item.price.id, quantity: 1 }] };
    const schedule: StripeObject = {
      id: idOf('sub_sched'),
      object: 'subscription_schedule',
      status: 'active',
      subscription: subscriptionId,
      customer: subscription.customer,
      end_behavior: 'release',
      current_phase: { start_date: phase.start_date, end_date: phase.end_date },
      phases: [phase],
      released_subscription: null,
      created: nowSeconds(),
    };
    this.schedules.set(schedule.id, schedule);
    subscription.schedule = schedule.id;
    return schedule;
  }

  /** New phases: the first must be the current one; each later one starts where the one before ends. */
  private updateSchedule(id: string, params: FormObject) {
    const schedule = this.found(this.schedules, id, 'subscription_schedule');
    if (schedule.status !== 'active') throw new StripeError(400, 'invalid_request_error', `You cannot update a subscription schedule that is ${String(schedule.status)}.`);
    const phases = Array.isArray(params.phases) ? params.phases.map((phase) => object(phase) ?? {}) : [];
    if (phases.length === 0) throw new StripeError(400, 'invalid_request_error', 'Missing required param: phases.', 'phases');
    const current = schedule.current_phase as { start_date: number; end_date: number };
    let start = Number(text(phases[0]!.start_date) ?? current.start_date);
    if (start !== current.start_date) throw new StripeError(400, 'invalid_request_error', 'You can not modify the start date of the current phase.', 'phases[0][start_date]');
    schedule.phases = phases.map((phase) => {
      const items = Array.isArray(phase.items) ? phase.items : [];
      const priceId = text(object(items[0])?.price);
      if (!priceId) throw new StripeError(400, 'invalid_request_error', 'Missing required param: phases[][items][0][price].', 'phases');
      this.priceObject(priceId);
      const end = Number(text(phase.end_date) ?? start + 30 * DAY_S);
      const built = { start_date: start, end_date: end, items: [{ price: priceId, quantity: 1 }] };
      start = end;
      return built;
    });
    schedule.end_behavior = text(params.end_behavior) ?? schedule.end_behavior;
    return schedule;
  }

  private releaseSchedule(id: string) {
    const schedule = this.found(this.schedules, id, 'subscription_schedule');
    if (schedule.status !== 'active') throw new StripeError(400, 'invalid_request_error', `You cannot release a subscription schedule that is ${String(schedule.status)}.`);
    const subscription = this.found(this.subscriptions, schedule.subscription as string, 'subscription');
    Object.assign(schedule, { status: 'released', released_subscription: subscription.id, subscription: null });
    subscription.schedule = null;
    this.emit('customer.subscription.updated', subscription);
    return schedule;
  }

  private createInvoice(subscription: StripeObject, paid: boolean, periodStart: number, periodEnd: number): StripeObject {
    const item = this.itemOf(subscription);
    const id = idOf('in');
    // Pending invoice items of the customer (one-off charges) go on this invoice with the plan.
    const pendingItems = [...this.invoiceItems.values()].filter((candidate) => candidate.customer === subscription.customer && !candidate.invoice);
    for (const pending of pendingItems) pending.invoice = id;
    const itemLines = pendingItems.map((pending) => ({
      id: idOf('il'),
      amount: pending.amount as number,
      description: pending.description,
      parent: { type: 'invoice_item_details', invoice_item_details: { invoice_item: pending.id, proration: false } },
    }));
    const amount = item.price.unit_amount + itemLines.reduce((sum, line) => sum + line.amount, 0);
    const invoice: StripeObject = {
      id,
      object: 'invoice',
      customer: subscription.customer,
      status: paid ? 'paid' : 'open',
      currency: 'usd',
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      attempt_count: 1,
      billing_reason: 'subscription_cycle',
      next_payment_attempt: paid ? null : nowSeconds() + 3 * DAY_S,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id, metadata: subscription.metadata } },
      lines: {
        object: 'list',
        has_more: false,
        data: [
          {
            id: idOf('il'),
            amount: item.price.unit_amount,
            pricing: { type: 'price_details', price_details: { price: item.price.id } },
            parent: { type: 'subscription_item_details', subscription_item_details: { subscription: subscription.id } },
          },
          ...itemLines,
        ],
      },
      period_start: periodStart,
      period_end: periodEnd,
      status_transitions: { paid_at: paid ? nowSeconds() : null },
      created: nowSeconds(),
    };
    this.invoices.set(invoice.id, invoice);
    if (paid) this.payInvoice(invoice);
    return invoice;
  }

  /** The charge that paid an invoice, through a PaymentIntent, and the invoice's payment record of it. */
  private payInvoice(invoice: StripeObject) {
    const paymentIntent = idOf('pi');
    const amount = invoice.amount_paid as number;
    const charge = { id: idOf('ch'), object: 'charge', amount, amount_refunded: 0, refunded: false, currency: invoice.currency, customer: invoice.customer, payment_intent: paymentIntent, created: nowSeconds() };
    this.charges.set(charge.id, charge);
    const payment = { id: idOf('inpay'), object: 'invoice_payment', invoice: invoice.id, amount_paid: amount, status: 'paid', is_default: true, payment: { type: 'payment_intent', payment_intent: paymentIntent } };
    this.invoicePayments.set(payment.id, payment);
  }

  private listInvoicePayments(params: FormObject) {
    const payment = object(params.payment);
    const invoice = text(params.invoice);
    const data = [...this.invoicePayments.values()].filter(
      (candidate) =>
        (!invoice || candidate.invoice === invoice) &&
        (!payment || (candidate.payment as { payment_intent: string }).payment_intent === text(payment.payment_intent)),
    );
    return { object: 'list', url: '/v1/invoice_payments', has_more: false, data };
  }

  /**
   * The operator's money is given back (from the Dashboard, say): part of an invoice's charge, or
   * all of it. Stripe sends charge.refunded with the charge as it now stands.
   */
  refundInvoice(invoiceId: string, amount?: number): StripeObject {
    const payment = [...this.invoicePayments.values()].find((candidate) => candidate.invoice === invoiceId);
    if (!payment) throw new Error(`invoice ${invoiceId} has no payment`);
    const paymentIntent = (payment.payment as { payment_intent: string }).payment_intent;
    const charge = [...this.charges.values()].find((candidate) => candidate.payment_intent === paymentIntent)!;
    const refunded = Math.min((charge.amount as number), (charge.amount_refunded as number) + (amount ?? (charge.amount as number)));
    Object.assign(charge, { amount_refunded: refunded, refunded: refunded === charge.amount });
    return this.emit('charge.refunded', charge);
  }

  /**
   * The period (or trial) of a subscription ends, as Stripe's clock would make it: a scheduled plan
   * change takes effect, then the renewal is charged. A trial without a card cancels when it was set
   * to. Answers the events sent, in Stripe's order.
   */
  endPeriod(id: string, options: { paymentSucceeds?: boolean } = {}): StripeObject[] {
    const subscription = this.found(this.subscriptions, id, 'subscription');
    const item = this.itemOf(subscription);
    const events: StripeObject[] = [];
    const endsTrialWithoutCard =
      subscription.status === 'trialing' &&
      !subscription.default_payment_method &&
      object(object(subscription.trial_settings as FormObject)?.end_behavior)?.missing_payment_method === 'cancel';
    if (endsTrialWithoutCard) {
      Object.assign(subscription, { status: 'canceled', canceled_at: nowSeconds(), ended_at: nowSeconds() });
      return [this.emit('customer.subscription.deleted', subscription)];
    }
    if (subscription.cancel_at_period_end) {
      // Set to end with its period (cancel_at_period_end): it ends rather than renews.
      Object.assign(subscription, { status: 'canceled', canceled_at: nowSeconds(), ended_at: item.current_period_end });
      return [this.emit('customer.subscription.deleted', subscription)];
    }
    const start = item.current_period_end;
    const schedule = subscription.schedule ? this.schedules.get(subscription.schedule as string) : undefined;
    const nextPhase = (schedule?.phases as { start_date: number; end_date: number; items: { price: string }[] }[] | undefined)?.find(
      (phase) => phase.start_date === start,
    );
    if (schedule && nextPhase) {
      item.price = this.priceObject(nextPhase.items[0]!.price);
      schedule.current_phase = { start_date: nextPhase.start_date, end_date: nextPhase.end_date };
    }
    Object.assign(item, { current_period_start: start, current_period_end: start + 30 * DAY_S });
    const paid = options.paymentSucceeds ?? true;
    Object.assign(subscription, { status: paid ? 'active' : 'past_due', trial_end: subscription.trial_end });
    const invoice = this.createInvoice(subscription, paid, start, start + 30 * DAY_S);
    events.push(this.emit('customer.subscription.updated', subscription));
    events.push(this.emit(paid ? 'invoice.paid' : 'invoice.payment_failed', invoice));
    return events;
  }

  /** Records an event as Stripe would send it, with a copy of the object as it is now. */
  private emit(type: string, data: StripeObject): StripeObject {
    const event = {
      id: idOf('evt'),
      object: 'event',
      type,
      api_version: FAKE_STRIPE_API_VERSION,
      created: nowSeconds(),
      livemode: false,
      data: { object: structuredClone(data) },
    };
    this.events.push(event);
    return event;
  }

  /**
   * The customer finishes the checkout on Stripe's page: a subscription starts (trialing when the
   * session asked for a trial), the session completes, and the events follow.
   */
  completeCheckout(sessionId: string, options: { addCard?: boolean } = {}): { subscription: StripeObject; events: StripeObject[] } {
    const session = this.found(this.checkoutSessions, sessionId, 'checkout.session');
    if (session.status !== 'open') throw new Error(`checkout ${sessionId} is ${String(session.status)}`);
    const customerId = (session.customer as string | null) ?? this.createCustomer({ email: (session.customer_email as string | null) ?? '' }).id;
    const start = nowSeconds();
    const trialDays = Number(text(object(session.subscription_data as FormObject)?.trial_period_days) ?? 0);
    const trialEnd = trialDays > 0 ? start + trialDays * DAY_S : null;
    const periodEnd = trialEnd ?? start + 30 * DAY_S;
    const lineItem = (session.line_items as { data: { price: unknown }[] }).data[0]!;
    const subscription: StripeObject = {
      id: idOf('sub'),
      object: 'subscription',
      customer: customerId,
      status: trialEnd ? 'trialing' : 'active',
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      trial_start: trialEnd ? start : null,
      trial_end: trialEnd,
      default_payment_method: options.addCard ? idOf('pm') : null,
      schedule: null,
      metadata: session.metadata,
      trial_settings: object(object(session.subscription_data as FormObject)?.trial_settings) ?? null,
      items: { object: 'list', data: [{ id: idOf('si'), object: 'subscription_item', price: lineItem.price, quantity: 1, current_period_start: start, current_period_end: periodEnd }] },
      created: start,
    };
    this.subscriptions.set(subscription.id, subscription);
    Object.assign(session, { status: 'complete', payment_status: trialEnd ? 'no_payment_required' : 'paid', customer: customerId, subscription: subscription.id });
    const events = [this.emit('customer.subscription.created', subscription), this.emit('checkout.session.completed', session)];
    return { subscription, events };
  }

  /** The customer pays a one-off (payment mode) checkout on Stripe's page; the session completes. */
  completePayment(sessionId: string): StripeObject[] {
    const session = this.found(this.checkoutSessions, sessionId, 'checkout.session');
    if (session.mode !== 'payment' || session.status !== 'open') throw new Error(`checkout ${sessionId} is not an open payment`);
    Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: idOf('pi') });
    return [this.emit('checkout.session.completed', session)];
  }

  /** An open checkout nobody finished expires (Stripe's default is after 24 hours). */
  expireCheckout(sessionId: string): StripeObject[] {
    const session = this.found(this.checkoutSessions, sessionId, 'checkout.session');
    if (session.status !== 'open') throw new Error(`checkout ${sessionId} is not open`);
    Object.assign(session, { status: 'expired', url: null });
    return [this.emit('checkout.session.expired', session)];
  }

  /** Changes a subscription as Stripe's own processes would (a trial ending, a renewal) and sends the update. */
  changeSubscription(id: string, changes: Record<string, unknown>): StripeObject {
    const subscription = this.found(this.subscriptions, id, 'subscription');
    Object.assign(subscription, changes);
    return this.emit(changes.status === 'canceled' ? 'customer.subscription.deleted' : 'customer.subscription.updated', subscription);
  }

  /** Sends any event (a reminder, an invoice) as Stripe would. */
  emitEvent(type: string, data: StripeObject): StripeObject {
    return this.emit(type, data);
  }

  /** The body and signature header of an event, as Stripe posts it. */
  signed(event: StripeObject, options: { timestamp?: number; secret?: string } = {}) {
    const payload = JSON.stringify(event, null, 2);
    return { payload, signature: signStripePayload(payload, options.secret ?? this.options.webhookSecret, options.timestamp) };
  }

  /** Posts an event to the webhook endpoint, signed; answers the endpoint's status. */
  async deliver(event: StripeObject, options: { timestamp?: number; secret?: string } = {}): Promise<number> {
    if (!this.options.webhookUrl) throw new Error('no webhook endpoint configured');
    const { payload, signature } = this.signed(event, options);
    const response = await fetch(this.options.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
      body: payload,
    });
    await response.arrayBuffer();
    return response.status;
  }
}

export function startFakeStripe(options: FakeStripeOptions): Promise<FakeStripe> {
  return new FakeStripe(options).start();
}
