import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSuggestion } from '../../src/server/db/feedback-factories.js';
import { products, suggestions } from '../../src/server/db/schema.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { apiFrom, ISO_TIMESTAMP } from './feedback-helpers.js';
import { expectJsonError, signIn } from './helpers.js';

// Reviewing suggestions: the list, approve, decline and PATCH, and who may do what.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = (cookie?: string) => apiFrom(t, { cookie }).get('/api/suggestions');
const approve = (id: number | string, cookie?: string) => apiFrom(t, { cookie }).post(`/api/suggestions/${id}/approve`);
const decline = (id: number | string, cookie?: string) => apiFrom(t, { cookie }).post(`/api/suggestions/${id}/decline`);
const patch = (id: number | string, payload: unknown, cookie?: string) => apiFrom(t, { cookie }).patch(`/api/suggestions/${id}`, payload);

const PROCESSED = { message: 'This suggestion has already been processed.' };
const storedSuggestion = async (id: number) => (await t.database.db.select().from(suggestions).where(eq(suggestions.id, id)))[0];
const productsOf = (userId: number) => t.database.db.select().from(products).where(eq(products.userId, userId));

describe('GET /api/suggestions', () => {
  test('signed out is a 401 Unauthorized', async () => {
    expect(expectJsonError(await list(), 401)).toEqual({ message: 'Unauthorized' });
  });

  test('an affiliate account is refused with a 403', async () => {
    const affiliate = await signIn(t, { role: 'affiliate' });
    expectJsonError(await list(affiliate.cookie), 403);
  });

  test("the operator's own suggestions, pending and processed, newest first; never another operator's", async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const db = t.database.db;
    const old = await createSuggestion(db, a.user.id, { name: 'Old', status: 'declined', createdAt: new Date(Date.now() - 3 * 86_400_000) });
    const mid = await createSuggestion(db, a.user.id, { name: 'Mid', status: 'approved', createdAt: new Date(Date.now() - 86_400_000) });
    const recent = await createSuggestion(db, a.user.id, { name: 'Recent' });
    await createSuggestion(db, b.user.id, { name: 'Not yours' });
    const res = await list(a.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { id: number; status: string; processedAt: string | null }[];
    expect(body.map((s) => s.id)).toEqual([recent.id, mid.id, old.id]);
    expect(body.map((s) => s.status)).toEqual(['pending', 'approved', 'declined']);
    expect(body[1]!.processedAt).toMatch(ISO_TIMESTAMP);
    expect((await list(b.cookie)).json().map((s: { name: string }) => s.name)).toEqual(['Not yours']);
  });
});

