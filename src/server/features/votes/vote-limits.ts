import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { productVoteLimitMessage, VOTES_PER_ADDRESS_PER_PRODUCT_PER_HOUR } from '../../../shared/vote-rules.js';
import { HttpError } from '../../http-errors.js';
import type { AppMetrics, VoteRefusal } from '../../metrics/app-metrics.js';
import { limit } from '../../plugins/rate-limit.js';
import { requireVoterId, VOTER_COOKIE } from './voter-cookie.js';

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
  const { metrics } = server.ctx;
  return [
    countedAs('rate_limit_address', metrics, limit(server, { name: 'vote-ip', max: VOTES_PER_IP_PER_MINUTE, windowMs: 60_000, per: 'ip' })),
    async (request) => {
      try {
        requireVoterId(request);
      } catch (error) {
        metrics?.voteRefused(request.cookies[VOTER_COOKIE] ? 'bad_voter_cookie' : 'no_voter_cookie');
        throw error;
      }
    },
    countedAs(
      'rate_limit_product',
      metrics,
      limit(server, {
        name: 'vote-product',
        max: VOTES_PER_ADDRESS_PER_PRODUCT_PER_HOUR,
        windowMs: HOUR_MS,
        per: productScopeKey,
        message: productVoteLimitMessage,
      }),
    ),
  ];
}

/** The limit as it was, counting each vote it refuses (vendvote_votes_refused_total); nothing more on the way through. */
function countedAs(reason: VoteRefusal, metrics: AppMetrics | undefined, check: preHandlerAsyncHookHandler): preHandlerAsyncHookHandler {
  if (!metrics) return check;
  return async function (request, reply) {
    try {
      await check.call(this, request, reply);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 429) metrics.voteRefused(reason);
      throw error;
    }
  };
}
