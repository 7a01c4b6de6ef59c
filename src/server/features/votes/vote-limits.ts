import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { productVoteLimitMessage, VOTES_PER_ADDRESS_PER_PRODUCT_PER_HOUR } from '../../../shared/vote-rules.js';
import { limit } from '../../plugins/rate-limit.js';
import { requireVoterId } from './voter-cookie.js';

/** Generous: many phones behind one carrier address must still get 300 votes a minute through. */
const VOTES_PER_IP_PER_MINUTE = 600;
const HOUR_MS = 60 * 60 * 1000;

/** The validated route's scope and product: a machine id, or 'demo' (its own scope). */
function productScopeKey(request: FastifyRequest): string {
  const { machineId } = request.query as { machineId?: number };
  const { id } = request.params as { id: number };
  return `${request.ip}:${machineId ?? 'demo'}:${id}`;
}

/**
 * The layers in front of a vote, in order (DECISIONS 3; docs/decisions/0010-honest-votes.md):
 * the address's overall rate; a voter cookie, which only the vote page hands out; then at most 60
 * votes an hour from one address to one product at one machine. A class on one school Wi-Fi
 * voting for the same snack in a break stays under it; a script that loads the page for a fresh
 * cookie before every vote does not.
 *
 * The hourly rule counts in the rate-limit store rather than in the votes table: the store's
 * increment is atomic (in the process, or in Redis shared by every instance), so a burst of
 * parallel requests cannot slip past it, and the vote itself stays one statement with no extra
 * query or index. It counts attempts by cookie holders, so a voter who taps again after voting
 * uses one of the 60 too; the page shows their vote, so that is rare.
 */
export function voteLimits(server: FastifyInstance): preHandlerAsyncHookHandler[] {
  return [
    limit(server, { name: 'vote-ip', max: VOTES_PER_IP_PER_MINUTE, windowMs: 60_000, per: 'ip' }),
    async (request) => {
      requireVoterId(request);
    },
    limit(server, {
      name: 'vote-product',
      max: VOTES_PER_ADDRESS_PER_PRODUCT_PER_HOUR,
      windowMs: HOUR_MS,
      per: productScopeKey,
      message: productVoteLimitMessage,
    }),
  ];
}
