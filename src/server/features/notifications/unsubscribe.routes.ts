import type { FastifyInstance } from 'fastify';
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
  const perAddress = limit(server, { name: 'unsubscribe-ip', max: 60, windowMs: HOUR_MS, per: 'ip' });

  const route = (path: string, subscribed: boolean) =>
    app.post(path, { schema: { querystring: UnsubscribeQuerySchema, response: { 200: UnsubscribeResultSchema } }, preHandler: perAddress }, async (request) => {
      const target = readUnsubscribeToken(ctx.unsubscribeKey, request.query.token);
      if (!target || !(await setSubscription(ctx.db, target.userId, target.kind, subscribed))) throw notFound(UnsubscribeMessages.invalidLink);
      const name = NOTICE_NAMES[target.kind];
      return { notice: target.kind, subscribed, message: subscribed ? UnsubscribeMessages.resubscribed(name) : UnsubscribeMessages.unsubscribed(name) };
    });

  route('/api/notifications/unsubscribe', false);
  route('/api/notifications/resubscribe', true);
}
