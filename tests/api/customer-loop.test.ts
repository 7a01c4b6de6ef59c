import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createVendingIssue } from '../../src/server/db/feedback-factories.js';
import { createMachine, createUser } from '../../src/server/db/factories.js';
import { jobs, suggestions, users, vendingIssues, vendingMachines } from '../../src/server/db/schema.js';
import { DEMO_OPERATOR_EMAIL } from '../../src/server/db/seed.js';
import { pruneJobsJob } from '../../src/server/jobs/prune-jobs.job.js';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../support/index.js';
import type { ReceivedMail } from '../support/smtp-server.js';
import { apiFrom, ISO_TIMESTAMP, operatorWithMachine, type CallOptions } from './feedback-helpers.js';
import { expectJsonError, mailsTo, signIn, uniqueEmail } from './helpers.js';

// Closing the loop with customers: the 'now stocked' mail for a suggestion left with an address,
// and the public reply mailed to whoever reported an issue when it is resolved.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.database.db, { email: DEMO_OPERATOR_EMAIL });
});
afterAll(() => t.close());

const INVALID_EMAIL = 'Please enter a valid email address';
const REPLY_ONLY_WHEN_RESOLVING = 'A public reply can only be sent when resolving an issue.';

const suggest = (payload: unknown, machineId: number | null, options: CallOptions = {}) =>
  apiFrom(t, options).post(`/api/suggestions${machineId === null ? '' : `?machineId=${machineId}`}`, payload);
const idea = (overrides: Record<string, unknown> = {}) => ({ name: `Takis Fuego ${Date.now()}`, brand: 'Barcel', category: 'Chips', ...overrides });
const storedSuggestion = async (id: number) => (await t.database.db.select().from(suggestions).where(eq(suggestions.id, id)))[0]!;
const storedIssue = async (id: number) => (await t.database.db.select().from(vendingIssues).where(eq(vendingIssues.id, id)))[0]!;

/**
 * Mail jobs of one kind still waiting for an address. They are written in the change's transaction;
 * once sent, a job drops its payload (and the address with it), so a sent mail is counted by the
 * SMTP server instead, which has it before the job is marked done.
 */
const waitingMails = (name: string, to: string) =>
  t.database.db.select().from(jobs).where(and(eq(jobs.name, name), sql`${jobs.payload}->>'to' = ${to}`));

/** Every mail of one kind to an address, waiting or sent. */
const mailsFor = async (name: string, to: string) => (await waitingMails(name, to)).length + mailsTo(t, to).length;

/** Waits until nothing more is waiting for the address, then answers the mails it received. */
async function settledMailsTo(name: string, to: string) {
  await vi.waitFor(async () => expect(await waitingMails(name, to)).toEqual([]), { timeout: 5000 });
  return mailsTo(t, to);
}

/** Everything a customer's mail shows or carries, to look for what must not be there. */
const wholeMail = (mail: ReceivedMail) => [mail.subject, mail.text, mail.html, ...mail.replyTo, ...Object.values(mail.headers)].join('\n');

const restock = (owner: { api: ReturnType<typeof apiFrom> }, machineId: number, productId: number) =>
  owner.api.post('/api/stock/restocks', { machineId, productId, unitsLeft: 0, unitsFilled: 8 });
const nowStockedAt = async (machineId: number) =>
  ((await apiFrom(t).get(`/api/vote-page/${machineId}`)).json() as { nowStocked: { name: string }[] }).nowStocked.map((item) => item.name);

