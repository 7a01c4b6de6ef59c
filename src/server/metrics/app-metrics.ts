import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { poolStats, type Database } from '../db/client.js';
import { withinMs } from '../time-limit.js';
import { jobFigures, type JobFigures } from '../jobs/job-figures.js';

/**
 * Why a vote was refused, in the order the layers in front of a vote check (vote-limits.ts, then
 * the vote statement in votes.service.ts). A request the schema turns away (400) or the cross-site
 * check refuses (403) never became a vote and is not counted here; the request histogram has it.
 */
export const VOTE_REFUSALS = [
  'rate_limit_address',
  'no_voter_cookie',
  'bad_voter_cookie',
  'rate_limit_product',
  'duplicate',
  'unknown_machine',
  'unknown_product',
] as const;
export type VoteRefusal = (typeof VOTE_REFUSALS)[number];

/** One attempt at a webhook delivery: settled by a 2xx, failed but retried, failed for the last time, or dropped unsent. */
export const WEBHOOK_OUTCOMES = ['delivered', 'retrying', 'failed', 'dropped'] as const;
export type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number];

export const MAIL_OUTCOMES = ['sent', 'failed'] as const;
export type MailOutcome = (typeof MAIL_OUTCOMES)[number];

/** Open event streams of one app, by who reads them. */
export interface LiveStreamCounts {
  operator: number;
  votePage: number;
}

/** Seconds; from a cached read (a few ms) to a slow export or a stalled client (the 30 s request timeout). */
const REQUEST_DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** How long a scrape waits for the jobs table before it answers without the job figures. */
export const SCRAPE_DATABASE_TIMEOUT_MS = 1_000;

/** A request that matched no route: a 404, or a page the single-page fallback served. */
export const UNMATCHED_ROUTE = 'unmatched';

const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;

export interface AppMetricsOptions {
  db: Database;
  /** Every job name the app runs, so each queue has its series (at 0) before its first job. */
  jobQueues?: readonly string[];
}

