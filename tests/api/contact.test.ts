import { count, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { contactMessages, jobs } from '../../src/server/db/schema.js';
import { readEnv } from '../../src/server/env.js';
import { CONTACT_LIMITS, ContactMessages, REPLY_TIME, type ContactMessage, type ContactMessagePage } from '../../src/shared/contact.schemas.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { api, expectJsonError, mailsTo, signIn, uniqueEmail } from './helpers.js';

// The contact form: stored, mailed through the jobs queue to a real SMTP server, read by admins,
// guarded by a honeypot and per-address limits. Each test sends from its own made-up address.
const SUPPORT = 'support@vendvote.test';
let withSupport: TestApp;
let withoutSupport: TestApp;
beforeAll(async () => {
  [withSupport, withoutSupport] = await Promise.all([createTestApp({ supportEmail: SUPPORT }), createTestApp()]);
});
afterAll(() => Promise.all([withSupport?.close(), withoutSupport?.close()]));

let addressCounter = 0;
const newAddress = () => `198.51.100.${++addressCounter}`;

const contactMessage = (overrides: Record<string, unknown> = {}) => ({
  name: 'Dana Park',
  email: uniqueEmail('sender'),
  subject: 'Question about the Growth plan',
  message: 'Hello,\nhow many machines can I add on Growth?',
  ...overrides,
});

const send = (t: TestApp, body: unknown, ip = newAddress()) => api(t, undefined, { ip }).post('/api/contact', body);

const storedFrom = (t: TestApp, email: string) => t.database.db.select().from(contactMessages).where(eq(contactMessages.email, email));
const contactJobs = (t: TestApp) => t.database.db.select().from(jobs).where(like(jobs.name, 'mail.contact-%'));
const messageCount = async (t: TestApp) => (await t.database.db.select({ n: count() }).from(contactMessages))[0]!.n;

describe('POST /api/contact with SUPPORT_EMAIL set', () => {
  test('202 with the sent message only; the message is stored with a keyed hash of the address, never the address', async () => {
    const ip = newAddress();
    const input = contactMessage({ name: '  Dana Park ', subject: ' Question about the Growth plan  ' });
    const res = await send(withSupport, input, ip);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ message: ContactMessages.sentDescription });
    expect(res.body).not.toContain(ip);
    expect(res.body).not.toContain(input.email);

    const [row] = await storedFrom(withSupport, input.email);
    expect(row).toMatchObject({
      name: 'Dana Park',
      subject: 'Question about the Growth plan',
      message: input.message,
      readAt: null,
      readBy: null,
    });
    expect(row!.addressKey).not.toContain(ip);
    expect(row!.addressKey.length).toBeGreaterThanOrEqual(22);
  });

  test('support receives the message with Reply-To the sender; the sender receives a copy with Reply-To support', async () => {
    const input = contactMessage({ subject: 'Where do replies go?', message: 'First line\nSecond line <b>not bold</b>' });
    expect((await send(withSupport, input)).statusCode).toBe(202);

    const toSupport = await withSupport.smtp.waitForMail(SUPPORT, /^Contact form: Where do replies go\?$/);
    expect(toSupport.to).toEqual([SUPPORT]);
    expect(toSupport.replyTo).toEqual([input.email]);
    expect(toSupport.text).toContain(`Dana Park <${input.email}>`);
    expect(toSupport.text).toMatch(/First line\s*\n\s*Second line <b>not bold<\/b>/);
    // What the sender typed is text in the HTML part, never markup.
    expect(toSupport.html).toContain('&lt;b&gt;not bold&lt;/b&gt;');

    const copy = await withSupport.smtp.waitForMail(input.email, /^We received your message: Where do replies go\?$/);
    expect(copy.to).toEqual([input.email]);
    expect(copy.replyTo).toEqual([SUPPORT]);
    expect(copy.text).toContain('Hi Dana Park,');
    expect(copy.text).toContain(REPLY_TIME);
    expect(copy.text).toContain('Monday-Friday, 9:00-17:00 EST');
    expect(copy.text).toContain('Second line');
  });

  test('a subject with line breaks stays one header line and adds no recipient', async () => {
    const input = contactMessage({ subject: 'Hello\r\nBcc: victim@example.test' });
    expect((await send(withSupport, input)).statusCode).toBe(202);
    const toSupport = await withSupport.smtp.waitForMail(SUPPORT, /Bcc: victim/);
    expect(toSupport.subject).toBe('Contact form: Hello Bcc: victim@example.test');
    expect(toSupport.to).toEqual([SUPPORT]);
    expect(mailsTo(withSupport, 'victim@example.test')).toEqual([]);
  });
});

