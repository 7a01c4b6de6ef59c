import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUser } from '../../src/server/db/factories.js';
import { suggestions } from '../../src/server/db/schema.js';
import { DEMO_OPERATOR_EMAIL } from '../../src/server/db/seed.js';
import { PRODUCT_CATEGORIES } from '../../src/shared/catalog.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { apiFrom, ISO_TIMESTAMP, operatorWithMachine, rawPost, withoutDemoOperator, type CallOptions } from './feedback-helpers.js';
import { expectJsonError, signIn } from './helpers.js';

// Sending suggestions: who receives them, validation and the rate limit. Reviewing them is in
// suggestions-review.test.ts.
let t: TestApp;
let demoOperatorId: number;
beforeAll(async () => {
  t = await createTestApp();
  demoOperatorId = (await createUser(t.database.db, { email: DEMO_OPERATOR_EMAIL })).user.id;
});
afterAll(() => t.close());

const INVALID_CATEGORY = `Invalid category. Must be one of: ${PRODUCT_CATEGORIES.join(', ')}`;

const suggest = (payload: unknown, query = '', options: CallOptions = {}) => apiFrom(t, options).post(`/api/suggestions${query}`, payload);
const list = (cookie: string) => apiFrom(t, { cookie }).get('/api/suggestions');
const idea = (overrides: Record<string, unknown> = {}) => ({ name: 'Takis Fuego', brand: 'Barcel', category: 'Chips', suggestedBy: 'Sam', ...overrides });

const suggestionCount = async () => (await t.database.db.select({ n: count() }).from(suggestions))[0]!.n;
const ownerOf = async (id: number) => (await t.database.db.select().from(suggestions).where(eq(suggestions.id, id)))[0]!.userId;

describe('POST /api/suggestions: who receives it', () => {
  test("from a machine: 201 with the suggestion, and it goes to that machine's owner only", async () => {
    const owner = await operatorWithMachine(t);
    const other = await signIn(t);
    const res = await suggest(idea(), `?machineId=${owner.machine.id}`);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(Number),
      name: 'Takis Fuego',
      brand: 'Barcel',
      category: 'Chips',
      suggestedBy: 'Sam',
      machineId: owner.machine.id,
      status: 'pending',
      productId: null,
      notifyOnStock: false,
      createdAt: expect.stringMatching(ISO_TIMESTAMP),
      processedAt: null,
      stockedAt: null,
    });
    expect(await ownerOf(body.id)).toBe(owner.user.id);
    expect((await list(owner.cookie)).json()).toEqual([body]);
    expect((await list(other.cookie)).json()).toEqual([]);
  });

  test("from a machine, sent by another signed-in operator: still the machine's owner", async () => {
    const owner = await operatorWithMachine(t);
    const visitor = await signIn(t);
    const res = await suggest(idea(), `?machineId=${owner.machine.id}`, { cookie: visitor.cookie });
    expect(res.statusCode, res.body).toBe(201);
    expect(await ownerOf(res.json().id)).toBe(owner.user.id);
  });

  test('signed out without a machine: the demo operator receives it', async () => {
    const res = await suggest(idea({ name: 'Demo page idea' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ machineId: null, status: 'pending' });
    expect(await ownerOf(res.json().id)).toBe(demoOperatorId);
  });

  test('a signed-in operator without a machine: it goes to themselves', async () => {
    const operator = await signIn(t);
    const res = await suggest(idea({ name: 'My own idea' }), '', { cookie: operator.cookie });
    expect(res.statusCode, res.body).toBe(201);
    expect(await ownerOf(res.json().id)).toBe(operator.user.id);
    expect((await list(operator.cookie)).json().map((s: { name: string }) => s.name)).toEqual(['My own idea']);
  });

  test('an unknown machine is a 404 "Machine not found" and nothing is stored', async () => {
    const before = await suggestionCount();
    expect(expectJsonError(await suggest(idea(), '?machineId=987654'), 404)).toEqual({ message: 'Machine not found' });
    // Larger than any stored id can be: refused by the one id rule every apiFrom shares.
    expectJsonError(await suggest(idea(), '?machineId=99999999999'), 400, 'Machine id must be a whole number');
    expect(await suggestionCount()).toBe(before);
  });

  test.each([['abc'], ['1.5'], ['-3'], ['0'], ['true'], ['']])('machineId=%s is a 400 and nothing is stored', async (value) => {
    const before = await suggestionCount();
    const body = expectJsonError(await suggest(idea(), `?machineId=${value}`), 400);
    expect(body.errors).toHaveProperty('machineId');
    expect(await suggestionCount()).toBe(before);
  });

  test('without a demo operator, a suggestion that names no machine is a 400 asking for one', async () => {
    await withoutDemoOperator(t, async () => {
      const before = await suggestionCount();
      const body = expectJsonError(await suggest(idea()), 400, "Please send this from a machine's page.");
      expect(body.errors).toEqual({ machineId: "Please send this from a machine's page." });
      expect(await suggestionCount()).toBe(before);
    });
  });
});

