import { and, asc, eq, inArray } from 'drizzle-orm';
import { slotKey } from '../../../shared/planograms.schemas.js';
import type { Database } from '../../db/client.js';
import { planogramSlots } from '../../db/schema.js';
import type { Tx } from './sales-import-store.js';

/**
 * Which product a machine's selection held at a given time, from the planogram's history: a sale
 * is told with the product in the slot when it sold, not with whatever the slot holds today.
 */

export interface SlotSpell {
  productId: number | null;
  from: Date;
  to: Date | null;
}

/** Per machine, per selection (by slotKey), its spells in order. */
export type SlotSpells = Map<number, Map<string, SlotSpell[]>>;

export async function slotSpellsOf(db: Database | Tx, userId: number, machineIds: readonly number[]): Promise<SlotSpells> {
  const spells: SlotSpells = new Map();
  if (machineIds.length === 0) return spells;
  const rows = await db
    .select({ machineId: planogramSlots.machineId, code: planogramSlots.code, productId: planogramSlots.productId, from: planogramSlots.startedAt, to: planogramSlots.endedAt })
    .from(planogramSlots)
    .where(and(eq(planogramSlots.userId, userId), inArray(planogramSlots.machineId, [...machineIds])))
    .orderBy(asc(planogramSlots.startedAt), asc(planogramSlots.id));
  for (const row of rows) {
    const byCode = spells.get(row.machineId) ?? new Map<string, SlotSpell[]>();
    spells.set(row.machineId, byCode);
    const key = slotKey(row.code);
    byCode.set(key, [...(byCode.get(key) ?? []), { productId: row.productId, from: row.from, to: row.to }]);
  }
  return spells;
}

/**
 * The product in `code` at `machineId` at `at`; undefined when the machine's planogram had no such
 * slot then (null when the slot was there but empty). A sale in the slot's first spell, before the
 * planogram was entered, is given that first spell's product: the planogram is usually typed in
 * after the machine has been selling for a while.
 */
export function productAt(spells: SlotSpells, machineId: number, code: string, at: Date): number | null | undefined {
  const list = spells.get(machineId)?.get(slotKey(code));
  if (!list || list.length === 0) return undefined;
  const time = at.getTime();
  if (time < list[0]!.from.getTime()) return list[0]!.productId;
  for (let index = list.length - 1; index >= 0; index -= 1) {
    const spell = list[index]!;
    if (spell.from.getTime() <= time && (spell.to === null || time < spell.to.getTime())) return spell.productId;
  }
  return undefined;
}
