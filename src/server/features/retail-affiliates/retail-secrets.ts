import { seal, unseal } from '../../sealing.js';

/**
 * The retail secrets (Amazon's secret key, the FlexOffers API key) are stored sealed. The sealed
 * value is bound to its row's owner and field, so one copied onto another row or column does not open.
 */
export type SecretField = 'amazonSecretKey' | 'flexOffersApiKey';
export type ConfigOwner = number | null;

const contextOf = (owner: ConfigOwner, field: SecretField) => `retail-affiliate:${owner ?? 'platform'}:${field}`;

export function sealSecret(key: string, owner: ConfigOwner, field: SecretField, plaintext: string): string {
  return seal(key, plaintext, contextOf(owner, field));
}

/** The secret, or null when it cannot be opened (the encryption key changed since it was sealed). */
export function openSecret(key: string, owner: ConfigOwner, field: SecretField, sealed: string): string | null {
  try {
    return unseal(key, sealed, contextOf(owner, field));
  } catch {
    return null;
  }
}

/** Enough to tell two keys apart, and only of keys long enough that four characters give little away. */
export function lastFour(secret: string | null): string | null {
  return secret && secret.length >= 16 ? secret.slice(-4) : null;
}
