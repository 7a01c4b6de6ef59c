import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LiveEvent, PublicLiveEvent } from '../../shared/live.schemas.js';
import type { LiveBus, LiveEnvelope } from './live-bus.js';

/** A comment line this often keeps proxies and load balancers from closing a quiet stream. */
export const HEARTBEAT_MS = 20_000;
/** How long a browser waits before reconnecting after a stream ends (sent as `retry:`). */
const RETRY_MS = 3_000;
/** A client this far behind is dropped; it reconnects and its page reads everything again. */
const MAX_BUFFERED_BYTES = 256 * 1024;

/** Open streams one instance serves at most: per operator (their tabs), per machine's vote page, and vote pages in all. */
export const STREAM_LIMITS = { perOwner: 20, perMachine: 500, publicTotal: 5_000 } as const;

class EventStream {
  readonly body = new PassThrough();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(private readonly onEnd: () => void) {
    this.body.write(`retry: ${RETRY_MS}\n\n`);
    this.heartbeat = setInterval(() => this.write(': keep-alive\n\n'), HEARTBEAT_MS);
    this.heartbeat.unref();
    this.body.once('close', () => this.cleanUp());
  }

  send(name: string, data: unknown) {
    this.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  end() {
    this.body.end();
    this.cleanUp();
  }

  private write(text: string) {
    if (this.body.writableEnded) return;
    if (this.body.writableLength > MAX_BUFFERED_BYTES) return this.end();
    this.body.write(text);
  }

  private cleanUp() {
    clearInterval(this.heartbeat);
    this.onEnd();
  }
}

type StreamSets = Map<number, Set<EventStream>>;

/**
 * The server-sent event streams one instance has open, by operator and by machine, fed by the bus.
 * Operators' tabs get every event of their own account; a machine's vote page only that a count
 * there moved. Events carry ids and the names on the operator's own records, nothing of customers.
 */
export class LiveStreams {
  private readonly byOwner: StreamSets = new Map();
  private readonly byMachine: StreamSets = new Map();
  private publicCount = 0;
  private readonly unsubscribe: () => void;

  constructor(bus: LiveBus) {
    this.unsubscribe = bus.subscribe((envelope) => this.deliver(envelope));
  }

  /** False when the operator already has as many streams open here as allowed. */
  canOpenForOwner(ownerId: number) {
    return (this.byOwner.get(ownerId)?.size ?? 0) < STREAM_LIMITS.perOwner;
  }

  canOpenForMachine(machineId: number) {
    return this.publicCount < STREAM_LIMITS.publicTotal && (this.byMachine.get(machineId)?.size ?? 0) < STREAM_LIMITS.perMachine;
  }

  openForOwner(request: FastifyRequest, reply: FastifyReply, ownerId: number) {
    return this.open(request, reply, this.byOwner, ownerId);
  }

  openForMachine(request: FastifyRequest, reply: FastifyReply, machineId: number) {
    this.publicCount += 1;
    return this.open(request, reply, this.byMachine, machineId, () => (this.publicCount -= 1));
  }

  /** Ends every stream (the instance is shutting down); browsers reconnect, through the balancer, elsewhere. */
  endAll() {
    for (const sets of [this.byOwner, this.byMachine]) {
      for (const streams of sets.values()) for (const stream of [...streams]) stream.end();
    }
  }

  close() {
    this.endAll();
    this.unsubscribe();
  }

  /** Open streams by audience, for the metrics: operators' tabs, and customers on vote pages. */
  counts(): { operator: number; votePage: number } {
    let operator = 0;
    for (const streams of this.byOwner.values()) operator += streams.size;
    return { operator, votePage: this.publicCount };
  }

  /** How many streams are open here (for tests and the log). */
  get size() {
    let count = 0;
    for (const sets of [this.byOwner, this.byMachine]) for (const streams of sets.values()) count += streams.size;
    return count;
  }

  private open(request: FastifyRequest, reply: FastifyReply, sets: StreamSets, key: number, onEnd?: () => void) {
    const streams = sets.get(key) ?? new Set<EventStream>();
    sets.set(key, streams);
    let ended = false;
    const stream = new EventStream(() => {
      if (ended) return;
      ended = true;
      streams.delete(stream);
      if (streams.size === 0 && sets.get(key) === streams) sets.delete(key);
      onEnd?.();
    });
    streams.add(stream);
    request.raw.once('close', () => stream.end());
    return reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-cache, no-transform')
      // Proxies such as nginx would otherwise hold events back to fill a buffer.
      .header('x-accel-buffering', 'no')
      .send(stream.body);
  }

  private deliver({ ownerId, event }: LiveEnvelope) {
    for (const stream of this.byOwner.get(ownerId) ?? []) stream.send(event.type, event satisfies LiveEvent);
    if (event.type === 'vote' && event.machineId !== null) {
      const data: PublicLiveEvent = { type: 'vote', productId: event.productId };
      for (const stream of this.byMachine.get(event.machineId) ?? []) stream.send('vote', data);
    }
  }
}
