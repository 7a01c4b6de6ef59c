import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { VOTER_COOKIE_REQUIRED_MESSAGE } from '../../../shared/vote-rules.js';
import { forbidden } from '../../http-errors.js';
import { cookiesMustBeSecure } from '../../secure-cookies.js';

export const VOTER_COOKIE = 'voter';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
const VOTER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The voter id of a validly signed `voter` cookie, or null. */
export function voterIdOf(request: FastifyRequest): string | null {
  const raw = request.cookies[VOTER_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value && VOTER_ID.test(unsigned.value) ? unsigned.value : null;
}

/**
 * The anonymous voter: a random id in a signed, HttpOnly cookie kept for a year. No account, no
 * fingerprinting. Only the vote page (its HTML and its data call) hands one out, so that a vote
 * always follows a page load: a script must load the page for every fresh voter, and the page's
 * read limit and the hourly per-product limit bound what it gets from one address.
 */
export function issueVoterCookie(request: FastifyRequest, reply: FastifyReply): { voterId: string; isNew: boolean } {
  const known = voterIdOf(request);
  if (known) return { voterId: known, isNew: false };
  const voterId = randomUUID();
  reply.setCookie(VOTER_COOKIE, voterId, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: cookiesMustBeSecure(request),
    signed: true,
    maxAge: ONE_YEAR_SECONDS,
  });
  return { voterId, isNew: true };
}

/** The voter casting a vote; without a valid cookie the vote did not come from the page: 403. */
export function requireVoterId(request: FastifyRequest): string {
  const voterId = voterIdOf(request);
  if (!voterId) throw forbidden(VOTER_COOKIE_REQUIRED_MESSAGE);
  return voterId;
}
