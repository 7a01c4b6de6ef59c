import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { readEnv } from '../../src/server/env.js';
import { retailAffiliatesFrom } from '../../src/server/features/retail-affiliates/retail-affiliate-settings.js';
import { lastFour, openSecret, sealSecret } from '../../src/server/features/retail-affiliates/retail-secrets.js';
import { deriveKey } from '../../src/server/secrets.js';

const dataDir = () => mkdtempSync(join(tmpdir(), 'vendvote-retail-'));
const ENCRYPTION_KEY = 'an-encryption-key-of-at-least-32-characters';

describe('the key retail secrets are sealed with', () => {
  test('comes from ENCRYPTION_KEY, derived for its purpose, and then nothing is written to DATA_DIR', () => {
    const dir = dataDir();
    const settings = retailAffiliatesFrom({ ENCRYPTION_KEY }, dir);
    expect(settings.secretKey).toBe(deriveKey(ENCRYPTION_KEY, 'retail-affiliate-secrets'));
    expect(settings.secretKey).not.toBe(ENCRYPTION_KEY);
    expect(existsSync(join(dir, 'encryption.secret'))).toBe(false);
  });

  test('without ENCRYPTION_KEY is generated once in DATA_DIR, private to the owner, and survives a restart', () => {
    const dir = dataDir();
    const first = retailAffiliatesFrom({}, dir);
    expect(statSync(join(dir, 'encryption.secret')).mode & 0o077).toBe(0);
    const sealed = sealSecret(first.secretKey, 7, 'amazonSecretKey', 'kept-across-restarts');
    const restarted = retailAffiliatesFrom({}, dir);
    expect(openSecret(restarted.secretKey, 7, 'amazonSecretKey', sealed)).toBe('kept-across-restarts');
    expect(openSecret(retailAffiliatesFrom({}, dataDir()).secretKey, 7, 'amazonSecretKey', sealed)).toBeNull();
  });

  test('is checked at start: too short a key, or a base that is no address, names the setting', () => {
    expect(() => readEnv({ ENCRYPTION_KEY: 'short' })).toThrow(/ENCRYPTION_KEY must be at least 32 characters/);
    expect(() => readEnv({ AMAZON_API_BASE: 'not a url' })).toThrow(/AMAZON_API_BASE/);
    expect(() => readEnv({ FLEXOFFERS_API_BASE: 'nope' })).toThrow(/FLEXOFFERS_API_BASE/);
    expect(readEnv({ ENCRYPTION_KEY: '' }).ENCRYPTION_KEY).toBeUndefined();
  });
});

describe('a sealed secret', () => {
  const key = deriveKey(ENCRYPTION_KEY, 'retail-affiliate-secrets');

  test('opens only for its own owner and field, and never holds the plaintext', () => {
    const sealed = sealSecret(key, 12, 'flexOffersApiKey', '8bb138d4-2438-478f-8265-6ee842cd12d7');
    expect(sealed).not.toContain('8bb138d4');
    expect(openSecret(key, 12, 'flexOffersApiKey', sealed)).toBe('8bb138d4-2438-478f-8265-6ee842cd12d7');
    expect(openSecret(key, 13, 'flexOffersApiKey', sealed)).toBeNull();
    expect(openSecret(key, null, 'flexOffersApiKey', sealed)).toBeNull();
    expect(openSecret(key, 12, 'amazonSecretKey', sealed)).toBeNull();
  });

  test('shows its last four characters only when long enough to spare them', () => {
    expect(lastFour('abcdefghijklmnop')).toBe('mnop');
    expect(lastFour('short-secret')).toBeNull();
    expect(lastFour(null)).toBeNull();
  });
});
