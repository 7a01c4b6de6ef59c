import { createServer, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, test } from 'vitest';
import { createMailer } from '../../src/server/integrations/mail.js';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server.js';

const message = { to: 'owner@example.com', subject: 'Reset your VendVote password', text: 'link', html: '<p>link</p>' };

/** A pino logger whose lines are kept for the test to read. */
function recordingLogger() {
  const lines: { msg: string; count?: number }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as { msg: string });
      done();
    },
  });
  return { log: pino({ level: 'info' }, stream), lines };
}

describe('closing the mailer', () => {
  let smtp: TestSmtpServer | undefined;
  afterEach(async () => {
    await smtp?.close();
    smtp = undefined;
  });

  test('waits for mail handed to sendLater, so a shutdown does not drop it', async () => {
    smtp = await startSmtpServer();
    const { log } = recordingLogger();
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'VendVote <no-reply@vendvote.test>', outboxDir: '', log });
    mailer.sendLater(message);
    mailer.sendLater({ ...message, to: 'second@example.com' });
    await mailer.close();
    expect(smtp.received.map((mail) => mail.to).flat().sort()).toEqual(['owner@example.com', 'second@example.com']);
  });

  test('gives up on a server that never answers after the drain timeout, and says so', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const { log, lines } = recordingLogger();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'VendVote <no-reply@vendvote.test>', outboxDir: '', log, drainTimeoutMs: 300 });
    try {
      mailer.sendLater(message);
      const started = Date.now();
      await mailer.close();
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
      expect(lines.map((line) => line.msg)).toContain('mail still unsent at shutdown was dropped');
    } finally {
      sockets.forEach((socket) => socket.destroy());
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  test('closes at once when nothing is being sent', async () => {
    const { log, lines } = recordingLogger();
    const mailer = createMailer({ from: 'VendVote <no-reply@vendvote.test>', outboxDir: '', log, drainTimeoutMs: 5000 });
    const started = Date.now();
    await mailer.close();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(lines).toEqual([]);
  });
});
