// The vote load the benchmarks send: every request a new voter, with a voter cookie signed by the
// server's secret (as the vote page's load would hand out), from an address of its own, for one of
// the given products at machine 1 or 2; one vote in nine is a down vote. The cookies are signed
// before the run starts, so the load generator, which shares the machine's cores with the server
// and the database, spends its time sending rather than signing.
import { randomUUID } from 'node:crypto';
import { sign } from '@fastify/cookie';
import autocannon from 'autocannon';

/** More votes a second than the load reaches on this machine, so the signed cookies last the run. */
const MOST_VOTES_PER_SECOND = 15_000;

const signedVoterCookie = (secret) => `voter=${encodeURIComponent(sign(randomUUID(), secret))}`;

/**
 * Runs autocannon against `url` for `seconds` with `connections`, at most `rate` requests a second
 * over all connections when given; answers autocannon's result.
 */
export function voteLoad(url, productIds, { secret, connections, seconds, rate }) {
  const cookies = Array.from({ length: (rate ?? MOST_VOTES_PER_SECOND) * seconds }, () => signedVoterCookie(secret));
  let n = 0;
  return autocannon({
    url,
    connections,
    duration: seconds,
    ...(rate ? { overallRate: rate } : {}),
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ voteType: 'up' }),
        setupRequest: (request) => {
          n++;
          const productId = productIds[n % productIds.length];
          const machineId = 1 + (n % 2);
          return {
            ...request,
            path: `/api/products/${productId}/vote?machineId=${machineId}`,
            body: JSON.stringify({ voteType: n % 9 === 0 ? 'down' : 'up' }),
            headers: {
              ...request.headers,
              'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
              // Past the signed ones (a faster machine), a cookie is signed on the way.
              cookie: cookies[n] ?? signedVoterCookie(secret),
            },
          };
        },
      },
    ],
  });
}
