import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditEvents } from '../../src/server/db/schema.js';
import { pruneAuditEvents } from '../../src/server/features/audit/audit.service.js';
import { appJobs, appSchedules } from '../../src/server/jobs/app-jobs.js';
import { AUDIT_PAGE_SIZE, type AuditPage, type SecurityEventPage } from '../../src/shared/audit.schemas.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { DAY_MS, expectJsonError, signIn } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Signed = Awaited<ReturnType<typeof signIn>>;
const okJson = <T>(res: { statusCode: number; body: string }): T => {
  expect(res.statusCode, res.body).toBe(200);
  return JSON.parse(res.body) as T;
};
const adminList = (admin: Signed, query: Record<string, string>) => admin.api.get(`/api/admin/audit-events?${new URLSearchParams(query)}`);

describe('the admin list', () => {
  let admin: Signed;
  let actor: Signed;
  beforeAll(async () => {
    admin = await signIn(t, { role: 'admin' });
    actor = await signIn(t, { role: 'admin' });
    // Entries of one actor an hour apart, going back from now; all but the last on one target.
    const now = Date.now();
    await t.database.db.insert(auditEvents).values(
      Array.from({ length: AUDIT_PAGE_SIZE + 12 }, (_, n) => ({
        occurredAt: new Date(now - n * 3_600_000),
        actorUserId: actor.user.id,
        action: n % 2 ? 'catalog_item.updated' : 'educator.updated',
        targetType: n % 2 ? 'catalog_item' : 'educator',
        targetId: String(1000 + (n % 3)),
      })),
    );
  });

  test('pages newest first through every entry once, by its cursor', async () => {
    const first = okJson<AuditPage>(await adminList(admin, { actor: actor.user.email.toUpperCase() }));
    expect(first.events).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.nextCursor).not.toBeNull();
    const second = okJson<AuditPage>(await adminList(admin, { actor: actor.user.email, cursor: first.nextCursor! }));
    // The entries above and the actor's own sign-in.
    expect(second.events).toHaveLength(13);
    expect(second.nextCursor).toBeNull();
    const all = [...first.events, ...second.events];
    expect(new Set(all.map((event) => event.id)).size).toBe(AUDIT_PAGE_SIZE + 13);
    const times = all.map((event) => Date.parse(event.occurredAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(all.every((event) => event.actor?.id === actor.user.id && event.actor.email === actor.user.email)).toBe(true);
  });

  test('filters by action, target and time range, together', async () => {
    const byAction = okJson<AuditPage>(await adminList(admin, { actor: actor.user.email, action: 'catalog_item.updated' }));
    expect(byAction.events).toHaveLength(31);
    expect(byAction.events.every((event) => event.action === 'catalog_item.updated')).toBe(true);

    const byTarget = okJson<AuditPage>(await adminList(admin, { actor: actor.user.email, targetType: 'educator', targetId: '1000' }));
    // Even n with n % 3 == 0: 0, 6, 12, …, 60.
    expect(byTarget.events).toHaveLength(11);

    const from = new Date(Date.now() - 10.5 * 3_600_000).toISOString();
    const to = new Date(Date.now() - 4.5 * 3_600_000).toISOString();
    const inRange = okJson<AuditPage>(await adminList(admin, { actor: actor.user.email, from, to }));
    expect(inRange.events).toHaveLength(6);
  });

  test('an unknown actor finds nothing; bad filters are refused', async () => {
    expect(okJson<AuditPage>(await adminList(admin, { actor: 'nobody@example.test' }))).toEqual({ events: [], nextCursor: null });
    expectJsonError(await adminList(admin, { action: 'user.renamed' }), 400);
    expectJsonError(await adminList(admin, { cursor: 'not-a-cursor' }), 400);
    expectJsonError(await adminList(admin, { from: '2026-05-02T00:00:00Z', to: '2026-05-01T00:00:00Z' }), 400);
  });

  test('is for administrators only', async () => {
    const operator = await signIn(t);
    expectJsonError(await operator.api.get('/api/admin/audit-events'), 403);
    expectJsonError(await t.app.inject({ method: 'GET', url: '/api/admin/audit-events' }), 401);
  });
});

describe('Settings → Security', () => {
  test("lists the account's own events, an administrator's among them, and nobody else's", async () => {
    const admin = await signIn(t, { role: 'admin' });
    const operator = await signIn(t);
    const other = await signIn(t);
    expect((await admin.api.patch(`/api/admin/users/${operator.user.id}/plan`, { tier: 'growth' })).statusCode).toBe(200);
    expect((await other.api.post('/api/settings/api-tokens', { name: 'Theirs', access: 'read-only' })).statusCode).toBe(201);

    const page = okJson<SecurityEventPage>(await operator.api.get('/api/settings/security/events'));
    expect(page.events.map((event) => [event.action, event.byAdministrator])).toEqual([
      ['user.plan_changed', true],
      ['account.signed_in', false],
    ]);
    expect(JSON.stringify(page)).not.toContain('ipHash');
    const theirs = okJson<SecurityEventPage>(await other.api.get('/api/settings/security/events'));
    expect(theirs.events.map((event) => event.action)).toEqual(['api_token.created', 'account.signed_in']);
  });
});

/** The database's refusal, which the driver wraps as the failed query's cause. */
async function expectRefused(query: PromiseLike<unknown>) {
  const error = await Promise.resolve(query).then(
    () => undefined,
    (caught: unknown) => caught as Error & { cause?: Error },
  );
  expect(error, 'the database allowed it').toBeDefined();
  expect(String(error!.cause?.message ?? error!.message)).toMatch(/append-only/);
}

describe('append-only', () => {
  async function entry(ageDays: number) {
    const [row] = await t.database.db
      .insert(auditEvents)
      .values({ occurredAt: new Date(Date.now() - ageDays * DAY_MS), actorUserId: null, action: 'account.signed_in', targetType: 'user', targetId: `age-${ageDays}` })
      .returning();
    return row!;
  }

  test('the database refuses to change any entry, or to remove one younger than 400 days', async () => {
    const young = await entry(399);
    const old = await entry(401);
    await expectRefused(t.database.db.update(auditEvents).set({ action: 'user.enabled' }).where(eq(auditEvents.id, young.id)));
    await expectRefused(t.database.db.update(auditEvents).set({ action: 'user.enabled' }).where(eq(auditEvents.id, old.id)));
    await expectRefused(t.database.db.delete(auditEvents).where(eq(auditEvents.id, young.id)));
    await expectRefused(t.database.db.execute(sql`TRUNCATE audit_events`));
    const [kept] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.id, young.id));
    expect(kept).toEqual(young);
  });

  test('erasing an account may only empty its links to the person; pointing them elsewhere is refused', async () => {
    const [linked] = await t.database.db
      .insert(auditEvents)
      .values({ actorUserId: 424242, accountUserId: 424242, action: 'account.signed_in', targetType: 'user', targetId: '424242', ipHash: 'hash', details: { a: 1, b: 2 } })
      .returning();
    const row = eq(auditEvents.id, linked!.id);
    await expectRefused(t.database.db.update(auditEvents).set({ actorUserId: 7 }).where(row));
    await expectRefused(t.database.db.update(auditEvents).set({ ipHash: 'another' }).where(row));
    await expectRefused(t.database.db.update(auditEvents).set({ targetId: '7' }).where(row));
    await expectRefused(t.database.db.update(auditEvents).set({ details: { a: 1, c: 3 } }).where(row));
    await expectRefused(t.database.db.update(auditEvents).set({ actorUserId: null, occurredAt: new Date(0) }).where(row));
    await t.database.db.update(auditEvents).set({ actorUserId: null, accountUserId: null, targetId: null, ipHash: null, details: { a: 1 } }).where(row);
    const [unlinked] = await t.database.db.select().from(auditEvents).where(row);
    expect(unlinked).toEqual({ ...linked, actorUserId: null, accountUserId: null, targetId: null, ipHash: null, details: { a: 1 } });
  });

  test('the retention job removes entries past 400 days and keeps the rest', async () => {
    const young = await entry(399.9);
    const old = await entry(400.1);
    // A clock a week behind the database's removes nothing the database would not yet allow.
    expect(await pruneAuditEvents(t.database.db, new Date(Date.now() - 7 * DAY_MS))).toBe(0);
    // A clock days ahead asks for more than the database allows: it removes only what is allowed.
    expect(await pruneAuditEvents(t.database.db, new Date(Date.now() + 3 * DAY_MS))).toBeGreaterThanOrEqual(1);
    const left = await t.database.db.select({ id: auditEvents.id }).from(auditEvents).where(sql`${auditEvents.id} in (${young.id}, ${old.id})`);
    expect(left).toEqual([{ id: young.id }]);
  });

  test('the retention job runs every day', () => {
    expect(appJobs['audit.prune']).toBeDefined();
    expect(appSchedules.find((schedule) => schedule.name === 'audit.prune')?.cron).toMatch(/^\d+ \d+ \* \* \*$/);
  });
});
