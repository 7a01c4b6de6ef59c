import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMachine, createProduct } from '../../src/server/db/factories.js';
import { planogramSlots } from '../../src/server/db/schema.js';
import type { CreatedApiToken } from '../../src/shared/api-tokens.schemas.js';
import {
  PLANOGRAM_CSV_MAX_BYTES,
  PlanogramMessages,
  planogramApi,
  type Planogram,
  type PlanogramCsvRefused,
  type PlanogramHistory,
  type SlotInput,
} from '../../src/shared/planograms.schemas.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { api, expectJsonError, signIn } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A signed-in operator with two machines and three products of their own. */
async function operator() {
  const signedIn = await signIn(t);
  const db = t.database.db;
  const machine = await createMachine(db, signedIn.user.id, { name: 'Lobby Snacks #1' });
  const other = await createMachine(db, signedIn.user.id, { name: 'Gym' });
  const chips = await createProduct(db, signedIn.user.id, { name: 'Sea Salt Chips', price: '1.25' });
  const soda = await createProduct(db, signedIn.user.id, { name: 'Lemon Soda', price: '2.00', category: 'Soda' });
  const bar = await createProduct(db, signedIn.user.id, { name: 'Oat Bar', price: '1.75' });
  return { ...signedIn, machine, other, chips, soda, bar };
}
type Operator = Awaited<ReturnType<typeof operator>>;

const slot = (code: string, productId: number | null, extra: Partial<SlotInput> = {}): SlotInput => ({ code, productId, capacity: 10, par: 8, ...extra });
const rowsOf = (machineId: number) => t.database.db.select().from(planogramSlots).where(eq(planogramSlots.machineId, machineId));

async function save(op: Operator, machineId: number, slots: SlotInput[]) {
  const res = await op.api.put(planogramApi(machineId), { slots });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Planogram;
}
async function history(op: Operator, machineId: number) {
  const res = await op.api.get(`${planogramApi(machineId)}/history`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as PlanogramHistory).spells;
}
const csvHeaders = { headers: { 'content-type': 'text/csv; charset=utf-8' } };
const importCsv = (op: Operator, machineId: number, body: string | Buffer) => op.api.post(`${planogramApi(machineId)}/import`, body, csvHeaders);

