import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { queryRows, type DatabaseHandle } from '../../src/server/db/client.js';
import type { AppContext } from '../../src/server/context.js';
import { dexAudits, machineProductVotes, planogramSlots, products, restockRecords, salesImports, suggestions, users, vendingIssues, vendingMachines, votes } from '../../src/server/db/schema.js';
import { unitsPerUpVote } from '../../src/server/db/demo-planograms.js';
import { DEMO_OPERATOR_EMAIL, seedDemoData } from '../../src/server/db/seed.js';
import { findCounterMismatches } from '../../src/server/db/vote-audit.js';
import { verifyPassword } from '../../src/server/features/auth/passwords.js';
import { computeAnalytics } from '../../src/server/features/inventory-analytics/compute-analytics.js';
import { readInventoryAnalytics } from '../../src/server/features/inventory-analytics/inventory-read.js';
import { readSlotStock } from '../../src/server/features/stock/slot-stock.service.js';
import { loadDemandInputs } from '../../src/server/features/demand/demand-inputs.js';
import { demandVsSalesOf } from '../../src/server/features/demand/demand-vs-sales.js';
import { unmetDemandOf } from '../../src/server/features/demand/unmet-demand.js';
import { PRODUCT_CATEGORIES } from '../../src/shared/catalog.js';
import { openTestDatabase } from '../support/test-database.js';
import { impossibleVisits, planogramShape, repeatedRows, salesOffPlanogram, soldOutSlots, unitsAndUpVotes, unstockedRanks } from './demo-sales-queries.js';

let database: DatabaseHandle;
const dataDir = mkdtempSync(join(tmpdir(), 'vendvote-seed-'));
const now = new Date('2026-06-15T18:00:00Z');
let account: Awaited<ReturnType<typeof seedDemoData>>;

beforeAll(async () => {
  database = await openTestDatabase();
  account = await seedDemoData(database.db, dataDir, now);
});
afterAll(() => database.close());

