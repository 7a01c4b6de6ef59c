import pino from 'pino';
import pretty from 'pino-pretty';

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
  destination ??= process.stdout.isTTY ? pretty({ translateTime: 'HH:MM:ss', ignore: 'pid,hostname', sync: true }) : undefined;
  return destination ? pino(options, destination) : pino(options);
}
