import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MachineIdParamsSchema } from '../../../shared/machines.schemas.js';
import { DEFAULT_VOTE_PAGE_PERIOD, INVALID_PERIOD_MESSAGE, VOTE_PAGE_PERIODS } from '../../../shared/vote-page.js';
import { VotePageDataSchema } from '../../../shared/vote-page.schemas.js';
import { votePageReadLimitMessage } from '../../../shared/vote-rules.js';
import { limitCounter, refuseOverLimit } from '../../plugins/rate-limit.js';
import { issueVoterCookie } from '../votes/voter-cookie.js';
import { registerVotePageServing } from './vote-page.html.js';
import { demoPageTarget, loadVotePage, machinePageTarget } from './vote-page.service.js';

/**
 * Reads per caller address a minute, one counter for the page's HTML and its data call alike: a
 * page load is one read (its data is inlined), a period change or a refresh another. Generous, as
 * many phones at one site can share a carrier's address; it stops a scraper from loading the
 * database, and a script from minting voters, not a crowd.
 */
const VOTE_PAGE_READS_PER_IP_PER_MINUTE = 300;

const VotePageQuerySchema = z.object({
  period: z.enum(VOTE_PAGE_PERIODS, { error: INVALID_PERIOD_MESSAGE }).default(DEFAULT_VOTE_PAGE_PERIOD),
});

export interface VotePageRoutesOptions {
  /** The built web app (dist/web); the page itself is served only when it holds vote.html. */
  webDir?: string;
}

/**
 * The public vote page: its data in one call (DECISIONS 1: public pages reach an operator's data
 * only through a machine; the demo page shows the demo operator's), and the page itself, whose
 * first load carries the same data inlined. No sign-in needed. Both hand out the voter cookie a
 * vote needs, and answer the voter's own votes.
 */
export async function votePageRoutes(server: FastifyInstance, options: VotePageRoutesOptions) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;
  const countRead = limitCounter(server, {
    name: 'vote-page-ip',
    max: VOTE_PAGE_READS_PER_IP_PER_MINUTE,
    windowMs: 60_000,
    per: 'ip',
    message: votePageReadLimitMessage,
  });
  const readLimit = refuseOverLimit(countRead);

  // The router matches this static path before the :id pattern below.
  const response = { 200: VotePageDataSchema };
  app.get('/api/vote-page/demo', { schema: { querystring: VotePageQuerySchema, response }, preHandler: [readLimit] }, async (request, reply) =>
    loadVotePage(ctx, await demoPageTarget(ctx), request.query.period, issueVoterCookie(request, reply)),
  );

  app.get(
    '/api/vote-page/:id',
    { schema: { params: MachineIdParamsSchema, querystring: VotePageQuerySchema, response }, preHandler: [readLimit] },
    async (request, reply) =>
      loadVotePage(ctx, await machinePageTarget(ctx, request.params.id), request.query.period, issueVoterCookie(request, reply)),
  );

  if (options.webDir) registerVotePageServing(server, options.webDir, countRead);
}
