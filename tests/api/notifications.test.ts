import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMachine, createProduct, createUser, insertVotes, type VoteRow } from '../../src/server/db/factories.js';
import { createSuggestion, createVendingIssue } from '../../src/server/db/feedback-factories.js';
import { notificationDeliveries, planogramSlots, users, vendingIssues, vendingMachines } from '../../src/server/db/schema.js';
import { enqueue } from '../../src/server/jobs/enqueue.js';
import { sweepNotifications } from '../../src/server/features/notifications/notification-sweep.js';
import { unsubscribeToken } from '../../src/server/features/notifications/unsubscribe.js';
import { createTestApp, linkFrom, sessionCookieFrom, TEST_PUBLIC_URL, TEST_UNSUBSCRIBE_KEY, type TestApp } from '../support/index.js';
import { api as apiOf, DAY_MS, login, uniqueEmail } from './helpers.js';

/**
 * The notices run on a clock the tests choose: sweepNotifications takes "now". All instants are
 * in June 2026, when New York is UTC-4 and Los Angeles UTC-7; Wednesday 17 June is "today".
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const at = (iso: string) => new Date(iso);
/** When the machines and products of these tests were added, unless a test says otherwise. */
const LONG_AGO = at('2026-04-01T12:00:00Z');
const sweep = (now: Date) => sweepNotifications({ db: t.database.db, publicUrl: TEST_PUBLIC_URL, unsubscribeKey: TEST_UNSUBSCRIBE_KEY }, now);

type Prefs = Partial<typeof users.$inferInsert>;
type Product = Awaited<ReturnType<typeof createProduct>>;

/** An operator who joined long ago, with only the given notices on (unless told otherwise). */
async function operator(prefs: Prefs = {}) {
  const { user, password } = await createUser(t.database.db, { email: uniqueEmail('notices') });
  await t.database.db
    .update(users)
    .set({ highVoteAlerts: false, machineOfflineAlerts: false, dailySummary: false, periodicReport: false, createdAt: at('2026-01-05T12:00:00Z'), ...prefs })
    .where(eq(users.id, user.id));
  return { user, password };
}

async function oldMachine(userId: number, name: string, createdAt = LONG_AGO) {
  const machine = await createMachine(t.database.db, userId, { name, location: 'Break room' });
  await t.database.db.update(vendingMachines).set({ createdAt }).where(eq(vendingMachines.id, machine.id));
  return machine;
}

let voter = 0;
/** `count` up-votes (or downs) for a product at a machine, spread over an hour from `from`. */
function votesAt(productId: number, machineId: number, from: Date, count: number, voteType: 'up' | 'down' = 'up'): VoteRow[] {
  return Array.from({ length: count }, (_, i) => ({ productId, machineId, voteType, voterId: `notice-voter-${(voter += 1)}`, createdAt: new Date(from.getTime() + i * 60_000) }));
}

/** `perDay` votes on each of the days before `today` (from `days` days back), at 10:00 New York time. */
function dailyHistory(productId: number, machineId: number, today: string, days: number, perDay: number): VoteRow[] {
  const rows: VoteRow[] = [];
  for (let back = 1; back <= days; back += 1) rows.push(...votesAt(productId, machineId, new Date(at(`${today}T14:00:00Z`).getTime() - back * DAY_MS), perDay));
  return rows;
}

/** An operator (as above) with one old machine carrying the named products, in that order. */
async function operatorWithProducts<const Names extends readonly string[]>(prefs: Prefs, machineName: string, productNames: Names, productsAddedAt?: Date) {
  const who = await operator(prefs);
  const machine = await oldMachine(who.user.id, machineName);
  const products: Product[] = [];
  for (const name of productNames) products.push(await createProduct(t.database.db, who.user.id, { name, createdAt: productsAddedAt }));
  return { ...who, machine, products: products as { [K in keyof Names]: Product } };
}

async function userRow(userId: number) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
  return row!;
}