describe('reading and saving a planogram', () => {
  test('a machine without one answers no slots', async () => {
    const op = await operator();
    const res = await op.api.get(planogramApi(op.machine.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ machineId: op.machine.id, slots: [], updatedAt: null });
  });

  test('saves the grid and reads it back in its order, with names and the price a customer pays', async () => {
    const op = await operator();
    const saved = await save(op, op.machine.id, [slot(' b2 ', op.soda.id, { price: '1.5' }), slot('A1', op.chips.id), slot('C3', null, { capacity: 5, par: 0 })]);
    expect(saved.slots.map(({ since: _since, ...rest }) => rest)).toEqual([
      { code: 'b2', productId: op.soda.id, productName: 'Lemon Soda', capacity: 10, par: 8, price: '1.50', effectivePrice: '1.50' },
      { code: 'A1', productId: op.chips.id, productName: 'Sea Salt Chips', capacity: 10, par: 8, price: null, effectivePrice: '1.25' },
      { code: 'C3', productId: null, productName: null, capacity: 5, par: 0, price: null, effectivePrice: null },
    ]);
    expect(saved.updatedAt).not.toBeNull();
    expect((await op.api.get(planogramApi(op.machine.id))).json()).toEqual(saved);
  });

  test('a new product in a slot ends its spell and starts another; the history keeps both', async () => {
    const op = await operator();
    await save(op, op.machine.id, [slot('A1', op.chips.id), slot('A2', op.bar.id)]);
    const after = await save(op, op.machine.id, [slot('A1', op.soda.id), slot('A2', op.bar.id)]);
    expect(after.slots[0]).toMatchObject({ code: 'A1', productId: op.soda.id });
    const spells = await history(op, op.machine.id);
    expect(spells.map(({ code, productName, to }) => [code, productName, to === null])).toEqual([
      ['A1', 'Sea Salt Chips', false],
      ['A1', 'Lemon Soda', true],
      ['A2', 'Oat Bar', true],
    ]);
    // The old spell ends the instant the new one starts: no sale falls between them.
    expect(spells[0]!.to).toBe(spells[1]!.from);
  });

  test('capacity, par, price, order and the case of a code change in place, without a new spell', async () => {
    const op = await operator();
    const first = await save(op, op.machine.id, [slot('a1', op.chips.id), slot('A2', op.bar.id)]);
    const [rowBefore] = (await rowsOf(op.machine.id)).filter((row) => row.code === 'a1');
    const second = await save(op, op.machine.id, [slot('A2', op.bar.id), slot('A1', op.chips.id, { capacity: 12, par: 12, price: '0.99' })]);
    expect(second.slots.map((s) => [s.code, s.capacity, s.par, s.effectivePrice])).toEqual([['A2', 10, 8, '1.75'], ['A1', 12, 12, '0.99']]);
    expect(second.slots[1]!.since).toBe(first.slots[0]!.since);
    const rows = await rowsOf(op.machine.id);
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.id === rowBefore!.id)).toMatchObject({ code: 'A1', endedAt: null, position: 1 });
    expect(Date.parse(second.updatedAt!)).toBeGreaterThan(Date.parse(first.updatedAt!));
    // The same grid again changes nothing, not even the time of the last change.
    expect((await save(op, op.machine.id, [slot('A2', op.bar.id), slot('A1', op.chips.id, { capacity: 12, par: 12, price: '0.99' })])).updatedAt).toBe(second.updatedAt);
  });

  test('a slot left out is ended, and an emptied slot starts a spell holding nothing', async () => {
    const op = await operator();
    await save(op, op.machine.id, [slot('A1', op.chips.id), slot('B2', op.soda.id)]);
    const after = await save(op, op.machine.id, [slot('A1', null)]);
    expect(after.slots.map((s) => [s.code, s.productId])).toEqual([['A1', null]]);
    const spells = await history(op, op.machine.id);
    expect(spells.map((s) => [s.code, s.productId, s.to === null])).toEqual([['A1', op.chips.id, false], ['A1', null, true], ['B2', op.soda.id, false]]);
  });

  test('two saves at once take turns: each code keeps one current slot', async () => {
    const op = await operator();
    const results = await Promise.all([op.api.put(planogramApi(op.machine.id), { slots: [slot('A1', op.chips.id)] }), op.api.put(planogramApi(op.machine.id), { slots: [slot('a1', op.soda.id)] })]);
    expect(results.map((res) => res.statusCode)).toEqual([200, 200]);
    expect((await rowsOf(op.machine.id)).filter((row) => row.endedAt === null)).toHaveLength(1);
  });
});

describe('refusals', () => {
  test.each([
    ['a code repeated in another case', [slot('A1', null), slot('a1', null)], 'slots.1.code', PlanogramMessages.codeRepeated],
    ['par over capacity', [slot('A1', null, { capacity: 4, par: 5 })], 'slots.0.par', PlanogramMessages.parOverCapacity],
    ['a bad code', [slot('A 1', null)], 'slots.0.code', PlanogramMessages.codeInvalid],
    ['a bad price', [slot('A1', null, { price: '1.999' })], 'slots.0.price', PlanogramMessages.priceInvalid],
  ])('%s: 400 with the message, and nothing written', async (_label, slots, field, message) => {
    const op = await operator();
    const error = expectJsonError(await op.api.put(planogramApi(op.machine.id), { slots }), 400, message);
    expect(error.errors?.[field]).toBe(message);
    expect(await rowsOf(op.machine.id)).toEqual([]);
  });

  test("another operator's product or machine answers 404, and the planogram stays as it was", async () => {
    const op = await operator();
    const stranger = await operator();
    const before = await save(op, op.machine.id, [slot('A1', op.chips.id)]);
    const foreignProduct = expectJsonError(await op.api.put(planogramApi(op.machine.id), { slots: [slot('A1', op.soda.id), slot('A2', stranger.chips.id)] }), 404, 'Product not found');
    expect(foreignProduct.errors).toEqual({ 'slots.1.productId': 'Product not found' });
    expect((await op.api.get(planogramApi(op.machine.id))).json()).toEqual(before);
    expectJsonError(await op.api.put(planogramApi(stranger.machine.id), { slots: [slot('A1', op.chips.id)] }), 404, 'Machine not found');
    expect(await rowsOf(stranger.machine.id)).toEqual([]);
  });
});

