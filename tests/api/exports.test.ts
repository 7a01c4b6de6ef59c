import { brotliDecompressSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EXPORT_DATASETS, ExportMessages, exportUrl } from '../../src/shared/exports.schemas.js';
import { createMachine, createProduct, insertVotes, recountVotes } from '../../src/server/db/factories.js';
import { createSuggestion, createVendingIssue } from '../../src/server/db/feedback-factories.js';
import { magnetOrders, users, votes } from '../../src/server/db/schema.js';
import { EXPORT_BATCH_ROWS, exportFileName } from '../../src/server/features/exports/exports.service.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { api, expectJsonError, signIn } from './helpers.js';

/**
 * The CSV exports: each file's columns and rows, the machine and period filters (days on the
 * operator's calendar, America/New_York here), tenancy, refusals, the formula guard, and a file
 * of several batches coming out whole and in order, compressed as a browser would take it.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof signIn>>;
let other: Awaited<ReturnType<typeof signIn>>;
const ids = { lobby: 0, gym: 0, foreignMachine: 0, chips: 0, formula: 0, foreignProduct: 0 };

const at = (iso: string) => new Date(iso);

/** The body as rows of cells, after the byte order mark; the header is the first row. */
function csvRows(res: LightMyRequestResponse): string[][] {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.body.startsWith('\uFEFF')).toBe(true);
  const parsed = Papa.parse<string[]>(res.body.slice(1), { newline: '\r\n', skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

const column = (rows: string[][], header: string) => {
  const index = rows[0]!.indexOf(header);
  expect(index, `no column ${header}`).toBeGreaterThanOrEqual(0);
  return rows.slice(1).map((row) => row[index]);
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t);
  other = await signIn(t);
  const db = t.database.db;
  const lobby = await createMachine(db, owner.user.id, { name: 'Front Lobby' });
  const gym = await createMachine(db, owner.user.id, { name: 'Gym' });
  const foreign = await createMachine(db, other.user.id, { name: 'Foreign machine' });
  const chips = await createProduct(db, owner.user.id, { name: 'Sea Salt Chips', brand: 'Crunch', category: 'Chips', price: '1.50', createdAt: at('2025-01-02T10:00:00Z') });
  const formula = await createProduct(db, owner.user.id, { name: '=HYPERLINK("http://evil.test","Click")', brand: '@brand', category: 'Soda', price: '2.25' });
  const foreignProduct = await createProduct(db, other.user.id, { name: 'Foreign snack' });
  Object.assign(ids, { lobby: lobby.id, gym: gym.id, foreignMachine: foreign.id, chips: chips.id, formula: formula.id, foreignProduct: foreignProduct.id });

  await insertVotes(db, [
    // 2025-03-01 01:00 UTC is still February 28 in New York: outside a period starting March 1.
    { productId: chips.id, machineId: lobby.id, voteType: 'up', voterId: 'voter-feb', createdAt: at('2025-03-01T01:00:00Z') },
    { productId: chips.id, machineId: lobby.id, voteType: 'up', voterId: 'voter-a', createdAt: at('2025-03-01T06:00:00Z'), deviceClass: 'phone' },
    { productId: chips.id, machineId: gym.id, voteType: 'up', voterId: 'voter-b', createdAt: at('2025-03-15T12:00:00Z') },
    { productId: formula.id, machineId: lobby.id, voteType: 'up', voterId: 'voter-a', createdAt: at('2025-03-20T12:00:00Z') },
    { productId: formula.id, machineId: lobby.id, voteType: 'down', voterId: 'voter-c', createdAt: at('2025-03-21T12:00:00Z') },
    // 2025-04-01 03:00 UTC is March 31 in New York: inside a period ending March 31.
    { productId: chips.id, machineId: gym.id, voteType: 'down', voterId: 'voter-late', createdAt: at('2025-04-01T03:00:00Z') },
    { productId: foreignProduct.id, machineId: foreign.id, voteType: 'up', voterId: 'voter-foreign', createdAt: at('2025-03-10T12:00:00Z') },
  ]);
  // A vote from before a reset, with the hashed address the vote path stores: the hash never leaves.
  await db.insert(votes).values({
    productId: chips.id,
    machineId: lobby.id,
    voteType: 'up',
    voterId: 'voter-archived',
    voterIpHash: 'ip-hash-never-exported',
    createdAt: at('2025-02-10T12:00:00Z'),
    archivedAt: at('2025-02-20T12:00:00Z'),
  });
  await recountVotes(db);

  await createSuggestion(db, owner.user.id, { machineId: lobby.id, name: 'Trail Mix', brand: 'Nutty', category: 'Nuts', suggestedBy: '@admin', createdAt: at('2025-03-05T15:00:00Z') });
  await createSuggestion(db, owner.user.id, { machineId: gym.id, name: 'Protein Bar', status: 'approved', createdAt: at('2025-03-06T15:00:00Z') });
  await createSuggestion(db, other.user.id, { machineId: foreign.id, name: 'Foreign idea', createdAt: at('2025-03-05T15:00:00Z') });

  await createVendingIssue(db, owner.user.id, {
    machineId: lobby.id,
    customerName: 'Casey',
    customerEmail: 'casey@example.test',
    productName: 'Sea Salt Chips',
    issueDescription: '+1 stuck\non the coil, "again"',
    createdAt: at('2025-03-07T15:00:00Z'),
  });
  await createVendingIssue(db, owner.user.id, { machineId: gym.id, productName: 'Water', status: 'resolved', createdAt: at('2025-03-08T15:00:00Z') });
  await createVendingIssue(db, other.user.id, { machineId: foreign.id, productName: 'Foreign issue', createdAt: at('2025-03-07T15:00:00Z') });

  const order = (userId: number, machine: { id: number; name: string }, qrToken: string, createdAt: Date) => ({
    userId,
    machineId: machine.id,
    machineName: machine.name,
    voteUrl: `http://vendvote.test/vote/${machine.id}`,
    qrToken,
    variantId: 1,
    magnetSize: '3" x 3"',
    quantity: 10,
    unitPriceCents: 599,
    shippingCents: 499,
    totalCents: 6489,
    wholesaleCents: 3990,
    shippingAddress: { fullName: 'Olivia Operator', addressLine1: '1 Main St', addressLine2: null, city: 'Austin', state: 'TX', zipCode: '78701', country: 'US' as const },
    status: 'fulfilled' as const,
    paymentMethod: 'invoice' as const,
    trackingNumber: '1Z999',
    createdAt,
  });
  await db.insert(magnetOrders).values([
    order(owner.user.id, lobby, 'a'.repeat(43), at('2025-03-09T15:00:00Z')),
    order(owner.user.id, gym, 'b'.repeat(43), at('2025-05-09T15:00:00Z')),
    order(other.user.id, foreign, 'c'.repeat(43), at('2025-03-09T15:00:00Z')),
  ]);
});
afterAll(() => t.close());

