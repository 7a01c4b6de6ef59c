import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMachine, createProduct, createUser } from '../../src/server/db/factories.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { signIn } from './helpers.js';
import { postVote } from './vote-counters.js';

// Published at an https address, while requests reach the app over plain http: a TLS-ending proxy
// in front, without TRUST_PROXY, so the app never learns the browser's scheme from the request.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://vote.example.com' });
});
afterAll(() => t.close());

describe('an app whose PUBLIC_URL is https', () => {
  test('sets the session cookie Secure even when the request came over plain http', async () => {
    const { res } = await signIn(t);
    const cookie = res.cookies.find((c) => c.name === 'vv_session');
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(String(res.headers['set-cookie'])).toMatch(/;\s*Secure/i);
  });

  test('sets the voter cookie Secure as well', async () => {
    const { user } = await createUser(t.database.db);
    const machine = await createMachine(t.database.db, user.id);
    const product = await createProduct(t.database.db, user.id);
    const res = await postVote(t, product.id, { machineId: machine.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.cookies.find((c) => c.name === 'voter')).toMatchObject({ secure: true, httpOnly: true });
  });
});
