import { Server as NetServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { KEEP_ALIVE_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from '../http-timeouts.js';

const draining = new WeakSet<FastifyInstance>();
const drainListeners = new WeakMap<FastifyInstance, (() => void)[]>();

/** Runs `listener` when the app starts draining: for connections that never end by themselves (event streams). */
export function onDraining(app: FastifyInstance, listener: () => void) {
  drainListeners.set(app, [...(drainListeners.get(app) ?? []), listener]);
}

function startDraining(app: FastifyInstance) {
  if (draining.has(app)) return;
  draining.add(app);
  callDrainListeners(app);
}

function callDrainListeners(app: FastifyInstance) {
  for (const listener of drainListeners.get(app) ?? []) listener();
}

/** True once the app is stopping: /readyz answers 503 from then on. */
export function isDraining(app: FastifyInstance): boolean {
  return draining.has(app);
}

/**
 * Once the app is draining or closing, every answer asks the client to drop the connection, so a
 * keep-alive socket ends right after its answer instead of carrying another request.
 */
export function registerGracefulClose(app: FastifyInstance) {
  app.addHook('preClose', async () => {
    startDraining(app);
  });
  app.addHook('onSend', async (_request, reply) => {
    if (draining.has(app)) reply.header('connection', 'close');
  });
}

export interface GracefulCloseOptions {
  /**
   * How long the app goes on serving after it starts draining, with /readyz answering 503, before
   * it stops accepting connections (DRAIN_SECONDS): time for a load balancer's health checks to
   * see it and stop sending, so no new connection is refused. 0 unless given.
   */
  drainMs?: number;
  /** Cuts that wait short (a second signal). */
  skipDrain?: AbortSignal;
}

/**
 * Stops the server without resetting a single request. `app.close()` alone (Node's `server.close()`)
 * destroys every idle keep-alive socket at once; a client that was just sending its next request on
 * one of them gets a connection reset. So, first:
 * 0. start draining: /readyz answers 503, every answer carries `Connection: close`, event streams
 *    end; and for `drainMs` go on serving, while balancers take the instance out of rotation;
 * 1. stop accepting connections (a new one is refused before anything is sent) but keep the open
 *    ones, which go on being served, each answer with `Connection: close`;
 * 2. wait until every socket has ended: busy ones after their answer, idle ones when their
 *    keep-alive timeout runs out (clients that honour the `Keep-Alive` hint drop them first);
 *    the request timeouts are still enforced meanwhile;
 * then close the app (its hooks, and any socket still open), and after the request timeout cut
 * whatever is still connected, so a stalled client cannot hold the shutdown for ever.
 */
export async function closeGracefully(app: FastifyInstance, options: GracefulCloseOptions = {}): Promise<void> {
  startDraining(app);
  const server = app.server;
  if (server.listening && (options.drainMs ?? 0) > 0) {
    await delay(options.drainMs!, options.skipDrain);
    // Streams opened while draining (a browser reconnecting before its balancer had noticed) end too.
    callDrainListeners(app);
  }
  if (server.listening) {
    // net.Server's own close: http.Server's would also destroy the idle sockets and stop the
    // timer that enforces the request timeouts.
    const drained = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
    await Promise.race([drained, delay(KEEP_ALIVE_TIMEOUT_MS + 1_000)]);
  }
  const cutStragglers = setTimeout(() => server.closeAllConnections(), REQUEST_TIMEOUT_MS);
  try {
    await app.close();
  } finally {
    clearTimeout(cutStragglers);
  }
}

function delay(ms: number, cutShort?: AbortSignal) {
  return new Promise<void>((resolve) => {
    if (cutShort?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    timer.unref();
    cutShort?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      cutShort?.removeEventListener('abort', done);
      resolve();
    }
  });
}
