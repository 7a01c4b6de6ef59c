import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookiesMustBeSecure } from '../../secure-cookies.js';

export const VOTER_COOKIE = 'voter';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * The anonymous voter: a random id in a signed, HttpOnly cookie kept for a year. No account, no
 * fingerprinting; clearing cookies makes a new voter, which the per-IP rate limit bounds.
 */
export function voterIdFor(request: FastifyRequest, reply: FastifyReply): string {
  const raw = request.cookies[VOTER_COOKIE];
  if (raw) {
    const unsigned = request.unsignCookie(raw);
    if (unsigned.valid && unsigned.value && /^[0-9a-f-]{36}$/.test(unsigned.value)) return unsigned.value;
  }
  const voterId = randomUUID();
  reply.setCookie(VOTER_COOKIE, voterId, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: cookiesMustBeSecure(request),
    signed: true,
    maxAge: ONE_YEAR_SECONDS,
  });
  return voterId;
}
