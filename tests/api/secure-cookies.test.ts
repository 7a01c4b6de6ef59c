import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMachine, createUser } from '../../src/server/db/factories.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { signIn } from './helpers.js';

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
    // The vote page hands the voter cookie out, over plain http here behind an https PUBLIC_URL.
    const res = await t.app.inject({ method: 'GET', url: `/api/vote-page/${machine.id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.cookies.find((c) => c.name === 'voter')).toMatchObject({ secure: true, httpOnly: true });
  });
});
