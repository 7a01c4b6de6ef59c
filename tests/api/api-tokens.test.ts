import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { createMachine } from '../../src/server/db/factories.js';
import { apiTokens, users } from '../../src/server/db/schema.js';
import { API_TOKEN_PATTERN, API_TOKEN_RATE_LIMIT, ApiTokenMessages, MAX_API_TOKENS, type CreatedApiToken } from '../../src/shared/api-tokens.schemas.js';
import { AuthMessages } from '../../src/shared/auth.schemas.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { api, expectJsonError, sha256, signIn } from './helpers.js';

/** Personal API tokens: made in Settings with a session, used as `Authorization: Bearer` on the operator API only. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const TOKENS_URL = '/api/settings/api-tokens';
const bearer = (token: string, extra: Record<string, string> = {}) => ({ headers: { authorization: `Bearer ${token}`, ...extra } });
const asToken = (token: string) => api(t, undefined, bearer(token));
const machineInput = (name: string) => ({ name, location: 'Front hall', type: 'snacks', serialNumber: `SN-${name}` });

async function makeToken(session: Awaited<ReturnType<typeof signIn>>, access: 'read-only' | 'read-write', name = `Script ${access}`) {
  const res = await session.api.post(TOKENS_URL, { name, access });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as CreatedApiToken;
}

const tokenRow = async (id: number) => (await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, id)))[0];

describe('making a token', () => {
  test('answers the token once; only its SHA-256 is stored, and the list never shows it', async () => {
    const owner = await signIn(t);
    const created = await makeToken(owner, 'read-only', '  Nightly export  ');
    expect(created.token).toMatch(API_TOKEN_PATTERN);
    expect(created).toMatchObject({ name: 'Nightly export', access: 'read-only', lastUsedAt: null });
    expect(created.hint).toBe(`${created.token.slice(0, 11)}…${created.token.slice(-4)}`);

    const row = await tokenRow(created.id);
    expect(row?.tokenHash).toBe(sha256(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token.slice(7));

    const list = await owner.api.get(TOKENS_URL);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([{ id: created.id, name: 'Nightly export', access: 'read-only', hint: created.hint, createdAt: created.createdAt, lastUsedAt: null }]);
    expect(list.body).not.toContain(created.token.slice(7));
  });

  test('refuses a missing name and an unknown access level with their messages', async () => {
    const owner = await signIn(t);
    const noName = expectJsonError(await owner.api.post(TOKENS_URL, { name: '  ', access: 'read-only' }), 400);
    expect(noName.errors).toMatchObject({ name: ApiTokenMessages.nameRequired });
    const badAccess = expectJsonError(await owner.api.post(TOKENS_URL, { name: 'x', access: 'admin' }), 400);
    expect(badAccess.errors).toMatchObject({ access: ApiTokenMessages.accessInvalid });
  });

  test(`allows ${MAX_API_TOKENS} active tokens; revoking one makes room`, async () => {
    const owner = await signIn(t);
    const made = [];
    for (let i = 0; i < MAX_API_TOKENS; i++) made.push(await makeToken(owner, 'read-only', `Token ${i}`));
    expectJsonError(await owner.api.post(TOKENS_URL, { name: 'One too many', access: 'read-only' }), 409, ApiTokenMessages.tooMany);
    expect((await owner.api.delete(`${TOKENS_URL}/${made[0]!.id}`)).statusCode).toBe(200);
    expect((await owner.api.post(TOKENS_URL, { name: 'Now there is room', access: 'read-only' })).statusCode).toBe(201);
  });

  test('is for operators: an affiliate is refused', async () => {
    const affiliate = await signIn(t, { role: 'affiliate' });
    expect((await affiliate.api.post(TOKENS_URL, { name: 'x', access: 'read-only' })).statusCode).toBe(403);
  });
});

describe('calling the operator API with a token', () => {
  test("a read-only token reads the owner's machines, and only theirs; HEAD works too", async () => {
    const owner = await signIn(t);
    const other = await signIn(t);
    const mine = await createMachine(t.database.db, owner.user.id, { name: 'Lobby' });
    await createMachine(t.database.db, other.user.id, { name: 'Not mine' });
    const { token } = await makeToken(owner, 'read-only');
    const res = await asToken(token).get('/api/machines');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().map((m: { id: number }) => m.id)).toEqual([mine.id]);
    expect((await asToken(token).send('HEAD', '/api/machines')).statusCode).toBe(200);
  });

  test('a read-only token is refused on POST, PATCH and DELETE with a clear 403, and changes nothing', async () => {
    const owner = await signIn(t);
    const machine = await createMachine(t.database.db, owner.user.id, { name: 'Kept' });
    const { token } = await makeToken(owner, 'read-only');
    expectJsonError(await asToken(token).post('/api/machines', machineInput('Refused')), 403, ApiTokenMessages.readOnly);
    expectJsonError(await asToken(token).patch(`/api/machines/${machine.id}`, { name: 'Renamed' }), 403, ApiTokenMessages.readOnly);
    expectJsonError(await asToken(token).delete(`/api/machines/${machine.id}`), 403, ApiTokenMessages.readOnly);
    expect((await owner.api.get('/api/machines')).json().map((m: { name: string }) => m.name)).toEqual(['Kept']);
  });

  test('a read-write token may change data', async () => {
    const owner = await signIn(t);
    const { token } = await makeToken(owner, 'read-write');
    const res = await asToken(token).post('/api/machines', machineInput('Made by script'));
    expect(res.statusCode, res.body).toBe(201);
    expect((await owner.api.get('/api/machines')).json().map((m: { name: string }) => m.name)).toEqual(['Made by script']);
  });

  test('records its last use at most once a minute', async () => {
    const owner = await signIn(t);
    const created = await makeToken(owner, 'read-only');
    expect((await asToken(created.token).get('/api/machines')).statusCode).toBe(200);
    const first = (await tokenRow(created.id))!.lastUsedAt!;
    expect(Date.now() - first.getTime()).toBeLessThan(10_000);
    const recent = new Date(Date.now() - 30_000);
    await t.database.db.update(apiTokens).set({ lastUsedAt: recent }).where(eq(apiTokens.id, created.id));
    await asToken(created.token).get('/api/machines');
    expect((await tokenRow(created.id))!.lastUsedAt).toEqual(recent);
    await t.database.db.update(apiTokens).set({ lastUsedAt: new Date(Date.now() - 61_000) }).where(eq(apiTokens.id, created.id));
    await asToken(created.token).get('/api/machines');
    expect(Date.now() - (await tokenRow(created.id))!.lastUsedAt!.getTime()).toBeLessThan(10_000);
    const listed = (await owner.api.get(TOKENS_URL)).json()[0];
    expect(listed.lastUsedAt).toEqual(expect.any(String));
  });

  test('a revoked, unknown or malformed token answers 401 with a message that says so', async () => {
    const owner = await signIn(t);
    const created = await makeToken(owner, 'read-write');
    expect((await asToken(created.token).get('/api/machines')).statusCode).toBe(200);
    const revoked = await owner.api.delete(`${TOKENS_URL}/${created.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ id: created.id, deleted: true });
    expect(await tokenRow(created.id)).toBeUndefined();

    const afterRevoke = await asToken(created.token).get('/api/machines');
    expectJsonError(afterRevoke, 401, ApiTokenMessages.invalid);
    expect(afterRevoke.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    expectJsonError(await asToken(`vv_pat_${'A'.repeat(43)}`).get('/api/machines'), 401, ApiTokenMessages.invalid);
    expectJsonError(await asToken('not-a-token').get('/api/machines'), 401, ApiTokenMessages.malformed);
    expectJsonError(await api(t, undefined, { headers: { authorization: 'Bearer' } }).get('/api/machines'), 401, ApiTokenMessages.malformed);
  });

  test("a request carrying a token is judged by the token alone, even with the owner's session cookie", async () => {
    const owner = await signIn(t);
    const res = await api(t, owner.cookie, bearer(`vv_pat_${'B'.repeat(43)}`)).get('/api/machines');
    expectJsonError(res, 401, ApiTokenMessages.invalid);
  });

  test('another scheme in the Authorization header (Basic, from a proxy) leaves the session in charge', async () => {
    const owner = await signIn(t);
    const res = await api(t, owner.cookie, { headers: { authorization: 'Basic dXNlcjpwYXNz' } }).get('/api/machines');
    expect(res.statusCode).toBe(200);
  });
});

describe('where a token is not accepted', () => {
  test('account, admin and affiliate routes answer 401, even for an admin’s read-write token', async () => {
    const admin = await signIn(t, { role: 'admin' });
    const { token } = await makeToken(admin, 'read-write');
    for (const url of ['/api/auth/me', '/api/settings/security', '/api/admin/users', '/api/affiliate/dashboard']) {
      expectJsonError(await asToken(token).get(url), 401, ApiTokenMessages.notHere);
    }
    expectJsonError(await asToken(token).post('/api/settings/password', { currentPassword: admin.password, newPassword: 'x', confirmPassword: 'x' }), 401, ApiTokenMessages.notHere);
    // The admin's session itself still reaches them.
    expect((await admin.api.get('/api/admin/users')).statusCode).toBe(200);
  });

  test('a token cannot list, make or revoke tokens', async () => {
    const owner = await signIn(t);
    const created = await makeToken(owner, 'read-write');
    expectJsonError(await asToken(created.token).get(TOKENS_URL), 401, ApiTokenMessages.sessionOnly);
    expect((await asToken(created.token).send('HEAD', TOKENS_URL)).statusCode).toBe(401);
    expectJsonError(await asToken(created.token).post(TOKENS_URL, { name: 'Another', access: 'read-write' }), 401, ApiTokenMessages.sessionOnly);
    expectJsonError(await asToken(created.token).delete(`${TOKENS_URL}/${created.id}`), 401, ApiTokenMessages.sessionOnly);
    expect((await owner.api.get(TOKENS_URL)).json()).toHaveLength(1);
  });
});

describe("another operator's token", () => {
  test('revoking it answers 404 exactly like a missing id, and it keeps working', async () => {
    const owner = await signIn(t);
    const intruder = await signIn(t);
    const created = await makeToken(owner, 'read-only');
    const foreign = await intruder.api.delete(`${TOKENS_URL}/${created.id}`);
    const missing = await intruder.api.delete(`${TOKENS_URL}/999999`);
    expectJsonError(foreign, 404, ApiTokenMessages.notFound);
    expect(foreign.json()).toEqual(missing.json());
    expect((await intruder.api.get(TOKENS_URL)).json()).toEqual([]);
    expect((await asToken(created.token).get('/api/machines')).statusCode).toBe(200);
  });
});

describe('the same-origin check', () => {
  test('passes a token call that carries no cookie, even with a foreign Origin', async () => {
    const owner = await signIn(t);
    const { token } = await makeToken(owner, 'read-write');
    const res = await api(t, undefined, bearer(token, { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' })).post('/api/machines', machineInput('Cross'));
    expect(res.statusCode, res.body).toBe(201);
  });

  test('still refuses a cross-site call that carries a cookie, token or not', async () => {
    const owner = await signIn(t);
    const { token } = await makeToken(owner, 'read-write');
    const crossSite = { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' };
    expectJsonError(await api(t, owner.cookie, bearer(token, crossSite)).post('/api/machines', machineInput('Ridden')), 403, 'Cross-site requests are not allowed.');
    expectJsonError(await api(t, owner.cookie, { headers: crossSite }).post('/api/machines', machineInput('Ridden')), 403, 'Cross-site requests are not allowed.');
  });
});

describe('the rate limit', () => {
  test(`counts ${API_TOKEN_RATE_LIMIT} calls a minute per token, then 429 with Retry-After; other tokens are unaffected`, async () => {
    const owner = await signIn(t);
    const busy = await makeToken(owner, 'read-only', 'Busy');
    const quiet = await makeToken(owner, 'read-only', 'Quiet');
    for (let sent = 0; sent < API_TOKEN_RATE_LIMIT; sent += 50) {
      const batch = await Promise.all(Array.from({ length: 50 }, () => asToken(busy.token).get('/api/machines')));
      expect(batch.map((res) => res.statusCode)).toEqual(Array(50).fill(200));
    }
    const refused = await asToken(busy.token).get('/api/machines');
    expectJsonError(refused, 429, /^This API token made too many requests\. Try again in \d+ (second|seconds|minute)\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await asToken(quiet.token).get('/api/machines')).statusCode).toBe(200);
    // The owner's browser session is not counted against the token.
    expect((await owner.api.get('/api/machines')).statusCode).toBe(200);
  });
});

describe('a disabled account', () => {
  test("disabling revokes the account's tokens; re-enabling does not bring them back", async () => {
    const admin = await signIn(t, { role: 'admin' });
    const owner = await signIn(t);
    const { token } = await makeToken(owner, 'read-write');
    expect((await admin.api.post(`/api/admin/users/${owner.user.id}/disable`)).statusCode).toBe(200);
    expectJsonError(await asToken(token).get('/api/machines'), 401, ApiTokenMessages.invalid);
    expect(await t.database.db.select().from(apiTokens).where(eq(apiTokens.userId, owner.user.id))).toEqual([]);
    expect((await admin.api.post(`/api/admin/users/${owner.user.id}/enable`)).statusCode).toBe(200);
    expectJsonError(await asToken(token).get('/api/machines'), 401, ApiTokenMessages.invalid);
  });

  test('a token of an account marked disabled (a disabling in progress) is refused with 403', async () => {
    const owner = await signIn(t);
    const { token } = await makeToken(owner, 'read-only');
    await t.database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, owner.user.id));
    expectJsonError(await asToken(token).get('/api/machines'), 403, AuthMessages.accountDisabled);
  });
});

/** With REDIS_URL, every instance counts a token's calls together. Runs when TEST_REDIS_URL names a Redis server. */
const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(redisUrl)('the rate limit across instances (Redis)', () => {
  let redis: Redis;
  const instances: FastifyInstance[] = [];
  beforeAll(async () => {
    redis = new Redis(redisUrl!, { maxRetriesPerRequest: 1 });
    for (let i = 0; i < 2; i++) {
      const instance = await buildApp({ context: t.app.ctx, sessionSecret: 'test-session-secret-that-is-long-enough-0123456789', redis });
      await instance.ready();
      instances.push(instance);
    }
  });
  afterAll(async () => {
    for (const instance of instances) await instance.close();
    redis?.disconnect();
  });

  test('calls through two instances share one counter per token', async () => {
    // Counters in Redis outlive this run by up to a minute: token ids of this run's own.
    await t.database.db.execute(sql`select setval('api_tokens_id_seq', ${1_000_000 + Math.floor(Math.random() * 1_000_000_000)})`);
    const owner = await signIn(t);
    const { token } = await makeToken(owner, 'read-only');
    const call = (instance: FastifyInstance) => instance.inject({ method: 'GET', url: '/api/machines', headers: { authorization: `Bearer ${token}` } });
    for (let i = 0; i < API_TOKEN_RATE_LIMIT; i += 2) {
      const pair = await Promise.all([call(instances[0]!), call(instances[1]!)]);
      expect(pair.map((res) => res.statusCode)).toEqual([200, 200]);
    }
    for (const instance of instances) expect((await call(instance)).statusCode).toBe(429);
  });
});