describe('POST /api/suggestions: validation', () => {
  test.each([
    ['no name', { name: undefined }, { name: 'Product name is required' }],
    ['a blank name', { name: '   ' }, { name: 'Product name is required' }],
    ['a name of the wrong type', { name: 42 }, { name: 'Product name is required' }],
    ['no category', { category: undefined }, { category: 'Category is required' }],
    ['an empty category', { category: '' }, { category: 'Category is required' }],
    ['a category outside the ten', { category: 'Pizza' }, { category: INVALID_CATEGORY }],
    ['a brand of the wrong type', { brand: 5 }, { brand: 'Brand must be text' }],
    ['a name of 121 characters', { name: 'n'.repeat(121) }, { name: 'Must be at most 120 characters' }],
    ['a 100,000-character brand', { brand: 'b'.repeat(100_000) }, { brand: 'Must be at most 120 characters' }],
    ['suggestedBy of the wrong type', { suggestedBy: ['x'] }, { suggestedBy: 'Your name must be text' }],
    ['an unknown field', { status: 'approved' }, { status: 'Unknown field: status' }],
  ])('%s is a 400 with the field message, and nothing is stored', async (_case, overrides, errors) => {
    const before = await suggestionCount();
    const body = expectJsonError(await suggest(idea(overrides)), 400, Object.values(errors)[0]);
    expect(body.errors).toEqual(errors);
    expect(await suggestionCount()).toBe(before);
  });

  test('both required fields missing: both messages', async () => {
    const body = expectJsonError(await suggest({}), 400);
    expect(body.errors).toEqual({ name: 'Product name is required', category: 'Category is required' });
  });

  test('bodies that are not a suggestion object are 4xx and store nothing', async () => {
    const before = await suggestionCount();
    for (const payload of ['[]', 'null', '"Takis"', '{"name": ']) expectJsonError(await rawPost(t, '/api/suggestions', payload), 400);
    expectJsonError(await rawPost(t, '/api/suggestions', JSON.stringify(idea({ brand: 'b'.repeat(2 * 1024 * 1024) }))), 413);
    expectJsonError(await rawPost(t, '/api/suggestions', 'name=Takis&category=Chips', 'text/plain'), 415);
    expect(await suggestionCount()).toBe(before);
  });

  test('brand and suggestedBy are optional: stored as "" and null; text is trimmed', async () => {
    const res = await suggest({ name: '  Pocky  ', category: 'Sweets', suggestedBy: '' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Pocky', brand: '', category: 'Sweets', suggestedBy: null });
  });
});

describe('rate limit', () => {
  test('30 suggestions from one address in 10 minutes are accepted; the 31st is a 429; another address is unaffected', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < 30; i++) {
      const res = await suggest(idea({ name: `Burst ${i}` }), '', { ip });
      expect(res.statusCode, `suggestion ${i + 1}: ${res.body}`).toBe(201);
    }
    const before = await suggestionCount();
    const blocked = await suggest(idea({ name: 'One too many' }), '', { ip });
    expectJsonError(blocked, 429, /^Too many attempts\. Please try again in .+\.$/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(await suggestionCount()).toBe(before);
    expect((await suggest(idea({ name: 'Next phone' }), '', { ip: '192.0.2.78' })).statusCode).toBe(201);
  });
});
