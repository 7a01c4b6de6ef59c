import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMachine, createProduct, insertVotes } from '../../src/server/db/factories.js';
import { planogramSlots, restockRecords } from '../../src/server/db/schema.js';
import { UNMET_DEMAND_API, type UnmetDemand } from '../../src/shared/demand.schemas.js';
import { SLOT_VISIT_API, slotStockApi, SlotVisitMessages, type MachineSlotStock, type SlotStock } from '../../src/shared/slot-stock.schemas.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { dexBytes, dexFile } from '../support/dex-files.js';
import { DAY_MS, expectJsonError, signIn } from './helpers.js';

/** Visits recorded slot by slot, and each slot's stock: from reported sales, from up-votes, or from an assumed fill. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const ago = (days: number) => new Date(Date.now() - days * DAY_MS);

/** A machine with cola in A1 and A2 (two slots of one product), chips in B1 and an empty B2. */
async function operator() {
  const signedIn = await signIn(t);
  const db = t.database.db;
  const serial = `SLOT-${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
  const machine = await createMachine(db, signedIn.user.id, { serialNumber: serial });
  const cola = await createProduct(db, signedIn.user.id, { name: 'Cola' });
  const chips = await createProduct(db, signedIn.user.id, { name: 'Chips' });
  const slot = (code: string, productId: number | null, position: number) => ({ userId: signedIn.user.id, machineId: machine.id, code, productId, capacity: 10, par: 8, position, startedAt: ago(60) });
  await db.insert(planogramSlots).values([slot('A1', cola.id, 0), slot('A2', cola.id, 1), slot('B1', chips.id, 2), slot('B2', null, 3)]);
  return { ...signedIn, machine, cola, chips, serial };
}

const stockOf = async (call: Awaited<ReturnType<typeof operator>>['api'], machineId: number) => {
  const res = await call.get(slotStockApi(machineId));
  expect(res.statusCode, res.body).toBe(200);
  const body: MachineSlotStock = res.json();
  return { body, slot: (code: string) => body.slots.find((slot) => slot.code === code) as SlotStock };
};

describe('a visit recorded slot by slot', () => {
  test('records each slot with the product it holds; a product in two slots is two lines', async () => {
    const { api: call, machine, cola, chips } = await operator();
    const res = await call.post(SLOT_VISIT_API, { machineId: machine.id, slots: [{ code: 'a1', unitsLeft: 1, unitsFilled: 7 }, { code: 'A2', unitsLeft: 0, unitsFilled: 8 }, { code: 'B1', unitsLeft: 3, unitsFilled: 5 }] });
    expect(res.statusCode, res.body).toBe(201);
    const rows = await t.database.db.select().from(restockRecords).where(eq(restockRecords.machineId, machine.id));
    expect(rows.map((row) => [row.slotCode, row.productId, row.unitsLeft + row.unitsFilled]).sort()).toEqual([
      ['A1', cola.id, 8],
      ['A2', cola.id, 8],
      ['B1', chips.id, 8],
    ]);
    expect(res.json().records[0]).toMatchObject({ slotCode: 'A1', productName: 'Cola' });
  });

  test('a slot not in the planogram, an empty slot, or more than the capacity names its line and writes nothing', async () => {
    const { api: call, machine } = await operator();
    const refused = async (slots: unknown[], field: string, message: string) => {
      const res = await call.post(SLOT_VISIT_API, { machineId: machine.id, slots });
      expectJsonError(res, 400, message);
      expect(res.json().errors).toEqual({ [field]: message });
    };
    await refused([{ code: 'A1', unitsLeft: 1, unitsFilled: 7 }, { code: 'C9', unitsLeft: 0, unitsFilled: 8 }], 'slots.1.code', SlotVisitMessages.notInPlanogram('C9'));
    await refused([{ code: 'B2', unitsLeft: 0, unitsFilled: 8 }], 'slots.0.code', SlotVisitMessages.emptySlot('B2'));
    await refused([{ code: 'A1', unitsLeft: 4, unitsFilled: 7 }], 'slots.0.unitsFilled', SlotVisitMessages.overCapacity('A1', 10));
    expect(await t.database.db.select().from(restockRecords).where(eq(restockRecords.machineId, machine.id))).toEqual([]);
  });

  test('another operator’s machine answers 404, for the visit and the stock', async () => {
    const owner = await operator();
    const other = await signIn(t);
    expectJsonError(await other.api.post(SLOT_VISIT_API, { machineId: owner.machine.id, slots: [{ code: 'A1', unitsLeft: 0, unitsFilled: 1 }] }), 404, 'Machine not found');
    expectJsonError(await other.api.get(slotStockApi(owner.machine.id)), 404, 'Machine not found');
  });
});

describe('stock per slot', () => {
  test('the last fill less the units reported sold since; a span that straddles the fill counts for its part after it', async () => {
    const { api: call, machine, serial } = await operator();
    const send = (vends: [number, number], daysAgo: number) =>
      call.post(`/api/sales/imports?readAt=${encodeURIComponent(ago(daysAgo).toISOString())}`, dexBytes(dexFile({ serial, selections: [{ code: 'A1', vendsSinceInit: vends[0] }, { code: 'B1', vendsSinceInit: vends[1] }] })), { headers: { 'content-type': 'application/octet-stream' } });
    expect((await send([100, 50], 4)).statusCode).toBe(200);
    await t.database.db.insert(restockRecords).values([
      { userId: machine.userId, machineId: machine.id, productId: (await stockOf(call, machine.id)).slot('A1').productId!, slotCode: 'A1', unitsLeft: 2, unitsFilled: 6, restockedAt: ago(3) },
      { userId: machine.userId, machineId: machine.id, productId: (await stockOf(call, machine.id)).slot('B1').productId!, slotCode: 'B1', unitsLeft: 0, unitsFilled: 10, restockedAt: ago(2) },
    ]);
    // A1: filled 3 days ago, between the audits of 4 and 2 days ago (half the span after it), then a whole span.
    expect((await send([104, 56], 2)).statusCode).toBe(200);
    expect((await send([107, 60], 1)).statusCode).toBe(200);
    const { body, slot } = await stockOf(call, machine.id);
    expect(body.salesThrough).not.toBeNull();
    expect(slot('A1')).toMatchObject({ basis: 'sales', lastFill: { level: 8 }, goneSinceFill: 5, stock: 3, toPar: 5 });
    // B1: filled just as the audit of 2 days ago was read; only the last span is after it.
    expect(slot('B1')).toMatchObject({ basis: 'sales', lastFill: { level: 10 }, goneSinceFill: 4, stock: 6, toPar: 2 });
    expect(slot('B2')).toMatchObject({ basis: 'empty-slot', stock: null, toPar: 0 });
  });

  test('a slot the machine reports sold out (PA5) after its fill holds zero, empty since the report, until it sells again', async () => {
    const { api: call, user, machine, serial, cola, chips } = await operator();
    // The machine's clock reads local time where the operator is (the test user's zone).
    const clock = (at: Date) => {
      const part = Object.fromEntries(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: '2-digit', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at).map((p) => [p.type, p.value]));
      return { date: `${part.year}${part.month}${part.day}`, time: `${part.hour}${part.minute}` };
    };
    const send = (vends: [number, number], daysAgo: number, soldOut: { a1?: Date; b1?: Date }) =>
      call.post(`/api/sales/imports?readAt=${encodeURIComponent(ago(daysAgo).toISOString())}`, dexBytes(dexFile({
        serial,
        clock: clock(ago(daysAgo)),
        selections: [
          { code: 'A1', vendsSinceInit: vends[0], ...(soldOut.a1 ? { soldOut: clock(soldOut.a1) } : {}) },
          { code: 'B1', vendsSinceInit: vends[1], ...(soldOut.b1 ? { soldOut: clock(soldOut.b1) } : {}) },
        ],
      })), { headers: { 'content-type': 'application/octet-stream' } });
    expect((await send([100, 50], 5, {})).statusCode).toBe(200);
    await t.database.db.insert(restockRecords).values([
      { userId: user.id, machineId: machine.id, productId: cola.id, slotCode: 'A1', unitsLeft: 0, unitsFilled: 10, restockedAt: ago(4) },
      { userId: user.id, machineId: machine.id, productId: chips.id, slotCode: 'B1', unitsLeft: 0, unitsFilled: 10, restockedAt: ago(4) },
    ]);
    // Three quarters of the span from 5 days ago to 1 is after the fills: A1 sold 2.25 of its 10 by that count,
    // yet the machine says it sold out 2 days ago; B1's sold-out is from before its fill.
    const soldOutAt = new Date(Math.floor(ago(2).getTime() / 60_000) * 60_000);
    const imported = await send([103, 52], 1, { a1: soldOutAt, b1: ago(4.5) });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().lines).toContainEqual(expect.objectContaining({ outcome: 'note', message: expect.stringMatching(/^A1: last sold out \d{4}-\d{2}-\d{2} at \d{2}:\d{2} by the machine’s clock\.$/) }));
    const { slot } = await stockOf(call, machine.id);
    expect(slot('A1')).toMatchObject({ basis: 'sales', stock: 0, toPar: 8, soldOutAt: soldOutAt.toISOString() });
    expect(slot('B1')).toMatchObject({ basis: 'sales', stock: 8.5, soldOutAt: null });

    const unmet = await call.get(UNMET_DEMAND_API);
    expect(unmet.statusCode, unmet.body).toBe(200);
    const outs = (unmet.json() as UnmetDemand).stockOuts.filter((out) => out.machineId === machine.id);
    expect(outs).toHaveLength(1);
    expect(outs[0]).toMatchObject({ code: 'A1', reportedAt: soldOutAt.toISOString() });
    expect(outs[0]!.daysEmpty).toBeCloseTo(2, 0);

    // A later audit that sells from A1 again means a fill nobody recorded: the report no longer stands.
    expect((await send([105, 52], 0.5, { a1: soldOutAt })).statusCode).toBe(200);
    expect((await stockOf(call, machine.id)).slot('A1')).toMatchObject({ soldOutAt: null });
  });

  test('without sales reported since the fill, the up-votes since stand in, shared among the product’s slots; without a fill, a fill to par is assumed', async () => {
    const { api: call, user, machine, cola, chips } = await operator();
    await t.database.db.insert(restockRecords).values([
      { userId: user.id, machineId: machine.id, productId: cola.id, slotCode: 'A1', unitsLeft: 0, unitsFilled: 9, restockedAt: ago(2) },
      { userId: user.id, machineId: machine.id, productId: cola.id, slotCode: 'A2', unitsLeft: 0, unitsFilled: 9, restockedAt: ago(2) },
    ]);
    const vote = (productId: number, daysAgo: number, index: number) => ({ productId, machineId: machine.id, voteType: 'up' as const, voterId: `voter-${machine.id}-${productId}-${index}`, createdAt: ago(daysAgo) });
    await insertVotes(t.database.db, [vote(cola.id, 1, 1), vote(cola.id, 1, 2), vote(cola.id, 1, 3), vote(cola.id, 1, 4), vote(cola.id, 3, 5), vote(chips.id, 0.01, 6)]);
    const { body, slot } = await stockOf(call, machine.id);
    expect(body.salesThrough).toBeNull();
    expect(body.assumedUnitsPerVote).toBe(1);
    // Four up-votes since the fill, two for each of cola's slots; the one before the fill does not count.
    expect(slot('A1')).toMatchObject({ basis: 'votes', lastFill: { level: 9 }, goneSinceFill: 2, stock: 7, toPar: 1 });
    expect(slot('A2')).toMatchObject({ basis: 'votes', goneSinceFill: 2, stock: 7 });
    expect(slot('B1')).toMatchObject({ basis: 'assumed-fill', lastFill: null, goneSinceFill: 1, stock: 7, toPar: 1 });
  });
});
