import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMachine, createProduct, insertVotes, type VoteRow } from '../../src/server/db/factories.js';
import { machineSales, planogramSlots, restockRecords, salesImports } from '../../src/server/db/schema.js';
import { computeAnalytics } from '../../src/server/features/inventory-analytics/compute-analytics.js';
import { readSlotStock } from '../../src/server/features/stock/slot-stock.service.js';
import { loadDemandInputs } from '../../src/server/features/demand/demand-inputs.js';
import { demandVsSalesOf } from '../../src/server/features/demand/demand-vs-sales.js';
import { unmetDemandOf } from '../../src/server/features/demand/unmet-demand.js';
import { demandVsSalesApi, UNMET_DEMAND_API } from '../../src/shared/demand.schemas.js';
import type { InventoryAnalytics, Prediction } from '../../src/shared/analytics.schemas.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { DAY_MS, signIn } from './helpers.js';

/**
 * The inventory figures once the machines report sales: forecasts of units sold, units per up-vote
 * measured per product, and stock counted down from each slot's fill by the units sold since. The
 * figures are computed at NOW (16:00 UTC yesterday), with every span a whole day before it.
 */
let t: TestApp;
const today = new Date();
const NOW = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - 1, 16));
const daysBefore = (days: number, minutes = 0) => new Date(NOW.getTime() - days * DAY_MS + minutes * 60_000);
const HISTORY = 42;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * Cola in A1 sells 10 a day on 4 up-votes; chips in B1 sell 3 on 2; candy in C1 sells 4 a day and
 * ran out yesterday; gum, a snack like chips, has 3 up-votes a day and no slot.
 */
async function operatorWithSales() {
  const signedIn = await signIn(t);
  const { db } = t.database;
  const userId = signedIn.user.id;
  const machine = await createMachine(db, userId, { name: 'Depot', serialNumber: `DEPOT-${userId}` });
  const product = (name: string, category: 'Soda' | 'Chips' | 'Sweets', price: string) => createProduct(db, userId, { name, category, price, createdAt: daysBefore(HISTORY + 10) });
  const [cola, chips, gum, candy] = [await product('Cola', 'Soda', '1.50'), await product('Chips', 'Chips', '1.00'), await product('Gum', 'Chips', '0.80'), await product('Candy', 'Sweets', '1.20')];
  await db.insert(planogramSlots).values([
    { userId, machineId: machine.id, code: 'A1', productId: cola.id, capacity: 40, par: 30, startedAt: daysBefore(60) },
    { userId, machineId: machine.id, code: 'B1', productId: chips.id, capacity: 20, par: 15, startedAt: daysBefore(60) },
    { userId, machineId: machine.id, code: 'C1', productId: candy.id, capacity: 12, par: 6, startedAt: daysBefore(60) },
  ]);
  const votes: VoteRow[] = [];
  for (let day = HISTORY; day >= 1; day--) {
    for (const [productId, count] of [[cola.id, 4], [chips.id, 2], [gum.id, 3]] as const) {
      for (let n = 0; n < count; n++) votes.push({ productId, machineId: machine.id, voteType: 'up', voterId: `sales-${userId}-${productId}-${day}-${n}`, createdAt: daysBefore(day, -60 - n) });
    }
  }
  await insertVotes(db, votes);
  const [file] = await db.insert(salesImports).values({ userId, kind: 'dex', contentHash: `history-${userId}`, fileName: 'history.dex', source: 'api', report: {} }).returning();
  const sales = [];
  for (let day = HISTORY; day >= 1; day--) {
    const span = { userId, machineId: machine.id, importId: file!.id, soldFrom: daysBefore(day), soldAt: daysBefore(day - 1) };
    sales.push({ ...span, code: 'A1', productId: cola.id, quantity: 10, value: '15.00' }, { ...span, code: 'B1', productId: chips.id, quantity: 3, value: '3.00' });
    // Filled to 6 two days ago, it sold 4, then the 2 it had left.
    sales.push({ ...span, code: 'C1', productId: candy.id, quantity: day === 1 ? 2 : 4, value: null });
  }
  await db.insert(machineSales).values(sales);
  await db.insert(restockRecords).values([
    { userId, machineId: machine.id, productId: cola.id, slotCode: 'A1', unitsLeft: 5, unitsFilled: 25, restockedAt: daysBefore(2) },
    { userId, machineId: machine.id, productId: chips.id, slotCode: 'B1', unitsLeft: 1, unitsFilled: 14, restockedAt: daysBefore(2) },
    { userId, machineId: machine.id, productId: candy.id, slotCode: 'C1', unitsLeft: 0, unitsFilled: 6, restockedAt: daysBefore(2) },
  ]);
  await computeAnalytics(db, userId, NOW);
  return { ...signedIn, machine, cola, chips, gum, candy };
}

