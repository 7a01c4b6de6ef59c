import argon2 from 'argon2';
import { PASSWORD_MIN_LENGTH } from '../../../shared/auth.schemas.js';

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, HASH_OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so a sign-in does not reveal which emails exist. */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-account-password');
  await verifyPassword(await dummyHash, password);
}

let commonPasswords: Promise<Set<string>> | undefined;
/**
 * True for passwords found in public lists of the most used (and so first guessed) passwords.
 * The lists (several dictionaries, most of which we do not use) load with the first new password.
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set((dictionary['passwords-common'] as string[]).filter((entry) => entry.length >= PASSWORD_MIN_LENGTH)),
  );
  return (await commonPasswords).has(password.toLowerCase());
}