describe('copying from another machine', () => {
  test("takes the other machine's slots through the same diff", async () => {
    const op = await operator();
    await save(op, op.other.id, [slot('A1', op.chips.id, { price: '1.10' }), slot('A2', null)]);
    await save(op, op.machine.id, [slot('A1', op.soda.id), slot('Z9', op.bar.id)]);
    const res = await op.api.post(`${planogramApi(op.machine.id)}/copy`, { fromMachineId: op.other.id });
    expect(res.statusCode, res.body).toBe(200);
    const copied = res.json() as Planogram;
    expect(copied.slots.map((s) => [s.code, s.productId, s.price])).toEqual([['A1', op.chips.id, '1.10'], ['A2', null, null]]);
    expect((await history(op, op.machine.id)).filter((s) => s.to !== null).map((s) => s.code)).toEqual(['A1', 'Z9']);
  });

  test('refuses itself, a machine without slots, and a machine not its own', async () => {
    const op = await operator();
    const stranger = await operator();
    await save(op, op.machine.id, [slot('A1', op.chips.id)]);
    await save(stranger, stranger.machine.id, [slot('A1', stranger.chips.id)]);
    const copy = (fromMachineId: number) => op.api.post(`${planogramApi(op.machine.id)}/copy`, { fromMachineId });
    expectJsonError(await copy(op.machine.id), 400, PlanogramMessages.copyFromSelf);
    expectJsonError(await copy(op.other.id), 400, PlanogramMessages.copyFromEmpty);
    expect(expectJsonError(await copy(stranger.machine.id), 404, 'Machine not found').errors).toEqual({ fromMachineId: 'Machine not found' });
    expect((await op.api.get(planogramApi(op.machine.id))).json().slots).toHaveLength(1);
  });
});

describe('the planogram as a CSV file', () => {
  test('exports a guarded CSV that imports back into the same planogram', async () => {
    const op = await operator();
    // Two products answer to 'Cola', and a name a spreadsheet would run as a formula.
    const cola = await createProduct(t.database.db, op.user.id, { name: 'Cola', price: '1.00' });
    await createProduct(t.database.db, op.user.id, { name: 'cola ' });
    const zero = await createProduct(t.database.db, op.user.id, { name: '-Zero Sugar', price: '1.40' });
    const saved = await save(op, op.machine.id, [slot('A1', op.chips.id, { price: '1.10' }), slot('A2', cola.id), slot('B1', zero.id), slot('B2', null, { capacity: 6, par: 2 })]);

    const res = await op.api.get(`${planogramApi(op.machine.id)}/export`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="planogram-lobby-snacks-1.csv"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toBe(`\uFEFFcode,product,capacity,par,price\r\nA1,Sea Salt Chips,10,8,1.10\r\nA2,#${cola.id},10,8,\r\nB1,"'-Zero Sugar",10,8,\r\nB2,,6,2,`);

    const imported = await importCsv(op, op.other.id, res.body);
    expect(imported.statusCode, imported.body).toBe(200);
    const strip = (planogram: Planogram) => planogram.slots.map(({ since: _since, ...rest }) => rest);
    expect(strip(imported.json())).toEqual(strip(saved));
  });

  test('reads semicolons, columns in any order and case, #ids, decimal commas and quoted cells', async () => {
    const op = await operator();
    const text = `PRICE;Code;product;Par;Capacity\n1,25;a1;#${op.soda.id};4;6\n;A2;"oat bar";0;3\n\n;A3;;1;1\n`;
    const res = await importCsv(op, op.machine.id, text);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Planogram).slots.map((s) => [s.code, s.productId, s.capacity, s.par, s.price])).toEqual([
      ['a1', op.soda.id, 6, 4, '1.25'],
      ['A2', op.bar.id, 3, 0, null],
      ['A3', null, 1, 1, null],
    ]);
  });

  test('a file with problems is refused line by line, and nothing changes', async () => {
    const op = await operator();
    const stranger = await operator();
    const before = await save(op, op.machine.id, [slot('Z1', op.chips.id)]);
    const dup = await createProduct(t.database.db, op.user.id, { name: 'Oat bar' });
    const text = [
      'code,product,capacity,par,price',
      'A1,Sea Salt Chips,10,8,',
      'A2,Mystery Snack,ten,8,',
      '',
      'a1,Oat Bar,5,6,abc',
      `A3,#${stranger.chips.id},5,5,`,
      'A4,,0,0,',
    ].join('\n');
    const error = expectJsonError(await importCsv(op, op.machine.id, text), 400, '4 lines of the file could not be taken, so nothing was changed') as PlanogramCsvRefused;
    expect(error.problems).toEqual([
      { line: 3, message: PlanogramMessages.csvProductUnknown('Mystery Snack') },
      { line: 3, message: PlanogramMessages.capacityInvalid },
      { line: 5, message: PlanogramMessages.codeRepeated },
      { line: 5, message: PlanogramMessages.csvProductAmbiguous('Oat Bar') },
      { line: 5, message: PlanogramMessages.priceInvalid },
      { line: 6, message: PlanogramMessages.csvProductUnknown(`#${stranger.chips.id}`) },
      { line: 7, message: PlanogramMessages.capacityTooFew },
    ]);
    expect(error.errors?.['line 3']).toBe(`${PlanogramMessages.csvProductUnknown('Mystery Snack')}; ${PlanogramMessages.capacityInvalid}`);
    expect(dup.id).toBeGreaterThan(0);
    expect((await op.api.get(planogramApi(op.machine.id))).json()).toEqual(before);
  });

  test.each([
    ['an empty file', '', PlanogramMessages.csvEmpty],
    ['a header alone', '\uFEFFcode,product,capacity,par,price\r\n\r\n', PlanogramMessages.csvEmpty],
    ['a wrong header', 'code,product,capacity,price\nA1,,1,', PlanogramMessages.csvHeader],
    ['an unclosed quote', 'code,product,capacity,par,price\nA1,"Chips,1,1,', PlanogramMessages.csvUnreadable],
  ])('%s is a problem on its line', async (_label, text, message) => {
    const op = await operator();
    const error = expectJsonError(await importCsv(op, op.machine.id, text), 400) as PlanogramCsvRefused;
    expect(error.problems?.[0]?.message).toBe(message);
  });

  test('refuses a file too large, not UTF-8, or sent as JSON', async () => {
    const op = await operator();
    const url = `${planogramApi(op.machine.id)}/import`;
    expectJsonError(await importCsv(op, op.machine.id, 'x'.repeat(PLANOGRAM_CSV_MAX_BYTES + 1)), 413, PlanogramMessages.csvTooLarge);
    expectJsonError(await importCsv(op, op.machine.id, Buffer.from('code,product,capacity,par,price\nA1,Caf\xe9,1,1,\n', 'latin1')), 400, PlanogramMessages.csvNotUtf8);
    expectJsonError(await op.api.post(url, { slots: [] }), 415, PlanogramMessages.csvContentType);
    const plain = await op.api.post(url, '\uFEFFcode,product,capacity,par,price\nA1,,1,1,\n', { headers: { 'content-type': 'text/plain' } });
    expect(plain.statusCode, plain.body).toBe(200);
  });
});