describe('a suggestion with the customer’s email', () => {
  test('approved: the customer hears it was accepted, not stocked; the address is kept for the stocked mail', async () => {
    const owner = await operatorWithMachine(t, 'Gym Lobby');
    const customer = uniqueEmail('customer');
    const name = `Takis Fuego ${Date.now()}`;
    const sent = await suggest(idea({ name, email: `  ${customer}  ` }), owner.machine.id);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ notifyOnStock: true });
    expect(sent.body).not.toContain(customer);
    expect((await storedSuggestion(sent.json().id)).suggesterEmail).toBe(customer);

    const approved = await owner.api.post(`/api/suggestions/${sent.json().id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().suggestion).toMatchObject({ status: 'approved', notifyOnStock: true, stockedAt: null });
    expect((await storedSuggestion(sent.json().id)).suggesterEmail).toBe(customer);

    const mail = await t.smtp.waitForMail(customer, /^Your suggestion was accepted/);
    expect(mail.subject).toBe(`Your suggestion was accepted: ${name}`);
    expect(mail.text).toContain('It is not in the machine yet.');
    expect(mail.text).toContain(`${TEST_PUBLIC_URL}/vote/${owner.machine.id}`);
    expect(wholeMail(mail)).not.toContain(owner.user.email);
    expect(await settledMailsTo('mail.suggestion-accepted', customer)).toHaveLength(1);
    expect(await waitingMails('mail.product-stocked', customer)).toEqual([]);
    // The vote page does not call a product stocked that is only on the list.
    expect(await nowStockedAt(owner.machine.id)).not.toContain(name);
  });

  test('a restock of the product at that machine: one "now stocked" mail, the vote page says so, the address is gone', async () => {
    const owner = await operatorWithMachine(t, 'Gym Lobby');
    await t.database.db.update(vendingMachines).set({ location: 'Floor 2, by the lockers' }).where(eq(vendingMachines.id, owner.machine.id));
    const elsewhere = await createMachine(t.database.db, owner.user.id, { name: 'Elsewhere' });
    const customer = uniqueEmail('stocked');
    const name = `Takis Fuego ${Date.now()}`;
    const sent = await suggest(idea({ name, email: customer }), owner.machine.id);
    const { product } = (await owner.api.post(`/api/suggestions/${sent.json().id}/approve`)).json() as { product: { id: number } };
    await t.smtp.waitForMail(customer, /^Your suggestion was accepted/);

    // Stocked at another machine: not where the customer asked for it.
    expect((await restock(owner, elsewhere.id, product.id)).statusCode).toBe(201);
    expect((await storedSuggestion(sent.json().id)).stockedAt).toBeNull();

    expect((await restock(owner, owner.machine.id, product.id)).statusCode).toBe(201);
    const stored = await storedSuggestion(sent.json().id);
    expect(stored.stockedAt).not.toBeNull();
    expect(stored.suggesterEmail).toBeNull();
    const mail = await t.smtp.waitForMail(customer, /^Now stocked/);
    expect(mail.subject).toBe(`Now stocked at Gym Lobby: ${name}`);
    expect(mail.text).toContain(`${name}, which you suggested, is now stocked at Gym Lobby (Floor 2, by the lockers).`);
    expect(mail.html).toContain(`href="${TEST_PUBLIC_URL}/vote/${owner.machine.id}"`);
    // Nothing that tracks the reader, and nothing that gives the operator's address away.
    expect(mail.html).not.toMatch(/<img/i);
    expect(wholeMail(mail)).not.toContain(owner.user.email);
    expect(mail.replyTo).toEqual([]);
    expect(await nowStockedAt(owner.machine.id)).toContain(name);
    expect(await nowStockedAt(elsewhere.id)).not.toContain(name);

    // A second restock is an ordinary visit: no second mail.
    expect((await restock(owner, owner.machine.id, product.id)).statusCode).toBe(201);
    expect(await settledMailsTo('mail.product-stocked', customer)).toHaveLength(2); // accepted + stocked
  });

  test('Mark stocked: the operator says it is in the machine; only an approved suggestion of their own, once', async () => {
    const owner = await operatorWithMachine(t, 'Library Corner');
    const customer = uniqueEmail('marked');
    const name = `Seltzer ${Date.now()}`;
    const sent = await suggest(idea({ name, email: customer }), owner.machine.id);
    const id = sent.json().id as number;
    expectJsonError(await owner.api.post(`/api/suggestions/${id}/stocked`), 409, 'Only an approved suggestion can be marked stocked.');
    expect((await owner.api.post(`/api/suggestions/${id}/approve`)).statusCode).toBe(200);
    const stranger = await operatorWithMachine(t);
    expectJsonError(await stranger.api.post(`/api/suggestions/${id}/stocked`), 404);
    expectJsonError(await owner.api.post('/api/suggestions/999999/stocked'), 404);

    const marked = await owner.api.post(`/api/suggestions/${id}/stocked`);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({ id, status: 'approved', notifyOnStock: false });
    expect(marked.json().stockedAt).toMatch(ISO_TIMESTAMP);
    await t.smtp.waitForMail(customer, /^Now stocked at Library Corner/);
    expect(await nowStockedAt(owner.machine.id)).toContain(name);
    expectJsonError(await owner.api.post(`/api/suggestions/${id}/stocked`), 409, 'This suggestion is already marked stocked.');
    expect(await settledMailsTo('mail.product-stocked', customer)).toHaveLength(2);
  });

  test('approved through PATCH /api/suggestions/{id}, in the owner’s language', async () => {
    const owner = await operatorWithMachine(t, 'Vestíbulo');
    await t.database.db.update(users).set({ language: 'es' }).where(eq(users.id, owner.user.id));
    const customer = uniqueEmail('cliente');
    const sent = await suggest(idea({ name: 'Agua con gas', email: customer }), owner.machine.id);
    expect(sent.statusCode, sent.body).toBe(201);
    const res = await owner.api.patch(`/api/suggestions/${sent.json().id}`, { status: 'approved' });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await t.smtp.waitForMail(customer, /Agua con gas/);
    expect(mail.subject).toBe('Tu sugerencia fue aceptada: Agua con gas');
    expect(mail.html).toContain('lang="es"');
    expect((await storedSuggestion(sent.json().id)).suggesterEmail).toBe(customer);
    expect((await owner.api.post(`/api/suggestions/${sent.json().id}/stocked`)).statusCode).toBe(200);
    expect((await t.smtp.waitForMail(customer, /^Ya disponible/)).subject).toBe('Ya disponible en Vestíbulo: Agua con gas');
  });

  test('an address whose product is never stocked is erased 90 days after approval', async () => {
    const owner = await operatorWithMachine(t);
    const recent = await suggest(idea({ email: uniqueEmail('recent') }), owner.machine.id);
    const old = await suggest(idea({ email: uniqueEmail('old') }), owner.machine.id);
    for (const sent of [recent, old]) expect((await owner.api.post(`/api/suggestions/${sent.json().id}/approve`)).statusCode).toBe(200);
    await t.database.db.update(suggestions).set({ processedAt: new Date(Date.now() - 91 * 24 * 60 * 60 * 1000) }).where(eq(suggestions.id, old.json().id));
    await pruneJobsJob.handle({}, { db: t.database.db, log: pino({ level: 'silent' }), mailer: undefined as never });
    expect((await storedSuggestion(old.json().id)).suggesterEmail).toBeNull();
    expect((await storedSuggestion(recent.json().id)).suggesterEmail).not.toBeNull();
  });

  test('declined: no mail, and the address is cleared', async () => {
    const owner = await operatorWithMachine(t);
    const customer = uniqueEmail('declined');
    const sent = await suggest(idea({ email: customer }), owner.machine.id);
    const declined = await owner.api.post(`/api/suggestions/${sent.json().id}/decline`);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'declined', notifyOnStock: false });
    expect((await storedSuggestion(sent.json().id)).suggesterEmail).toBeNull();
    expect(await mailsFor('mail.suggestion-accepted', customer)).toBe(0);
    expect(await mailsFor('mail.product-stocked', customer)).toBe(0);
  });

  test('declined through PATCH: the address is cleared too', async () => {
    const owner = await operatorWithMachine(t);
    const sent = await suggest(idea({ email: uniqueEmail('declined') }), owner.machine.id);
    expect((await owner.api.patch(`/api/suggestions/${sent.json().id}`, { status: 'declined' })).statusCode).toBe(200);
    expect((await storedSuggestion(sent.json().id)).suggesterEmail).toBeNull();
  });

  test('a refused second approval sends no second mail', async () => {
    const owner = await operatorWithMachine(t);
    const customer = uniqueEmail('twice');
    const sent = await suggest(idea({ email: customer }), owner.machine.id);
    expect((await owner.api.post(`/api/suggestions/${sent.json().id}/approve`)).statusCode).toBe(200);
    expectJsonError(await owner.api.post(`/api/suggestions/${sent.json().id}/approve`), 409, 'This suggestion has already been processed.');
    expect(await settledMailsTo('mail.suggestion-accepted', customer)).toHaveLength(1);
  });

  test('the machine was deleted before approval: no machine to name, so no mail', async () => {
    const owner = await operatorWithMachine(t);
    const customer = uniqueEmail('orphan');
    const sent = await suggest(idea({ email: customer }), owner.machine.id);
    await t.database.db.delete(vendingMachines).where(eq(vendingMachines.id, owner.machine.id));
    expect((await owner.api.post(`/api/suggestions/${sent.json().id}/approve`)).statusCode).toBe(200);
    expect(await mailsFor('mail.suggestion-accepted', customer)).toBe(0);
    expectJsonError(await owner.api.post(`/api/suggestions/${sent.json().id}/stocked`), 409, 'This suggestion names no machine to stock it at.');
  });
});

describe('a suggestion without an email', () => {
  test('approved: no mail is queued for it', async () => {
    const owner = await operatorWithMachine(t);
    const name = `No mail ${Date.now()}`;
    for (const email of [undefined, '', '   ', null]) {
      const sent = await suggest(idea({ name, ...(email === undefined ? {} : { email }) }), owner.machine.id);
      expect(sent.statusCode, sent.body).toBe(201);
      expect(sent.json().notifyOnStock).toBe(false);
      expect((await storedSuggestion(sent.json().id)).suggesterEmail).toBeNull();
      expect((await owner.api.post(`/api/suggestions/${sent.json().id}/approve`)).statusCode).toBe(200);
    }
    const waiting = await t.database.db.select().from(jobs).where(and(eq(jobs.name, 'mail.suggestion-accepted'), sql`${jobs.payload}->'props'->>'productName' = ${name}`));
    expect(waiting).toEqual([]);
    expect(t.smtp.received.filter((mail) => mail.subject.includes(name))).toEqual([]);
  });

  test('from the demo page (no machine) an address is not kept at all', async () => {
    const sent = await suggest(idea({ email: uniqueEmail('demo') }), null);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ machineId: null, notifyOnStock: false });
    expect((await storedSuggestion(sent.json().id)).suggesterEmail).toBeNull();
  });
});

describe('the suggestion email field', () => {
  test.each([
    ['not an address', 'riley@'],
    ['spaces inside', 'riley chen@example.test'],
    ['longer than 254 characters', `${'a'.repeat(250)}@example.test`],
    ['not text', 42],
  ])('%s: 400 "%s" on the field, and nothing is stored', async (_name, email) => {
    const owner = await operatorWithMachine(t);
    const res = await suggest(idea({ email }), owner.machine.id);
    const body = expectJsonError(res, 400, INVALID_EMAIL);
    expect(body.errors).toEqual({ email: INVALID_EMAIL });
    expect((await owner.api.get('/api/suggestions')).json()).toEqual([]);
  });

  test('the operator’s list says notifyOnStock and never the address', async () => {
    const owner = await operatorWithMachine(t);
    const customer = uniqueEmail('private');
    await suggest(idea({ name: 'With email', email: customer }), owner.machine.id);
    await suggest(idea({ name: 'Without email' }), owner.machine.id);
    const res = await owner.api.get('/api/suggestions');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(customer);
    expect(res.body).not.toMatch(/suggesterEmail|"email"/);
    const list = res.json() as { name: string; notifyOnStock: boolean }[];
    expect(Object.fromEntries(list.map((s) => [s.name, s.notifyOnStock]))).toEqual({ 'With email': true, 'Without email': false });
  });
});

describe('resolving an issue with a public reply', () => {
  const reportFrom = async (owner: Awaited<ReturnType<typeof operatorWithMachine>>, customerEmail: string) => {
    const res = await apiFrom(t).post('/api/vending-issues', {
      machineId: owner.machine.id,
      customerName: 'Riley Chen',
      customerEmail,
      productName: 'Doritos Nacho',
      issueDescription: 'Paid but the coil did not turn.',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };

  test.each([
    ['PATCH /api/vending-issues/{id}', (id: number) => `/api/vending-issues/${id}`],
    ['PATCH /api/vending-issues/{id}/status', (id: number) => `/api/vending-issues/${id}/status`],
  ])('%s: stored, answered, listed, and mailed to the reporter with the product and machine', async (_name, pathOf) => {
    const owner = await operatorWithMachine(t, 'Atrium');
    const customer = uniqueEmail('reporter');
    const id = await reportFrom(owner, customer);
    const reply = '  Sorry about that! We fixed the coil.\nYour refund is on its way <3  ';
    const res = await owner.api.patch(pathOf(id), { status: 'resolved', publicReply: reply });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'resolved', publicReply: reply.trim() });
    expect((await storedIssue(id)).publicReply).toBe(reply.trim());
    expect((await owner.api.get('/api/vending-issues')).json()).toMatchObject([{ id, publicReply: reply.trim() }]);

    const mail = await t.smtp.waitForMail(customer, /resolved/);
    expect(mail.subject).toBe('Your report about Doritos Nacho is resolved');
    expect(mail.text).toContain('Hi Riley Chen,');
    expect(mail.text).toContain('The problem you reported with Doritos Nacho at Atrium (Front lobby) is resolved.');
    expect(mail.text).toContain('Sorry about that! We fixed the coil.');
    expect(mail.text).toContain('Your refund is on its way <3');
    expect(mail.html).toContain('Your refund is on its way &lt;3');
    expect(mail.text).toContain(`${TEST_PUBLIC_URL}/vote/${owner.machine.id}`);
    expect(wholeMail(mail)).not.toContain(owner.user.email);
    expect(mail.replyTo).toEqual([]);
    expect(await settledMailsTo('mail.issue-reply', customer)).toHaveLength(1);
  });

  test('an issue from the demo page (no machine): the mail names no machine and links nowhere', async () => {
    const operator = await signIn(t);
    const customer = uniqueEmail('no-machine');
    const issue = await createVendingIssue(t.database.db, operator.user.id, { customerEmail: customer, productName: 'Gum' });
    expect((await operator.api.patch(`/api/vending-issues/${issue.id}`, { status: 'resolved', publicReply: 'Restocked.' })).statusCode).toBe(200);
    const mail = await t.smtp.waitForMail(customer, /resolved/);
    expect(mail.text).toContain('The problem you reported with Gum is resolved.');
    expect(mail.text).not.toContain('/vote/');
  });

  test('a reply over 500 characters is a 400 on the field, and nothing changes', async () => {
    const owner = await operatorWithMachine(t);
    const customer = uniqueEmail('long');
    const id = await reportFrom(owner, customer);
    expect((await owner.api.patch(`/api/vending-issues/${id}`, { status: 'resolved', publicReply: 'x'.repeat(500) })).statusCode).toBe(200);
    const other = await reportFrom(owner, customer);
    const body = expectJsonError(await owner.api.patch(`/api/vending-issues/${other}`, { status: 'resolved', publicReply: 'x'.repeat(501) }), 400);
    expect(body).toEqual({ message: 'Must be at most 500 characters', errors: { publicReply: 'Must be at most 500 characters' } });
    expect(await storedIssue(other)).toMatchObject({ status: 'open', publicReply: null });
    expect(await settledMailsTo('mail.issue-reply', customer)).toHaveLength(1);
  });

  test('resolved without a reply (absent, empty or blank): no reply, no mail', async () => {
    const owner = await operatorWithMachine(t);
    const customer = uniqueEmail('quiet');
    for (const extra of [{}, { publicReply: '' }, { publicReply: '   ' }, { publicReply: null }]) {
      const id = await reportFrom(owner, customer);
      const res = await owner.api.patch(`/api/vending-issues/${id}`, { status: 'resolved', ...extra });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'resolved', publicReply: null });
    }
    expect(await mailsFor('mail.issue-reply', customer)).toBe(0);
  });

  test('a reply with any other change is refused with a 400, and nothing changes', async () => {
    const owner = await operatorWithMachine(t);
    const customer = uniqueEmail('early');
    const id = await reportFrom(owner, customer);
    for (const status of ['investigating', 'open']) {
      const body = expectJsonError(await owner.api.patch(`/api/vending-issues/${id}`, { status, publicReply: 'We are on it.' }), 400, REPLY_ONLY_WHEN_RESOLVING);
      expect(body.errors).toEqual({ publicReply: REPLY_ONLY_WHEN_RESOLVING });
    }
    expect(await storedIssue(id)).toMatchObject({ status: 'open', publicReply: null });
    expect(await mailsFor('mail.issue-reply', customer)).toBe(0);
  });

  test('an issue already resolved cannot get a reply later: 409, no mail', async () => {
    const owner = await operatorWithMachine(t);
    const customer = uniqueEmail('late');
    const id = await reportFrom(owner, customer);
    expect((await owner.api.patch(`/api/vending-issues/${id}`, { status: 'resolved' })).statusCode).toBe(200);
    expectJsonError(await owner.api.patch(`/api/vending-issues/${id}`, { status: 'resolved', publicReply: 'Fixed.' }), 409, 'This issue is resolved and can no longer change.');
    expect((await storedIssue(id)).publicReply).toBeNull();
    expect(await mailsFor('mail.issue-reply', customer)).toBe(0);
  });

  test("another operator's issue is a 404, with no reply stored and no mail", async () => {
    const owner = await operatorWithMachine(t);
    const stranger = await signIn(t);
    const customer = uniqueEmail('foreign');
    const id = await reportFrom(owner, customer);
    expectJsonError(await stranger.api.patch(`/api/vending-issues/${id}`, { status: 'resolved', publicReply: 'Not mine.' }), 404, 'Issue not found');
    expect(await storedIssue(id)).toMatchObject({ status: 'open', publicReply: null });
    expect(await mailsFor('mail.issue-reply', customer)).toBe(0);
  });

  test('the reply mail is in the owner’s language', async () => {
    const owner = await operatorWithMachine(t, 'Halle 3');
    await t.database.db.update(users).set({ language: 'de' }).where(eq(users.id, owner.user.id));
    const customer = uniqueEmail('kunde');
    const machine = await createMachine(t.database.db, owner.user.id, { name: 'Kantine', location: 'Erdgeschoss' });
    const res = await apiFrom(t).post('/api/vending-issues', { machineId: machine.id, customerName: 'Kim', customerEmail: customer, productName: 'Wasser' });
    expect((await owner.api.patch(`/api/vending-issues/${res.json().id}`, { status: 'resolved', publicReply: 'Repariert.' })).statusCode).toBe(200);
    const mail = await t.smtp.waitForMail(customer, /Wasser/);
    expect(mail.subject).toBe('Deine Meldung zu Wasser ist erledigt');
    expect(mail.text).toContain('Das von dir gemeldete Problem mit Wasser an Kantine (Erdgeschoss) ist behoben.');
  });
});
