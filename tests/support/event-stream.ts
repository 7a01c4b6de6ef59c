/**
 * A server-sent events client for tests, reading a real HTTP stream as a browser's EventSource
 * does: `next()` waits for the next event, `none()` holds that none arrives for a while.
 */
export interface ReceivedEvent {
  event: string;
  data: unknown;
}

export interface EventStreamClient {
  status: number;
  headers: Headers;
  next(timeoutMs?: number): Promise<ReceivedEvent>;
  /** Resolves when no event arrived within `ms`; rejects with the event that did. */
  none(ms?: number): Promise<void>;
  /** Resolves once the server has ended the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openEventStream(url: string, headers: Record<string, string> = {}): Promise<EventStreamClient> {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const queue: ReceivedEvent[] = [];
  const waiters: ((event: ReceivedEvent) => void)[] = [];
  let buffer = '';
  const push = (event: ReceivedEvent) => (waiters.length ? waiters.shift()!(event) : queue.push(event));
  const ended = (async () => {
    if (!response.body || response.status !== 200) return;
    const decoder = new TextDecoder();
    const reader = response.body.getReader();
    try {
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        buffer += decoder.decode(read.value, { stream: true });
        let boundary: number;
        while ((boundary = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          const lines = block.split('\n');
          const name = lines.find((line) => line.startsWith('event: '))?.slice(7);
          const data = lines.find((line) => line.startsWith('data: '))?.slice(6);
          if (name && data !== undefined) push({ event: name, data: JSON.parse(data) });
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  return {
    status: response.status,
    headers: response.headers,
    ended,
    next(timeoutMs = 5_000) {
      if (queue.length) return Promise.resolve(queue.shift()!);
      return new Promise((resolve, reject) => {
        const waiter = (event: ReceivedEvent) => {
          clearTimeout(timer);
          resolve(event);
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`No event within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    async none(ms = 300) {
      await new Promise((resolve) => setTimeout(resolve, ms));
      if (queue.length) throw new Error(`Unexpected event: ${JSON.stringify(queue[0])}`);
    },
    close: () => controller.abort(),
  };
}
