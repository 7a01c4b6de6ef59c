import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../support/server-process.js';

let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess();
});
afterAll(async () => {
  await stopServerProcess(server, 'SIGKILL');
});

interface Ending {
  /** Milliseconds from the first byte sent to the socket's close. */
  closedAfterMs: number;
  /** What the server wrote before closing (Node answers 408 to a request that ran out of time). */
  received: string;
}

/** Opens a socket, writes `partial` and nothing more, and waits for the server to close it. */
function sendAndStall(partial: string, giveUpAfterMs: number): Promise<Ending | 'still open'> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve) => {
    const socket: Socket = connect(Number(port), hostname, () => {
      const startedAt = Date.now();
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString()));
      socket.on('close', () => resolve({ closedAfterMs: Date.now() - startedAt, received }));
      socket.write(partial);
      setTimeout(() => {
        resolve('still open');
        socket.destroy();
      }, giveUpAfterMs).unref();
    });
    socket.on('error', () => {});
  });
}

const host = () => new URL(server.url).host;

describe('clients that stop sending', { timeout: 60_000 }, () => {
  test('a stalled body is answered 408 and closed after the 30 s request timeout, stalled headers after the 15 s headers timeout', async () => {
    const head = `POST /api/auth/login HTTP/1.1\r\nHost: ${host()}\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n`;
    // Both wait at once, so the test takes the longer timeout, not the sum.
    const [body, headers] = await Promise.all([
      sendAndStall(`${head}{"email":"slow@example.com",`, 45_000),
      sendAndStall(`GET /api/auth/me HTTP/1.1\r\nHost: ${host()}\r\nX-Slow: `, 45_000),
    ]);
    expect(body).not.toBe('still open');
    expect((body as Ending).closedAfterMs).toBeGreaterThanOrEqual(29_000);
    expect((body as Ending).closedAfterMs).toBeLessThan(33_000);
    expect((body as Ending).received).toMatch(/^HTTP\/1\.1 408 /);
    expect(headers).not.toBe('still open');
    expect((headers as Ending).closedAfterMs).toBeGreaterThanOrEqual(14_000);
    expect((headers as Ending).closedAfterMs).toBeLessThan(18_000);
    expect((headers as Ending).received).toMatch(/^HTTP\/1\.1 408 /);
  });

  test('the server still answers everyone else meanwhile', async () => {
    const stalled = sendAndStall(`POST /api/auth/login HTTP/1.1\r\nHost: ${host()}\r\nContent-Length: 50\r\n\r\n{`, 2_000);
    expect((await fetch(`${server.url}/api/auth/me`)).status).toBe(401);
    expect(await stalled).toBe('still open');
  });
});
