import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../support/server-process.js';

const running: ServerProcess[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) await stopServerProcess(server, 'SIGKILL');
});

async function start(...args: Parameters<typeof startServerProcess>) {
  const server = await startServerProcess(...args);
  running.push(server);
  return server;
}

function register(server: ServerProcess, email: string, forwardedFor?: string) {
  return fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    body: JSON.stringify({ firstName: 'Kim', lastName: 'Park', email, password: 'vending-route-42', confirmPassword: 'vending-route-42' }),
  });
}

/** 403 'verify first' proves the account exists and its row reads back; 401 would mean it is gone. */
async function signInStatus(server: ServerProcess, email: string) {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
    body: JSON.stringify({ email, password: 'vending-route-42' }),
  });
  return response.status;
}

describe('the embedded database and its data directory', { timeout: 120_000 }, () => {
  test('a second process on the same data directory fails at once with a clear message', async () => {
    const first = await start();
    const second = await start({ dataDir: first.dataDir, waitUntilReady: false });
    const code = await Promise.race([second.exited, new Promise((resolve) => setTimeout(() => resolve('still running'), 15_000))]);
    expect(code).toBe(1);
    expect(second.output()).toMatch(/already in use by another VendVote process/);
    expect((await fetch(`${first.url}/api/auth/me`)).status).toBe(401);
  });

  test('SIGTERM lets an in-flight request finish, then checkpoints, closes and releases the lock', async () => {
    const server = await start();
    const pending = register(server, 'inflight@example.com');
    await new Promise((resolve) => setTimeout(resolve, 30));
    const exit = stopServerProcess(server, 'SIGTERM');
    const response = await pending;
    expect(response.status).toBe(201);
    expect(await exit).toBe(0);
    expect(existsSync(join(server.dataDir, 'vendvote.lock'))).toBe(false);

    const again = await start({ dataDir: server.dataDir, env: { TRUST_PROXY: 'true' } });
    expect(await signInStatus(again, 'inflight@example.com')).toBe(403);
  });

  test('after kill -9 in the middle of writes the database opens again with every acknowledged write', async () => {
    const server = await start({ env: { TRUST_PROXY: 'true' } });
    const acknowledged: string[] = [];
    let n = 0;
    let killed = false;
    const writer = async () => {
      while (!killed) {
        const email = `crash-${n++}@example.com`;
        try {
          const response = await register(server, email, `10.1.${Math.floor(n / 250)}.${n % 250}`);
          if (response.status === 201) acknowledged.push(email);
        } catch {
          return; // The connection died with the process.
        }
      }
    };
    const writers = [writer(), writer(), writer(), writer()];
    await new Promise((resolve) => setTimeout(resolve, 2500));
    killed = true;
    server.child.kill('SIGKILL');
    await Promise.all(writers);
    await server.exited;
    expect(acknowledged.length).toBeGreaterThan(5);
    expect(existsSync(join(server.dataDir, 'vendvote.lock'))).toBe(true);

    const reopened = await start({ dataDir: server.dataDir, env: { TRUST_PROXY: 'true' } });
    for (const email of acknowledged) expect(await signInStatus(reopened, email), email).toBe(403);
    expect(await signInStatus(reopened, 'never-registered@example.com')).toBe(401);
  });
});