describe('who may call', () => {
  test("another operator's machine answers 404 on every route, and nothing changes", async () => {
    const op = await operator();
    const stranger = await operator();
    await save(op, op.machine.id, [slot('A1', op.chips.id)]);
    const base = planogramApi(op.machine.id);
    const calls = [
      stranger.api.get(base),
      stranger.api.put(base, { slots: [] }),
      stranger.api.post(`${base}/copy`, { fromMachineId: stranger.machine.id }),
      stranger.api.get(`${base}/history`),
      stranger.api.get(`${base}/export`),
      stranger.api.post(`${base}/import`, 'code,product,capacity,par,price\nA1,,1,1,', csvHeaders),
    ];
    for (const res of await Promise.all(calls)) expectJsonError(res, 404, 'Machine not found');
    expect((await rowsOf(op.machine.id)).filter((row) => row.endedAt === null)).toHaveLength(1);
  });

  test('a read-only API token reads the planogram but cannot change it', async () => {
    const op = await operator();
    await save(op, op.machine.id, [slot('A1', op.chips.id)]);
    const made = await op.api.post('/api/settings/api-tokens', { name: 'Planogram reader', access: 'read-only' });
    expect(made.statusCode, made.body).toBe(201);
    const asToken = api(t, undefined, { headers: { authorization: `Bearer ${(made.json() as CreatedApiToken).token}` } });
    const base = planogramApi(op.machine.id);
    expect((await asToken.get(base)).statusCode).toBe(200);
    expect((await asToken.get(`${base}/export`)).statusCode).toBe(200);
    expect((await asToken.put(base, { slots: [] })).statusCode).toBe(403);
    expect((await asToken.post(`${base}/import`, 'code,product,capacity,par,price\nA1,,1,1,', csvHeaders)).statusCode).toBe(403);
    expect((await rowsOf(op.machine.id)).filter((row) => row.endedAt === null)).toHaveLength(1);
  });
});