describe('votes', () => {
  test('one row per vote of the operator, archived ones with their reset, in order, without address hashes', async () => {
    const res = await owner.api.get(exportUrl('votes'));
    const rows = csvRows(res);
    expect(rows[0]).toEqual(['Vote ID', 'Time (UTC)', 'Machine ID', 'Machine', 'Product ID', 'Product', 'Vote', 'Voter ID', 'Device', 'Reset at (UTC)']);
    expect(column(rows, 'Voter ID')).toEqual(['voter-feb', 'voter-a', 'voter-b', 'voter-a', 'voter-c', 'voter-late', 'voter-archived']);
    const voteIds = column(rows, 'Vote ID').map(Number);
    expect(voteIds).toEqual([...voteIds].sort((a, b) => a - b));
    expect(rows[2]).toEqual([expect.any(String), '2025-03-01T06:00:00.000Z', String(ids.lobby), 'Front Lobby', String(ids.chips), 'Sea Salt Chips', 'Up', 'voter-a', 'phone', '']);
    expect(rows.at(-1)!.slice(1)).toEqual(['2025-02-10T12:00:00.000Z', String(ids.lobby), 'Front Lobby', String(ids.chips), 'Sea Salt Chips', 'Up', 'voter-archived', '', '2025-02-20T12:00:00.000Z']);
    expect(res.body).not.toContain('ip-hash-never-exported');
    expect(res.body).not.toContain('Foreign');
    expect(res.headers['content-disposition']).toBe('attachment; filename="votes_all-machines_all-time.csv"');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  test('one machine and a period of days on the operator\'s calendar', async () => {
    const res = await owner.api.get(exportUrl('votes', { machineId: ids.gym, from: '2025-03-01', to: '2025-03-31' }));
    const rows = csvRows(res);
    expect(column(rows, 'Voter ID')).toEqual(['voter-b', 'voter-late']);
    expect(column(rows, 'Machine')).toEqual(['Gym', 'Gym']);
    expect(res.headers['content-disposition']).toBe('attachment; filename="votes_gym_2025-03-01_to_2025-03-31.csv"');

    const lobbyMarch = csvRows(await owner.api.get(exportUrl('votes', { machineId: ids.lobby, from: '2025-03-01', to: '2025-03-31' })));
    expect(column(lobbyMarch, 'Voter ID')).toEqual(['voter-a', 'voter-a', 'voter-c']);
    const untilFeb = await owner.api.get(exportUrl('votes', { to: '2025-02-28' }));
    expect(column(csvRows(untilFeb), 'Voter ID')).toEqual(['voter-feb', 'voter-archived']);
    expect(untilFeb.headers['content-disposition']).toBe('attachment; filename="votes_all-machines_until_2025-02-28.csv"');
    expect(column(csvRows(await owner.api.get(exportUrl('votes', { from: '2025-03-31' }))), 'Voter ID')).toEqual(['voter-late']);
  });

  test('an empty period gives the header alone', async () => {
    const rows = csvRows(await owner.api.get(exportUrl('votes', { from: '2030-01-01', to: '2030-12-31' })));
    expect(rows).toHaveLength(1);
  });
});

describe('products', () => {
  test('the catalogue with current scores and the period\'s votes, prices in the operator\'s currency', async () => {
    const rows = csvRows(await owner.api.get(exportUrl('products', { from: '2025-03-01', to: '2025-03-31' })));
    expect(rows[0]).toEqual(['Product ID', 'Product', 'Brand', 'Category', 'Price (USD)', 'Unit cost (USD)', 'Current score', 'Up votes', 'Down votes', 'Votes cast', 'Added (UTC)']);
    expect(rows.slice(1)).toEqual([
      // Chips: score 2 now (2 at the lobby, 1 − 1 at the gym); up a, up b and down late fall in March.
      [String(ids.chips), 'Sea Salt Chips', 'Crunch', 'Chips', '1.50', '', '2', '2', '1', '3', '2025-01-02T10:00:00.000Z'],
      [String(ids.formula), `'=HYPERLINK("http://evil.test","Click")`, `'@brand`, 'Soda', '2.25', '', '0', '1', '1', '2', expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/)],
    ]);
  });

  test('at one machine: the score there and the votes cast there', async () => {
    const rows = csvRows(await owner.api.get(exportUrl('products', { machineId: ids.gym })));
    expect(rows.slice(1).map((row) => row.slice(6, 10))).toEqual([
      ['0', '1', '1', '2'],
      ['0', '0', '0', '0'],
    ]);
  });

  test('in the currency the operator keeps', async () => {
    await t.database.db.update(users).set({ currency: 'EUR' }).where(eq(users.id, owner.user.id));
    try {
      expect(csvRows(await owner.api.get(exportUrl('products')))[0]!.slice(4, 6)).toEqual(['Price (EUR)', 'Unit cost (EUR)']);
    } finally {
      await t.database.db.update(users).set({ currency: 'USD' }).where(eq(users.id, owner.user.id));
    }
  });
});

describe('suggestions, vending issues and magnet orders', () => {
  test('suggestions with machine names, statuses and guarded text', async () => {
    const rows = csvRows(await owner.api.get(exportUrl('suggestions')));
    expect(rows[0]).toEqual(['Suggestion ID', 'Received (UTC)', 'Machine ID', 'Machine', 'Product', 'Brand', 'Category', 'Suggested by', 'Status', 'Decided (UTC)', 'Product ID']);
    expect(rows.slice(1).map((row) => row.slice(1))).toEqual([
      ['2025-03-05T15:00:00.000Z', String(ids.lobby), 'Front Lobby', 'Trail Mix', 'Nutty', 'Nuts', `'@admin`, 'Pending', '', ''],
      ['2025-03-06T15:00:00.000Z', String(ids.gym), 'Gym', 'Protein Bar', 'Generic', 'Chips', '', 'Approved', '2025-03-06T15:00:00.000Z', ''],
    ]);
    expect(column(csvRows(await owner.api.get(exportUrl('suggestions', { machineId: ids.gym }))), 'Product')).toEqual(['Protein Bar']);
  });

  test('vending issues with the customer\'s details, quoted across lines', async () => {
    const res = await owner.api.get(exportUrl('vending-issues', { from: '2025-03-07', to: '2025-03-07' }));
    const rows = csvRows(res);
    expect(rows[0]).toEqual(['Issue ID', 'Reported (UTC)', 'Machine ID', 'Machine', 'Product', 'Customer name', 'Customer email', 'Description', 'Status', 'Last changed (UTC)', 'Resolved (UTC)', 'Public reply', 'Source']);
    expect(rows.slice(1).map((row) => row.slice(1))).toEqual([
      ['2025-03-07T15:00:00.000Z', String(ids.lobby), 'Front Lobby', 'Sea Salt Chips', 'Casey', 'casey@example.test', `'+1 stuck\non the coil, "again"`, 'New', '2025-03-07T15:00:00.000Z', '', '', 'direct'],
    ]);
    expect(res.body).toContain(`"'+1 stuck\non the coil, ""again"""`);
    expect(column(csvRows(await owner.api.get(exportUrl('vending-issues'))), 'Status')).toEqual(['New', 'Resolved']);
  });

  test('magnet orders in dollars from cents', async () => {
    const rows = csvRows(await owner.api.get(exportUrl('magnet-orders', { to: '2025-04-30' })));
    expect(rows[0]).toContain('Total (USD)');
    expect(rows).toHaveLength(2);
    const [order] = rows.slice(1);
    const cell = (header: string) => order![rows[0]!.indexOf(header)];
    expect([cell('Machine'), cell('Magnet size'), cell('Quantity'), cell('Unit price (USD)'), cell('Shipping (USD)'), cell('Total (USD)')]).toEqual([
      'Front Lobby',
      '3" x 3"',
      '10',
      '5.99',
      '4.99',
      '64.89',
    ]);
    expect([cell('Status'), cell('Payment'), cell('Tracking number'), cell('Ship to'), cell('City'), cell('Address line 2')]).toEqual([
      'Shipped',
      'Added to the subscription invoice',
      '1Z999',
      'Olivia Operator',
      'Austin',
      '',
    ]);
    expect(column(csvRows(await owner.api.get(exportUrl('magnet-orders', { machineId: ids.gym }))), 'Machine')).toEqual(['Gym']);
  });
});

describe('tenancy and refusals', () => {
  test('another operator exports only their own rows', async () => {
    for (const dataset of EXPORT_DATASETS) {
      const res = await other.api.get(exportUrl(dataset));
      const rows = csvRows(res);
      expect(rows.length, dataset).toBe(2);
      expect(res.body, dataset).not.toMatch(/Front Lobby|Sea Salt|Trail Mix|casey@|voter-a/);
    }
  });

  test("another operator's machine answers 404, exactly like a missing one", async () => {
    for (const dataset of EXPORT_DATASETS) {
      const foreign = await owner.api.get(exportUrl(dataset, { machineId: ids.foreignMachine }));
      const missing = await owner.api.get(exportUrl(dataset, { machineId: 999_999 }));
      expectJsonError(foreign, 404, 'Machine not found');
      expect(foreign.json()).toEqual(missing.json());
    }
  });

  test.each([
    ['from=2025-3-1', 'from', ExportMessages.dateFormat('start')],
    ['to=yesterday', 'to', ExportMessages.dateFormat('end')],
    ['from=2025-02-30', 'from', ExportMessages.notACalendarDay('start', '2025-02-30')],
    ['from=2025-04-01&to=2025-03-31', 'to', ExportMessages.fromAfterTo],
    ['from=1999-12-31', 'from', ExportMessages.outOfRange('start')],
    ['to=2100-01-01', 'to', ExportMessages.outOfRange('end')],
    ['machineId=abc', 'machineId', 'Machine id must be a whole number'],
  ])('?%s answers 400 naming %s', async (query, field, message) => {
    const body = expectJsonError(await owner.api.get(`/api/exports/votes.csv?${query}`), 400, message);
    expect(body.errors).toEqual({ [field]: message });
  });

  test('empty parameters mean no filter', async () => {
    expect(csvRows(await owner.api.get('/api/exports/suggestions.csv?machineId=&from=&to='))).toHaveLength(3);
  });

  test('signed out answers 401; an unknown dataset 404', async () => {
    for (const dataset of EXPORT_DATASETS) expect((await api(t).get(exportUrl(dataset))).json()).toEqual({ message: 'Unauthorized' });
    expect((await owner.api.get('/api/exports/passwords.csv')).statusCode).toBe(404);
  });
});

describe('a large export', () => {
  test(`${4 * EXPORT_BATCH_ROWS} votes come out whole and in order, compressed when the browser asks`, async () => {
    const busy = await signIn(t);
    const { user } = busy;
    const db = t.database.db;
    const machine = await createMachine(db, user.id, { name: 'Busy' });
    const product = await createProduct(db, user.id, { name: 'Popular' });
    const count = 4 * EXPORT_BATCH_ROWS;
    await db.execute(sql`
      insert into votes (product_id, machine_id, vote_type, voter_id, created_at)
      select ${product.id}, ${machine.id}, case when i % 3 = 0 then 'down' else 'up' end, 'bulk-' || i, timestamptz '2025-06-01T00:00:00Z' + i * interval '1 second'
      from generate_series(1, ${count}) as i`);
    const res = await busy.api.get(exportUrl('votes', { machineId: machine.id }), { headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const text = brotliDecompressSync(res.rawPayload).toString('utf8');
    const rows = Papa.parse<string[]>(text.slice(1), { newline: '\r\n', skipEmptyLines: true }).data;
    expect(rows).toHaveLength(count + 1);
    const voters = rows.slice(1).map((row) => row[7]);
    expect(voters[0]).toBe('bulk-1');
    expect(voters.at(-1)).toBe(`bulk-${count}`);
    expect(voters.every((voter, i) => voter === `bulk-${i + 1}`)).toBe(true);
    expect(rows[1]![1]).toBe('2025-06-01T00:00:01.000Z');
  }, 60_000);
});

test('file names say what, where and when, in plain ASCII', () => {
  expect(exportFileName('magnet-orders', { id: 7, name: 'Café Lobby #2' }, '2025-01-01', '2025-01-31')).toBe('magnet-orders_cafe-lobby-2_2025-01-01_to_2025-01-31.csv');
  expect(exportFileName('votes', { id: 7, name: '自販機' })).toBe('votes_machine-7_all-time.csv');
  expect(exportFileName('products', undefined, '2025-01-01')).toBe('products_all-machines_from_2025-01-01.csv');
});
