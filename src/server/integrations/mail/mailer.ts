import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  /** Where a reply goes when it should not go to MAIL_FROM (e.g. to the person who wrote in). */
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe on notices (RFC 2369 and 8058). */
  headers?: Record<string, string>;
}

/**
 * Sends one message now, or throws. Callers do not send directly: they enqueue a `send-mail`
 * job (src/server/jobs), whose worker calls this and retries when it throws.
 */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
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
 * A mail server that accepts the connection and then says nothing must not hold a job past its
 * lease (src/server/jobs/job-store.ts): nodemailer's defaults wait up to ten minutes.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

/**
 * nodemailer, loaded with the first message: a few MB resident that a server sending no mail
 * (most of the time) does not need.
 */
function lazyTransport(options: Parameters<typeof nodemailer.createTransport>[0]) {
  let opening: Promise<Transporter> | undefined;
  return {
    open: () => (opening ??= import('nodemailer').then((nodemailer) => nodemailer.default.createTransport(options))),
    close: () => void opening?.then((transport) => transport.close()),
  };
}

/**
 * Sends over SMTP when SMTP_URL is set; otherwise writes each message as an .eml file to the
 * outbox and logs it, so a local install can still follow verification and reset links.
 */
export function createMailer({ smtpUrl, from, outboxDir, log }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = lazyTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
    return {
      async send(message) {
        await (await transport.open()).sendMail({ from, ...message });
        log.info({ subject: message.subject }, 'mail sent');
      },
      close: transport.close,
    };
  }
  const transport = lazyTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await (await transport.open()).sendMail({ from, ...message });
      await mkdir(outboxDir, { recursive: true });
      const file = join(outboxDir, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer);
      log.info({ to: message.to, subject: message.subject, file }, `mail written to the outbox:\n${message.text}`);
    },
    close: transport.close,
  };
}
