import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OPERATOR_PAGE_PATHS } from '../../../shared/page-routes.js';
import type { AppContext } from '../../context.js';
import { knownDevices, type User } from '../../db/schema.js';
import { formatInstant } from '../../integrations/mail/mail-locale.js';
import { enqueue } from '../../jobs/enqueue.js';
import { cookiesMustBeSecure } from '../../secure-cookies.js';
import { hashToken } from '../../tokens.js';
import { devicePartsOf, placeOf } from './security.service.js';
import { auditActorOf, recordAuditEvent } from '../audit/record-audit.js';

export const DEVICE_COOKIE = 'vv_device';
const TWO_YEARS_SECONDS = 2 * 365 * 24 * 60 * 60;
const DEVICE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** This browser's device id from its signed cookie, or a new one set now. */
function deviceIdOf(request: FastifyRequest, reply: FastifyReply): string {
  const raw = request.cookies[DEVICE_COOKIE];
  const unsigned = raw ? request.unsignCookie(raw) : null;
  if (unsigned?.valid && unsigned.value && DEVICE_ID.test(unsigned.value)) return unsigned.value;
  const id = randomUUID();
  reply.setCookie(DEVICE_COOKIE, id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: cookiesMustBeSecure(request),
    signed: true,
    maxAge: TWO_YEARS_SECONDS,
  });
  return id;
}

/**
 * Records the browser of a sign-in and, when the account has signed in before but never from this
 * browser, mails its owner (unless they turned login alerts off). The very first sign-in of an
 * account is its owner's own and says nothing. Answers whether this was the account's first sign-in
 * ever (no browser known before it), which the greeting follows.
 */
export async function noteSignIn(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  user: User,
  browserTimeZone?: string,
): Promise<{ firstSignIn: boolean }> {
  // Hashed with the account, so the table does not show which accounts share a browser.
  const deviceHash = hashToken(`${user.id}:${deviceIdOf(request, reply)}`);
  return ctx.db.transaction(async (tx) => {
    // In the sign-in's own transaction: every session begun through here is on the trail.
    await recordAuditEvent(tx, { ...auditActorOf(ctx, request, user.id), action: 'account.signed_in', targetType: 'user', targetId: user.id, accountUserId: user.id });
    const known = await tx.select({ deviceHash: knownDevices.deviceHash }).from(knownDevices).where(eq(knownDevices.userId, user.id));
    const seen = known.some((device) => device.deviceHash === deviceHash);
    if (seen) {
      await tx
        .update(knownDevices)
        .set({ lastSeenAt: new Date() })
        .where(and(eq(knownDevices.userId, user.id), eq(knownDevices.deviceHash, deviceHash)));
      return { firstSignIn: false };
    }
    const [added] = await tx.insert(knownDevices).values({ userId: user.id, deviceHash }).onConflictDoNothing().returning();
    // Known browsers are never forgotten, so none before this one means the account never signed in.
    const firstSignIn = known.length === 0 && Boolean(added);
    if (!added || firstSignIn || !user.loginAlerts) return { firstSignIn };
    await enqueue(tx, 'mail.new-sign-in', {
      to: user.email,
      props: {
        locale: user.language,
        firstName: user.firstName,
        ...devicePartsOf(request.headers['user-agent']),
        place: placeOf(browserTimeZone),
        // The moment of the sign-in as its owner reads it: in their own time zone and language.
        when: formatInstant(user.language, user.timeZone, new Date()),
        securityLink: `${ctx.publicUrl}${OPERATOR_PAGE_PATHS.settings}?tab=security`,
      },
    });
    return { firstSignIn: false };
  });
}
