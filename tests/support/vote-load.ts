import { randomBytes, randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { sign } from '@fastify/cookie';

/**
 * The cookie secret of a server under load (its SESSION_SECRET): a vote needs the voter cookie a
 * page load hands out, and the load signs one per voter as that load would, instead of loading
 * the page before every vote.
 */
export const VOTE_LOAD_SECRET = randomBytes(32).toString('hex');

/** What happened to one vote sent by the load. */
export interface VoteOutcome {
  /** When the answer (or the error) came. */
  at: number;
  productId: number;
  /** The voter's id, in the signed `voter` cookie the vote carried. */
  voterId: string;
  status?: number;
  retryAfter?: string;
  body?: string;
  connection?: string;
  /** A network error (no answer): its code, and whether it hit a reused keep-alive socket. */
  error?: string;
  reusedSocket?: boolean;
}

export interface VoteLoad {
  outcomes: VoteOutcome[];
  /** Stops sending and resolves once every loop has had its last answer. */
  stop(): Promise<void>;
}

/**
 * Voters casting up-votes on the demo page, `concurrency` at a time, each from an address and a
 * voter cookie of its own (the server must run with TRUST_PROXY=true and SESSION_SECRET set to
 * VOTE_LOAD_SECRET), so no rate limit and no 'already voted' gets in the way. Keep-alive sockets,
 * as a browser or a load balancer keeps them.
 */
export function startVoteLoad(baseUrl: string, productIds: number[], concurrency = 8): VoteLoad {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const outcomes: VoteOutcome[] = [];
  let running = true;
  let n = 0;
  const loop = async () => {
    while (running) {
      const i = n++;
      const outcome = await castOneVote(agent, baseUrl, productIds[i % productIds.length]!, `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
      outcomes.push(outcome);
      // A refused connection answers at once; do not spin on it.
      if (outcome.error) await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const loops = Array.from({ length: concurrency }, loop);
  return {
    outcomes,
    async stop() {
      running = false;
      await Promise.all(loops);
      agent.destroy();
    },
  };
}

function castOneVote(agent: Agent, baseUrl: string, productId: number, address: string): Promise<VoteOutcome> {
  const body = JSON.stringify({ voteType: 'up' });
  const outcome: VoteOutcome = { at: 0, productId, voterId: randomUUID() };
  const cookie = `voter=${encodeURIComponent(sign(outcome.voterId, VOTE_LOAD_SECRET))}`;
  return new Promise((resolve) => {
    const req = request(
      `${baseUrl}/api/products/${productId}/vote`,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-forwarded-for': address, cookie },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          outcome.at = Date.now();
          outcome.status = res.statusCode;
          outcome.body = text;
          outcome.retryAfter = res.headers['retry-after'];
          outcome.connection = res.headers.connection;
          resolve(outcome);
        });
        res.on('error', (error: NodeJS.ErrnoException) => resolve(failed(outcome, error, req.reusedSocket)));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => resolve(failed(outcome, error, req.reusedSocket)));
    req.end(body);
  });
}

function failed(outcome: VoteOutcome, error: NodeJS.ErrnoException, reusedSocket: boolean): VoteOutcome {
  return { ...outcome, at: Date.now(), error: error.code ?? error.message, reusedSocket };
}

/** The demo catalogue's product ids, read through the public vote page call. */
export async function demoProductIds(baseUrl: string): Promise<number[]> {
  const response = await fetch(`${baseUrl}/api/vote-page/demo`);
  const page = (await response.json()) as { products: { id: number }[] };
  return page.products.map((product) => product.id);
}