async function inventory(cookie: string): Promise<InventoryAnalytics> {
  const res = await t.app.inject({ method: 'GET', url: '/api/analytics/inventory', headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('inventory figures from reported sales', () => {
  test('forecasts units sold, measures units per up-vote per product, and counts slots down by the units sold since their fill', async () => {
    const { cookie, user, machine, cola, chips, gum } = await operatorWithSales();
    const figures = await inventory(cookie);
    const card = (productId: number): Prediction => figures.predictions.find((prediction) => prediction.productId === productId)!;

    expect(card(cola.id)).toMatchObject({ demandBasis: 'sales', unitsPerVote: 2.5, unitsPerVoteBasis: 'sales', unitsPerVoteMeasured: true, stockBasis: 'sales', slots: 1, recommendedStock: 30 });
    expect(card(cola.id).predictedDemand).toBeCloseTo(70, 0);
    expect(card(cola.id).estimatedStock).toBeCloseTo(10, 5);
    expect(card(cola.id).suggestedOrder).toBe(20);
    expect(card(cola.id).daysOfCover).toBe(0);

    expect(card(chips.id)).toMatchObject({ demandBasis: 'sales', unitsPerVote: 1.5, unitsPerVoteBasis: 'sales', stockBasis: 'sales', recommendedStock: 15 });
    expect(card(chips.id).predictedDemand).toBeCloseTo(21, 0);
    expect(card(chips.id).estimatedStock).toBeCloseTo(9, 5);

    // Gum sells nowhere: its figures stay on up-votes and the operator's assumption, and say so.
    expect(card(gum.id)).toMatchObject({ demandBasis: 'votes', slots: 0, unitsPerVoteBasis: 'assumed', unitsPerVoteMeasured: false });
    expect(card(gum.id).predictedDemand).toBeCloseTo(21, 0);

    // The machine's slots read the same figures.
    const slots = await readSlotStock({ ...t.app.ctx, db: t.database.db }, user.id, machine.id, NOW);
    expect(slots.slots.map((slot) => [slot.code, slot.basis, slot.stock, slot.toPar])).toEqual([
      ['A1', 'sales', 10, 20],
      ['B1', 'sales', 9, 6],
      ['C1', 'sales', 0, 6],
    ]);
  });
});

describe('unmet demand', () => {
  test('a voted product the machine lacks, with what it would sell; a slot sold out, with what it lost; and the swap that pays', async () => {
    const { user, cookie, machine, chips, gum, candy } = await operatorWithSales();
    const inputs = await loadDemandInputs(t.database.db, user.id, undefined, NOW);
    const unmet = unmetDemandOf(inputs);
    // Gum: 3 up-votes a day (27 whole days of them in the window), forecast 21 a week, at the 1.5 units per up-vote its category sells here.
    expect(unmet.missing).toEqual([
      expect.objectContaining({ machineId: machine.id, productId: gum.id, upVotes: 81, suggestions: 0, unitsPerVote: 1.5, unitsPerVoteBasis: 'similar', similarProducts: 1 }),
    ]);
    expect(unmet.missing[0]!.expectedWeeklyUnits).toBeCloseTo(31.5, 0);
    expect(unmet.missing[0]!.similarWeeklyUnits).toBeCloseTo(21, 0);
    // Candy: 6 units at about 4 a day lasted 1.5 days of the 2 since the fill.
    expect(unmet.stockOuts).toEqual([expect.objectContaining({ code: 'C1', productId: candy.id, basis: 'sales' })]);
    expect(unmet.stockOuts[0]!.daysEmpty).toBeGreaterThan(0.2);
    expect(unmet.stockOuts[0]!.daysEmpty).toBeLessThan(0.8);
    expect(unmet.stockOuts[0]!.lostUnits).toBeGreaterThan(0);
    expect(Number(unmet.stockOuts[0]!.lostValue)).toBeCloseTo(unmet.stockOuts[0]!.lostUnits * 1.2, 1);

    const demand = await demandVsSalesOf(t.database.db, await loadDemandInputs(t.database.db, user.id, machine.id, NOW), machine.id);
    const row = (productId: number) => demand.rows.find((candidate) => candidate.productId === productId)!;
    expect(row(gum.id)).toMatchObject({ slots: 0, upVotes: 81, unitsSold: 0, salesShare: 0 });
    expect(row(chips.id)).toMatchObject({ slots: 1, upVotes: 54, unitsSold: 84, unitsPerVote: 1.56 });
    expect(demand.rows[0]!.productId).toBe(gum.id);
    expect(demand.swap).toMatchObject({ out: { productId: chips.id, code: 'B1' }, in: { productId: gum.id } });
    expect(Number(demand.swap!.weeklyEffect)).toBeCloseTo(31.5 * 0.8 - 21 * 1, 0);

    // Over HTTP, the operator's own only.
    expect((await t.app.inject({ method: 'GET', url: UNMET_DEMAND_API, headers: { cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: demandVsSalesApi(machine.id), headers: { cookie } })).statusCode).toBe(200);
    const stranger = await signIn(t);
    expect((await stranger.api.get(demandVsSalesApi(machine.id))).statusCode).toBe(404);
    expect((await stranger.api.get(`${UNMET_DEMAND_API}?machineId=${machine.id}`)).statusCode).toBe(404);
    expect((await stranger.api.get(UNMET_DEMAND_API)).json()).toMatchObject({ missing: [], stockOuts: [] });
  });
});
