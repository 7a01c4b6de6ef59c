import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMachine, createProduct, createUser } from '../../src/server/db/factories.js';
import { machineSales, machineStockStates, planogramSlots, restockRecords, salesImports, slotStockStates, vendingMachines } from '../../src/server/db/schema.js';
import { slotStocks } from '../../src/server/features/stock/slot-stock.service.js';
import { createTestApp, type TestApp } from '../support/index.js';

/**
 * The stored stock figures (decision 0049): whatever writes a machine's sales, fills or planogram,
 * the next read works them out again; a sale or fill dated after the moment read counts from its
 * time on, a fill leaves the figures a year after it, and an earlier moment reads as of then.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

/** A machine with cola in A1 (par 8), read without the API so each read can be at a moment of the test's choosing. */
async function machineWithCola() {
  const db = t.database.db;
  const { user } = await createUser(db);
  const machine = await createMachine(db, user.id);
  const cola = await createProduct(db, user.id, { name: 'Cola' });
  await db.insert(planogramSlots).values({ userId: user.id, machineId: machine.id, code: 'A1', productId: cola.id, capacity: 10, par: 8, position: 0, startedAt: new Date(Date.now() - 400 * DAY) });
  const [file] = await db.insert(salesImports).values({ userId: user.id, kind: 'dex', contentHash: `state-${machine.id}`, fileName: 'a.dex', source: 'upload', report: {} }).returning();
  const a1 = async (at = new Date()) => (await slotStocks(db, user.id, machine.id, at)).byMachine.get(machine.id)!.slots[0]!;
  const fill = (at: Date, level: number) => db.insert(restockRecords).values({ userId: user.id, machineId: machine.id, productId: cola.id, slotCode: 'A1', unitsLeft: 0, unitsFilled: level, restockedAt: at });
  const sale = (from: Date, at: Date, quantity: number) => ({ userId: user.id, machineId: machine.id, importId: file!.id, code: 'A1', productId: cola.id, quantity, value: '1.00', soldFrom: from, soldAt: at });
  const version = async () => (await db.select({ version: machineStockStates.version }).from(machineStockStates).where(eq(machineStockStates.machineId, machine.id)))[0]?.version ?? 0;
  return { user, machine, cola, a1, fill, sale, version };
}

describe('stored stock figures', () => {
  test('sales and fills written by plain SQL show at the next read; each statement counts one change however many rows', async () => {
    const db = t.database.db;
    const { machine, a1, fill, sale, version } = await machineWithCola();
    const now = Date.now();
    await fill(new Date(now - 2 * DAY), 8);
    expect(await a1()).toMatchObject({ basis: 'votes', lastFill: { level: 8 } });

    const before = await version();
    await db.insert(machineSales).values([sale(new Date(now - 2 * DAY + HOUR), new Date(now - DAY), 2), sale(new Date(now - DAY), new Date(now - HOUR), 1)]);
    expect(await version()).toBe(before + 1);
    expect(await a1()).toMatchObject({ basis: 'sales', stock: 5, goneSinceFill: 3 });

    await db.execute(sql`delete from machine_sales where machine_id = ${machine.id} and quantity = 1`);
    expect(await a1()).toMatchObject({ basis: 'sales', stock: 6 });
    await db.execute(sql`update restock_records set units_filled = 10 where machine_id = ${machine.id}`);
    expect(await a1()).toMatchObject({ basis: 'sales', stock: 8, lastFill: { level: 10 } });
  });

  test('a sale dated after the moment read counts from its time on', async () => {
    const { a1, fill, sale } = await machineWithCola();
    const now = new Date();
    await fill(new Date(now.getTime() - 2 * DAY), 8);
    await t.database.db.insert(machineSales).values(sale(new Date(now.getTime() - DAY), new Date(now.getTime() + HOUR), 3));
    expect(await a1(now)).toMatchObject({ basis: 'votes', stock: 8 });
    expect(await a1(new Date(now.getTime() + 2 * HOUR))).toMatchObject({ basis: 'sales', stock: 5 });
  });

  test('a fill leaves the figures a year after it, and an earlier moment reads as of then', async () => {
    const { a1, fill } = await machineWithCola();
    const now = new Date();
    await fill(new Date(now.getTime() - 300 * DAY), 8);
    expect(await a1(now)).toMatchObject({ basis: 'votes', lastFill: { level: 8 } });
    expect(await a1(new Date(now.getTime() + 70 * DAY))).toMatchObject({ basis: 'assumed-fill', lastFill: null });

    await fill(new Date(now.getTime() - HOUR), 9);
    expect(await a1(now)).toMatchObject({ lastFill: { level: 9 } });
    expect(await a1(new Date(now.getTime() - DAY))).toMatchObject({ lastFill: { level: 8 } });
    expect(await a1(now)).toMatchObject({ lastFill: { level: 9 } });
  });

  test('a machine with sales, fills and stored figures is deleted with them', async () => {
    const db = t.database.db;
    const { machine, a1, fill, sale } = await machineWithCola();
    await fill(new Date(Date.now() - DAY), 8);
    await db.insert(machineSales).values(sale(new Date(Date.now() - DAY), new Date(Date.now() - HOUR), 1));
    await a1();
    expect(await db.select().from(slotStockStates).where(eq(slotStockStates.machineId, machine.id))).toHaveLength(1);
    await db.delete(vendingMachines).where(eq(vendingMachines.id, machine.id));
    expect(await db.select().from(machineStockStates).where(eq(machineStockStates.machineId, machine.id))).toEqual([]);
    expect(await db.select().from(slotStockStates).where(eq(slotStockStates.machineId, machine.id))).toEqual([]);
  });
});
