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
  close(): void;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  /** Where messages go when no SMTP server is configured. */
  outboxDir: string;
  log: FastifyBaseLogger;
}

/**
 * Sends over SMTP when SMTP_URL is set; otherwise writes each message as an .eml file to the
 * outbox and logs it, so a local install can still follow verification and reset links.
 */
export function createMailer({ smtpUrl, from, outboxDir, log }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return withSendLater(log, {
      async send(message) {
        await transport.sendMail({ from, ...message });
        log.info({ subject: message.subject }, 'mail sent');
      },
      close: () => transport.close(),
    });
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return withSendLater(log, {
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

function withSendLater(log: FastifyBaseLogger, mailer: Omit<Mailer, 'sendLater'>): Mailer {
  return {
    ...mailer,
    sendLater(message) {
      mailer.send(message).catch((error: unknown) => {
        log.error({ err: { message: error instanceof Error ? error.message : String(error) }, subject: message.subject }, 'mail could not be sent');
      });
    },
  };
}
