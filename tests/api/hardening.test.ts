import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { eq } from 'drizzle-orm';
import { createMachine } from '../../src/server/db/factories.js';
import { suggestions, vendingIssues } from '../../src/server/db/schema.js';
import { createLogger } from '../../src/server/logging.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { registration, signIn } from './helpers.js';

let t: TestApp;
let machineId: number;
beforeAll(async () => {
  t = await createTestApp();
  const { user } = await signIn(t);
  machineId = (await createMachine(t.database.db, user.id)).id;
});
afterAll(() => t.close());

describe('text the database cannot store', () => {
  // Every JSON string is cleaned before the routes see it (plugins/clean-text.ts): NUL, which a text
  // column cannot hold, is dropped, so the request is stored instead of failing.
  test('a NUL character in a public suggestion is dropped, not a 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/suggestions?machineId=${machineId}`,
      payload: { name: 'Sour\u0000Worms', category: 'Sweets' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const stored = await t.database.db.select({ name: suggestions.name }).from(suggestions).where(eq(suggestions.name, 'SourWorms'));
    expect(stored).toHaveLength(1);
  });

  test('a NUL character in an issue report is dropped, not a 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/vending-issues',
      payload: { machineId, customerName: 'Kim\u0000', customerEmail: 'kim@example.com', productName: 'Cola' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const stored = await t.database.db.select({ name: vendingIssues.customerName }).from(vendingIssues).where(eq(vendingIssues.customerEmail, 'kim@example.com'));
    expect(stored.map((row) => row.name)).toContain('Kim');
  });
});

describe('names in mails', () => {
  test('a name with a line break is refused, so no text can be forged into a mail greeting', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: registration({ firstName: 'Ann,\n\nYour account is locked, visit http://evil.example' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.firstName).toBe('Names cannot contain line breaks or control characters');
  });
});

describe('the verification link', () => {
  test('cannot be followed for a visitor by another site, since it signs in', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/verify-email?token=whatever',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.cookies).toHaveLength(0);
  });
});

describe('request logs', () => {
  test('carry neither the query string (tokens travel there) nor the client address', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = await buildApp({
      context: t.app.ctx,
      sessionSecret: 'log-test-session-secret-that-is-long-enough',
      logger: createLogger('info', sink),
    });
    await app.inject({ method: 'GET', url: '/api/auth/verify-email?token=SECRET-TOKEN-123', remoteAddress: '203.0.113.7' });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('/api/auth/verify-email');
    expect(log).not.toContain('SECRET-TOKEN-123');
    expect(log).not.toContain('203.0.113.7');
  });
});
