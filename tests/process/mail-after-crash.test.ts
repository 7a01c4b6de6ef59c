import { afterEach, describe, expect, test } from 'vitest';
import { freePort, startServerProcess, stopServerProcess, type ServerProcess } from '../support/server-process.js';
import { linkFrom, startSmtpServer, type TestSmtpServer } from '../support/smtp-server.js';

const running: ServerProcess[] = [];
let smtp: TestSmtpServer | undefined;
afterEach(async () => {
  for (const server of running.splice(0)) await stopServerProcess(server, 'SIGKILL');
  await smtp?.close();
  smtp = undefined;
});

async function start(...args: Parameters<typeof startServerProcess>) {
  const server = await startServerProcess(...args);
  running.push(server);
  return server;
}

describe('mail is a job stored in the database', { timeout: 120_000 }, () => {
  test('a verification mail queued just before kill -9 goes out after the restart, and its link works', async () => {
    // Nothing listens here yet: the first attempt fails and the job waits for its retry.
    const unreachable = `smtp://127.0.0.1:${await freePort()}`;
    const first = await start({ env: { SMTP_URL: unreachable } });
    const email = 'crash-survivor@example.com';
    const response = await fetch(`${first.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Kim', lastName: 'Park', email, password: 'vending-route-42', confirmPassword: 'vending-route-42' }),
    });
    expect(response.status).toBe(201);
    await expect.poll(() => first.output(), { timeout: 20_000 }).toContain('job failed; it will be retried');
    expect(first.output()).not.toContain('verify-email?token=');
    await stopServerProcess(first, 'SIGKILL');

    smtp = await startSmtpServer();
    const again = await start({ dataDir: first.dataDir, env: { SMTP_URL: smtp.url } });
    const mail = await smtp.waitForMail(email, /Verify/, 30_000);
    expect(mail.text).toContain(`${first.url}/verify-email?token=`);

    const token = new URL(linkFrom(mail, '/verify-email')).searchParams.get('token')!;
    const verified = await fetch(`${again.url}/api/auth/verify-email?token=${encodeURIComponent(token)}`, { redirect: 'manual' });
    expect(verified.status).toBeLessThan(400);
  });
});
