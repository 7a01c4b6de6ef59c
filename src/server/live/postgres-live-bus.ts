import pg from 'pg';
import type { Logger } from 'pino';
import { z } from 'zod';
import { LiveEnvelopeSchema, LiveListeners, type LiveBus, type LiveEnvelope, type LiveListener } from './live-bus.js';

/** The NOTIFY channel; a database's channels are its own, so apps on other databases never hear it. */
export const LIVE_CHANNEL = 'vendvote_live';
/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more; batches stay well below. */
const MAX_PAYLOAD_BYTES = 7_000;
/** Events published within this window travel in one NOTIFY (a busy machine votes many times a second). */
const FLUSH_DELAY_MS = 50;
/** Past this many waiting events (the database unreachable) the oldest are dropped: pages re-read on reconnect. */
const MAX_PENDING = 10_000;
const RECONNECT_DELAYS_MS = [500, 1_000, 2_000, 5_000, 10_000];

const NotificationSchema = z.array(LiveEnvelopeSchema);

/**
 * Live events between instances by PostgreSQL's LISTEN/NOTIFY. Each instance keeps one connection
 * of its own (outside the pool, as LISTEN belongs to a session) and hears every NOTIFY on the
 * channel, its own included: an event reaches this instance's streams the same way it reaches the
 * others'. While that connection is down, events are delivered here only, and it is opened again.
 */
export class PostgresLiveBus implements LiveBus {
  private readonly listeners = new LiveListeners();
  private client: pg.Client | null = null;
  private pending: LiveEnvelope[] = [];
  private flushTimer: NodeJS.Timeout | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private failures = 0;
  private closed = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly log?: Logger,
  ) {}

  /** Resolves once the first connection listens; later losses are repaired in the background. */
  async start(): Promise<void> {
    await this.connect();
  }

  publish(envelope: LiveEnvelope) {
    if (this.closed) return;
    this.pending.push(envelope);
    if (this.pending.length > MAX_PENDING) this.pending.splice(0, this.pending.length - MAX_PENDING);
    this.flushTimer ??= setTimeout(() => void this.flush(), FLUSH_DELAY_MS);
  }

  subscribe(listener: LiveListener) {
    return this.listeners.add(listener);
  }

  async close() {
    this.closed = true;
    if (this.flushTimer) clearTimeout(this.flushTimer);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    await this.flush();
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private async connect() {
    const client = new pg.Client({ connectionString: this.databaseUrl, connectionTimeoutMillis: 5_000 });
    client.on('notification', (message) => {
      if (message.channel === LIVE_CHANNEL && message.payload) this.receive(message.payload);
    });
    client.on('error', (error: Error & { code?: string }) => {
      this.log?.warn({ err: { type: error.name, message: error.message, code: error.code } }, 'the live-updates connection was lost; reconnecting');
      this.lost(client);
    });
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`listen ${LIVE_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.failures = 0;
  }

  private lost(client: pg.Client) {
    if (this.client !== client) return;
    this.client = null;
    client.end().catch(() => {});
    this.scheduleReconnect();
  }

  private scheduleReconnect() {
    if (this.closed || this.reconnectTimer) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(this.failures, RECONNECT_DELAYS_MS.length - 1)]!;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect().catch(() => {
        this.failures += 1;
        this.scheduleReconnect();
      });
    }, delay);
    this.reconnectTimer.unref();
  }

  private async flush() {
    this.flushTimer = null;
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    for (const payload of payloadsOf(batch)) {
      const client = this.client;
      try {
        if (!client) throw new Error('not connected');
        await client.query('select pg_notify($1, $2)', [LIVE_CHANNEL, payload]);
      } catch {
        // The other instances miss these; this one's own streams still get them.
        for (const envelope of JSON.parse(payload) as LiveEnvelope[]) this.listeners.deliver(envelope);
      }
    }
  }

  private receive(payload: string) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      return;
    }
    const envelopes = NotificationSchema.safeParse(parsed);
    // Another version of the app during a rolling deploy may send events this one does not know.
    if (!envelopes.success) return;
    for (const envelope of envelopes.data) this.listeners.deliver(envelope);
  }
}

/** JSON arrays of the envelopes, each small enough for one NOTIFY. */
export function payloadsOf(envelopes: LiveEnvelope[]): string[] {
  const payloads: string[] = [];
  let current: string[] = [];
  let size = 2;
  for (const envelope of envelopes) {
    const json = JSON.stringify(envelope);
    const bytes = Buffer.byteLength(json) + 1;
    if (current.length > 0 && size + bytes > MAX_PAYLOAD_BYTES) {
      payloads.push(`[${current.join(',')}]`);
      current = [];
      size = 2;
    }
    current.push(json);
    size += bytes;
  }
  if (current.length > 0) payloads.push(`[${current.join(',')}]`);
  return payloads;
}
