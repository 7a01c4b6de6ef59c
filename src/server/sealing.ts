import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets we hold at rest (two-factor secrets, operators' retail affiliate keys) are sealed here with
 * AES-256-GCM under a key derived for their purpose, so a copy of the database alone opens none.
 */

const ALGORITHM = 'aes-256-gcm';
const VERSION = 'v1';
const IV_BYTES = 12;
const KEY_BYTES = 32;

function keyBytes(key: string): Buffer {
  const bytes = Buffer.from(key, 'base64url');
  if (bytes.length !== KEY_BYTES) throw new Error('A sealing key must be 32 bytes in base64url (deriveKey gives one)');
  return bytes;
}

/**
 * Seals a secret with AES-256-GCM. `context` (e.g. the account id) is authenticated with it, so a
 * sealed value copied onto another account's row does not open there.
 * The result is `v1.<iv>.<tag>.<ciphertext>`, each part base64url.
 */
export function seal(key: string, plaintext: string, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, keyBytes(key), iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
}

/**
 * Opens a value sealed under any of `keys` (the current key first, then those of earlier
 * SESSION_SECRETs still listed in SESSION_SECRET_FALLBACKS). Says which key opened it, so a value
 * opened with an old key can be sealed again under the current one. Throws when none opens it.
 */
export function unsealWithAny(keys: readonly string[], sealed: string, context: string): { plaintext: string; keyIndex: number } {
  let lastError: unknown = new Error('No key to open the sealed value');
  for (const [keyIndex, key] of keys.entries()) {
    try {
      return { plaintext: unseal(key, sealed, context), keyIndex };
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

/** Opens a sealed value; throws when it was altered, sealed for another context or with another key. */
export function unseal(key: string, sealed: string, context: string): string {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error('Not a sealed value');
  const decipher = createDecipheriv(ALGORITHM, keyBytes(key), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}