describe('POST /api/contact without SUPPORT_EMAIL', () => {
  test('the message is kept for admins and only the copy is mailed', async () => {
    const input = contactMessage();
    // The jobs this send queues: those after the newest one now. (Not found by the sender's address:
    // a finished job's payload is emptied, and the copy may be finished by the time we look.)
    const [newest] = await withoutSupport.database.db.select({ id: jobs.id }).from(jobs).orderBy(desc(jobs.id)).limit(1);
    const res = await send(withoutSupport, input);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ message: ContactMessages.sentDescription });

    const copy = await withoutSupport.smtp.waitForMail(input.email, /^We received your message/);
    expect(copy.replyTo).toEqual([]);
    const queued = (await contactJobs(withoutSupport)).filter((job) => job.id > (newest?.id ?? 0));
    expect(queued.map((job) => job.name)).toEqual(['mail.contact-copy']);
    expect(withoutSupport.smtp.received.every((mail) => !mail.subject.startsWith('Contact form:'))).toBe(true);

    const admin = await signIn(withoutSupport, { role: 'admin' });
    const list = await admin.api.get('/api/admin/contact-messages');
    expect(list.statusCode, list.body).toBe(200);
    const stored = list.json().messages.find((m: { email: string }) => m.email === input.email);
    expect(stored).toMatchObject({ subject: input.subject, message: input.message });
  });
});

describe('the honeypot', () => {
  test('a filled hidden field answers the same 202 but stores, queues and sends nothing', async () => {
    const input = contactMessage({ website: 'http://spam.example.test' });
    const messagesBefore = await messageCount(withSupport);
    const jobsBefore = (await contactJobs(withSupport)).length;
    const res = await send(withSupport, input);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ message: ContactMessages.sentDescription });
    expect(await messageCount(withSupport)).toBe(messagesBefore);
    expect((await contactJobs(withSupport)).length).toBe(jobsBefore);
    expect(await storedFrom(withSupport, input.email)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(withSupport, input.email)).toEqual([]);
  });

  test('an empty or blank hidden field is a person: the message is stored', async () => {
    for (const website of ['', '   ']) {
      const input = contactMessage({ website });
      expect((await send(withSupport, input)).statusCode).toBe(202);
      expect(await storedFrom(withSupport, input.email)).toHaveLength(1);
    }
  });
});

