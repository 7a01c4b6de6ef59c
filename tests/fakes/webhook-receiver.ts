import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The body exactly as it arrived: signatures are checked over these bytes. */
  rawBody: string;
  /** The status this request was answered with. */
  answeredWith: number;
}

/**
 * An operator's webhook receiver on loopback: records every request with its raw body and answers,
 * per path, the statuses it is told to in order (`answerNext('/a', 500, 500)`), then that path's
 * standing answer (`alwaysAnswer('/b', 503)`), else 200. Each test uses its own path.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  url = '';
  private readonly queued = new Map<string, number[]>();
  private readonly standing = new Map<string, number>();
  private readonly waiters = new Set<() => void>();
  private readonly server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      const status = this.queued.get(path)?.shift() ?? this.standing.get(path) ?? 200;
      const redirect = status >= 300 && status < 400 ? { location: `${this.url}/elsewhere` } : {};
      this.received.push({ method: request.method ?? '', path, headers: request.headers, rawBody: Buffer.concat(chunks).toString('utf8'), answeredWith: status });
      response.writeHead(status, { 'content-type': 'text/plain', ...redirect });
      // A body the sender must not store.
      response.end(`answered ${status}: receiver-body-not-stored`);
      this.waiters.forEach((wake) => wake());
    });
  });

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** The next requests to `path` are answered with these statuses, in order. */
  answerNext(path: string, ...statuses: number[]) {
    this.queued.set(path, [...(this.queued.get(path) ?? []), ...statuses]);
  }

  /** Every request to `path` is answered with `status` (after any queued ones). */
  alwaysAnswer(path: string, status: number) {
    this.standing.set(path, status);
  }

  /** Requests to one path (each test registers its own path). */
  to(path: string): ReceivedWebhook[] {
    return this.received.filter((request) => request.path === path);
  }

  /** Waits until `count` requests reached `path`, and answers them. */
  async waitFor(path: string, count = 1, timeoutMs = 10_000): Promise<ReceivedWebhook[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.to(path).length < count) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`Expected ${count} webhook request(s) to ${path}, got ${this.to(path).length}`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.waiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, Math.min(left, 200));
        this.waiters.add(wake);
      });
    }
    return this.to(path);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
