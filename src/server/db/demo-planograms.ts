import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database } from './client.js';
import { DEMO_MACHINES, DEMO_PRODUCTS } from './demo-catalog.js';
import { DEMO_HISTORY_DAYS } from './demo-history.js';
import { lastVisitBefore } from './demo-restocks.js';
import { planogramSlots, products, users, vendingMachines, votes } from './schema.js';
import { seededRandom } from './vote-history.js';

/**
 * The demo machines' planograms. Each product gets as many spirals as a week of its sales needs
 * (space to sales, as operators plan), each holding what its size allows; a few choices are left
 * as an operator leaves them, so the sales screens have something true to find: a much-wanted
 * product that is not in the machine (the lobby sells the beef stick but not the jerky customers
 * vote for, the break room one energy drink of the two), slow sellers still in their spirals
 * (iced tea, the wrap, the cheeses), and a slot whose product changed three weeks ago.
 */

/** Units a spiral holds, by the size of what it carries. */
const CAPACITY = { chips: 15, bag: 18, bar: 20, can: 18, tallCan: 14, bottle: 15, food: 8 } as const;
type SlotSize = keyof typeof CAPACITY;
/**
 * A product's weeks differ by a third and more, so its spirals hold 40 % more than its usual week,
 * and each is filled to twice its share of that week (up to what it holds, and at least half
 * full): most weeks end with stock to spare, a busy one now and then sells a product out.
 */
const FACINGS_MARGIN = 1.4;
const PAR_MARGIN = 2;
const TIGHT_SHARE = 0.4;

export interface DemoPlanogram {
  /** ID102 of the machine's DEX files. */
  model: string;
  /**
   * How its audits reach VendVote: a telemetry device sends one every night, or the driver's
   * handheld reads the machine at each visit and is uploaded at the end of the route.
   */
  reads: 'telemetry' | 'handheld';
  /** Selections per tray (row). */
  width: number;
  /** Products by the size of their spirals, in the order they fill the machine from the top. */
  trays: { size: SlotSize; products: string[] }[];
  /** The product whose last spiral held `formerly` until the visit about three weeks ago. */
  swap?: { product: string; formerly: string };
  /**
   * A best seller left with one spiral, filled to two fifths of its week (its par dates from when
   * it sold less): it sells out midweek, so the stock screens have a slot out before the next
   * visit, and the sales screens a reason to give it more room.
   */
  tight?: string;
}

/** The plans of DEMO_MACHINES, in their order; other machines have none. */
const DEMO_PLANOGRAMS: DemoPlanogram[] = [
  {
    // 'Snacks & Beverages': a glass front with a chilled lower section for drinks, no fresh food.
    model: 'GF-5000',
    reads: 'telemetry',
    width: 10,
    trays: [
      { size: 'chips', products: ['Classic Potato Chips', 'Nacho Cheese Tortilla Chips', 'Sea Salt Kettle Chips'] },
      { size: 'bag', products: ['Roasted Salted Almonds', 'Honey Roasted Peanuts', 'Trail Mix', 'Sour Gummy Worms', 'Teriyaki Beef Stick'] },
      { size: 'bar', products: ['Chocolate Peanut Bar', 'Peanut Butter Cups'] },
      { size: 'can', products: ['Energy Drink 8.4 oz', 'Zero Sugar Energy', 'Cold Brew Coffee'] },
      { size: 'tallCan', products: ['Green Tea with Honey'] },
      { size: 'bottle', products: ['Cola 20 oz', 'Lemon-Lime Soda 20 oz', 'Mocha Frappuccino', 'Unsweetened Iced Tea'] },
    ],
    swap: { product: 'Green Tea with Honey', formerly: 'Sparkling Water' },
    tight: 'Chocolate Peanut Bar',
  },
  {
    // A combo: snacks above, a chilled section with drinks and fresh food below; one energy drink only.
    model: 'CB-3900',
    reads: 'handheld',
    width: 8,
    trays: [
      { size: 'chips', products: ['Classic Potato Chips', 'Nacho Cheese Tortilla Chips', 'Sea Salt Kettle Chips', 'Trail Mix'] },
      { size: 'bag', products: ['Original Beef Jerky', 'Roasted Salted Almonds', 'Honey Roasted Peanuts', 'Sour Gummy Worms', 'Teriyaki Beef Stick'] },
      { size: 'bar', products: ['Chocolate Peanut Bar', 'Peanut Butter Cups'] },
      { size: 'food', products: ['Turkey & Swiss Sandwich', 'Chicken Caesar Wrap', 'String Cheese', 'Original Mini Cheese'] },
      { size: 'can', products: ['Energy Drink 8.4 oz', 'Cold Brew Coffee', 'Sparkling Water', 'Green Tea with Honey'] },
      { size: 'bottle', products: ['Cola 20 oz', 'Lemon-Lime Soda 20 oz', 'Mocha Frappuccino', 'Unsweetened Iced Tea'] },
    ],
  },
];

/**
 * The operator's demo machines with their plans, known by their serial numbers: a machine whose
 * serial was changed no longer sends the demo's audits, as its telemetry would no longer match.
 */
