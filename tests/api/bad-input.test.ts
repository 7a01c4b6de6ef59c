import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUser } from '../../src/server/db/factories.js';
import { eq } from 'drizzle-orm';
import { contactMessages, products, users } from '../../src/server/db/schema.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { api, expectJsonError, login, post, registration, signIn, uniqueEmail, userByEmail } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const raw = (url: string, payload: string | Buffer, contentType: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } });

const userCount = async () => (await t.database.db.select({ n: count() }).from(users))[0]!.n;

describe('bodies that are not the JSON asked for', () => {
  test('malformed JSON is a 400 "The request body is not valid JSON."', async () => {
    const res = await raw('/api/auth/login', '{"email": "a@b.test", "password": ', 'application/json');
    expect(expectJsonError(res, 400)).toEqual({ message: 'The request body is not valid JSON.' });
  });

  test('an empty body announced as JSON is a 400', async () => {
    expectJsonError(await raw('/api/auth/login', '', 'application/json'), 400, 'The request body is empty but JSON was announced.');
  });

  test.each([
    ['text/plain', 'email=a@b.test&password=hunter22'],
    ['application/x-www-form-urlencoded', 'email=a%40b.test&password=hunter22'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.test\r\n--x--\r\n'],
  ])('content type %s is a 415', async (contentType, body) => {
    expectJsonError(await raw('/api/auth/login', body, contentType), 415, 'This content type is not supported; send JSON.');
  });

  test('a 5 MB body is a 413', async () => {
    const big = JSON.stringify({ ...registration(), firstName: 'x'.repeat(5 * 1024 * 1024) });
    expectJsonError(await raw('/api/auth/register', big, 'application/json'), 413, 'The request body is too large.');
  });

  test.each([['[]'], ['null'], ['"just a string"'], ['42']])('a JSON body that is not an object (%s) is a 400', async (body) => {
    expectJsonError(await raw('/api/auth/login', body, 'application/json'), 400);
  });
});

describe('fields of the wrong shape', () => {
  test('wrong types get the field messages: email 123, rememberMe "yes"', async () => {
    const res = await login(t, 123 as unknown as string, 'long enough', { rememberMe: 'yes' });
    const body = expectJsonError(res, 400, 'Please enter a valid email address');
    expect(body.errors).toEqual({ email: 'Please enter a valid email address', rememberMe: 'Remember me must be true or false' });
  });

  test('an empty login password gets "Password is required"', async () => {
    const res = await login(t, uniqueEmail('empty'), '');
    expect(expectJsonError(res, 400, 'Password is required').errors).toEqual({ password: 'Password is required' });
  });

  test('names of the wrong type get the required messages', async () => {
    const res = await post(t, '/api/auth/register', registration({ firstName: 42, lastName: null }));
    expect(expectJsonError(res, 400).errors).toEqual({ firstName: 'First name is required', lastName: 'Last name is required' });
  });

  test('a 10,000-character password is refused by validation on login, before any hashing', async () => {
    const { user } = await createUser(t.database.db, { email: uniqueEmail('longpw') });
    const started = performance.now();
    const res = await login(t, user.email, 'p'.repeat(10_000));
    const body = expectJsonError(res, 400, 'Password must be at most 128 characters long');
    expect(body.errors).toEqual({ password: 'Password must be at most 128 characters long' });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  test('a 10,000-character password is refused by validation on register, and no account is made', async () => {
    const password = 'p'.repeat(10_000);
    const body = registration({ password, confirmPassword: password });
    const res = await post(t, '/api/auth/register', body);
    expect(expectJsonError(res, 400, 'Password must be at most 128 characters long').errors).toMatchObject({
      password: 'Password must be at most 128 characters long',
    });
    expect(await userByEmail(t, body.email)).toBeUndefined();
  });

  test('an overlong email or name is a 400', async () => {
    const longEmail = `${'a'.repeat(250)}@example.test`;
    expectJsonError(await post(t, '/api/auth/register', registration({ email: longEmail })), 400, 'Please enter a valid email address');
    const res = await post(t, '/api/auth/register', registration({ firstName: 'N'.repeat(101) }));
    expect(expectJsonError(res, 400).errors).toHaveProperty('firstName');
  });

  test('an unknown field is a 400 "Unknown field: isAdmin" and no account is made', async () => {
    const before = await userCount();
    const res = await post(t, '/api/auth/register', { ...registration(), isAdmin: true });
    const body = expectJsonError(res, 400, 'Unknown field: isAdmin');
    expect(body.errors).toEqual({ isAdmin: 'Unknown field: isAdmin' });
    expect(await userCount()).toBe(before);
    expectJsonError(await login(t, uniqueEmail('extra'), 'long enough', { role: 'admin' }), 400, 'Unknown field: role');
  });

  test('a verification token given twice, or too long, is a 400', async () => {
    expectJsonError(await t.app.inject({ method: 'GET', url: '/api/auth/verify-email?token=a&token=b' }), 400);
    expectJsonError(await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${'t'.repeat(201)}` }), 400);
  });
});

describe('text that PostgreSQL refuses', () => {
  test('a lone surrogate in a contact message is stored as U+FFFD, not a 500', async () => {
    const email = uniqueEmail('surrogate');
    // Written as JSON escapes, as a script would send them: valid JSON, but no character.
    const body = `{"name":"Dana \\ud800 Park","email":"${email}","subject":"Hi","message":"Broken \\udc00 text and a NUL \\u0000 here"}`;
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: body, headers: { 'content-type': 'application/json' }, remoteAddress: '198.51.100.201' });
    expect(res.statusCode, res.body).toBe(202);
    const [row] = await t.database.db.select().from(contactMessages).where(eq(contactMessages.email, email));
    expect(row).toMatchObject({ name: 'Dana \uFFFD Park', message: 'Broken \uFFFD text and a NUL  here' });
  });

  test('a NUL or a lone surrogate in a product name is cleaned, and a real emoji pair is kept', async () => {
    const { cookie } = await signIn(t);
    const res = await api(t, cookie).post('/api/products', { name: 'Nul\u0000 Chips \ud83c\udf6a \udbff', brand: 'Acme', category: 'Chips' });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, res.json<{ id: number }>().id));
    expect(row!.name).toBe('Nul Chips \u{1F36A} \uFFFD');
  });

  test('a NUL in a path parameter or a query string is a plain 404 or answer, never a 500', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/share/abc%00def' })).statusCode).toBe(404);
    const { cookie } = await signIn(t, { role: 'admin' });
    const res = await api(t, cookie).get('/api/admin/users?search=ann%00');
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('unknown paths', () => {
  test.each([
    ['GET', '/api/does-not-exist'],
    ['POST', '/api/auth/nothing-here'],
    ['DELETE', '/api/auth/me'],
  ])('%s %s is a 404 JSON answer', async (method, url) => {
    const res = await t.app.inject({ method: method as 'GET', url: `${url}?q=1` });
    expect(expectJsonError(res, 404)).toEqual({ message: `No such endpoint: ${method} ${url}` });
  });
});
