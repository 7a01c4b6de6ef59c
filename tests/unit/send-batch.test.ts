import { describe, expect, test } from 'vitest';
import { MAX_RETRY_WAIT_MS, RATE_LIMIT_RETRIES, retryAfterMs, sendBatch } from '../../src/web/features/product-import/send-batch.js';

/** The import page's sending of one batch: what it retries, after how long, and under which key. */
const RESULT = { batchKey: 'k', created: 1, updated: 0, skipped: 0, rows: [{ row: 2, outcome: 'created' }], replayed: false };
const ROWS = [{ row: 2, name: 'Chips', brand: 'Brand', category: 'Chips' }];
const KEY = '6f1c1a52-8c1e-4d0b-9a43-0c1c5bb0f0a1';

function scripted(answers: (() => Response)[]) {
  const bodies: string[] = [];
  const send = async (_url: string | URL | Request, init?: RequestInit) => {
    bodies.push(String(init?.body));
    const next = answers.shift();
    if (!next) throw new Error('no answer left');
    return next();
  };
  return { send: send as typeof fetch, bodies };
}
const tooMany = (retryAfter?: string) => () =>
  new Response(JSON.stringify({ message: 'Too many requests. Please try again later.' }), { status: 429, headers: retryAfter ? { 'Retry-After': retryAfter } : {} });
const ok = () => new Response(JSON.stringify(RESULT), { status: 200, headers: { 'content-type': 'application/json' } });

describe('sendBatch', () => {
  test('a 429 is waited out for as long as Retry-After says, then sent again with the same key and rows', async () => {
    const { send, bodies } = scripted([tooMany('2'), ok]);
    const slept: number[] = [];
    const waiting: (number | null)[] = [];
    const result = await sendBatch(KEY, 'skip', ROWS, { fetch: send, sleep: async (ms) => void slept.push(ms), onWaiting: (ms) => waiting.push(ms) });
    expect(result).toEqual(RESULT);
    expect(slept).toEqual([2000]);
    expect(waiting).toEqual([2000, null]);
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toBe(bodies[0]);
    expect(JSON.parse(bodies[0]!)).toMatchObject({ batchKey: KEY });
  });

  test(`gives up with the server's answer after ${RATE_LIMIT_RETRIES} waits, or at once when asked to wait too long`, async () => {
    const always = scripted(Array.from({ length: RATE_LIMIT_RETRIES + 1 }, () => tooMany('1')));
    await expect(sendBatch(KEY, 'skip', ROWS, { fetch: always.send, sleep: async () => {} })).rejects.toThrow(/^429: .*Too many requests/);
    expect(always.bodies).toHaveLength(RATE_LIMIT_RETRIES + 1);

    const long = scripted([tooMany(String(MAX_RETRY_WAIT_MS / 1000 + 1))]);
    await expect(sendBatch(KEY, 'skip', ROWS, { fetch: long.send, sleep: async () => {} })).rejects.toThrow(/^429: /);
    expect(long.bodies).toHaveLength(1);
  });

  test('a 5xx is retried, a 409 is not', async () => {
    const flaky = scripted([() => new Response('{}', { status: 503 }), ok]);
    expect(await sendBatch(KEY, 'skip', ROWS, { fetch: flaky.send, sleep: async () => {} })).toEqual(RESULT);
    const refused = scripted([() => new Response(JSON.stringify({ message: 'used' }), { status: 409 })]);
    await expect(sendBatch(KEY, 'skip', ROWS, { fetch: refused.send, sleep: async () => {} })).rejects.toThrow(/^409: /);
    expect(refused.bodies).toHaveLength(1);
  });

  test('Retry-After is read as seconds or as an HTTP date', () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 0);
    expect(retryAfterMs('7', now)).toBe(7000);
    expect(retryAfterMs(new Date(now + 5000).toUTCString(), now)).toBe(5000);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });
});
