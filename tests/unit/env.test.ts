import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { drainSeconds, parseAdminEmails, readEnv } from '../../src/server/env.js';
import { loadOrCreateSecret } from '../../src/server/secrets.js';

describe('settings', () => {
  test('have the documented defaults', () => {
    const env = readEnv({});
    expect(env).toMatchObject({ PORT: 3000, HOST: 'localhost', DATA_DIR: './data', TRUST_PROXY: false, ADMIN_EMAILS: '' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SESSION_SECRET).toBeUndefined();
  });

  test('treat blank values as unset and fail fast on bad ones, naming the setting', () => {
    expect(readEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
    expect(() => readEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => readEnv({ SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET must be at least 32 characters/);
    expect(() => readEnv({ SMTP_URL: 'not a url' })).toThrow(/SMTP_URL/);
  });

  test('read earlier session secrets as a list, each as long as a secret must be', () => {
    expect(readEnv({}).SESSION_SECRET_FALLBACKS).toEqual([]);
    const old = 'o'.repeat(32);
    const older = 'p'.repeat(40);
    expect(readEnv({ SESSION_SECRET_FALLBACKS: ` ${old}, ,${older} ` }).SESSION_SECRET_FALLBACKS).toEqual([old, older]);
    expect(() => readEnv({ SESSION_SECRET_FALLBACKS: `${old},short` })).toThrow(/SESSION_SECRET_FALLBACKS/);
  });

  test('read TRUST_PROXY as the proxies that may report the client: true is the nearest one only', () => {
    expect(readEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(readEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(readEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(readEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(readEnv({ TRUST_PROXY: ' 10.0.0.0/8, 192.0.2.7 ,loopback,fd00::/8' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '192.0.2.7', 'loopback', 'fd00::/8']);
    expect(() => readEnv({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY must be true, false, a number of proxies/);
    expect(() => readEnv({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });

  test('read METRICS_PORT as a port apart from PORT, unset by default', () => {
    expect(readEnv({}).METRICS_PORT).toBeUndefined();
    expect(readEnv({ METRICS_PORT: '9464' }).METRICS_PORT).toBe(9464);
    expect(() => readEnv({ METRICS_PORT: 'ninety' })).toThrow(/METRICS_PORT/);
    expect(() => readEnv({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(() => readEnv({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(/METRICS_PORT must differ from PORT/);
    expect(() => readEnv({ METRICS_PORT: '3000' })).toThrow(/METRICS_PORT must differ from PORT/);
  });

  test('drain 5 s on a PostgreSQL server and none on the embedded database, unless DRAIN_SECONDS says', () => {
    expect(drainSeconds(readEnv({}))).toBe(0);
    expect(drainSeconds(readEnv({ DATABASE_URL: 'postgres://db/vendvote' }))).toBe(5);
    expect(drainSeconds(readEnv({ DATABASE_URL: 'postgres://db/vendvote', DRAIN_SECONDS: '0' }))).toBe(0);
    expect(drainSeconds(readEnv({ DRAIN_SECONDS: '2.5' }))).toBe(2.5);
    expect(() => readEnv({ DRAIN_SECONDS: '-1' })).toThrow(/DRAIN_SECONDS/);
  });

  test('read admin emails as a trimmed, lower-case list', () => {
    expect(parseAdminEmails(' Boss@Example.com, ,ops@example.com ')).toEqual(['boss@example.com', 'ops@example.com']);
  });

  test('generate a missing secret once, private to the owner, and keep it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vendvote-secret-'));
    const first = loadOrCreateSecret(dir, 'session');
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadOrCreateSecret(dir, 'session')).toBe(first);
    expect(readFileSync(join(dir, 'session.secret'), 'utf8')).toBe(first);
    expect(statSync(join(dir, 'session.secret')).mode & 0o077).toBe(0);
    expect(loadOrCreateSecret(mkdtempSync(join(tmpdir(), 'vendvote-secret-')), 'session')).not.toBe(first);
  });
});
