import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUser } from '../../src/server/db/factories.js';
import { users, vendingIssues } from '../../src/server/db/schema.js';
import { DEMO_OPERATOR_EMAIL } from '../../src/server/db/seed.js';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../support/index.js';
import { apiFrom, ISO_TIMESTAMP, operatorWithMachine, rawPost, withoutDemoOperator, type CallOptions } from './feedback-helpers.js';
import { expectJsonError, mailsTo, signIn } from './helpers.js';

// Reporting issues: who receives them, validation, the owner's email and the rate limit. The
// list, counts and status changes are in vending-issues-status.test.ts.
let t: TestApp;
let demoOperatorId: number;
beforeAll(async () => {
  t = await createTestApp();
  demoOperatorId = (await createUser(t.database.db, { email: DEMO_OPERATOR_EMAIL })).user.id;
});
afterAll(() => t.close());

const report = (payload: unknown, options: CallOptions = {}) => apiFrom(t, options).post('/api/vending-issues', payload);
const list = (cookie: string) => apiFrom(t, { cookie }).get('/api/vending-issues');

const issueReport = (overrides: Record<string, unknown> = {}) => ({
  customerName: 'Riley Chen',
  customerEmail: 'riley@example.test',
  productName: 'Doritos Nacho',
  issueDescription: 'Paid but the coil did not turn.',
  ...overrides,
});

const issueCount = async () => (await t.database.db.select({ n: count() }).from(vendingIssues))[0]!.n;
const storedIssue = async (id: number) => (await t.database.db.select().from(vendingIssues).where(eq(vendingIssues.id, id)))[0];

describe('POST /api/vending-issues: who receives it', () => {
  test("from a machine: 201 with the issue and its machine name; it goes to the machine's owner only", async () => {
    const owner = await operatorWithMachine(t);
    const other = await signIn(t);
    const res = await report(issueReport({ machineId: owner.machine.id }));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(Number),
      machineId: owner.machine.id,
      machineName: 'Gym Lobby',
      customerName: 'Riley Chen',
      customerEmail: 'riley@example.test',
      productName: 'Doritos Nacho',
      issueDescription: 'Paid but the coil did not turn.',
      status: 'open',
      publicReply: null,
      createdAt: expect.stringMatching(ISO_TIMESTAMP),
      updatedAt: expect.stringMatching(ISO_TIMESTAMP),
      resolvedAt: null,
      reportedBy: null,
      changedBy: null,
    });
    expect((await storedIssue(body.id))!.userId).toBe(owner.user.id);
    expect((await list(owner.cookie)).json()).toEqual([body]);
    expect((await list(other.cookie)).json()).toEqual([]);
  });

  test('the machine id may come as a string of digits, as a form sends it', async () => {
    const owner = await operatorWithMachine(t);
    const res = await report(issueReport({ machineId: String(owner.machine.id) }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().machineId).toBe(owner.machine.id);
  });

  test('signed out without a machine (the demo page): the demo operator receives it', async () => {
    const res = await report(issueReport({ machineId: null }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ machineId: null, machineName: null, status: 'open' });
    expect((await storedIssue(res.json().id))!.userId).toBe(demoOperatorId);
  });

  test('a signed-in operator without a machine: it goes to themselves', async () => {
    const operator = await signIn(t);
    const res = await report(issueReport({ productName: 'My own report' }), { cookie: operator.cookie });
    expect(res.statusCode, res.body).toBe(201);
    expect((await storedIssue(res.json().id))!.userId).toBe(operator.user.id);
  });

  test('an unknown machine is a 404 "Machine not found" and nothing is stored', async () => {
    const before = await issueCount();
    expect(expectJsonError(await report(issueReport({ machineId: 987_654 })), 404)).toEqual({ message: 'Machine not found' });
    expectJsonError(await report(issueReport({ machineId: 99_999_999_999 })), 400, 'Machine id must be a whole number');
    expect(await issueCount()).toBe(before);
  });

  test('without a demo operator, a report that names no machine is a 400 asking for one', async () => {
    await withoutDemoOperator(t, async () => {
      const before = await issueCount();
      const body = expectJsonError(await report(issueReport()), 400, "Please send this from a machine's page.");
      expect(body.errors).toEqual({ machineId: "Please send this from a machine's page." });
      expect(await issueCount()).toBe(before);
    });
  });
});

