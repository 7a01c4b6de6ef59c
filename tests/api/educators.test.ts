import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_EDUCATORS, seedExampleEducators } from '../../src/server/db/demo-educators.js';
import { educationWishes, jobs, users } from '../../src/server/db/schema.js';
import { EducatorMessages, type AdminEducatorList, type Educator, type EducatorDirectory } from '../../src/shared/educators.schemas.js';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../support/index.js';
import { api, expectJsonError, mailsTo, signIn } from './helpers.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signIn>>;
let operator: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  t = await createTestApp();
  [admin, operator] = await Promise.all([signIn(t, { role: 'admin' }), signIn(t)]);
});
afterAll(() => t?.close());

let made = 0;
/** A complete, valid educator; each call's name is its own, so searches can find exactly it. */
function educator(overrides: Record<string, unknown> = {}) {
  made++;
  return {
    name: `Tutor ${made}`,
    description: 'Courses on running machines well.',
    category: 'Operations',
    specialization: 'Restocking',
    website: 'https://tutor.example.com',
    affiliateUrl: 'https://tutor.example.com/courses?ref=vv',
    highlights: ['Short lessons'],
    ...overrides,
  };
}

async function create(app: TestApp, cookie: string, body: Record<string, unknown>): Promise<Educator> {
  const res = await api(app, cookie).post('/api/admin/educators', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function directory(query = '', cookie = operator.cookie, app = t): Promise<EducatorDirectory> {
  const res = await api(app, cookie).get(`/api/educators${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('admins keep the directory', () => {
  test('create with defaults, edit through PUT, delete, and 404 for an unknown id', async () => {
    const created = await create(t, admin.cookie, educator({ name: '  Crud Coach  ', highlights: ['One', '  ', 'Two'] }));
    expect(created).toMatchObject({ name: 'Crud Coach', image: '🎓', rating: 4.5, students: 0, courses: 0, featured: false, isExample: false });
    expect(created.highlights).toEqual(['One', 'Two']);

    const edited = await admin.api.put(`/api/admin/educators/${created.id}`, educator({ name: 'Crud Coach II', featured: true, rating: '3.5', students: '120', courses: 4, image: '📊' }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ id: created.id, name: 'Crud Coach II', featured: true, rating: 3.5, students: 120, courses: 4, image: '📊' });
    const listed = (await admin.api.get('/api/admin/educators')).json() as AdminEducatorList;
    expect(listed.educators.find((row) => row.id === created.id)?.name).toBe('Crud Coach II');

    const deleted = await admin.api.delete(`/api/admin/educators/${created.id}`);
    expect(deleted.json()).toEqual({ id: created.id, deleted: true });
    expectJsonError(await admin.api.delete(`/api/admin/educators/${created.id}`), 404, EducatorMessages.notFound);
    expectJsonError(await admin.api.put(`/api/admin/educators/${created.id}`, educator()), 404, EducatorMessages.notFound);
    expectJsonError(await admin.api.put('/api/admin/educators/abc', educator()), 400, EducatorMessages.badId);
  });

  test('the server enforces every required field, with a message per field', async () => {
    const res = await admin.api.post('/api/admin/educators', { name: ' ', description: '', highlights: [] });
    const body = expectJsonError(res, 400);
    expect(body.errors).toMatchObject({
      name: EducatorMessages.nameRequired,
      description: EducatorMessages.descriptionRequired,
      category: EducatorMessages.categoryRequired,
      specialization: EducatorMessages.specializationRequired,
      website: EducatorMessages.websiteRequired,
      affiliateUrl: EducatorMessages.affiliateUrlRequired,
      highlights: EducatorMessages.highlightsRequired,
    });
    const urls = expectJsonError(await admin.api.post('/api/admin/educators', educator({ website: 'javascript:alert(1)', affiliateUrl: 'tutor.example.com' })), 400);
    expect(urls.errors).toMatchObject({ website: EducatorMessages.badUrl, affiliateUrl: EducatorMessages.badUrl });
    const numbers = expectJsonError(await admin.api.post('/api/admin/educators', educator({ rating: 4.55, students: -1, courses: 1.5 })), 400);
    expect(numbers.errors).toMatchObject({ rating: EducatorMessages.badRating, students: EducatorMessages.badCount('Students'), courses: EducatorMessages.badCount('Courses') });
    expectJsonError(await admin.api.post('/api/admin/educators', educator({ category: 'Cooking' })), 400, EducatorMessages.categoryRequired);
    expectJsonError(await admin.api.post('/api/admin/educators', educator({ isExample: true })), 400, /Unknown field: isExample/);
  });

  test('highlights: blank rows dropped, at least one, at most ten, each short', async () => {
    expectJsonError(await admin.api.post('/api/admin/educators', educator({ highlights: ['  ', ''] })), 400, EducatorMessages.highlightsRequired);
    const tooMany = Array.from({ length: 11 }, (_, n) => `Point ${n}`);
    expectJsonError(await admin.api.post('/api/admin/educators', educator({ highlights: tooMany })), 400, EducatorMessages.tooManyHighlights);
    const long = expectJsonError(await admin.api.post('/api/admin/educators', educator({ highlights: ['ok', 'x'.repeat(121)] })), 400);
    expect(long.errors).toEqual({ 'highlights.1': EducatorMessages.highlightTooLong });
    const ten = await create(t, admin.cookie, educator({ highlights: tooMany.slice(0, 10) }));
    expect(ten.highlights).toHaveLength(10);
    await admin.api.delete(`/api/admin/educators/${ten.id}`);
  });

  test('operators get 403 on every admin call, signed-out callers 401', async () => {
    const calls = [
      ['GET', '/api/admin/educators'],
      ['POST', '/api/admin/educators'],
      ['PUT', '/api/admin/educators/1'],
      ['DELETE', '/api/admin/educators/1'],
    ] as const;
    for (const [method, url] of calls) {
      const body = method === 'POST' || method === 'PUT' ? educator() : undefined;
      expect((await operator.api.send(method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      expectJsonError(await api(t).send(method, url, body), 401, 'Unauthorized');
    }
    expectJsonError(await api(t).get('/api/educators'), 401, 'Unauthorized');
    expectJsonError(await api(t).post('/api/educators/notify'), 401, 'Unauthorized');
  });
});

describe('the directory', () => {
  test('search in name or description, case-insensitive, with % and _ taken literally; category filter; stats', async () => {
    const a = await create(t, admin.cookie, educator({ name: 'Zed Finance Mentor', category: 'Finance', featured: true }));
    const b = await create(t, admin.cookie, educator({ name: 'Quill Tech', category: 'Technology', description: 'Cashless readers at 100% uptime' }));
    const c = await create(t, admin.cookie, educator({ name: 'Snake_case Marketing', category: 'Marketing' }));

    const byName = await directory('?search=zED%20fINANCE');
    expect(byName.educators.map((row) => row.id)).toEqual([a.id]);
    expect((await directory('?search=CASHLESS')).educators.map((row) => row.id)).toEqual([b.id]);
    expect((await directory('?search=100%25')).educators.map((row) => row.id)).toEqual([b.id]);
    // A bare % or _ would match everything as a wildcard.
    expect((await directory('?search=%25')).educators.map((row) => row.id)).toEqual([b.id]);
    expect((await directory('?search=_')).educators.map((row) => row.id)).toEqual([c.id]);

    const finance = await directory('?category=Finance');
    expect(finance.educators.map((row) => row.id)).toEqual([a.id]);
    const all = await directory('?category=all');
    expect(all.total).toBe(all.educators.length);
    expect(all.educators[0]!.id).toBe(a.id); // featured first
    expect(all).toMatchObject({ examples: 0, notifyRequested: false });
    expect((await directory('?category=Marketing&search=quill')).educators).toEqual([]);
    expectJsonError(await api(t, operator.cookie).get('/api/educators?category=Cooking'), 400, EducatorMessages.categoryRequired);

    const { stats } = (await admin.api.get('/api/admin/educators')).json() as AdminEducatorList;
    expect(stats).toEqual({ total: all.total, featured: all.educators.filter((row) => row.featured).length, categories: 3 });
    expect(all.total).toBe(3);
  });
});

describe('Get Notified When Available', () => {
  let fresh: TestApp;
  beforeAll(async () => {
    fresh = await createTestApp();
  });
  afterAll(() => fresh?.close());

  const mailJobs = () => fresh.database.db.select().from(jobs).where(eq(jobs.name, 'mail.education-available'));

  test('the wish is stored once, survives as notifyRequested, and is mailed once when the first real educator arrives', async () => {
    const waiting = await signIn(fresh, { firstName: 'Wren' });
    const other = await signIn(fresh, { firstName: 'Otto' });
    await fresh.database.db.update(users).set({ language: 'es' }).where(eq(users.id, other.user.id));
    const freshAdmin = await signIn(fresh, { role: 'admin' });

    expect(await directory('', waiting.cookie, fresh)).toMatchObject({ educators: [], total: 0, notifyRequested: false });
    for (const caller of [waiting, waiting, other]) {
      const res = await caller.api.post('/api/educators/notify');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ notifyRequested: true });
    }
    expect(await fresh.database.db.select().from(educationWishes)).toHaveLength(2);
    expect((await directory('', waiting.cookie, fresh)).notifyRequested).toBe(true);
    expect((await directory('', freshAdmin.cookie, fresh)).notifyRequested).toBe(false);

    // The demo data's examples open nothing: no mail, the wishes keep waiting.
    expect(await seedExampleEducators(fresh.database.db)).toBe(DEMO_EDUCATORS.length);
    const withExamples = await directory('', waiting.cookie, fresh);
    expect(withExamples).toMatchObject({ total: DEMO_EDUCATORS.length, examples: DEMO_EDUCATORS.length });
    expect(withExamples.educators.every((row) => row.isExample && row.website.startsWith('https://') && new URL(row.website).hostname.endsWith('example.com'))).toBe(true);
    expect(await mailJobs()).toEqual([]);
    expect((await fresh.database.db.select().from(educationWishes)).every((wish) => wish.notifiedAt === null)).toBe(true);

    await create(fresh, freshAdmin.cookie, educator({ name: 'First Real Educator' }));
    const mail = await fresh.smtp.waitForMail(waiting.user.email, /Educational resources are now on VendVote/);
    expect(mail.text).toContain('Hi Wren,');
    expect(mail.text).toContain(`${TEST_PUBLIC_URL}/education`);
    const spanish = await fresh.smtp.waitForMail(other.user.email, /Ya hay recursos educativos/);
    expect(spanish.text).toContain('Hola, Otto:');
    expect((await fresh.database.db.select().from(educationWishes)).every((wish) => wish.notifiedAt !== null)).toBe(true);

    // A second educator mails nobody again, and the directory now refuses new wishes.
    await create(fresh, freshAdmin.cookie, educator({ name: 'Second Real Educator' }));
    expect(await mailJobs()).toHaveLength(2);
    expectJsonError(await waiting.api.post('/api/educators/notify'), 409, EducatorMessages.alreadyOpen);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(fresh, waiting.user.email)).toHaveLength(1);
    expect(mailsTo(fresh, other.user.email)).toHaveLength(1);
  });
});