describe('approve and decline', () => {
  test("approve: 200 with the approved suggestion and a new product at 0 votes in the owner's catalogue", async () => {
    const owner = await signIn(t);
    const pending = await createSuggestion(t.database.db, owner.user.id, { name: "Cheez-It Snap'd", brand: 'Cheez-It', category: 'Cheese' });
    const res = await approve(pending.id, owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const { suggestion, product } = res.json();
    expect(product).toEqual({
      id: expect.any(Number),
      name: "Cheez-It Snap'd",
      brand: 'Cheez-It',
      category: 'Cheese',
      price: '0.00',
      description: '',
      imageUrl: null,
      votes: 0,
      createdAt: expect.stringMatching(ISO_TIMESTAMP),
    });
    expect(suggestion).toMatchObject({ id: pending.id, status: 'approved', productId: product.id, processedAt: expect.stringMatching(ISO_TIMESTAMP) });
    const catalogue = await productsOf(owner.user.id);
    expect(catalogue.map((p) => [p.id, p.votes])).toEqual([[product.id, 0]]);
    expect(await storedSuggestion(pending.id)).toMatchObject({ status: 'approved', productId: product.id });
  });

  test('approving a suggestion without a brand makes a product of brand "Unknown"', async () => {
    const owner = await signIn(t);
    const pending = await createSuggestion(t.database.db, owner.user.id, { brand: '' });
    const res = await approve(pending.id, owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().product.brand).toBe('Unknown');
  });

  test('decline: 200 with the declined suggestion; no product is made', async () => {
    const owner = await signIn(t);
    const pending = await createSuggestion(t.database.db, owner.user.id);
    const res = await decline(pending.id, owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: pending.id, status: 'declined', productId: null, processedAt: expect.stringMatching(ISO_TIMESTAMP) });
    expect(await productsOf(owner.user.id)).toEqual([]);
  });

  test('a processed suggestion cannot be approved or declined again, on any path: 409, and nothing changes', async () => {
    const owner = await signIn(t);
    const approved = await createSuggestion(t.database.db, owner.user.id, { status: 'approved' });
    const declined = await createSuggestion(t.database.db, owner.user.id, { status: 'declined' });
    for (const id of [approved.id, declined.id]) {
      expect(expectJsonError(await approve(id, owner.cookie), 409)).toEqual(PROCESSED);
      expect(expectJsonError(await decline(id, owner.cookie), 409)).toEqual(PROCESSED);
      expect(expectJsonError(await patch(id, { status: 'approved' }, owner.cookie), 409)).toEqual(PROCESSED);
      expect(expectJsonError(await patch(id, { status: 'declined' }, owner.cookie), 409)).toEqual(PROCESSED);
    }
    expect(await storedSuggestion(approved.id)).toMatchObject({ status: 'approved', productId: null });
    expect(await storedSuggestion(declined.id)).toMatchObject({ status: 'declined' });
    expect(await productsOf(owner.user.id)).toEqual([]);
  });

  test('approving twice: the second is a 409 and there is still one product', async () => {
    const owner = await signIn(t);
    const pending = await createSuggestion(t.database.db, owner.user.id);
    expect((await approve(pending.id, owner.cookie)).statusCode).toBe(200);
    expect(expectJsonError(await approve(pending.id, owner.cookie), 409)).toEqual(PROCESSED);
    expect(expectJsonError(await decline(pending.id, owner.cookie), 409)).toEqual(PROCESSED);
    expect(await productsOf(owner.user.id)).toHaveLength(1);
  });

  test('5 concurrent approvals: one 200, four 409, exactly one product at 0 votes', async () => {
    const owner = await signIn(t);
    const pending = await createSuggestion(t.database.db, owner.user.id, { name: 'Race Bar' });
    const answers = await Promise.all(Array.from({ length: 5 }, () => approve(pending.id, owner.cookie)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const catalogue = await productsOf(owner.user.id);
    expect(catalogue).toHaveLength(1);
    expect(catalogue[0]).toMatchObject({ name: 'Race Bar', votes: 0 });
    expect(await storedSuggestion(pending.id)).toMatchObject({ status: 'approved', productId: catalogue[0]!.id });
  });

  test('approve and decline racing on both paths: exactly one wins; a product exists only if approve won', async () => {
    const owner = await signIn(t);
    const pending = await createSuggestion(t.database.db, owner.user.id);
    const answers = await Promise.all([
      approve(pending.id, owner.cookie),
      decline(pending.id, owner.cookie),
      patch(pending.id, { status: 'approved' }, owner.cookie),
      patch(pending.id, { status: 'declined' }, owner.cookie),
    ]);
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(3);
    const stored = (await storedSuggestion(pending.id))!;
    expect((await productsOf(owner.user.id)).length).toBe(stored.status === 'approved' ? 1 : 0);
  });
});

describe('PATCH /api/suggestions/{id}', () => {
  test('status approved: 200 with the suggestion, productId set, and the product made', async () => {
    const owner = await signIn(t);
    const pending = await createSuggestion(t.database.db, owner.user.id, { name: 'Patched In' });
    const res = await patch(pending.id, { status: 'approved' }, owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: pending.id, status: 'approved', productId: expect.any(Number) });
    expect(body).not.toHaveProperty('product');
    const catalogue = await productsOf(owner.user.id);
    expect(catalogue.map((p) => [p.id, p.name, p.votes])).toEqual([[body.productId, 'Patched In', 0]]);
  });

  test('status declined: 200 with the declined suggestion', async () => {
    const owner = await signIn(t);
    const pending = await createSuggestion(t.database.db, owner.user.id);
    const res = await patch(pending.id, { status: 'declined' }, owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: pending.id, status: 'declined', productId: null });
  });

  test('bad bodies are 400 with their message, and the suggestion stays pending', async () => {
    const owner = await signIn(t);
    const pending = await createSuggestion(t.database.db, owner.user.id);
    const cases = [
      [{ status: 'pending' }, 'Status must be approved or declined'],
      [{ status: 'APPROVED' }, 'Status must be approved or declined'],
      [{}, 'Status must be approved or declined'],
      [{ status: 'declined', name: 'Renamed' }, 'Unknown field: name'],
    ] as const;
    for (const [payload, message] of cases) expectJsonError(await patch(pending.id, payload, owner.cookie), 400, message);
    expect(await storedSuggestion(pending.id)).toMatchObject({ status: 'pending', processedAt: null });
  });
});

describe('tenancy and unknown ids', () => {
  test("operator B cannot approve, decline or patch A's suggestion: 404 as for a missing one, nothing changes", async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const pending = await createSuggestion(t.database.db, a.user.id);
    const notFound = { message: 'Suggestion not found' };
    expect(expectJsonError(await approve(pending.id, b.cookie), 404)).toEqual(notFound);
    expect(expectJsonError(await decline(pending.id, b.cookie), 404)).toEqual(notFound);
    expect(expectJsonError(await patch(pending.id, { status: 'approved' }, b.cookie), 404)).toEqual(notFound);
    expect(expectJsonError(await patch(pending.id, { status: 'declined' }, b.cookie), 404)).toEqual(notFound);
    expect(await storedSuggestion(pending.id)).toMatchObject({ status: 'pending', processedAt: null, productId: null });
    expect(await productsOf(a.user.id)).toEqual([]);
    expect(await productsOf(b.user.id)).toEqual([]);
    expect((await list(b.cookie)).json()).toEqual([]);
  });

  test('a missing id is a 404 "Suggestion not found"; an id that is no whole number of the id range is a 400', async () => {
    const owner = await signIn(t);
    for (const id of [987_654_321]) {
      expectJsonError(await approve(id, owner.cookie), 404, 'Suggestion not found');
      expectJsonError(await decline(id, owner.cookie), 404, 'Suggestion not found');
      expectJsonError(await patch(id, { status: 'declined' }, owner.cookie), 404, 'Suggestion not found');
    }
    for (const id of ['abc', '1.5', '-1', '99999999999']) {
      expectJsonError(await approve(id, owner.cookie), 400, 'Suggestion id must be a whole number');
      expectJsonError(await patch(id, { status: 'declined' }, owner.cookie), 400, 'Suggestion id must be a whole number');
    }
  });

  test('signed out: approve, decline and patch are 401 Unauthorized, before the body is read', async () => {
    const owner = await signIn(t);
    const pending = await createSuggestion(t.database.db, owner.user.id);
    const answers = [await approve(pending.id), await decline(pending.id), await patch(pending.id, { status: 'approved' }), await patch(pending.id, { bogus: 1 })];
    for (const res of answers) expect(expectJsonError(res, 401)).toEqual({ message: 'Unauthorized' });
    expect(await storedSuggestion(pending.id)).toMatchObject({ status: 'pending' });
  });
});
