import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { REFERRAL_COOKIE_DAYS, REFERRAL_PARAM } from '../../../shared/affiliates.schemas.js';
import type { Database } from '../../db/client.js';
import { affiliates, referralClicks } from '../../db/schema.js';
import { loggableError } from '../../plugins/error-handler.js';
import { limitCounter } from '../../plugins/rate-limit.js';
import { cookiesMustBeSecure } from '../../secure-cookies.js';

export const REFERRAL_COOKIE = 'ref';
const REFERRAL_COOKIE_MS = REFERRAL_COOKIE_DAYS * 24 * 60 * 60 * 1000;
const CODE = /^[A-Z0-9]{4,16}$/;
const CLICKS_PER_ADDRESS_HOUR = 30;

/** The referral a browser carries: whose link it followed, and when (the first time). */
export interface ReferralMark {
  code: string;
  clickedAt: Date;
}

/**
 * The referral of a validly signed `ref` cookie younger than 60 days, or null. The date inside is
 * checked as well as the cookie's own lifetime, since a browser may keep a cookie past it.
 */
export function referralOf(request: FastifyRequest, now = new Date()): ReferralMark | null {
  const raw = request.cookies[REFERRAL_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  const [code, millis] = unsigned.value.split(':');
  const clickedAt = new Date(Number(millis));
  if (!code || !CODE.test(code) || Number.isNaN(clickedAt.getTime())) return null;
  const age = now.getTime() - clickedAt.getTime();
  return age >= 0 && age <= REFERRAL_COOKIE_MS ? { code, clickedAt } : null;
}

/** The code of `?ref=` on a page address, upper-cased, when it looks like one. */
function codeInUrl(url: string): string | null {
  const query = url.indexOf('?');
  if (query === -1) return null;
  const code = new URLSearchParams(url.slice(query + 1)).get(REFERRAL_PARAM)?.trim().toUpperCase();
  return code && CODE.test(code) ? code : null;
}

function markBrowser(request: FastifyRequest, reply: FastifyReply, code: string, now: Date) {
  reply.setCookie(REFERRAL_COOKIE, `${code}:${now.getTime()}`, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: cookiesMustBeSecure(request),
    signed: true,
    maxAge: REFERRAL_COOKIE_MS / 1000,
  });
}

/**
 * A visit through an affiliate's link (`?ref=CODE` on any page): the click is counted and, unless
 * the browser already carries a referral, a first-party cookie names the affiliate for 60 days.
 * The first referral wins: a later link counts its click but takes nothing over. A reload of the
 * same link counts once. Unknown and deactivated codes are ignored; the page is served regardless.
 */
export async function recordReferralVisit(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  mayCount: (request: FastifyRequest) => Promise<boolean>,
  now = new Date(),
) {
  const code = codeInUrl(request.url);
  if (!code) return;
  const carried = referralOf(request, now);
  if (carried?.code === code) return;
  const [affiliate] = await db
    .select({ userId: affiliates.userId })
    .from(affiliates)
    .where(and(eq(affiliates.code, code), eq(affiliates.isActive, true)));
  if (!affiliate) return;
  const landingPath = (request.url.split('?')[0] ?? '/').slice(0, 200);
  if (await mayCount(request)) await db.insert(referralClicks).values({ affiliateUserId: affiliate.userId, landingPath, clickedAt: now });
  if (!carried) markBrowser(request, reply, code, now);
}

/**
 * Watches every page request (never API calls) for a referral link. Clicks are counted up to a
 * generous number per address and hour, so a script cannot inflate an affiliate's figures (or the
 * table) by reloading a link without cookies; past it the page is still served.
 */
export function registerReferralLinks(app: FastifyInstance) {
  const clickLimit = limitCounter(app, { name: 'referral-clicks', max: CLICKS_PER_ADDRESS_HOUR, windowMs: 60 * 60 * 1000, per: 'ip' });
  const mayCount = async (request: FastifyRequest) => (await clickLimit(request)).allowed;
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || request.url.startsWith('/api/') || !request.url.includes(`${REFERRAL_PARAM}=`)) return;
    // A balancer's probe is no visit, and /healthz must not reach the database.
    if (request.routeOptions.config.healthProbe) return;
    try {
      await recordReferralVisit(app.ctx.db, request, reply, mayCount);
    } catch (error) {
      // A click that could not be counted must not cost the visitor the page.
      request.log.error({ err: loggableError(error) }, 'could not record a referral visit');
    }
  });
}
