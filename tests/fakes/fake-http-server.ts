import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** The path without the query. */
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  text: string;
  /** The body parsed as JSON, or null. */
  json: unknown;
}

/**
 * What the retail fakes share: a loopback HTTP server that records every request and, when told to
 * go silent, takes requests and never answers (a vendor that hangs, for the client's timeout).
 */
export abstract class FakeHttpServer {
  readonly requests: RecordedRequest[] = [];
  /** 'silent': requests are read and left unanswered until close(). */
  mode: 'normal' | 'silent' = 'normal';
  url = '';
  private readonly server = createServer((request, response) => void this.handle(request, response));

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  protected abstract route(request: RecordedRequest, response: ServerResponse, incoming: IncomingMessage): void;

  protected send(response: ServerResponse, status: number, payload: unknown): void {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(payload));
  }

  private async handle(incoming: IncomingMessage, response: ServerResponse) {
    let text = '';
    incoming.setEncoding('utf8');
    for await (const chunk of incoming) text += chunk as string;
    const url = new URL(incoming.url ?? '/', 'http://fake');
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    const request: RecordedRequest = { method: incoming.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), headers: incoming.headers, text, json };
    this.requests.push(request);
    if (this.mode === 'silent') return;
    this.route(request, response, incoming);
  }
}
