import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { HEADERS_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from '../http-timeouts.js';
import { loggableError } from '../plugins/error-handler.js';
import type { AppMetrics } from './app-metrics.js';

export interface MetricsServer {
  /** Where Prometheus scrapes, e.g. http://127.0.0.1:9464/metrics. */
  url: string;
  port: number;
  close(): Promise<void>;
}

export interface MetricsServerOptions {
  metrics: AppMetrics;
  /** METRICS_PORT (0 picks a free one); bound to `host` (HOST), like the public port. */
  port: number;
  host: string;
  log?: FastifyBaseLogger;
}

/**
 * The metrics listener: `GET /metrics` on a port of its own (METRICS_PORT), and nothing else. The
 * public port never serves the figures, so nothing in front of it needs to hide them, and a
 * balancer that forwards only PORT cannot expose them; whoever can reach this port may read them
 * (no token), so keep it to the network Prometheus scrapes from (docs/decisions/0039).
 */
export async function startMetricsServer({ metrics, port, host, log }: MetricsServerOptions): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(path === '/metrics' ? 405 : 404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: this port serves GET /metrics only.\n');
      return;
    }
    metrics.scrape().then(
      (text) => {
        response.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        log?.error({ err: loggableError(error) }, 'could not collect the metrics');
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('The metrics could not be collected.\n');
      },
    );
  });
  // A scrape is one short request: the same bounds as the public port's, so a stalled client cannot hold a socket.
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = (server.address() as AddressInfo).port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${bound}/metrics`,
    port: bound,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
