import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUser } from '../../src/server/db/factories.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { api, mailsTo, registration, uniqueEmail } from './helpers.js';

// Limits count per caller address and per account, in this app instance's memory. Each test
// uses its own made-up caller address and its own accounts, so the tests do not share counters.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let addressCounter = 0;
const newAddress = () => `203.0.113.${++addressCounter}`;

function expectRateLimited(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(res.json()).toEqual({ message: expect.stringMatching(/^Too many attempts\. Please try again in .+\.$/) });
}

describe('sign-in', () => {
  test('50 sign-in attempts from one address within 15 minutes are allowed, right or wrong; the 51st is a 429 for any account', async () => {
    const ip = newAddress();
    const { user, password } = await createUser(t.database.db, { email: uniqueEmail('busy') });
    for (let i = 0; i < 50; i++) {
      // Mostly successful sign-ins, which the failure throttle never refuses: this is the address rule.
      const res = i % 10 === 0
        ? await api(t, undefined, { ip: ip }).post('/api/auth/login', { email: uniqueEmail(`spray-${i}`), password: 'guess' })
        : await api(t, undefined, { ip: ip }).post('/api/auth/login', { email: user.email, password });
      expect(res.statusCode, `attempt ${i + 1}`).toBe(i % 10 === 0 ? 401 : 200);
    }
    const blocked = await api(t, undefined, { ip: ip }).post('/api/auth/login', { email: user.email, password });
    expectRateLimited(blocked);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(blocked.headers['set-cookie']).toBeUndefined();
    expect((await api(t, undefined, { ip: newAddress() }).post('/api/auth/login', { email: user.email, password })).statusCode).toBe(200);
  });

  test('requests refused by validation do not use up attempts', async () => {
    const ip = newAddress();
    const { user, password } = await createUser(t.database.db, { email: uniqueEmail('typo') });
    for (let i = 0; i < 12; i++) {
      expect((await api(t, undefined, { ip: ip }).post('/api/auth/login', { email: user.email, password: '' })).statusCode).toBe(400);
    }
    expect((await api(t, undefined, { ip: ip }).post('/api/auth/login', { email: user.email, password })).statusCode).toBe(200);
  });
});

describe('password reset and verification mail', () => {
  test('forgot-password: 5 requests per account per hour, the 6th is a 429 from any address, and no 6th mail', async () => {
    const { user } = await createUser(t.database.db, { email: uniqueEmail('forgetful') });
    for (let i = 0; i < 5; i++) {
      expect((await api(t, undefined, { ip: newAddress() }).post('/api/auth/forgot-password', { email: user.email })).statusCode).toBe(200);
    }
    expectRateLimited(await api(t, undefined, { ip: newAddress() }).post('/api/auth/forgot-password', { email: user.email.toUpperCase() }));
    await expect.poll(() => mailsTo(t, user.email).length, { timeout: 5000 }).toBe(5);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(t, user.email)).toHaveLength(5);
    // Another account is unaffected.
    expect((await api(t, undefined, { ip: newAddress() }).post('/api/auth/forgot-password', { email: uniqueEmail('someone') })).statusCode).toBe(200);
  });

  test('forgot-password: 20 requests per address per hour, the 21st is a 429', async () => {
    const ip = newAddress();
    for (let i = 0; i < 20; i++) {
      expect((await api(t, undefined, { ip: ip }).post('/api/auth/forgot-password', { email: uniqueEmail('probe') })).statusCode).toBe(200);
    }
    expectRateLimited(await api(t, undefined, { ip: ip }).post('/api/auth/forgot-password', { email: uniqueEmail('probe') }));
  });

  test('resend-verification: 3 per account per hour, the 4th is a 429', async () => {
    const body = registration();
    expect((await api(t, undefined, { ip: newAddress() }).post('/api/auth/register', body)).statusCode).toBe(201);
    for (let i = 0; i < 3; i++) {
      expect((await api(t, undefined, { ip: newAddress() }).post('/api/auth/resend-verification', { email: body.email })).statusCode).toBe(200);
    }
    expectRateLimited(await api(t, undefined, { ip: newAddress() }).post('/api/auth/resend-verification', { email: body.email }));
    // The registration's mail and three resends; the refused request sends none.
    await expect.poll(() => mailsTo(t, body.email).length, { timeout: 5000 }).toBe(4);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(t, body.email)).toHaveLength(4);
  });
});

describe('registration', () => {
  test('20 registrations per address per hour, the 21st is a 429 and creates nothing', async () => {
    const ip = newAddress();
    for (let i = 0; i < 20; i++) {
      // Common passwords are refused after the limiter has counted the attempt, without hashing.
      const res = await api(t, undefined, { ip: ip }).post('/api/auth/register', registration({ password: 'password123', confirmPassword: 'password123' }));
      expect(res.statusCode, `attempt ${i + 1}`).toBe(400);
    }
    const last = registration();
    expectRateLimited(await api(t, undefined, { ip: ip }).post('/api/auth/register', last));
    expect(mailsTo(t, last.email)).toHaveLength(0);
    expect((await api(t, undefined, { ip: newAddress() }).post('/api/auth/register', registration())).statusCode).toBe(201);
  });

  test("5 sign-ups per address per hour, taken or not, so nobody can fill an owner's inbox; the 6th is a 429 and mails nothing", async () => {
    const { user } = await createUser(t.database.db, { email: uniqueEmail('popular') });
    for (let i = 0; i < 5; i++) {
      expect((await api(t, undefined, { ip: newAddress() }).post('/api/auth/register', registration({ email: user.email }))).statusCode).toBe(201);
    }
    expectRateLimited(await api(t, undefined, { ip: newAddress() }).post('/api/auth/register', registration({ email: user.email.toUpperCase() })));
    await expect.poll(() => mailsTo(t, user.email).length, { timeout: 5000 }).toBe(5);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(t, user.email)).toHaveLength(5);
  });
});
