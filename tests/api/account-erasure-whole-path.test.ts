import { mkdtempSync, readdirSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { auditEvents, jobs, users } from '../../src/server/db/schema.js';
import { createLocalFileStore } from '../../src/server/integrations/file-store/index.js';
import { enqueue } from '../../src/server/jobs/enqueue.js';
import type { DeletionScheduled } from '../../src/shared/account-data.schemas.js';
import type { CurrentUser } from '../../src/shared/auth.schemas.js';
import { createTestApp, sessionCookieFrom, type TestApp } from '../support/index.js';
import { marker, ownedWorld, placesNaming } from './account-data-helpers.js';
import { api, DAY_MS, GOOD_PASSWORD, login, mailedToken, post, signIn, uniqueEmail, verifyEmailCall } from './helpers.js';

let t: TestApp;
let uploads: string;
beforeAll(async () => {
  uploads = mkdtempSync(join(tmpdir(), 'vendvote-erasure-'));
  t = await createTestApp({ fileStore: createLocalFileStore(uploads) });
});
afterAll(async () => {
  await t.close();
  rmSync(uploads, { recursive: true, force: true });
});

const exportFiles = () => (existsSync(join(uploads, 'account-exports')) ? readdirSync(join(uploads, 'account-exports')) : []);

test('an account followed from sign-up to erasure leaves no row that names it', async () => {
  // Sign up and verify, as a person does, with details found nowhere else.
  const identity = { email: uniqueEmail('erased').toLowerCase(), firstName: marker('Firstmark'), lastName: marker('Lastmark'), company: marker('Companymark'), phone: '+1 555 0' + String(Date.now()).slice(-6) };
  const registered = await post(t, '/api/auth/register', { email: identity.email, firstName: identity.firstName, lastName: identity.lastName, password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD });
  expect(registered.statusCode, registered.body).toBe(201);
  expect((await verifyEmailCall(t, await mailedToken(t, identity.email, '/verify-email'))).statusCode).toBe(200);
  const signedIn = await login(t, identity.email, GOOD_PASSWORD);
  expect(signedIn.statusCode, signedIn.body).toBe(200);
  const account = api(t, sessionCookieFrom(signedIn));
  const userId = (signedIn.json() as { user: CurrentUser }).user.id;
  const website = `https://${identity.company.toLowerCase()}.example`;
  expect((await account.patch('/api/settings/profile', { firstName: identity.firstName, lastName: identity.lastName, phone: identity.phone, company: identity.company, website })).statusCode).toBe(200);

  // Use it: everything an operator owns, a message to support and an idea for the board.
  const world = await ownedWorld(t, userId);
  const fullName = `${identity.firstName} ${identity.lastName}`;
  expect((await post(t, '/api/contact', { name: fullName, email: identity.email, subject: 'A question', message: 'How do magnets ship?' })).statusCode).toBe(202);
  expect((await post(t, '/api/feature-requests', { title: 'Dark labels', description: 'Please add dark labels.', author: fullName, email: identity.email })).statusCode).toBe(201);

  // Take the data away.
  expect((await account.post('/api/account/data-export')).statusCode).toBe(202);
  await t.smtp.waitForMail(identity.email, /ready to download/, 20_000);
  expect(exportFiles()).toHaveLength(1);

  // Delete, sign in during the grace period and keep it scheduled (sign out again).
  const scheduled = (await account.post('/api/account/deletion', { password: GOOD_PASSWORD })).json() as DeletionScheduled;
  const during = await login(t, identity.email, GOOD_PASSWORD);
  expect((during.json() as { user: CurrentUser }).user.deletionScheduledFor).toBe(scheduled.eraseAfter);
  expect((await api(t, sessionCookieFrom(during)).post('/api/logout')).statusCode).toBe(200);

  // Before it is erased, the search finds the account everywhere: the search itself works.
  const words = [identity.email, identity.firstName, identity.lastName, identity.company, identity.phone, website, ...Object.values(world.names)];
  expect((await placesNaming(t, { userId, words })).length).toBeGreaterThan(10);

  // The grace period ends; the hourly job runs.
  const jobId = await enqueue(t.database.db, 'account-data.erase-due', { at: new Date(new Date(scheduled.eraseAfter).getTime() + DAY_MS / 24).toISOString() });
  await expect.poll(async () => (await t.database.db.select({ state: jobs.state }).from(jobs).where(eq(jobs.id, jobId!)))[0]?.state, { timeout: 15_000 }).toBe('done');
  expect(await t.database.db.select().from(users).where(eq(users.id, userId))).toEqual([]);
  await t.smtp.waitForMail(identity.email, /has been deleted/);

  expect(await placesNaming(t, { userId, words })).toEqual([]);
  expect(exportFiles()).toEqual([]);

  // The audit trail still says what was done and when, no longer by whom, and that an account was erased.
  const trail = await t.database.db.select().from(auditEvents).orderBy(auditEvents.id);
  const actions = trail.map((event) => event.action);
  expect(actions).toEqual(expect.arrayContaining(['account.signed_in', 'account.data_export_requested', 'account.deletion_requested', 'account.erased']));
  const fromThePath = trail.filter((event) => event.action.startsWith('account.'));
  expect(fromThePath.every((event) => event.actorUserId === null && event.accountUserId === null && event.ipHash === null)).toBe(true);
  expect(trail.filter((event) => event.action === 'account.erased')).toEqual([expect.objectContaining({ targetType: 'user', targetId: null, actorUserId: null })]);

  // Another account's rows are untouched by the search (it names only what it was given).
  const bystander = await signIn(t);
  expect(await placesNaming(t, { userId: bystander.user.id, words: [bystander.user.email] })).not.toEqual([]);
});
