/**
 * Timeouts of the public HTTP server. Node's defaults leave a request whose body never finishes
 * holding its socket for ever (Fastify sets no request timeout), so a few thousand stalled
 * clients could take every socket the process may open.
 *
 * - Headers must arrive within 15 s and the whole request within 30 s of its first byte. A vote,
 *   a form or a JSON body is a few kilobytes; 30 s leaves room for a phone on a poor mobile link
 *   (or a catalogue spreadsheet of a few megabytes from an office line) and none for a client that
 *   stops sending. Node answers 408 and closes the socket.
 * - An idle keep-alive socket is closed after 5 s (Node's own default, which Fastify raises to
 *   72 s). The answer's `Keep-Alive: timeout=5` hint lets clients drop the socket first, so they do
 *   not send on one we are closing. Behind a proxy or load balancer that keeps connections to us
 *   open, set its idle timeout below 5 s for the same reason.
 * - Node checks the two request timeouts on a timer (every 30 s by default, which would let a
 *   stalled request live up to a minute); once a second costs one walk over the open sockets.
 * - No socket inactivity timeout: it would also cut a slow answer the server is still computing.
 */
export const REQUEST_TIMEOUT_MS = 30_000;
export const HEADERS_TIMEOUT_MS = 15_000;
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/** Fastify's server options for the timeouts above. */
export const httpTimeoutOptions = {
  requestTimeout: REQUEST_TIMEOUT_MS,
  keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
  http: { headersTimeout: HEADERS_TIMEOUT_MS, connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS },
};