describe('the demo data', () => {
  test('creates a verified demo operator whose random password signs in', async () => {
    const [user] = await database.db.select().from(users).where(eq(users.email, DEMO_OPERATOR_EMAIL));
    expect(user!.isVerified).toBe(true);
    expect(account!.password).toMatch(/^demo-/);
    expect(await verifyPassword(user!.password, account!.password)).toBe(true);
  });

  test('gives it machines within the free plan and a catalogue across the spec categories', async () => {
    const machines = await database.db.select().from(vendingMachines);
    expect(machines).toHaveLength(2);
    const catalogue = await database.db.select().from(products);
    expect(new Set(catalogue.map((p) => p.category))).toEqual(new Set(PRODUCT_CATEGORIES));
  });

  test('has weeks of votes whose counters equal a recount of the rows', async () => {
    const [{ value: voteRows }] = (await database.db.select({ value: count() }).from(votes)) as [{ value: number }];
    expect(voteRows).toBeGreaterThan(2000);
    const [span] = await database.db.select({ days: sql<number>`extract(day from max(created_at) - min(created_at))::int` }).from(votes);
    expect(span!.days).toBeGreaterThanOrEqual(35);
    const mismatches = await queryRows(database.db, sql`
      select m.machine_id from ${machineProductVotes} m
      left join (select machine_id, product_id, sum(case when vote_type='up' then 1 else -1 end) as n
                 from ${votes} where machine_id is not null group by 1, 2) v
        on v.machine_id = m.machine_id and v.product_id = m.product_id
      where m.votes <> coalesce(v.n, 0)`);
    expect(mismatches).toHaveLength(0);
    const totals = await queryRows(database.db, sql`
      select p.id from ${products} p
      where p.votes <> (select coalesce(sum(case when vote_type='up' then 1 else -1 end), 0) from ${votes} where product_id = p.id)`);
    expect(totals).toHaveLength(0);
  });

  test('has page loads behind its votes: every machine, source and day with voters has at least as many views', async () => {
    const short = await queryRows<{ machine_id: number; source: string; day: string; voters: number; views: number }>(database.db, sql`
      select v.machine_id, v.source, (v.created_at at time zone u.time_zone)::date::text as day,
        count(distinct v.voter_id)::int as voters, coalesce(max(pv.views), 0)::int as views
      from ${votes} v
      join ${vendingMachines} m on m.id = v.machine_id
      join ${users} u on u.id = m.user_id
      left join vote_page_views pv on pv.machine_id = v.machine_id and pv.source = v.source
        and pv.day = (v.created_at at time zone u.time_zone)::date
      group by 1, 2, 3
      having coalesce(max(pv.views), 0) < count(distinct v.voter_id)`);
    expect(short).toEqual([]);
    const sources = await queryRows<{ source: string }>(database.db, sql`select distinct source from ${votes} where machine_id is not null order by 1`);
    expect(sources.map((row) => row.source)).toEqual(['direct', 'link', 'magnet', 'screen', 'sheet']);
    const [views] = await queryRows<{ total: number }>(database.db, sql`select sum(views)::int as total from vote_page_views`);
    const [voterDays] = await queryRows<{ total: number }>(database.db, sql`
      select count(*)::int as total from (select distinct machine_id, voter_id, created_at::date from ${votes} where machine_id is not null) d`);
    // Not every visitor votes: about a third of the loads are people who only looked.
    expect(views!.total).toBeGreaterThan(voterDays!.total * 1.3);
  });

  test('records weekly restock visits, so its stock figures rest on counts and show a believable spread of urgency', async () => {
    const visits = await queryRows<{ at: string | Date; n: number; negative: number }>(database.db, sql`
      select restocked_at as at, count(*)::int as n, count(*) filter (where units_left < 0 or units_filled < 0)::int as negative
      from restock_records group by 1 order by 1`);
    expect(visits.length).toBeGreaterThanOrEqual(3);
    for (const visit of visits) {
      expect(new Date(visit.at).getTime()).toBeLessThanOrEqual(now.getTime());
      // Every visit is on the fill day (Monday by default), at nine in New York.
      expect(new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', weekday: 'long', hour: 'numeric', hour12: false }).format(new Date(visit.at))).toBe('Monday, 09');
      expect(visit.negative).toBe(0);
    }
    const [demo] = await database.db.select().from(users).where(eq(users.email, DEMO_OPERATOR_EMAIL));
    await computeAnalytics(database.db, demo!.id, now);
    const { predictions } = await readInventoryAnalytics(database.db, demo!.id, { range: '30d' }, now);
    // What a machine carries rests on the sales it reported since the visit; what it does not carry cannot.
    const carried = new Set((await database.db.select().from(planogramSlots).where(isNull(planogramSlots.endedAt))).map((slot) => `${slot.machineId}:${slot.productId}`));
    for (const card of predictions) {
      if (carried.has(`${card.machineId}:${card.productId}`)) expect(card.stockBasis).toBe('sales');
      else expect(card.stockBasis).not.toBe('sales');
    }
    const measured = predictions.filter((card) => card.unitsPerVoteMeasured);
    expect(measured.length).toBeGreaterThan(predictions.length / 2);
    for (const card of measured) expect(card.unitsPerVote).toBeGreaterThanOrEqual(1);
    const urgent = predictions.filter((card) => card.urgency === 'urgent').length;
    expect(urgent).toBeLessThanOrEqual(predictions.length / 4);
    expect(predictions.filter((card) => card.urgency === 'normal').length).toBeGreaterThanOrEqual(predictions.length / 4);
  });

  test('gives each machine its own serial and each voted machine a planogram with doubled, changed and missing products', async () => {
    const machines = await database.db.select().from(vendingMachines);
    expect(new Set(machines.map((machine) => machine.serialNumber)).size).toBe(machines.length);
    const shapes = await planogramShape(database.db);
    expect(shapes).toHaveLength(2);
    for (const shape of shapes) {
      expect(shape.slots).toBeGreaterThanOrEqual(30);
      expect(shape.doubled).toBeGreaterThanOrEqual(2);
      expect(shape).toMatchObject({ badUnits: 0, unpriced: 0 });
    }
    expect(shapes.reduce((sum, shape) => sum + shape.changed, 0)).toBe(1);
    // Unmet demand: at each machine a product among the most up-voted third is not in its planogram.
    for (const rank of await unstockedRanks(database.db)) expect(rank.bestRank).toBeLessThanOrEqual(rank.voted / 3);
  });

  test('gives the unmet demand and demand-vs-sales screens a product to add at each machine and a swap that pays', async () => {
    const [demo] = await database.db.select().from(users).where(eq(users.email, DEMO_OPERATOR_EMAIL));
    const inputs = await loadDemandInputs(database.db, demo!.id, undefined, now);
    const { missing } = unmetDemandOf(inputs);
    for (const machine of inputs.machines) {
      expect(missing.filter((product) => product.machineId === machine.id && product.productId !== null && product.upVotes > 0).length).toBeGreaterThan(0);
      expect(missing.some((product) => product.machineId === machine.id && product.productId === null && product.suggestions > 0)).toBe(true);
      const { swap } = await demandVsSalesOf(database.db, inputs, machine.id);
      expect(Number(swap?.weeklyEffect)).toBeGreaterThan(0);
    }
  });

  test('has DEX audits that agree with the votes: each sale is its slot’s product, at units per up-vote that differ by product', async () => {
    const audits = await database.db.select().from(dexAudits);
    const perMachine = [...new Set(audits.map((audit) => audit.machineId))].map((id) => audits.filter((audit) => audit.machineId === id).length).sort((a, b) => a - b);
    // One machine read by the driver's handheld each week, one by telemetry every night.
    expect(perMachine[0]).toBeGreaterThanOrEqual(5);
    expect(perMachine[1]).toBeGreaterThanOrEqual(40);
    const imports = await database.db.select().from(salesImports);
    expect(imports).toHaveLength(audits.length);
    const lines = imports.flatMap((row) => (row.report.lines as { outcome: string; message: string }[]) ?? []);
    expect(lines.some((line) => line.outcome === 'baseline' && line.message.includes('went back'))).toBe(true);
    expect(await salesOffPlanogram(database.db)).toEqual([]);
    const names = new Map((await database.db.select().from(products)).map((product) => [product.id, product.name]));
    const ratios = (await unitsAndUpVotes(database.db)).filter((row) => row.upVotes >= 15).map((row) => ({ ...row, ratio: row.units / row.upVotes }));
    expect(ratios.length).toBeGreaterThan(20);
    for (const row of ratios) {
      // Each product sells at its own units per up-vote, less a day whose counts were lost; one that sold out sells less.
      const name = names.get(row.productId)!;
      expect(row.ratio, name).toBeGreaterThanOrEqual(row.soldOut ? 0.8 : Math.max(1.5, unitsPerUpVote(name)) * 0.8);
      expect(row.ratio, name).toBeLessThanOrEqual(Math.min(4, unitsPerUpVote(name)) * 1.15);
    }
    expect(ratios.filter((row) => !row.soldOut).length).toBeGreaterThan(ratios.length / 2);
    expect(Math.max(...ratios.map((row) => row.ratio)) / Math.min(...ratios.map((row) => row.ratio))).toBeGreaterThan(1.5);
  });

  test('visits slot by slot: the units left are what the last visit left less what sold, some slots sold out, nothing unslotted is filled', async () => {
    expect(await impossibleVisits(database.db)).toEqual([]);
    expect((await soldOutSlots(database.db)).length).toBeGreaterThan(0);
    const filled = await database.db.select().from(restockRecords);
    const slotted = new Set((await database.db.select().from(planogramSlots)).map((slot) => `${slot.machineId}:${slot.productId}`));
    expect(filled.filter((line) => !slotted.has(`${line.machineId}:${line.productId}`))).toEqual([]);
  });

  test('gives the dashboard pending suggestions and issues in every state', async () => {
    const ideas = await database.db.select().from(suggestions);
    expect(ideas.filter((row) => row.status === 'pending').length).toBeGreaterThanOrEqual(2);
    const issues = await database.db.select().from(vendingIssues);
    expect(new Set(issues.map((row) => row.status))).toEqual(new Set(['open', 'investigating', 'resolved']));
    for (const row of [...ideas, ...issues]) expect(row.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
  });

  test('is made once: a second start neither duplicates it nor changes the password', async () => {
    const before = await voteCount();
    const rows = await salesRowCounts();
    const again = await seedDemoData(database.db, dataDir, now);
    expect(again).toEqual(account);
    const demoUsers = await database.db.select().from(users).where(eq(users.email, DEMO_OPERATOR_EMAIL));
    expect(demoUsers).toHaveLength(1);
    expect(await voteCount()).toBe(before);
    expect(await salesRowCounts()).toEqual(rows);
  });

  test('reaches the hour it was made: the last day has about as many votes as the one before', async () => {
    const latest = await latestVote();
    expect(now.getTime() - latest.getTime()).toBeLessThan(3 * HOUR);
    const lastDay = await voteCount(new Date(now.getTime() - DAY), now);
    const dayBefore = await voteCount(new Date(now.getTime() - 2 * DAY), new Date(now.getTime() - DAY));
    expect(lastDay).toBeGreaterThan(dayBefore * 0.5);
  });

  test('a start days later carries the history on to then, and the counters still equal a recount', async () => {
    const before = await voteCount();
    await seedDemoData(database.db, dataDir, later);
    expect(await voteCount()).toBeGreaterThan(before + 200);
    expect(later.getTime() - (await latestVote()).getTime()).toBeLessThan(3 * HOUR);
    expect(await voteCount(now, new Date(now.getTime() + 1))).toBe(0);
    expect(await findCounterMismatches(database.db)).toEqual([]);
  });

  test('a start days later carries the sales on too: new audits and visits up to then, no sale twice, and stock from sales', async () => {
    const audits = await database.db.select().from(dexAudits);
    const latest = (machineId: number) => Math.max(...audits.filter((audit) => audit.machineId === machineId).map((audit) => audit.readAt.getTime()));
    const machines = [...new Set(audits.map((audit) => audit.machineId))];
    const latestVisit = await queryRows<{ at: string | Date }>(database.db, sql`select max(restocked_at) as at from restock_records`);
    // The nightly telemetry reached last night; the handheld read the machine at the visit since the first start.
    expect(Math.max(...machines.map((id) => later.getTime() - latest(id)))).toBeGreaterThan(DAY);
    expect(Math.min(...machines.map((id) => later.getTime() - latest(id)))).toBeLessThan(DAY);
    expect(new Date(latestVisit[0]!.at).getTime()).toBeGreaterThan(now.getTime());
    const imports = await database.db.select().from(salesImports);
    expect(imports.filter((row) => row.report.status !== 'imported')).toEqual([]);
    const after = imports.filter((row) => row.receivedAt > now).flatMap((row) => row.report.lines as { outcome: string; message: string }[]);
    expect(after.length).toBeGreaterThan(0);
    // Nothing but sales, and the slots that sold out since the audit before.
    expect(after.filter((line) => line.outcome !== 'imported' && !(line.outcome === 'note' && / last sold out /.test(line.message)))).toEqual([]);
    expect(await repeatedRows(database.db)).toEqual([]);
    expect(await impossibleVisits(database.db)).toEqual([]);

    const [demo] = await database.db.select().from(users).where(eq(users.email, DEMO_OPERATOR_EMAIL));
    const ctx = { db: database.db } as AppContext;
    const stocks = await Promise.all(machines.map((id) => readSlotStock(ctx, demo!.id, id, later)));
    for (const slot of stocks.flatMap((stock) => stock.slots)) {
      expect(slot.basis).toBe('sales');
      expect(slot.stock).toBeGreaterThanOrEqual(0);
    }
    // The nightly figures show a slot sold out since the visit.
    expect(stocks.flatMap((stock) => stock.slots).some((slot) => slot.stock === 0)).toBe(true);
  });
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Twelve days on, a Saturday evening in New York: past the next fill day, five nights of telemetry since. */
const later = new Date(now.getTime() + 12 * DAY + 7 * HOUR);

async function salesRowCounts() {
  const [row] = await queryRows<{ audits: number; sales: number; visits: number }>(database.db, sql`
    select (select count(*) from dex_audits)::int as audits, (select count(*) from machine_sales)::int as sales, (select count(*) from restock_records)::int as visits`);
  return row;
}

async function voteCount(from = new Date(0), to = new Date('2100-01-01T00:00:00Z')) {
  const [row] = await database.db
    .select({ value: count() })
    .from(votes)
    .where(sql`${votes.createdAt} >= ${from} and ${votes.createdAt} < ${to}`);
  return Number(row!.value);
}

async function latestVote(): Promise<Date> {
  const [row] = await queryRows<{ at: string | Date }>(database.db, sql`select max(created_at) as at from ${votes}`);
  return new Date(row!.at);
}
