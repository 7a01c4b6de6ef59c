import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.js';
import { intArray } from '../../db/sql-arrays.js';
import { machineStateSelect, slotStateSelect, slotStockReadQuery, type SlotStockRow } from './slot-stock.query.js';

/**
 * The stored stock figures of each machine (migration 0035, decision 0049): worked out again, before
 * anything reads them, for the machines whose sales, restock records or planogram changed since
 * (the triggers count each change in `version`), that were never worked out, whose figures are as of
 * a later moment than the one asked about, or whose figures came due (`recheck_at`).
 */

interface MachineVersion {
  machineId: number;
  version: number;
  computedVersion: number | null;
  computedAt: Date | null;
  recheckAt: Date | null;
}

function isStale(machine: MachineVersion, now: Date): boolean {
  if (machine.computedVersion === null || machine.computedVersion !== machine.version || machine.computedAt === null) return true;
  if (new Date(machine.computedAt).getTime() > now.getTime()) return true;
  return machine.recheckAt !== null && new Date(machine.recheckAt).getTime() <= now.getTime();
}

export async function freshenStockStates(db: Database, userId: number, machineId: number | undefined, now: Date): Promise<void> {
  const machines = await queryRows<MachineVersion>(db, sql`
    select m.id as "machineId", coalesce(s.version, 0) as version, s.computed_version as "computedVersion", s.computed_at as "computedAt", s.recheck_at as "recheckAt"
    from vending_machines m left join machine_stock_states s on s.machine_id = m.id
    where m.user_id = ${userId} ${machineId === undefined ? sql`` : sql`and m.id = ${machineId}`}`);
  const stale = machines.filter((machine) => isStale(machine, now));
  if (stale.length > 0) await workOut(db, userId, stale, now);
}

/**
 * Works the figures out for these machines in one transaction, recording the versions read before:
 * a change that lands meanwhile leaves a version beyond them, so the next read works them out again.
 */
async function workOut(db: Database, userId: number, machines: MachineVersion[], now: Date): Promise<void> {
  const ids = machines.map((machine) => machine.machineId);
  const at = now.toISOString();
  await db.transaction(async (tx) => {
    // The planner's estimate for a fleet's slots is high enough to switch on JIT compilation, which
    // costs a second to save milliseconds on a query that reads a few thousand rows by index.
    await tx.execute(sql`set local jit = off`);
    await tx.execute(sql`delete from slot_stock_states where machine_id = any(${intArray(ids)})`);
    await tx.execute(sql`
      insert into slot_stock_states (slot_id, machine_id, fill_at, fill_level, sold, sharing, sold_out_at)
      select slot_id, machine_id, fill_at, fill_level, sold, sharing, sold_out_at from (${slotStateSelect(userId, ids, now)}) q
      on conflict (slot_id) do update set machine_id = excluded.machine_id, fill_at = excluded.fill_at, fill_level = excluded.fill_level, sold = excluded.sold,
        sharing = excluded.sharing, sold_out_at = excluded.sold_out_at`);
    await tx.execute(sql`
      insert into machine_stock_states (machine_id, version, computed_version, computed_at, recheck_at, sales_through, restock_units_sold, restock_up_votes)
      select q.machine_id, v.version, v.version, ${at}::timestamptz, q.recheck_at, q.sales_through, q.restock_units_sold, q.restock_up_votes
      from (${machineStateSelect(userId, ids, now)}) q
      join unnest(${intArray(ids)}, ${intArray(machines.map((machine) => machine.version))}) as v(machine_id, version) on v.machine_id = q.machine_id
      order by q.machine_id
      on conflict (machine_id) do update set computed_version = excluded.computed_version, computed_at = excluded.computed_at, recheck_at = excluded.recheck_at,
        sales_through = excluded.sales_through, restock_units_sold = excluded.restock_units_sold, restock_up_votes = excluded.restock_up_votes`);
  });
}

/** Reads a slot planned between the working out and the read again once the figures include it. */
const READ_ATTEMPTS = 3;

/** Each current slot of the operator's machines (or one) with what its stock figure needs, from fresh stored figures. */
export async function slotStockRows(db: Database, userId: number, machineId: number | undefined, now: Date, assumedFill: { day: string; timeZone: string }): Promise<SlotStockRow[]> {
  for (let attempt = 1; ; attempt++) {
    await freshenStockStates(db, userId, machineId, now);
    const rows = await queryRows<SlotStockRow>(db, slotStockReadQuery(userId, machineId, now, assumedFill));
    if (attempt === READ_ATTEMPTS || !rows.some((row) => row.stateMissing)) return rows;
  }
}
