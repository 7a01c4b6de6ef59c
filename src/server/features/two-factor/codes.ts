import { createHmac, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import {
  normalizeRecoveryCode,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_GROUP,
  TOTP_DIGITS,
  TWO_FACTOR_ISSUER,
} from '../../../shared/two-factor.schemas.js';
import { deriveKey } from '../../secrets.js';

/** RFC 6238 as every authenticator app reads it by default: SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30;
/** One step either side, for a phone clock a little off and for a code typed as it changed. */
const WINDOW_STEPS = 1;
/** 160 bits, the size RFC 4226 recommends for an HMAC-SHA1 key. */
const SECRET_BYTES = 20;

function totpOf(secretBase32: string, label = '') {
  return new TOTP({
    issuer: TWO_FACTOR_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new shared secret, in base32 (what apps and the otpauth URI take), from the system's CSPRNG. */
export const newTotpSecret = (): string => new Secret({ size: SECRET_BYTES }).base32;

/** The otpauth:// URI an app reads from the QR code: issuer VendVote, the account's email as label. */
export const otpauthUriOf = (secretBase32: string, email: string): string => totpOf(secretBase32, email).toString();

/** The secret as people type it into an app by hand: groups of four. */
export const groupedKey = (secretBase32: string): string => secretBase32.replace(/=+$/, '').match(/.{1,4}/g)!.join(' ');

/**
 * The 30-second step a code belongs to when it is right for now (within the window), else null.
 * The caller records the step, so the same code cannot be used twice.
 */
export function matchingStep(secretBase32: string, code: string, now = Date.now()): number | null {
  const token = code.replace(/[\s-]/g, '');
  const totp = totpOf(secretBase32);
  const delta = totp.validate({ token, timestamp: now, window: WINDOW_STEPS });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}

/** Ten codes like `k7m2p-x9qfd`, each character drawn with crypto's unbiased randomInt (about 49.5 bits a code). */
export function newRecoveryCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) {
    const chars = Array.from({ length: RECOVERY_CODE_GROUP * 2 }, () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)]);
    codes.add(`${chars.slice(0, RECOVERY_CODE_GROUP).join('')}-${chars.slice(RECOVERY_CODE_GROUP).join('')}`);
  }
  return [...codes];
}

/**
 * Only this is stored: a keyed hash (HMAC-SHA256 under a key of SESSION_SECRET) of the code as
 * typed, less case, spaces and the dash. Keyed, because a code has about 49.5 bits: a plain hash in
 * a copied database could be searched through; without the key it cannot.
 */
export const hashRecoveryCode = (key: string, code: string): string =>
  createHmac('sha256', deriveKey(key, 'recovery-codes')).update(normalizeRecoveryCode(code)).digest('hex');

/** Could this be a recovery code at all (before looking it up)? */
export function isRecoveryCodeShaped(code: string): boolean {
  const normalized = normalizeRecoveryCode(code);
  return normalized.length === RECOVERY_CODE_GROUP * 2 && [...normalized].every((char) => RECOVERY_CODE_ALPHABET.includes(char));
}