/** A POST to one of the notice links, carrying its token as the mails do. */
const postWithToken = (path: string, token: string) => t.app.inject({ method: 'POST', url: `${path}?token=${encodeURIComponent(token)}`, payload: {} });

/** Each of `parts` is somewhere in a mail's text. */
function expectInText(text: string, parts: string[]) {
  for (const part of parts) expect(text).toContain(part);
}

async function deliveries(userId: number, kind: string) {
  return t.database.db
    .select()
    .from(notificationDeliveries)
    .where(and(eq(notificationDeliveries.userId, userId), eq(notificationDeliveries.kind, kind)));
}

describe('high votes', () => {
  test('a product with three times its usual daily up-votes (and at least 10) is told once a day, with the rule', async () => {
    const {
      user,
      machine,
      products: [surging, steady],
    } = await operatorWithProducts({ highVoteAlerts: true }, 'Gym lobby', ['Sparkling Lime', 'Plain Chips'], LONG_AGO);
    await insertVotes(t.database.db, [
      ...dailyHistory(surging.id, machine.id, '2026-06-17', 28, 1),
      ...dailyHistory(steady.id, machine.id, '2026-06-17', 28, 5),
      ...votesAt(surging.id, machine.id, at('2026-06-17T13:00:00Z'), 12),
      ...votesAt(steady.id, machine.id, at('2026-06-17T13:00:00Z'), 12),
    ]);

    await sweep(at('2026-06-17T14:00:00Z'));
    const mail = await t.smtp.waitForMail(user.email, /Sparkling Lime is getting far more votes than usual at Gym lobby/);
    expect(mail.text).toContain('Sparkling Lime has 12 up-votes at Gym lobby today (Wednesday, June 17, 2026)');
    expect(mail.text).toContain('Over the previous 28 days it averaged 1 a day.');
    expect(mail.text).toContain('at least 3 times its average daily up-votes at a machine, and at least 10');
    expect(mail.headers['list-unsubscribe']).toMatch(/^<http:\/\/.+\/api\/notifications\/unsubscribe\?token=.+>$/);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // Steady sells 5 a day: 12 is not three times that.
    expect(t.smtp.received.some((m) => m.subject.includes('Plain Chips'))).toBe(false);

    // Later the same day, more votes: still the one mail.
    await insertVotes(t.database.db, votesAt(surging.id, machine.id, at('2026-06-17T18:00:00Z'), 5));
    await sweep(at('2026-06-17T19:00:00Z'));
    expect(await deliveries(user.id, 'highVotes')).toHaveLength(1);

    // The next day is a new day.
    await insertVotes(t.database.db, votesAt(surging.id, machine.id, at('2026-06-18T13:00:00Z'), 15));
    await sweep(at('2026-06-18T14:00:00Z'));
    expect((await deliveries(user.id, 'highVotes')).map((d) => d.periodKey).sort()).toEqual(['2026-06-17', '2026-06-18']);
  });

  test('nothing while the preference or email is off, to a disabled account, below 10 votes, or at a machine younger than a week', async () => {
    const off = await operator({ highVoteAlerts: false });
    const disabled = await operator({ highVoteAlerts: true, disabledAt: at('2026-06-01T12:00:00Z') });
    const noEmail = await operator({ highVoteAlerts: true, emailNotifications: false });
    const few = await operator({ highVoteAlerts: true });
    const young = await operator({ highVoteAlerts: true });
    for (const [who, count, createdAt] of [
      [off, 20, undefined],
      [disabled, 20, undefined],
      [noEmail, 20, undefined],
      [few, 9, undefined],
      [young, 20, at('2026-06-13T12:00:00Z')],
    ] as const) {
      const machine = await oldMachine(who.user.id, 'Quiet corner', createdAt);
      const product = await createProduct(t.database.db, who.user.id, { createdAt: LONG_AGO });
      await insertVotes(t.database.db, votesAt(product.id, machine.id, at('2026-06-17T13:00:00Z'), count));
    }
    await sweep(at('2026-06-17T14:00:00Z'));
    for (const who of [off, disabled, noEmail, few, young]) expect(await deliveries(who.user.id, 'highVotes')).toHaveLength(0);
  });

  test("a product new to an old machine is measured from the day it was added, and has no usual for a week", async () => {
    const {
      user,
      machine,
      products: [newcomer],
    } = await operatorWithProducts({ highVoteAlerts: true }, 'Old Machine', ['New Granola'], at('2026-06-12T12:00:00Z'));
    // A steady 12 a day from the day it arrived: never three times its own usual.
    await insertVotes(t.database.db, [...dailyHistory(newcomer.id, machine.id, '2026-06-17', 5, 12), ...votesAt(newcomer.id, machine.id, at('2026-06-17T13:00:00Z'), 12)]);
    await sweep(at('2026-06-17T14:00:00Z'));
    expect(await deliveries(user.id, 'highVotes')).toHaveLength(0);
    await insertVotes(t.database.db, [
      ...dailyHistory(newcomer.id, machine.id, '2026-06-22', 4, 12).filter((vote) => vote.createdAt > at('2026-06-18T00:00:00Z')),
      ...votesAt(newcomer.id, machine.id, at('2026-06-22T13:00:00Z'), 12),
    ]);
    await sweep(at('2026-06-22T14:00:00Z'));
    expect(await deliveries(user.id, 'highVotes')).toHaveLength(0);
  });
});

