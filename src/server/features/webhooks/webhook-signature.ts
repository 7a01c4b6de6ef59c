import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '../../../shared/webhooks.schemas.js';

/**
 * Deliveries are signed as Stripe signs its webhooks: `VendVote-Signature: t=<unix seconds>,v1=<hex>`,
 * where the hex is HMAC-SHA256, keyed with the endpoint's whole secret (`whsec_…`), of
 * `<t>.<raw body>`. The timestamp inside the signed text lets a receiver refuse an old delivery
 * replayed by someone who captured it. Receivers: see docs/decisions/0031-outgoing-webhooks.md.
 */
export const SIGNATURE_HEADER = 'VendVote-Signature';
/** Five minutes either way: room for clock drift and a slow network, too little for a stored replay. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

/** A new signing secret: the prefix and 32 random bytes. */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
}

const hmacHex = (secret: string, timestamp: number, rawBody: string | Buffer) =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');

/** The header value for a body sent at `timestamp` (unix seconds). */
export function signWebhookPayload(secret: string, rawBody: string | Buffer, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${hmacHex(secret, timestamp, rawBody)}`;
}

/**
 * True when `header` is a VendVote-Signature of exactly `rawBody` made with `secret`, at most
 * `toleranceSeconds` from now. Pass the body as received, before any JSON parsing. Several v1
 * values are accepted (any one may match), so a future signing with two secrets stays readable.
 */
export function verifyWebhookSignature(
  secret: string,
  header: string | undefined | null,
  rawBody: string | Buffer,
  toleranceSeconds = DEFAULT_TOLERANCE_SECONDS,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  if (!header) return false;
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value && /^\d+$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && value && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  if (timestamp === undefined || signatures.length === 0) return false;
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(hmacHex(secret, timestamp, rawBody), 'hex');
  return signatures.some((signature) => timingSafeEqual(Buffer.from(signature, 'hex'), expected));
}