describe('POST /api/vending-issues: validation', () => {
  test.each([
    ['no customer name', { customerName: undefined }, { customerName: 'Your name is required' }],
    ['a blank customer name', { customerName: '  ' }, { customerName: 'Your name is required' }],
    ['no email', { customerEmail: undefined }, { customerEmail: 'Please enter a valid email address' }],
    ['an invalid email', { customerEmail: 'riley@' }, { customerEmail: 'Please enter a valid email address' }],
    ['an email of the wrong type', { customerEmail: 123 }, { customerEmail: 'Please enter a valid email address' }],
    ['no product name', { productName: undefined }, { productName: 'Product name is required' }],
    ['an empty product name', { productName: '' }, { productName: 'Product name is required' }],
    ['a description of the wrong type', { issueDescription: { text: 'x' } }, { issueDescription: 'Description must be text' }],
    ['a 2,001-character description', { issueDescription: 'd'.repeat(2001) }, { issueDescription: 'Must be at most 2000 characters' }],
    ['a 100,000-character name', { customerName: 'n'.repeat(100_000) }, { customerName: 'Must be at most 100 characters' }],
    ['machineId true', { machineId: true }, { machineId: 'Machine id must be a whole number' }],
    ['machineId "abc"', { machineId: 'abc' }, { machineId: 'Machine id must be a whole number' }],
    ['machineId 1.5', { machineId: 1.5 }, { machineId: 'Machine id must be a whole number' }],
    ['machineId 0', { machineId: 0 }, { machineId: 'Machine id must be a whole number' }],
    ['an unknown field', { status: 'resolved' }, { status: 'Unknown field: status' }],
  ])('%s is a 400 with the field message, and nothing is stored', async (_case, overrides, errors) => {
    const before = await issueCount();
    const body = expectJsonError(await report(issueReport(overrides)), 400, Object.values(errors)[0]);
    expect(body.errors).toEqual(errors);
    expect(await issueCount()).toBe(before);
  });

  test('everything required missing: each field gets its message', async () => {
    const body = expectJsonError(await report({}), 400);
    expect(body.errors).toEqual({
      customerName: 'Your name is required',
      customerEmail: 'Please enter a valid email address',
      productName: 'Product name is required',
    });
  });

  test('bodies that are not a report object are 4xx and store nothing', async () => {
    const before = await issueCount();
    for (const payload of ['[]', 'null', '"text"', '{"customerName": ']) expectJsonError(await rawPost(t, '/api/vending-issues', payload), 400);
    const huge = JSON.stringify(issueReport({ issueDescription: 'x'.repeat(2 * 1024 * 1024) }));
    expectJsonError(await rawPost(t, '/api/vending-issues', huge), 413);
    expectJsonError(await rawPost(t, '/api/vending-issues', 'customerName=x', 'application/x-www-form-urlencoded'), 415);
    expect(await issueCount()).toBe(before);
  });

  test('the description is optional: absent or empty is stored as null; text is trimmed', async () => {
    const absent = await report(issueReport({ issueDescription: undefined, customerName: '  Riley  ' }));
    expect(absent.statusCode, absent.body).toBe(201);
    expect(absent.json()).toMatchObject({ issueDescription: null, customerName: 'Riley' });
    const empty = await report(issueReport({ issueDescription: '' }));
    expect(empty.json().issueDescription).toBeNull();
  });
});

describe('the new-issue email', () => {
  test('the owner gets a mail with the details and a link to the issues page; user text is escaped in HTML', async () => {
    const owner = await operatorWithMachine(t, 'Gym Lobby');
    const res = await report(
      issueReport({ machineId: owner.machine.id, customerName: '<b>Riley</b>', issueDescription: 'Coil <script>alert(1)</script> stuck' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const mail = await t.smtp.waitForMail(owner.user.email, /^New vending issue/);
    expect(mail.subject).toBe('New vending issue at Gym Lobby: Doritos Nacho');
    expect(mail.text).toContain('<b>Riley</b> <riley@example.test>');
    expect(mail.text).toContain('Coil <script>alert(1)</script> stuck');
    expect(mail.text).toContain(`${TEST_PUBLIC_URL}/vending-issues`);
    expect(mail.html).toContain(`href="${TEST_PUBLIC_URL}/vending-issues"`);
    expect(mail.html).toContain('&lt;b&gt;Riley&lt;/b&gt;');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>Riley');
    expect(mailsTo(t, 'riley@example.test')).toEqual([]);
  });

  test('an owner with email notifications off gets no mail; the report is still stored', async () => {
    const quiet = await operatorWithMachine(t, 'Quiet Corner');
    await t.database.db.update(users).set({ emailNotifications: false }).where(eq(users.id, quiet.user.id));
    const loud = await operatorWithMachine(t, 'Busy Hall');
    const res = await report(issueReport({ machineId: quiet.machine.id }));
    expect(res.statusCode, res.body).toBe(201);
    expect(await storedIssue(res.json().id)).toMatchObject({ userId: quiet.user.id });
    // A mail for a report made after it arrives; one for the first would have been sent first.
    expect((await report(issueReport({ machineId: loud.machine.id }))).statusCode).toBe(201);
    await t.smtp.waitForMail(loud.user.email, /^New vending issue at Busy Hall/);
    expect(mailsTo(t, quiet.user.email)).toEqual([]);
  });

  test('line breaks in customer text do not reach the subject line', async () => {
    const owner = await operatorWithMachine(t, 'Front Desk');
    await report(issueReport({ machineId: owner.machine.id, productName: 'Chips\r\nBcc: victim@example.test' }));
    const mail = await t.smtp.waitForMail(owner.user.email, /^New vending issue at Front Desk/);
    expect(mail.subject).toBe('New vending issue at Front Desk: Chips Bcc: victim@example.test');
    expect(mailsTo(t, 'victim@example.test')).toEqual([]);
  });
});

describe('rate limit', () => {
  test('30 reports from one address in 10 minutes are accepted; the 31st is a 429; another address is unaffected', async () => {
    const ip = '192.0.2.99';
    for (let i = 0; i < 30; i++) {
      const res = await report(issueReport({ productName: `Burst ${i}` }), { ip });
      expect(res.statusCode, `report ${i + 1}: ${res.body}`).toBe(201);
    }
    const before = await issueCount();
    const blocked = await report(issueReport({ productName: 'One too many' }), { ip });
    expectJsonError(blocked, 429, /^Too many attempts\. Please try again in .+\.$/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(await issueCount()).toBe(before);
    expect((await report(issueReport(), { ip: '192.0.2.100' })).statusCode).toBe(201);
  });
});
