import { and, asc, desc, eq, gt, isNotNull, lte, max } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { dexBytes, dexFile } from '../features/sales/dex-file.js';
import { importDexFile } from '../features/sales/dex-import.js';
import { salesFileOf } from '../features/sales/sales-import-store.js';
import { localClock } from '../features/notifications/local-time.js';
import type { Database } from './client.js';
import { DEMO_HISTORY_DAYS } from './demo-history.js';
import { demoMachinesOf, priceCents, unitsPerUpVote, type DemoPlanogram } from './demo-planograms.js';
import { insertSlotVisit, lastVisitBefore, latestSlotVisit, levelsAfterVisit, localDays, localInstant, visitTimes } from './demo-restocks.js';
import { simulateMachine, type Counter, type SimAudit, type SimSpell } from './demo-sales-model.js';
import { dexAudits, planogramSlots, products, restockRecords, users, votes } from './schema.js';
import { seededRandom } from './vote-history.js';

/**
 * The demo machines' sales, visits and DEX audits, made to agree with their votes and carried on
 * to now at every start: the lobby machine's telemetry sends an audit each night at two and at each
 * visit, the break room's is read by the driver's handheld as each weekly visit ends. Audits go
 * through the real import, so the sales import page lists every file with its report.
 */

const DAY_MS = 86_400_000;
/** The telemetry device's nightly read, local time. */
const TELEMETRY_HOUR = 2;
/**
 * Minutes after the visit's start when the driver closes the machine, filled: the handheld reads it
 * then, and a telemetry device sends an audit on the door's closing, so each visit's fill starts a
 * span of sales of its own.
 */
const CLOSE_READ_MINUTES = 20;
/** Days before the first start when the lobby machine's controller board was replaced: its counters start again. */
const CONTROLLER_REPLACED_DAYS_AGO = 17;

interface Owner {
  timeZone: string;
  fillDay: number;
}

export async function carryDemoSales(db: Database, ownerId: number, now: Date) {
  const [owner] = await db.select({ timeZone: users.timeZone, fillDay: users.restockWeekday }).from(users).where(eq(users.id, ownerId));
  if (!owner) return;
  for (const { plan, machine } of await demoMachinesOf(db, ownerId)) {
    await db.transaction((tx) => carryMachine(tx as unknown as Database, ownerId, plan, machine, owner, now));
  }
}

/**
 * One machine's visits and audits, in one transaction (each import's own becomes a savepoint): a
 * start stopped half way leaves the machine as it was, so the next start carries on from stored
 * visits that always have their audits.
 */
async function carryMachine(db: Database, ownerId: number, plan: DemoPlanogram, machine: { id: number; serial: string }, owner: Owner, now: Date) {
  // The import reads only the database of the context it is given.
  const ctx = { db } as AppContext;
  const spells = await spellsOf(db, machine.id);
  if (spells.length === 0) return;
  const ratioOf = new Map(spells.map((spell) => [spell.productId, unitsPerUpVote(spell.name)]));
  const start = await startOf(db, machine.id, spells, now, owner);
  const visits = visitTimes(start.from, now, owner.timeZone, owner.fillDay);
  const since = Math.max(start.lastAudit?.at.getTime() ?? 0, now.getTime() - DEMO_HISTORY_DAYS * DAY_MS);
  // Both read the machine as the driver closes it; the telemetry device also every night.
  const closed = visits.map((at) => new Date(at.getTime() + CLOSE_READ_MINUTES * 60_000));
  const nightly = plan.reads === 'telemetry' ? localDays(start.from, now, owner.timeZone).map((day) => localInstant(day, TELEMETRY_HOUR, 0, owner.timeZone)) : [];
  const reads = [...closed, ...nightly].sort((a, b) => a.getTime() - b.getTime());
  const reset = start.lastAudit || plan.reads !== 'telemetry' ? null : localInstant(localClock(new Date(now.getTime() - CONTROLLER_REPLACED_DAYS_AGO * DAY_MS), owner.timeZone).date, 11, 40, owner.timeZone);
  const upVotes = await db
    .select({ id: votes.id, productId: votes.productId, at: votes.createdAt })
    .from(votes)
    .where(and(eq(votes.machineId, machine.id), eq(votes.voteType, 'up'), gt(votes.createdAt, start.from), lte(votes.createdAt, now)))
    .orderBy(asc(votes.createdAt), asc(votes.id));

  const run = simulateMachine({
    spells,
    start: start.from,
    levels: start.levels,
    counters: start.counters,
    recordedLevels: start.recordedLevels,
    lastAudit: start.lastAudit,
    votes: upVotes,
    visits,
    audits: reads.filter((at) => at > start.from && at <= now && at.getTime() > since),
    reset,
    unitsPerUpVote: (productId) => ratioOf.get(productId) ?? 2.5,
  });
  for (const visit of run.visits) await insertSlotVisit(db, ownerId, machine.id, visit.at, visit.lines);
  for (const audit of run.audits) {
    const file = auditFile(machine.serial, plan, audit, owner.timeZone, now);
    await importDexFile(ctx, ownerId, file, { readAt: audit.at });
  }
}