describe('rate limits', () => {
  const expectLimited = async (t: TestApp, body: unknown, ip: string) => {
    const res = await send(t, body, ip);
    expectJsonError(res, 429, /^Too many attempts\. Please try again in .+\.$/);
    const wait = Number(res.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(CONTACT_LIMITS.windowMs / 1000);
  };

  test(`one address sends ${CONTACT_LIMITS.perAddress} messages an hour; the next is a 429, nothing kept; others still may`, async () => {
    const ip = newAddress();
    for (let i = 0; i < CONTACT_LIMITS.perAddress; i++) expect((await send(withSupport, contactMessage(), ip)).statusCode).toBe(202);
    const refused = contactMessage();
    await expectLimited(withSupport, refused, ip);
    expect(await storedFrom(withSupport, refused.email)).toEqual([]);
    expect((await send(withSupport, contactMessage(), newAddress())).statusCode).toBe(202);
  });

  test('the limit counts only the last hour: older messages from the address do not count', async () => {
    const ip = newAddress();
    for (let i = 0; i < CONTACT_LIMITS.perAddress; i++) expect((await send(withSupport, contactMessage(), ip)).statusCode).toBe(202);
    const [newest] = await withSupport.database.db.select().from(contactMessages).orderBy(desc(contactMessages.id)).limit(1);
    await withSupport.database.db
      .update(contactMessages)
      .set({ createdAt: new Date(Date.now() - CONTACT_LIMITS.windowMs - 60_000) })
      .where(eq(contactMessages.addressKey, newest!.addressKey));
    expect((await send(withSupport, contactMessage(), ip)).statusCode).toBe(202);
  });

  test('one email address receives at most the limit of copies an hour, whatever the sending addresses', async () => {
    const email = uniqueEmail('target');
    for (let i = 0; i < CONTACT_LIMITS.perEmail; i++) {
      expect((await send(withSupport, contactMessage({ email }))).statusCode).toBe(202);
    }
    await expectLimited(withSupport, contactMessage({ email: email.toUpperCase() }), newAddress());
    expect(await storedFrom(withSupport, email)).toHaveLength(CONTACT_LIMITS.perEmail);
  });

  test('messages sent at the same moment are counted one by one', async () => {
    const ip = newAddress();
    const results = await Promise.all(Array.from({ length: 8 }, () => send(withSupport, contactMessage(), ip)));
    const statuses = results.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([...Array(CONTACT_LIMITS.perAddress).fill(202), ...Array(8 - CONTACT_LIMITS.perAddress).fill(429)]);
  });
});

describe('bad input', () => {
  const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;

  test('every missing field is named with its own message, and nothing is stored', async () => {
    const before = await messageCount(withSupport);
    const body = expectJsonError(await send(withSupport, {}), 400, ContactMessages.nameRequired);
    expect(body.errors).toEqual({
      name: ContactMessages.nameRequired,
      email: ContactMessages.emailRequired,
      subject: ContactMessages.subjectRequired,
      message: ContactMessages.messageRequired,
    });
    expect(await messageCount(withSupport)).toBe(before);
  });

  test.each([
    ['blank name', { name: '   ' }, 'name', ContactMessages.nameRequired],
    ['empty email', { email: '' }, 'email', ContactMessages.emailRequired],
    ['invalid email', { email: 'dana@' }, 'email', ContactMessages.emailInvalid],
    ['overlong email', { email: `${'a'.repeat(250)}@example.test` }, 'email', ContactMessages.emailInvalid],
    ['blank subject', { subject: '\n\t' }, 'subject', ContactMessages.subjectRequired],
    ['overlong subject', { subject: 's'.repeat(CONTACT_LIMITS.subject + 1) }, 'subject', tooLong('Subject', CONTACT_LIMITS.subject)],
    ['blank message', { message: ' ' }, 'message', ContactMessages.messageRequired],
    ['overlong message', { message: 'm'.repeat(CONTACT_LIMITS.message + 1) }, 'message', tooLong('Message', CONTACT_LIMITS.message)],
    ['name that is not text', { name: 42 }, 'name', ContactMessages.nameRequired],
    ['unknown field', { phone: '555-0100' }, 'phone', 'Unknown field: phone'],
  ])('%s: 400 naming the field', async (_label, overrides, field, message) => {
    const input = contactMessage(overrides);
    const body = expectJsonError(await send(withSupport, input), 400, message);
    expect(body.errors).toEqual({ [field]: message });
    if (typeof input.email === 'string') expect(await storedFrom(withSupport, input.email)).toEqual([]);
  });

  test('a message of exactly the longest length is accepted', async () => {
    const input = contactMessage({ message: 'm'.repeat(CONTACT_LIMITS.message) });
    expect((await send(withSupport, input)).statusCode).toBe(202);
  });
});

describe('GET /api/admin/contact-messages', () => {
  test('admins read every message, newest first, page by page, without the address key', async () => {
    const t = withoutSupport;
    const admin = await signIn(t, { role: 'admin' });
    const subjects = ['Paging one', 'Paging two', 'Paging three'];
    for (const subject of subjects) expect((await send(t, contactMessage({ subject }))).statusCode).toBe(202);
    const total = await messageCount(t);

    const first = await admin.api.get('/api/admin/contact-messages?pageSize=2');
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json();
    expect(page1).toMatchObject({ page: 1, pageSize: 2, total });
    expect(page1.messages.map((m: { subject: string }) => m.subject)).toEqual(['Paging three', 'Paging two']);
    expect(Object.keys(page1.messages[0]).sort()).toEqual(['createdAt', 'email', 'handledAt', 'handledByEmail', 'id', 'message', 'name', 'readAt', 'replies', 'subject']);
    expect(first.body).not.toMatch(/addressKey|address_key|198\.51\.100/);

    const second = (await admin.api.get('/api/admin/contact-messages?page=2&pageSize=2')).json();
    expect(second.messages[0].subject).toBe('Paging one');
    const beyond = (await admin.api.get(`/api/admin/contact-messages?page=${total + 1}&pageSize=2`)).json();
    expect(beyond).toMatchObject({ messages: [], total });
  });

  test('an ADMIN_EMAILS address reads them too', async () => {
    const t = await createTestApp({ adminEmails: ['boss@vendvote.test'] });
    try {
      const boss = await signIn(t, { email: 'boss@vendvote.test' });
      expect((await boss.api.get('/api/admin/contact-messages')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  test('operators get 403 and signed-out callers 401', async () => {
    const operator = await signIn(withSupport);
    expectJsonError(await operator.api.get('/api/admin/contact-messages'), 403);
    expectJsonError(await api(withSupport).get('/api/admin/contact-messages'), 401, 'Unauthorized');
  });

  test.each([
    ['page=0', 'page', 'Page must be a whole number from 1'],
    ['page=two', 'page', 'Page must be a whole number from 1'],
    ['pageSize=101', 'pageSize', 'Page size must be a whole number from 1 to 100'],
    ['pageSize=1.5', 'pageSize', 'Page size must be a whole number from 1 to 100'],
  ])('?%s is a 400 naming the parameter', async (query, field, message) => {
    const admin = await signIn(withSupport, { role: 'admin' });
    const body = expectJsonError(await admin.api.get(`/api/admin/contact-messages?${query}`), 400, message);
    expect(body.errors).toEqual({ [field]: message });
  });
});

describe('the admins’ Messages tab: handled, and answered by mail', () => {
  const list = async (admin: Awaited<ReturnType<typeof signIn>>, query = '') =>
    (await admin.api.get(`/api/admin/contact-messages?pageSize=100${query}`)).json() as ContactMessagePage;
  const sentId = async (t: TestApp, email: string) => (await storedFrom(t, email))[0]!.id;

  test('mark handled and back; those waiting are listed first and counted; a missing id is 404', async () => {
    const t = withoutSupport;
    const admin = await signIn(t, { role: 'admin' });
    const older = contactMessage({ subject: 'Older, still waiting' });
    const newer = contactMessage({ subject: 'Newer, handled' });
    for (const input of [older, newer]) expect((await send(t, input)).statusCode).toBe(202);
    const newerId = await sentId(t, newer.email);
    const olderId = await sentId(t, older.email);
    const openBefore = (await list(admin)).open;

    const handled = await admin.api.patch(`/api/admin/contact-messages/${newerId}`, { handled: true });
    expect(handled.statusCode, handled.body).toBe(200);
    expect(handled.json()).toMatchObject({ id: newerId, handledByEmail: admin.user.email, replies: [] });
    expect(handled.json().handledAt).not.toBeNull();

    const all = await list(admin);
    expect(all.open).toBe(openBefore - 1);
    const ids = all.messages.map((m) => m.id);
    expect(ids.indexOf(olderId)).toBeLessThan(ids.indexOf(newerId));
    expect((await list(admin, '&status=open')).messages.map((m) => m.id)).not.toContain(newerId);
    expect((await list(admin, '&status=handled')).messages.map((m) => m.id)).toEqual(expect.arrayContaining([newerId]));
    expect((await list(admin, '&status=handled')).messages.map((m) => m.id)).not.toContain(olderId);

    const reopened = (await admin.api.patch(`/api/admin/contact-messages/${newerId}`, { handled: false })).json() as ContactMessage;
    expect(reopened).toMatchObject({ handledAt: null, handledByEmail: null });
    expectJsonError(await admin.api.patch('/api/admin/contact-messages/999999', { handled: true }), 404);
    expectJsonError(await admin.api.patch(`/api/admin/contact-messages/${newerId}`, { handled: 'yes' }), 400);
  });

  test('a reply is mailed to the sender, Reply-To the admin without SUPPORT_EMAIL, recorded with its author, and handles the message', async () => {
    const t = withoutSupport;
    const admin = await signIn(t, { role: 'admin' });
    const input = contactMessage({ subject: 'Can I export votes?' });
    expect((await send(t, input)).statusCode).toBe(202);
    const id = await sentId(t, input.email);

    expectJsonError(await admin.api.post(`/api/admin/contact-messages/${id}/replies`, { body: '   ' }), 400, 'Please write a reply');
    const replied = await admin.api.post(`/api/admin/contact-messages/${id}/replies`, { body: 'Yes: Exports, then Votes.\nCSV or Excel.' });
    expect(replied.statusCode, replied.body).toBe(201);
    const message = replied.json() as ContactMessage;
    expect(message.handledByEmail).toBe(admin.user.email);
    expect(message.replies).toEqual([expect.objectContaining({ body: 'Yes: Exports, then Votes.\nCSV or Excel.', sentByEmail: admin.user.email })]);

    const mail = await t.smtp.waitForMail(input.email, /^Re: Can I export votes\?$/);
    expect(mail.replyTo).toEqual([admin.user.email]);
    expect(mail.text).toContain('Yes: Exports, then Votes.');
    expect(mail.text).toContain('how many machines can I add on Growth?');
    expectJsonError(await admin.api.post('/api/admin/contact-messages/999999/replies', { body: 'Hello' }), 404);
  });

  test('with SUPPORT_EMAIL set, replies to the answer go to support', async () => {
    const admin = await signIn(withSupport, { role: 'admin' });
    const input = contactMessage({ subject: 'Reply-To check' });
    expect((await send(withSupport, input)).statusCode).toBe(202);
    const id = await sentId(withSupport, input.email);
    expect((await admin.api.post(`/api/admin/contact-messages/${id}/replies`, { body: 'Thanks!' })).statusCode).toBe(201);
    const mail = await withSupport.smtp.waitForMail(input.email, /^Re: Reply-To check$/);
    expect(mail.replyTo).toEqual([SUPPORT]);
  });

  test('operators cannot mark or reply: 403', async () => {
    const operator = await signIn(withSupport);
    const input = contactMessage();
    expect((await send(withSupport, input)).statusCode).toBe(202);
    const id = await sentId(withSupport, input.email);
    expectJsonError(await operator.api.patch(`/api/admin/contact-messages/${id}`, { handled: true }), 403);
    expectJsonError(await operator.api.post(`/api/admin/contact-messages/${id}/replies`, { body: 'Hi' }), 403);
    expect((await storedFrom(withSupport, input.email))[0]!.handledAt).toBeNull();
  });
});

describe('the SUPPORT_EMAIL setting', () => {
  test('must be an email address', () => {
    expect(() => readEnv({ SUPPORT_EMAIL: 'support at example' })).toThrow(/SUPPORT_EMAIL: SUPPORT_EMAIL must be an email address/);
    expect(readEnv({ SUPPORT_EMAIL: 'help@example.test' }).SUPPORT_EMAIL).toBe('help@example.test');
    expect(readEnv({ SUPPORT_EMAIL: '' }).SUPPORT_EMAIL).toBeUndefined();
  });
});
