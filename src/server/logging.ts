import { createRequire } from 'node:module';
import pino from 'pino';
import type pretty from 'pino-pretty';

/**
 * The server's logger. Request lines carry no query string (verification and reset tokens travel
 * there) and no client address (DECISIONS 3 keeps addresses only as a keyed hash). A person at a
 * terminal gets readable lines; log collectors get JSON.
 */
export function createLogger(level: string, destination?: pino.DestinationStream) {
  const options: pino.LoggerOptions = {
    level,
    serializers: {
      req: (request: { method: string; url: string }) => ({ method: request.method, url: request.url.split('?')[0] }),
    },
  };
  // Formatted in process: a transport would run in a worker thread, a second JavaScript heap.
  // pino-pretty only at a terminal: loaded there alone, as log collectors never need it.
  destination ??= process.stdout.isTTY ? (createRequire(import.meta.url)('pino-pretty') as typeof pretty)({ translateTime: 'HH:MM:ss', ignore: 'pid,hostname', sync: true }) : undefined;
  return destination ? pino(options, destination) : pino(options);
}