export async function demoMachinesOf(db: Database, ownerId: number) {
  const machines = await db
    .select({ id: vendingMachines.id, serial: vendingMachines.serialNumber })
    .from(vendingMachines)
    .where(eq(vendingMachines.userId, ownerId))
    .orderBy(asc(vendingMachines.id));
  return DEMO_PLANOGRAMS.flatMap((plan, index) => {
    const machine = machines.find((candidate) => candidate.serial === DEMO_MACHINES[index]?.serialNumber);
    return machine ? [{ plan, machine }] : [];
  });
}

/**
 * Units sold per up-vote, by product: seeded, so the same every time, between 1.5 and 4. Much-voted
 * products lean low (many of their voters buy now and then), rarely voted ones high (their few
 * voters are regulars), so 'units per up-vote' differs by product as it would.
 */
const RATIOS = (() => {
  const random = seededRandom(3030);
  return new Map(DEMO_PRODUCTS.map((product) => [product.name, 1.5 + 2.5 * (0.55 * random() + (0.45 * (10 - product.demand)) / 8)]));
})();
export const unitsPerUpVote = (productName: string) => RATIOS.get(productName) ?? 2.5;

export const priceCents = (price: string) => Math.round(Number(price) * 100);

/**
 * Creates the planograms of the operator's first machines, each slot started a fortnight before the
 * demo's history so every sale is told with its slot's product. Weekly units come from the last
 * four weeks of up-votes at the machine, at each product's units per up-vote.
 */
export async function createDemoPlanograms(db: Database, ownerId: number, now: Date) {
  const [owner] = await db.select({ timeZone: users.timeZone, fillDay: users.restockWeekday }).from(users).where(eq(users.id, ownerId));
  const catalogue = await db.select({ id: products.id, name: products.name, price: products.price }).from(products).where(eq(products.userId, ownerId));
  const byName = new Map(catalogue.map((product) => [product.name, product]));
  const planned = new Date(now.getTime() - (DEMO_HISTORY_DAYS + 14) * 86_400_000);
  const swappedAt = lastVisitBefore(new Date(now.getTime() - 18 * 86_400_000), owner!.timeZone, owner!.fillDay);

  for (const { plan, machine } of await demoMachinesOf(db, ownerId)) {
    const weekly = await weeklyUpVotes(db, machine.id, now);
    const rows: (typeof planogramSlots.$inferInsert)[] = [];
    const slot = (code: string, position: number, name: string, size: SlotSize, facings: number, from: Date, to: Date | null) => {
      const product = byName.get(name);
      if (!product) return;
      const capacity = CAPACITY[size];
      const perFacing = ((weekly.get(product.id) ?? 0) * unitsPerUpVote(name)) / facings;
      const par = Math.min(capacity, name === plan.tight ? Math.max(2, Math.round(perFacing * TIGHT_SHARE)) : Math.max(Math.ceil(capacity / 2), Math.ceil(perFacing * PAR_MARGIN)));
      rows.push({ userId: ownerId, machineId: machine.id, code, productId: product.id, capacity, par, price: product.price, position, startedAt: from, endedAt: to });
    };
    const spirals = plan.trays.flatMap((tray) =>
      tray.products.flatMap((name) => {
        const product = byName.get(name);
        const units = product ? (weekly.get(product.id) ?? 0) * unitsPerUpVote(name) : 0;
        const facings = name === plan.tight ? 1 : Math.max(1, Math.ceil((units * FACINGS_MARGIN) / CAPACITY[tray.size]));
        return Array.from({ length: facings }, (_, facing) => ({ name, size: tray.size, facings, last: facing === facings - 1 }));
      }),
    );
    // Spirals fill the trays from the top left, row by row, as the machine numbers its selections.
    spirals.forEach((spiral, index) => {
      const row = Math.floor(index / plan.width);
      const column = index % plan.width;
      const code = `${String.fromCharCode(65 + row)}${column + 1}`;
      const position = row * 10 + column;
      if (plan.swap?.product === spiral.name && spiral.last) {
        slot(code, position, plan.swap.formerly, spiral.size, 1, planned, swappedAt);
        slot(code, position, spiral.name, spiral.size, spiral.facings, swappedAt, null);
      } else slot(code, position, spiral.name, spiral.size, spiral.facings, planned, null);
    });
    if (rows.length > 0) await db.insert(planogramSlots).values(rows);
  }
}

/** Up-votes a week at the machine over the last four weeks, by product. */
async function weeklyUpVotes(db: Database, machineId: number, now: Date): Promise<Map<number, number>> {
  const rows = await db
    .select({ productId: votes.productId, count: sql<number>`count(*)::int` })
    .from(votes)
    .where(and(eq(votes.machineId, machineId), eq(votes.voteType, 'up'), gt(votes.createdAt, new Date(now.getTime() - 28 * 86_400_000)), lte(votes.createdAt, now)))
    .groupBy(votes.productId);
  return new Map(rows.map((row) => [row.productId, row.count / 4]));
}
