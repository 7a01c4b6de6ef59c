import type { FastifyInstance } from 'fastify';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuses state-changing requests sent by another site, so a signed-in operator's cookie cannot
 * be ridden cross-site. Browsers send Sec-Fetch-Site; older ones at least send Origin. Requests
 * with neither (curl, server-to-server webhooks) carry no ambient cookie risk and pass.
 */
export function registerSameOriginCheck(app: FastifyInstance, trustedOrigins: string[]) {
  app.addHook('onRequest', async (request, reply) => {
    if (!STATE_CHANGING.has(request.method)) return;
    // Other services call webhooks server to server and prove themselves by signature.
    if (request.routeOptions.config.scope === 'webhook') return;
    // A bearer token is sent only by code that holds it, never by a browser on its own; with no
    // cookie at all nothing ambient rides along to be abused. A request with cookies is still checked.
    if (request.headers.cookie === undefined && /^Bearer\s/i.test(request.headers.authorization ?? '')) return;
    const fetchSite = request.headers['sec-fetch-site'];
    if (typeof fetchSite === 'string') {
      if (fetchSite === 'same-origin' || fetchSite === 'none') return;
      return reply.status(403).send({ message: 'Cross-site requests are not allowed.' });
    }
    const origin = request.headers.origin;
    if (typeof origin !== 'string') return;
    const ownOrigin = `${request.protocol}://${request.host}`;
    if (origin === ownOrigin || trustedOrigins.includes(origin)) return;
    return reply.status(403).send({ message: 'Cross-site requests are not allowed.' });
  });
}
