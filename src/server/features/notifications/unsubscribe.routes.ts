import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NOTICE_NAMES, UnsubscribeMessages, UnsubscribeQuerySchema, UnsubscribeResultSchema } from '../../../shared/notifications.schemas.js';
import { notFound } from '../../http-errors.js';
import { limit } from '../../plugins/rate-limit.js';
import { readUnsubscribeToken, setSubscription } from './unsubscribe.js';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Turning a notice off from its mail, and back on (webhook scope: the signed token is the proof,
 * and a mail client's one-click POST comes from no page of ours). Mail clients POST
 * `List-Unsubscribe=One-Click` as a form (RFC 8058); the body says nothing the token does not, so it
 * is read and ignored.
 */
export async function unsubscribeRoutes(server: FastifyInstance) {
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    server.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) => done(null, {}));
  }
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = server;
  // Per link, not per address: mail providers send every one-click POST from a few shared servers.
  // A forged token is no use to guess (a 192-bit MAC), so a link only needs guarding against a loop.
  const perLink = limit(server, { name: 'unsubscribe-token', max: 20, windowMs: HOUR_MS, per: (request: FastifyRequest) => String((request.query as { token?: unknown }).token ?? '') });

  const route = (path: string, subscribed: boolean) =>
    app.post(path, { schema: { querystring: UnsubscribeQuerySchema, response: { 200: UnsubscribeResultSchema } }, preHandler: perLink }, async (request) => {
      const target = readUnsubscribeToken([ctx.unsubscribeKey, ...(ctx.previousUnsubscribeKeys ?? [])], request.query.token);
      if (!target || !(await setSubscription(ctx.db, target.userId, target.kind, subscribed))) throw notFound(UnsubscribeMessages.invalidLink);
      const name = NOTICE_NAMES[target.kind];
      return { notice: target.kind, subscribed, message: subscribed ? UnsubscribeMessages.resubscribed(name) : UnsubscribeMessages.unsubscribed(name) };
    });

  route('/api/notifications/unsubscribe', false);
  route('/api/notifications/resubscribe', true);
}