interface Start {
  from: Date;
  levels: Map<string, number>;
  counters: Map<string, Counter>;
  recordedLevels: Map<number, Map<string, number>>;
  lastAudit: { at: Date; counters: Counter[] } | null;
}

/**
 * Where a run starts. The first: the start of the demo's history, each slot part full and each
 * counter at what two years or so of sales left. A later one: the last visit before the last audit,
 * with the levels it recorded; the run replays from there to the audit (the same draws make the
 * same sales), and writes only what comes after what is stored.
 */
async function startOf(db: Database, machineId: number, spells: (SimSpell & { name: string })[], now: Date, { timeZone, fillDay }: Owner): Promise<Start> {
  const [lastAudit] = await db.select({ at: dexAudits.readAt, counters: dexAudits.counters }).from(dexAudits).where(eq(dexAudits.machineId, machineId)).orderBy(desc(dexAudits.readAt)).limit(1);
  const [replayFrom] = lastAudit
    ? await db
        .select({ at: max(restockRecords.restockedAt) })
        .from(restockRecords)
        .where(and(eq(restockRecords.machineId, machineId), isNotNull(restockRecords.slotCode), lte(restockRecords.restockedAt, lastAudit.at)))
    : [];
  if (lastAudit && replayFrom?.at) {
    const latest = await latestSlotVisit(db, machineId);
    const recordedLevels = new Map<number, Map<string, number>>();
    if (latest && latest > replayFrom.at) recordedLevels.set(latest.getTime(), await levelsAfterVisit(db, machineId, latest));
    const counters = lastAudit.counters.map((counter) => ({ code: counter.code, vends: counter.vends, value: counter.value ?? 0 }));
    return { from: replayFrom.at, levels: await levelsAfterVisit(db, machineId, replayFrom.at), counters: new Map(), recordedLevels, lastAudit: { at: lastAudit.at, counters } };
  }
  const from = new Date(now.getTime() - DEMO_HISTORY_DAYS * DAY_MS);
  const random = seededRandom(machineId * 31 + 7);
  const first = spells.filter((spell) => spell.from <= from && (spell.to === null || from < spell.to));
  // Filled to par at the last visit before, and sold down since as a usual week sells.
  const weekGone = (from.getTime() - lastVisitBefore(from, timeZone, fillDay).getTime()) / (7 * DAY_MS);
  return {
    from,
    levels: new Map(first.map((spell) => [spell.code, Math.round(spell.par * (1 - weekGone * (0.5 + 0.3 * random())))])),
    counters: new Map(first.map((spell) => {
      const vends = Math.round(spell.par * (60 + 50 * random()));
      return [spell.code, { code: spell.code, vends, value: vends * spell.priceCents }];
    })),
    recordedLevels: new Map(),
    lastAudit: null,
  };
}

async function spellsOf(db: Database, machineId: number): Promise<(SimSpell & { name: string })[]> {
  const rows = await db
    .select({ code: planogramSlots.code, position: planogramSlots.position, productId: planogramSlots.productId, name: products.name, price: planogramSlots.price, listPrice: products.price, par: planogramSlots.par, from: planogramSlots.startedAt, to: planogramSlots.endedAt })
    .from(planogramSlots)
    .innerJoin(products, eq(products.id, planogramSlots.productId))
    .where(eq(planogramSlots.machineId, machineId));
  return rows.map((row) => ({ ...row, productId: row.productId!, priceCents: priceCents(row.price ?? row.listPrice) }));
}

/** A moment as a machine's clock shows it where it stands: YYMMDD and HHMM. */
function machineClock(at: Date, timeZone: string): { date: string; time: string } {
  const local = new Intl.DateTimeFormat('en-CA', { timeZone, year: '2-digit', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const part = (type: string) => local.find((entry) => entry.type === type)!.value;
  return { date: `${part('year')}${part('month')}${part('day')}`, time: `${part('hour')}${part('minute')}` };
}

/** The audit as the machine writes it, named and received as its device sends it. */
function auditFile(serial: string, plan: DemoPlanogram, audit: SimAudit, timeZone: string, now: Date) {
  const { date, time } = machineClock(audit.at, timeZone);
  const text = dexFile({
    serial,
    model: plan.model,
    readerId: plan.reads === 'telemetry' ? `TL${serial.replace(/\D/g, '').padStart(8, '0')}` : 'HH00000731',
    clock: { date, time },
    selections: audit.selections.map((selection) => ({
      code: selection.code,
      price: selection.price,
      vendsSinceInit: selection.vends,
      valueSinceInit: selection.value,
      vendsSinceReset: selection.vendsSinceRead,
      valueSinceReset: selection.valueSinceRead,
      ...(selection.soldOutAt ? { soldOut: machineClock(selection.soldOutAt, timeZone) } : {}),
    })),
  });
  // Telemetry arrives minutes after the read; a handheld is uploaded when the driver is back at the depot.
  const received = plan.reads === 'telemetry' ? audit.at.getTime() + 3 * 60_000 : audit.at.getTime() + 8 * 3_600_000;
  return salesFileOf(dexBytes(text), `${serial}_20${date}_${time}.dex`, plan.reads === 'telemetry' ? 'api' : 'upload', new Date(Math.min(received, now.getTime())));
}