describe('machine offline', () => {
  test('a machine with daily votes that goes quiet for 3 days is told once for the spell; an irregular one is not', async () => {
    const { user } = await operator({ machineOfflineAlerts: true });
    const daily = await oldMachine(user.id, 'Daily Machine');
    const sometimes = await oldMachine(user.id, 'Sometimes Machine');
    const product = await createProduct(t.database.db, user.id);
    // Votes every day up to Saturday 13 June, then nothing.
    await insertVotes(t.database.db, dailyHistory(product.id, daily.id, '2026-06-14', 10, 2));
    // Votes every third day only.
    await insertVotes(t.database.db, [3, 6, 9, 12].flatMap((back) => votesAt(product.id, sometimes.id, new Date(at('2026-06-14T14:00:00Z').getTime() - back * DAY_MS), 2)));

    // Quiet since 13 June 10:01 New York time: not yet 3 days on the 16th in the morning.
    await sweep(at('2026-06-16T12:00:00Z'));
    expect(await deliveries(user.id, 'machineOffline')).toHaveLength(0);

    await sweep(at('2026-06-16T15:00:00Z'));
    const mail = await t.smtp.waitForMail(user.email, /Daily Machine has had no votes for 3 days/);
    expect(mail.text).toContain('Daily Machine (Break room) usually gets votes every day, but its last vote came on June 13, 2026');
    expect(mail.text).toContain('EDT');
    await sweep(at('2026-06-17T15:00:00Z'));
    const told = await deliveries(user.id, 'machineOffline');
    expect(told).toHaveLength(1);
    expect(told[0]!.subjectKey).toBe(String(daily.id));
  });

  test('a machine set to maintenance or inactive is told once for each time it is set', async () => {
    const { user, password } = await operator({ machineOfflineAlerts: true });
    const machine = await oldMachine(user.id, 'Lobby Machine');
    const signIn = await login(t, user.email, password);
    const operatorApi = apiOf(t, sessionCookieFrom(signIn));

    expect((await operatorApi.patch(`/api/machines/${machine.id}`, { status: 'maintenance' })).statusCode).toBe(200);
    await sweep(new Date(Date.now() + 60_000));
    const mail = await t.smtp.waitForMail(user.email, /Lobby Machine is now set to maintenance/);
    expect(mail.text).toContain('Lobby Machine (Break room) was set to maintenance on');
    // Saved again with the same status (say, a new name): the same spell.
    expect((await operatorApi.patch(`/api/machines/${machine.id}`, { status: 'maintenance', name: 'Lobby Machine' })).statusCode).toBe(200);
    await sweep(new Date(Date.now() + 120_000));
    expect(await deliveries(user.id, 'machineOffline')).toHaveLength(1);

    await operatorApi.patch(`/api/machines/${machine.id}`, { status: 'active' });
    await operatorApi.patch(`/api/machines/${machine.id}`, { status: 'inactive' });
    await sweep(new Date(Date.now() + 180_000));
    await t.smtp.waitForMail(user.email, /Lobby Machine is now set to inactive/);
    expect(await deliveries(user.id, 'machineOffline')).toHaveLength(2);
  });
});

