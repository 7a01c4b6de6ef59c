import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMachine, createProduct, insertVotes, type VoteRow } from '../../src/server/db/factories.js';
import { machineSales, planogramSlots, restockRecords, salesImports } from '../../src/server/db/schema.js';
import { computeAnalytics } from '../../src/server/features/inventory-analytics/compute-analytics.js';
import { readSlotStock } from '../../src/server/features/stock/slot-stock.service.js';
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

/** Cola in A1 sells 10 a day on 4 up-votes; chips in B1 sell 3 on 2; gum has 3 up-votes a day and no slot. */
async function operatorWithSales() {
  const signedIn = await signIn(t);
  const { db } = t.database;
  const userId = signedIn.user.id;
  const machine = await createMachine(db, userId, { name: 'Depot', serialNumber: `DEPOT-${userId}` });
  const product = (name: string) => createProduct(db, userId, { name, createdAt: daysBefore(HISTORY + 10) });
  const [cola, chips, gum] = [await product('Cola'), await product('Chips'), await product('Gum')];
  await db.insert(planogramSlots).values([
    { userId, machineId: machine.id, code: 'A1', productId: cola.id, capacity: 40, par: 30, startedAt: daysBefore(60) },
    { userId, machineId: machine.id, code: 'B1', productId: chips.id, capacity: 20, par: 15, startedAt: daysBefore(60) },
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
  }
  await db.insert(machineSales).values(sales);
  await db.insert(restockRecords).values([
    { userId, machineId: machine.id, productId: cola.id, slotCode: 'A1', unitsLeft: 5, unitsFilled: 25, restockedAt: daysBefore(2) },
    { userId, machineId: machine.id, productId: chips.id, slotCode: 'B1', unitsLeft: 1, unitsFilled: 14, restockedAt: daysBefore(2) },
  ]);
  await computeAnalytics(db, userId, NOW);
  return { ...signedIn, machine, cola, chips, gum };
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
    ]);
  });
});
