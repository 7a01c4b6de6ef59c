import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  replyTo: string[];
  subject: string;
  text: string;
  html: string;
  /** Header values by lower-case name, as text (List-Unsubscribe and the like). */
  headers: Record<string, string>;
  /** When it arrived (ms since the epoch). */
  at: number;
}

/**
 * A real SMTP server on loopback that keeps what it receives, for tests to read. With
 * `refuseFirst`, the first that many messages are refused with a temporary error (451), as a
 * mail server that is briefly unwell does.
 */
export async function startSmtpServer(options: { refuseFirst?: number } = {}) {
  const received: ReceivedMail[] = [];
  /** When each refused message was refused (ms since the epoch). */
  const refusedAt: number[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      if (refusedAt.length < (options.refuseFirst ?? 0)) {
        refusedAt.push(Date.now());
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Try again later'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream)
        .then((mail: ParsedMail) => {
          const to = [mail.to].flat().flatMap((address) => address?.value.map((v) => v.address ?? '') ?? []);
          const replyTo = mail.replyTo?.value.map((v) => v.address ?? '') ?? [];
          const headers = Object.fromEntries(mail.headerLines.map((line) => [line.key, line.line.slice(line.line.indexOf(':') + 1).trim()]));
          received.push({ to, replyTo, subject: mail.subject ?? '', text: mail.text ?? '', html: mail.html || '', headers, at: Date.now() });
          waiters.splice(0).forEach((wake) => wake());
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refusedAt,
    /** The newest message to `to` whose subject matches, waiting for it up to `timeoutMs`. */
    async waitForMail(to: string, subject: RegExp = /./, timeoutMs = 5000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const match = received.filter((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject)).at(-1);
        if (match) return match;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`No mail to ${to} matching ${subject} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, left).unref();
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;

/** The first link in a mail's text that leads to `path`. */
export function linkFrom(mail: ReceivedMail, path: string): string {
  const match = mail.text.match(new RegExp(`https?://\\S+${path.replace(/[/?]/g, '\\$&')}\\S*`));
  if (!match) throw new Error(`No ${path} link in mail "${mail.subject}"`);
  return match[0];
}