describe('daily summary', () => {
  async function summaryOperator(prefs: Prefs) {
    const who = await operatorWithProducts({ dailySummary: true, ...prefs }, 'Office Machine', ['Sea Salt Chips', 'Protein Bar']);
    const {
      machine,
      products: [chips, bar],
    } = who;
    await insertVotes(t.database.db, [
      // Monday the 15th: the day before.
      ...votesAt(chips.id, machine.id, at('2026-06-15T15:00:00Z'), 1),
      ...votesAt(bar.id, machine.id, at('2026-06-15T15:00:00Z'), 4),
      // Tuesday the 16th, New York time (and Los Angeles time).
      ...votesAt(chips.id, machine.id, at('2026-06-16T15:00:00Z'), 6),
      ...votesAt(bar.id, machine.id, at('2026-06-16T15:00:00Z'), 1),
      ...votesAt(bar.id, machine.id, at('2026-06-16T17:00:00Z'), 2, 'down'),
    ]);
    await createSuggestion(t.database.db, who.user.id, { name: 'Mango Juice', brand: 'Sunny', createdAt: at('2026-06-16T16:00:00Z') });
    await createVendingIssue(t.database.db, who.user.id, { machineId: machine.id, productName: 'Cola', createdAt: at('2026-06-16T18:00:00Z') });
    return who;
  }

  test("at 8:00 in the operator's time zone: yesterday's votes per machine, movers, suggestions and issues; once", async () => {
    const { user } = await summaryOperator({});
    await sweep(at('2026-06-17T11:50:00Z')); // 7:50 in New York
    expect(await deliveries(user.id, 'dailySummary')).toHaveLength(0);

    await sweep(at('2026-06-17T12:05:00Z')); // 8:05
    const mail = await t.smtp.waitForMail(user.email, /^Your VendVote summary for Jun 16$/);
    expectInText(mail.text, [
      'Here is what happened at your machines on Tuesday, June 16, 2026.',
      'Office Machine: 7 up, 2 down',
      'Sea Salt Chips: +5 (6 up-votes, 1 before)',
      'Protein Bar: -3 (1 up-votes, 4 before)',
      '1 new suggestion',
      'Mango Juice (Sunny)',
      '1 new issue reported',
      'Cola (Office Machine)',
    ]);

    await sweep(at('2026-06-17T20:00:00Z'));
    expect(await deliveries(user.id, 'dailySummary')).toHaveLength(1);
  });

  test('the time zone decides when 8:00 is', async () => {
    const { user } = await summaryOperator({ timeZone: 'America/Los_Angeles' });
    await sweep(at('2026-06-17T12:05:00Z')); // 5:05 in Los Angeles
    expect(await deliveries(user.id, 'dailySummary')).toHaveLength(0);
    await sweep(at('2026-06-17T15:01:00Z')); // 8:01
    expect((await deliveries(user.id, 'dailySummary')).map((d) => d.periodKey)).toEqual(['2026-06-16']);
    await t.smtp.waitForMail(user.email, /^Your VendVote summary for Jun 16$/);
  });

  test("the operator's language writes the mail", async () => {
    const spanish = await summaryOperator({ language: 'es' });
    const german = await summaryOperator({ language: 'de' });
    await sweep(at('2026-06-17T12:05:00Z'));
    const es = await t.smtp.waitForMail(spanish.user.email, /^Tu resumen de VendVote del 16 jun/);
    expectInText(es.text, [
      'Hola, Olivia:',
      'Esto es lo que pasó en tus máquinas el martes, 16 de junio de 2026.',
      'Office Machine: 7 a favor, 2 en contra',
      'Desactivar esta notificación',
    ]);
    expect(es.html).toContain('lang="es"');
    const de = await t.smtp.waitForMail(german.user.email, /^Ihre VendVote-Zusammenfassung für 16\. Juni$/);
    expect(de.text).toContain('Hallo Olivia,');
    expect(de.text).toContain('Office Machine: 7 dafür, 2 dagegen');
  });
});

