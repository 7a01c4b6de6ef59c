import { and, eq, isNotNull, max } from 'drizzle-orm';
import { addDays, localClock } from '../features/notifications/local-time.js';
import type { Database } from './client.js';
import { restockRecords } from './schema.js';

/**
 * When the demo's driver calls and what a visit writes: every fill day at nine in the morning, each
 * slot of the planogram counted and filled to its par, one restock record per slot. What is in a
 * slot comes from the demo's sales (demo-sales-model.ts), so the units left at a visit are what the
 * last visit left less what the machine sold since, never less than nothing.
 */

/** The demo's driver visits at nine in the morning of the fill day. */
export const VISIT_HOUR = 9;
const DAY_MS = 86_400_000;

/** Wall-clock time in `timeZone` of an instant, read as if it were UTC: its difference from the instant is the zone's offset then. */
function wallClock(at: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((part) => [part.type, Number(part.value)]),
  );
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** The instant of a local date and time in `timeZone` (twice corrected, so a change of offset that day is met). */
export function localInstant(date: string, hour: number, minute: number, timeZone: string): Date {
  const wall = Date.parse(`${date}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00Z`);
  let at = wall;
  for (let pass = 0; pass < 2; pass += 1) at = wall - (wallClock(new Date(at), timeZone) - at);
  return new Date(at);
}

/** Every local day from the one holding `from` to the one holding `to`, as dates. */
export function localDays(from: Date, to: Date, timeZone: string): string[] {
  const days: string[] = [];
  const last = localClock(to, timeZone).date;
  for (let day = localClock(from, timeZone).date; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The demo's visits after `from` up to `to`: the fill weekday at VISIT_HOUR, local time. */
export function visitTimes(from: Date, to: Date, timeZone: string, fillWeekday: number): Date[] {
  return localDays(from, to, timeZone)
    .filter((day) => new Date(`${day}T00:00:00Z`).getUTCDay() === fillWeekday)
    .map((day) => localInstant(day, VISIT_HOUR, 0, timeZone))
    .filter((at) => at > from && at <= to);
}

/** The last visit at or before `at` (a whole week back at most). */
export function lastVisitBefore(at: Date, timeZone: string, fillWeekday: number): Date {
  const visits = visitTimes(new Date(at.getTime() - 8 * DAY_MS), at, timeZone, fillWeekday);
  return visits[visits.length - 1]!;
}

export interface SlotFill {
  code: string;
  productId: number;
  unitsLeft: number;
  unitsFilled: number;
}

/** A visit's lines, one per slot, as restock records: the product the slot held, its code, left and filled. */
export async function insertSlotVisit(db: Database, userId: number, machineId: number, restockedAt: Date, lines: readonly SlotFill[]) {
  if (lines.length === 0) return;
  await db.insert(restockRecords).values(lines.map((line) => ({ userId, machineId, restockedAt, productId: line.productId, slotCode: line.code, unitsLeft: line.unitsLeft, unitsFilled: line.unitsFilled })));
}

/** The time of the machine's latest visit recorded slot by slot, if any. */
export async function latestSlotVisit(db: Database, machineId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(restockRecords.restockedAt) })
    .from(restockRecords)
    .where(and(eq(restockRecords.machineId, machineId), isNotNull(restockRecords.slotCode)));
  return row?.at ?? null;
}

/** Each slot's level after a recorded visit (left plus filled), by code. */
export async function levelsAfterVisit(db: Database, machineId: number, at: Date): Promise<Map<string, number>> {
  const rows = await db
    .select({ code: restockRecords.slotCode, left: restockRecords.unitsLeft, filled: restockRecords.unitsFilled })
    .from(restockRecords)
    .where(and(eq(restockRecords.machineId, machineId), eq(restockRecords.restockedAt, at), isNotNull(restockRecords.slotCode)));
  return new Map(rows.map((row) => [row.code!, row.left + row.filled]));
}
