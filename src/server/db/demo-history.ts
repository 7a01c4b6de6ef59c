import { and, asc, eq, inArray, isNull, max, or } from 'drizzle-orm';
import type { Database } from './client.js';
import { DEMO_PRODUCTS } from './demo-catalog.js';
import { insertVotes } from './factories.js';
import { addPageViews } from '../features/scan-funnel/page-views.js';
import { products, users, vendingMachines, votes } from './schema.js';
import { generateVoteHistory, pageViewsOfHistory, type HistoryPlan } from './vote-history.js';

/** How far back the demo's votes reach, at the first start and at most after a long pause. */
export const DEMO_HISTORY_DAYS = 42;
/** Votes a day at the demo's first and second machine, and on the demo page. */
const MACHINE_VOTES_PER_DAY = [45, 30];
const DEMO_PAGE_VOTES_PER_DAY = 12;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Relative demand of a demo product by name; products the operator added later get a middling one. */
function demandOf(name: string): number {
  return DEMO_PRODUCTS.find((product) => product.name === name)?.demand ?? 3;
}

/** The demo's machines and catalogue as the history generator needs them. */
async function demoShape(db: Database, ownerId: number) {
  const machines = await db
    .select({ id: vendingMachines.id })
    .from(vendingMachines)
    .where(eq(vendingMachines.userId, ownerId))
    .orderBy(asc(vendingMachines.id));
  const catalogue = await db.select({ id: products.id, name: products.name }).from(products).where(eq(products.userId, ownerId));
  return {
    scopes: [
      ...machines.slice(0, MACHINE_VOTES_PER_DAY.length).map((machine, index) => ({ machineId: machine.id, votesPerDay: MACHINE_VOTES_PER_DAY[index]! })),
      { machineId: null, votesPerDay: DEMO_PAGE_VOTES_PER_DAY },
    ],
    products: catalogue.map((product) => ({ id: product.id, demand: demandOf(product.name) })),
  };
}

/** The votes of a plan and the page loads behind them, so the scan funnel agrees with the votes. */
async function insertHistory(db: Database, ownerId: number, plan: HistoryPlan) {
  const rows = generateVoteHistory(plan);
  await insertVotes(db, rows);
  const [owner] = await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, ownerId));
  await addPageViews(db, pageViewsOfHistory(rows, owner?.timeZone ?? 'America/New_York', plan.seed));
}

/** Weeks of votes for a new demo operator, up to now. */
export async function seedDemoHistory(db: Database, ownerId: number, now: Date) {
  const shape = await demoShape(db, ownerId);
  await insertHistory(db, ownerId, { ...shape, days: DEMO_HISTORY_DAYS, now, seed: 20251 });
}

/**
 * Carries the demo's history on from its last vote to now, so a demo opened days after it was
 * installed still has today's and yesterday's customers (the dashboard compares the two). The
 * new voters are tagged by the moment the top-up starts from, so none votes twice on a product.
 */
export async function topUpDemoHistory(db: Database, ownerId: number, now: Date) {
  const shape = await demoShape(db, ownerId);
  if (shape.products.length === 0) return;
  const productIds = shape.products.map((product) => product.id);
  const machineIds = shape.scopes.flatMap((scope) => (scope.machineId === null ? [] : [scope.machineId]));
  const [latest] = await db
    .select({ at: max(votes.createdAt) })
    .from(votes)
    .where(and(inArray(votes.productId, productIds), or(isNull(votes.machineId), inArray(votes.machineId, machineIds.length ? machineIds : [0]))));
  if (!latest?.at) return;
  const after = new Date(Math.max(latest.at.getTime(), now.getTime() - DEMO_HISTORY_DAYS * DAY_MS));
  if (now.getTime() - after.getTime() < HOUR_MS) return;
  const days = Math.ceil((now.getTime() - after.getTime()) / DAY_MS);
  await insertHistory(db, ownerId, { ...shape, days, now, after, seed: Math.floor(after.getTime() / 1000), voterTag: after.getTime().toString(36) });
}