describe('periodic report', () => {
  test('weekly: the last whole week, its top products, risers and fallers, suggestions approved and issues resolved; once', async () => {
    const {
      user,
      machine,
      products: [tea, gum],
    } = await operatorWithProducts({ periodicReport: true, reportFrequency: 'weekly' }, 'Campus Machine', ['Iced Tea', 'Mint Gum']);
    await insertVotes(t.database.db, [
      // The week before: Monday 1 to Sunday 7 June.
      ...votesAt(tea.id, machine.id, at('2026-06-02T15:00:00Z'), 1),
      ...votesAt(gum.id, machine.id, at('2026-06-02T15:00:00Z'), 6),
      // The reported week: Monday 8 to Sunday 14 June.
      ...votesAt(tea.id, machine.id, at('2026-06-09T15:00:00Z'), 5),
      ...votesAt(gum.id, machine.id, at('2026-06-10T15:00:00Z'), 3),
    ]);
    await createSuggestion(t.database.db, user.id, { name: 'Oat Cookies', brand: 'Crumbs', status: 'approved', createdAt: at('2026-06-11T15:00:00Z') });
    // The machine's planogram holds the tea, not the gum its customers vote for.
    await t.database.db.insert(planogramSlots).values({ userId: user.id, machineId: machine.id, code: 'A1', productId: tea.id, capacity: 10, par: 8, startedAt: LONG_AGO });
    const issue = await createVendingIssue(t.database.db, user.id, { productName: 'Water', status: 'resolved', createdAt: at('2026-06-09T10:00:00Z') });
    await t.database.db.update(vendingIssues).set({ resolvedAt: at('2026-06-09T16:00:00Z') }).where(eq(vendingIssues.id, issue.id));

    await sweep(at('2026-06-17T12:30:00Z'));
    const mail = await t.smtp.waitForMail(user.email, /^Your weekly VendVote report: Jun 8 – Jun 14$/);
    expectInText(mail.text, [
      'Campus Machine: Iced Tea (5 up-votes), Mint Gum (3 up-votes)',
      'Iced Tea: +4 (5 up-votes, 1 before)',
      'Mint Gum: -3 (3 up-votes, 6 before)',
      '1 suggestion approved',
      'Oat Cookies (Crumbs)',
      '1 issue resolved. Half of them were resolved within 6 hours of being reported',
      'Unmet demand (the last 28 days)',
      // 9 up-votes in 4 weeks, at the assumed 1 unit per up-vote.
      'Mint Gum at Campus Machine: 9 up-votes, would sell about 2.3 a week',
      '1 product customers asked for is not in the planogram of the machine they asked at.',
    ]);

    await sweep(at('2026-06-19T12:30:00Z'));
    expect((await deliveries(user.id, 'report')).map((d) => d.periodKey)).toEqual(['2026-06-08']);
    // The next week's report comes after that week ends.
    await sweep(at('2026-06-22T12:30:00Z'));
    expect((await deliveries(user.id, 'report')).map((d) => d.periodKey).sort()).toEqual(['2026-06-08', '2026-06-15']);
  });

  test('monthly and quarterly cover whole months and quarters; an account newer than the period gets none', async () => {
    const monthly = await operator({ periodicReport: true, reportFrequency: 'monthly' });
    const quarterly = await operator({ periodicReport: true, reportFrequency: 'quarterly' });
    const newcomer = await operator({ periodicReport: true, reportFrequency: 'monthly', createdAt: at('2026-06-03T12:00:00Z') });
    for (const who of [monthly, quarterly, newcomer]) await oldMachine(who.user.id, 'Any Machine');
    await sweep(at('2026-06-17T12:30:00Z'));
    await t.smtp.waitForMail(monthly.user.email, /^Your monthly VendVote report: May 1 – May 31$/);
    await t.smtp.waitForMail(quarterly.user.email, /^Your quarterly VendVote report: Jan 1 – Mar 31$/);
    expect(await deliveries(newcomer.user.id, 'report')).toHaveLength(0);
  });
});

