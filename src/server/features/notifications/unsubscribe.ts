import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { UNSUBSCRIBABLE, type Unsubscribable } from '../../../shared/notifications.schemas.js';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';

/**
 * One-click unsubscribe links. A link names the account and the notice and carries a MAC of both, so
 * it needs no sign-in and no stored token, works for as long as the key does, and can only turn off
 * (or back on) the one notice it was sent with.
 */

const COLUMN_OF = {
  lowInventory: users.lowInventoryAlerts,
  highVotes: users.highVoteAlerts,
  machineOffline: users.machineOfflineAlerts,
  dailySummary: users.dailySummary,
  periodicReport: users.periodicReport,
} as const satisfies Record<Unsubscribable, unknown>;

const FIELD_OF = {
  lowInventory: 'lowInventoryAlerts',
  highVotes: 'highVoteAlerts',
  machineOffline: 'machineOfflineAlerts',
  dailySummary: 'dailySummary',
  periodicReport: 'periodicReport',
} as const satisfies Record<Unsubscribable, keyof typeof users.$inferInsert>;

const mac = (key: string, userId: number, kind: Unsubscribable) =>
  createHmac('sha256', key).update(`unsubscribe:${userId}:${kind}`).digest('base64url').slice(0, 32);

export function unsubscribeToken(key: string, userId: number, kind: Unsubscribable): string {
  return `${userId}.${kind}.${mac(key, userId, kind)}`;
}

/** The account and notice a token stands for, or null for anything forged, cut or mistyped. */
export function readUnsubscribeToken(keys: readonly string[], token: string): { userId: number; kind: Unsubscribable } | null {
  const [id, kind, given, ...rest] = token.split('.');
  if (rest.length > 0 || !id || !/^[1-9]\d{0,9}$/.test(id) || !given) return null;
  if (!(UNSUBSCRIBABLE as readonly string[]).includes(kind ?? '')) return null;
  const userId = Number(id);
  const actual = Buffer.from(given);
  // Any key: the current one, then those of earlier secrets, so mail sent before a rotation still works.
  const signed = keys.some((key) => {
    const expected = Buffer.from(mac(key, userId, kind as Unsubscribable));
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  });
  return signed ? { userId, kind: kind as Unsubscribable } : null;
}

/** The page the mail's link opens (one click there turns the notice off). */
export const unsubscribePageUrl = (publicUrl: string, token: string) => `${publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`;

/** Where a mail client's own unsubscribe button POSTs (List-Unsubscribe-Post, RFC 8058). */
export const oneClickUnsubscribeUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;

/** Turns the token's notice on or off; false when the account is gone. */
export async function setSubscription(db: Database, userId: number, kind: Unsubscribable, on: boolean): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ [FIELD_OF[kind]]: on, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ on: COLUMN_OF[kind] });
  return rows.length > 0;
}
