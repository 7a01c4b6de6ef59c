import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /**
   * Sends without making the caller wait; a failure is logged. For answers that must look the
   * same, and take the same time, whether or not a mail went out.
   */
  sendLater(message: MailMessage): void;
  /**
   * Waits for mail handed to sendLater that is still going out (up to `drainTimeoutMs`), then
   * closes the transport, so a shutdown does not drop a verification or reset link half-sent.
   */
  close(): Promise<void>;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  /** Where messages go when no SMTP server is configured. */
  outboxDir: string;
  log: FastifyBaseLogger;
  /** How long close() waits for mail still being sent; 10 s unless given. */
  drainTimeoutMs?: number;
}

/**
 * Sends over SMTP when SMTP_URL is set; otherwise writes each message as an .eml file to the
 * outbox and logs it, so a local install can still follow verification and reset links.
 */
export function createMailer({ smtpUrl, from, outboxDir, log, drainTimeoutMs = 10_000 }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return withSendLater(log, drainTimeoutMs, {
      async send(message) {
        await transport.sendMail({ from, ...message });
        log.info({ subject: message.subject }, 'mail sent');
      },
      close: () => transport.close(),
    });
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return withSendLater(log, drainTimeoutMs, {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(outboxDir, { recursive: true });
      const file = join(outboxDir, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer);
      log.info({ to: message.to, subject: message.subject, file }, `mail written to the outbox:\n${message.text}`);
    },
    close: () => transport.close(),
  });
}

type Transport = { send(message: MailMessage): Promise<void>; close(): void };

function withSendLater(log: FastifyBaseLogger, drainTimeoutMs: number, transport: Transport): Mailer {
  const inFlight = new Set<Promise<void>>();
  return {
    send: (message) => transport.send(message),
    sendLater(message) {
      const sending = transport
        .send(message)
        .catch((error: unknown) => {
          log.error({ err: { message: error instanceof Error ? error.message : String(error) }, subject: message.subject }, 'mail could not be sent');
        })
        .finally(() => inFlight.delete(sending));
      inFlight.add(sending);
    },
    async close() {
      if (inFlight.size > 0) {
        log.info({ count: inFlight.size }, 'waiting for mail still being sent');
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<'timeout'>((resolve) => {
          timer = setTimeout(() => resolve('timeout'), drainTimeoutMs);
        });
        const outcome = await Promise.race([Promise.allSettled([...inFlight]), timeout]);
        clearTimeout(timer);
        if (outcome === 'timeout') log.error({ count: inFlight.size }, 'mail still unsent at shutdown was dropped');
      }
      transport.close();
    },
  };
}
