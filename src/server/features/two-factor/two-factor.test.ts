import { Secret, TOTP } from 'otpauth';
import { describe, expect, test } from 'vitest';
import { deriveKey } from '../../secrets.js';
import { hashToken } from '../../tokens.js';
import { groupedKey, hashRecoveryCode, isRecoveryCodeShaped, matchingStep, newRecoveryCodes, newTotpSecret, otpauthUriOf } from './codes.js';
import { seal, unseal, unsealWithAny } from '../../sealing.js';

const key = deriveKey('a-session-secret-long-enough-for-tests-0123456789', 'two-factor');

describe('sealing', () => {
  test('opens with the same key and context; the sealed text shows nothing of the secret and differs each time', () => {
    const sealed = seal(key, 'JBSWY3DPEHPK3PXP', 'two-factor:7');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(seal(key, 'JBSWY3DPEHPK3PXP', 'two-factor:7')).not.toBe(sealed);
    expect(unseal(key, sealed, 'two-factor:7')).toBe('JBSWY3DPEHPK3PXP');
  });

  test('refuses another account, another key, and any change', () => {
    const sealed = seal(key, 'JBSWY3DPEHPK3PXP', 'two-factor:7');
    expect(() => unseal(key, sealed, 'two-factor:8')).toThrow();
    expect(() => unseal(deriveKey('another-session-secret-long-enough-0123456789', 'two-factor'), sealed, 'two-factor:7')).toThrow();
    const [version, iv, tag, body] = sealed.split('.');
    const flipped = body!.startsWith('A') ? `B${body!.slice(1)}` : `A${body!.slice(1)}`;
    expect(() => unseal(key, [version, iv, tag, flipped].join('.'), 'two-factor:7')).toThrow();
    expect(() => unseal(key, 'plain text', 'two-factor:7')).toThrow();
  });

  test('opens with any of the keys given and says which one did; refuses when none does', () => {
    const current = deriveKey('the-session-secret-of-today-0123456789abcdef', 'two-factor');
    const earlier = deriveKey('the-session-secret-of-last-year-0123456789ab', 'two-factor');
    const sealed = seal(earlier, 'JBSWY3DPEHPK3PXP', 'two-factor:7');
    expect(unsealWithAny([current, earlier], sealed, 'two-factor:7')).toEqual({ plaintext: 'JBSWY3DPEHPK3PXP', keyIndex: 1 });
    expect(unsealWithAny([earlier, current], sealed, 'two-factor:7').keyIndex).toBe(0);
    expect(() => unsealWithAny([current], sealed, 'two-factor:7')).toThrow();
    expect(() => unsealWithAny([], sealed, 'two-factor:7')).toThrow();
  });

  test('wants a 32-byte key', () => {
    expect(() => seal('short', 'x', 'y')).toThrow(/32 bytes/);
  });
});

describe('app codes', () => {
  test('a new secret is 160 random bits in base32, shown in groups of four', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    expect(groupedKey(secret).split(' ')).toHaveLength(8);
  });

  test('the URI names VendVote and the account', () => {
    const uri = otpauthUriOf('JBSWY3DPEHPK3PXP', 'ann@example.com');
    expect(uri).toBe('otpauth://totp/VendVote:ann%40example.com?issuer=VendVote&secret=JBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30');
  });

  test('accepts the code of this step and one either side, answering its step; refuses others', () => {
    const secret = 'JBSWY3DPEHPK3PXP';
    const now = 1_750_000_000_000;
    const step = Math.floor(now / 30_000);
    const codeAt = (offset: number) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: now + offset * 30_000 });
    expect(matchingStep(secret, codeAt(0), now)).toBe(step);
    expect(matchingStep(secret, codeAt(-1), now)).toBe(step - 1);
    expect(matchingStep(secret, ` ${codeAt(1).slice(0, 3)} ${codeAt(1).slice(3)} `, now)).toBe(step + 1);
    expect(matchingStep(secret, codeAt(3), now)).toBeNull();
    expect(matchingStep(secret, codeAt(-3), now)).toBeNull();
  });
});

describe('recovery codes', () => {
  test('ten different codes like xxxxx-xxxxx from the unambiguous alphabet', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(/^[2-9a-hjkmnp-z]{5}-[2-9a-hjkmnp-z]{5}$/);
      expect(isRecoveryCodeShaped(code)).toBe(true);
    }
  });

  test('are hashed as typed loosely: case, spaces and the dash do not matter', () => {
    expect(hashRecoveryCode('key', ' K7M2P X9QFD ')).toBe(hashRecoveryCode('key', 'k7m2p-x9qfd'));
    // Keyed: without the key, the stored value is not the code's plain hash, nor another key's.
    expect(hashRecoveryCode('key', 'k7m2p-x9qfd')).not.toBe(hashToken('k7m2px9qfd'));
    expect(hashRecoveryCode('key', 'k7m2p-x9qfd')).not.toBe(hashRecoveryCode('other key', 'k7m2p-x9qfd'));
    expect(isRecoveryCodeShaped('k7m2p-x9qf')).toBe(false);
    expect(isRecoveryCodeShaped('k7m2p-x9qf0')).toBe(false);
  });
});