/**
 * The Prometheus figures of one app: a registry of its own (tests build many apps in one process;
 * prom-client's global registry would refuse the second set of names), served as text by the
 * metrics listener (metrics-server.ts).
 *
 * Counters move where things happen, each a single increment of a child bound in advance (the vote
 * path gets nothing more). Gauges that describe shared state are read when scraped: the jobs table
 * (one query, bounded by SCRAPE_DATABASE_TIMEOUT_MS), the connection pool, the open streams.
 */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly db: Database;
  private readonly jobQueues: readonly string[];
  private readonly liveSources = new Set<() => LiveStreamCounts>();

  private readonly requestDuration: Histogram<'method' | 'route' | 'status_class'>;
  private readonly votesRecorded: Counter;
  private readonly votesRefused: Record<VoteRefusal, Counter.Internal>;
  private readonly mails: Record<MailOutcome, Counter.Internal>;
  private readonly webhookDeliveries: Record<WebhookOutcome, Counter.Internal>;
  private readonly jobs: Gauge<'queue' | 'state'>;
  private readonly oldestWaitingJob: Gauge<'queue'>;
  private readonly databaseUp: Gauge;
  /** Only on a PostgreSQL server; the embedded database has no pool. */
  private readonly pool?: { connections: Gauge<'state'>; waiting: Gauge; max: Gauge };
  private readonly liveStreams: Gauge<'audience'>;

  constructor(options: AppMetricsOptions) {
    this.db = options.db;
    this.jobQueues = options.jobQueues ?? [];
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });

    this.requestDuration = new Histogram({
      name: 'vendvote_http_request_duration_seconds',
      help: `Time from a request's arrival to the end of its answer, by method, route pattern (never the URL itself; "${UNMATCHED_ROUTE}" for 404s and pages of the single-page fallback) and status class. Event streams are left out: they last as long as the tab is open (see vendvote_live_streams_open).`,
      labelNames: ['method', 'route', 'status_class'],
      buckets: REQUEST_DURATION_BUCKETS,
      registers,
    });

    this.votesRecorded = new Counter({ name: 'vendvote_votes_recorded_total', help: 'Votes recorded (answered 201).', registers });
    const refused = new Counter({
      name: 'vendvote_votes_refused_total',
      help: 'Votes refused, by reason: rate_limit_address (600 a minute from one address), no_voter_cookie / bad_voter_cookie (no page load gave the voter a valid cookie), rate_limit_product (60 an hour from one address to one product), duplicate (the voter already voted for it), unknown_machine, unknown_product.',
      labelNames: ['reason'],
      registers,
    });
    this.votesRefused = bindAll(refused, 'reason', VOTE_REFUSALS);

    const mails = new Counter({
      name: 'vendvote_mails_total',
      help: 'Mails handed to the mail server (or written to the outbox), by outcome: sent, or failed (each failed attempt; the job retries it, and a job out of attempts shows as dead in vendvote_jobs).',
      labelNames: ['outcome'],
      registers,
    });
    this.mails = bindAll(mails, 'outcome', MAIL_OUTCOMES);

    const webhooks = new Counter({
      name: 'vendvote_webhook_deliveries_total',
      help: "Attempts at delivering operators' webhooks, by outcome: delivered (a 2xx answer), retrying (failed; tried again later), failed (the last attempt failed), dropped (the endpoint was turned off first).",
      labelNames: ['outcome'],
      registers,
    });
    this.webhookDeliveries = bindAll(webhooks, 'outcome', WEBHOOK_OUTCOMES);

    this.jobs = new Gauge({
      name: 'vendvote_jobs',
      help: 'Jobs in the jobs table, by queue (the job name) and state: waiting (due, not yet taken), scheduled (a retry or a job set for later), running, dead (out of attempts; kept a while for inspection). One table serves every instance: aggregate with max, not sum.',
      labelNames: ['queue', 'state'],
      registers,
    });
    this.oldestWaitingJob = new Gauge({
      name: 'vendvote_jobs_oldest_waiting_seconds',
      help: 'How long the oldest waiting job of each queue has been due; 0 when none waits. Shared by every instance, as vendvote_jobs.',
      labelNames: ['queue'],
      registers,
    });
    this.databaseUp = new Gauge({
      name: 'vendvote_database_up',
      help: `1 when this scrape's read of the jobs table answered within ${SCRAPE_DATABASE_TIMEOUT_MS / 1000} s; 0 when it did not, and the job figures are left out of the scrape.`,
      registers,
    });

    // The pool's gauges exist only where there is a pool; the info metric says which database this is.
    const pooled = poolStats(this.db) !== null;
    const engine = new Gauge({
      name: 'vendvote_database_info',
      help: 'The database this instance uses, as the engine label: postgres (a server, through a pool of connections) or embedded (PGlite in DATA_DIR: one connection running one statement at a time, no pool, so no vendvote_db_pool_* figures).',
      labelNames: ['engine'],
      registers,
    });
    engine.set({ engine: pooled ? 'postgres' : 'embedded' }, 1);
    if (pooled) {
      this.pool = {
        connections: new Gauge({
          name: 'vendvote_db_pool_connections',
          help: "Connections of this instance's PostgreSQL pool, by state: in_use (running a query or holding a transaction) or idle. The live-update listener's own connection is not in the pool.",
          labelNames: ['state'],
          registers,
        }),
        waiting: new Gauge({
          name: 'vendvote_db_pool_waiting',
          help: 'Calls waiting for a connection because every one in the pool is in use (each waits at most 5 s, then answers 503).',
          registers,
        }),
        max: new Gauge({ name: 'vendvote_db_pool_max', help: 'The most connections the pool opens.', registers }),
      };
    }

    this.liveStreams = new Gauge({
      name: 'vendvote_live_streams_open',
      help: 'Server-sent event streams this instance holds open, by audience: operator (the dashboard and other signed-in pages) or vote_page (customers on a machine\'s vote page).',
      labelNames: ['audience'],
      registers,
    });
  }

  /** One answered request; `route` is the route's pattern, undefined when none matched. */
  observeRequest(method: string, route: string | undefined, statusCode: number, seconds: number) {
    const statusClass = STATUS_CLASSES[Math.floor(statusCode / 100) - 1] ?? `${Math.floor(statusCode / 100)}xx`;
    this.requestDuration.observe({ method, route: route ?? UNMATCHED_ROUTE, status_class: statusClass }, seconds);
  }

  voteRecorded() {
    this.votesRecorded.inc();
  }

  voteRefused(reason: VoteRefusal) {
    this.votesRefused[reason].inc();
  }

  mail(outcome: MailOutcome) {
    this.mails[outcome].inc();
  }

  webhookDelivery(outcome: WebhookOutcome) {
    this.webhookDeliveries[outcome].inc();
  }

  /** Counts an app's open streams at each scrape; returns the function that stops counting them. */
  countLiveStreams(source: () => LiveStreamCounts): () => void {
    this.liveSources.add(source);
    return () => this.liveSources.delete(source);
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The text a Prometheus scrape gets, the gauges read afresh. */
  async scrape(): Promise<string> {
    await this.readGauges();
    return this.registry.metrics();
  }

  private async readGauges() {
    const live = { operator: 0, votePage: 0 };
    for (const source of this.liveSources) {
      const counts = source();
      live.operator += counts.operator;
      live.votePage += counts.votePage;
    }
    this.liveStreams.set({ audience: 'operator' }, live.operator);
    this.liveStreams.set({ audience: 'vote_page' }, live.votePage);

    const pool = poolStats(this.db);
    if (pool && this.pool) {
      this.pool.connections.set({ state: 'in_use' }, pool.inUse);
      this.pool.connections.set({ state: 'idle' }, pool.idle);
      this.pool.waiting.set(pool.waiting);
      this.pool.max.set(pool.max);
    }

    let figures: JobFigures[] | 'timeout' | undefined;
    try {
      figures = await withinMs(SCRAPE_DATABASE_TIMEOUT_MS, jobFigures(this.db));
    } catch {
      figures = undefined;
    }
    this.jobs.reset();
    this.oldestWaitingJob.reset();
    if (figures === undefined || figures === 'timeout') {
      this.databaseUp.set(0);
      return;
    }
    this.databaseUp.set(1);
    const byQueue = new Map(figures.map((row) => [row.queue, row]));
    for (const queue of new Set([...this.jobQueues, ...byQueue.keys()])) {
      const row = byQueue.get(queue);
      this.jobs.set({ queue, state: 'waiting' }, row?.waiting ?? 0);
      this.jobs.set({ queue, state: 'scheduled' }, row?.scheduled ?? 0);
      this.jobs.set({ queue, state: 'running' }, row?.running ?? 0);
      this.jobs.set({ queue, state: 'dead' }, row?.dead ?? 0);
      this.oldestWaitingJob.set({ queue }, row?.oldestWaitingSeconds ?? 0);
    }
  }
}

/** A child of the counter for each value, made once, so counting is one increment; each series starts at 0. */
function bindAll<V extends string>(counter: Counter<string>, label: string, values: readonly V[]): Record<V, Counter.Internal> {
  const children = {} as Record<V, Counter.Internal>;
  for (const value of values) {
    children[value] = counter.labels({ [label]: value });
    children[value].inc(0);
  }
  return children;
}
