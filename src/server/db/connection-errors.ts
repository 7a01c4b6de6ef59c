/**
 * Tells "the database is away" (a restart, a failover, a dropped or refused connection, a pool that
 * cannot connect in time) from every other failure. Those are not our bug and not the caller's: the
 * server answers 503 with Retry-After, and the pool reconnects by itself once the database is back.
 */

/** SQLSTATEs of a connection that ended or could not start (PostgreSQL appendix A). */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, a fast shutdown, a failover
  '57P02', // crash_shutdown: another backend crashed and the server is restarting
  '57P03', // cannot_connect_now: the server is starting up or shutting down
  '53300', // too_many_connections: every slot is taken for the moment
]);

/** Socket-level failures reaching the server. */
const UNAVAILABLE_NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * node-postgres reports a lost connection and a pool connect timeout without a code, only by these
 * messages (pg/lib/client.js and pg-pool/index.js).
 */
const UNAVAILABLE_DRIVER_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /is not queryable$/,
  /^Client has encountered a connection error/,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error in its own (as `cause`), so look down the chain.
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth++) {
    if (isUnavailableError(current)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

function isUnavailableError(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08') || UNAVAILABLE_NETWORK_CODES.has(code))) {
    return true;
  }
  return UNAVAILABLE_DRIVER_MESSAGES.some((pattern) => pattern.test(error.message));
}