describe('unsubscribe', () => {
  test("the mail client's one-click POST turns that notice off, and nothing else; the page's link can turn it back on", async () => {
    const {
      user,
      machine,
      products: [product],
    } = await operatorWithProducts({ highVoteAlerts: true, dailySummary: true }, 'Unsub Machine', ['Unsub Soda'], LONG_AGO);
    await insertVotes(t.database.db, votesAt(product.id, machine.id, at('2026-06-17T13:00:00Z'), 12));
    await sweep(at('2026-06-17T14:00:00Z'));
    const mail = await t.smtp.waitForMail(user.email, /Unsub Soda is getting far more votes/);

    // Exactly the address in the header, as a mail client posts to it.
    const oneClick = new URL(mail.headers['list-unsubscribe']!.slice(1, -1));
    const response = await t.app.inject({
      method: 'POST',
      url: `${oneClick.pathname}${oneClick.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.com' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ notice: 'highVotes', subscribed: false, message: 'High votes alerts will no longer be emailed to you.' });
    expect(await userRow(user.id)).toMatchObject({ highVoteAlerts: false, dailySummary: true, emailNotifications: true });

    // No more high-votes mail the next day.
    await insertVotes(t.database.db, votesAt(product.id, machine.id, at('2026-06-18T13:00:00Z'), 20));
    await sweep(at('2026-06-18T14:00:00Z'));
    expect(await deliveries(user.id, 'highVotes')).toHaveLength(1);

    // The footer's link leads to the page, which uses the same token to turn it back on.
    const pageToken = new URL(linkFrom(mail, '/unsubscribe')).searchParams.get('token')!;
    const back = await postWithToken('/api/notifications/resubscribe', pageToken);
    expect(back.json()).toMatchObject({ notice: 'highVotes', subscribed: true });
    expect((await userRow(user.id)).highVoteAlerts).toBe(true);
  });

  test('a forged, altered or foreign token changes nothing', async () => {
    const { user } = await operator({ dailySummary: true });
    const good = unsubscribeToken(TEST_UNSUBSCRIBE_KEY, user.id, 'dailySummary');
    const other = await operator({ dailySummary: true });
    const tries = [
      unsubscribeToken('some-other-key', user.id, 'dailySummary'),
      good.replace(/^\d+/, String(other.user.id)),
      good.replace('dailySummary', 'highVotes'),
      `${good}x`,
      'nonsense',
    ];
    for (const token of tries) {
      const response = await postWithToken('/api/notifications/unsubscribe', token);
      expect(response.statusCode, token).toBe(404);
    }
    const rows = await t.database.db.select({ id: users.id, on: users.dailySummary }).from(users);
    expect(rows.filter((row) => row.id === user.id || row.id === other.user.id).every((row) => row.on)).toBe(true);
  });
});

describe('the sweep as a job', () => {
  test('runs from the queue at the instant it is given and sends through SMTP', async () => {
    const { user } = await operator({ dailySummary: true });
    await oldMachine(user.id, 'Queued Machine');
    await enqueue(t.database.db, 'notifications.sweep', { at: '2026-06-17T12:10:00Z' });
    const mail = await t.smtp.waitForMail(user.email, /^Your VendVote summary for Jun 16$/, 10_000);
    expect(mail.text).toContain('No votes were cast at your machines that day.');
    expect(mail.text).toContain('Turn this notification off');
  });
});
