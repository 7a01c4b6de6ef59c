import type { FastifyRequest } from 'fastify';

/**
 * Whether a cookie must carry Secure. An app published at an https PUBLIC_URL is always reached
 * over https, even when a proxy in front speaks plain http to it and TRUST_PROXY is not set; the
 * request's own protocol alone would then send session and voter cookies without Secure.
 */
export function cookiesMustBeSecure(request: FastifyRequest): boolean {
  return request.protocol === 'https' || new URL(request.server.ctx.publicUrl).protocol === 'https:';
}
