import { and, eq, isNull } from 'drizzle-orm';
import { slotKey } from '../../../shared/planograms.schemas.js';
import { SlotVisitMessages, type SlotVisitFields } from '../../../shared/slot-stock.schemas.js';
import type { RestockBatch } from '../../../shared/stock.schemas.js';
import type { AppContext } from '../../context.js';
import { planogramSlots, products, restockRecords } from '../../db/schema.js';
import { HttpError } from '../../http-errors.js';
import { markSuggestionsStocked, publishSuggestionStocked } from '../suggestions/suggestion-stocking.js';
import { memberNameOf } from '../teams/member-name.js';
import { ownedMachine, toRecord } from './restocks.service.js';

/**
 * A visit recorded from the planogram: each slot's units left and filled, with the product the
 * slot holds now. Everything is written or nothing (one transaction); a slot that is not in the
 * planogram, holds no product, or would hold more than its capacity names its line.
 */
export async function recordSlotVisit(ctx: AppContext, userId: number, input: SlotVisitFields, recordedBy: number | null = null): Promise<RestockBatch> {
  const restockedAt = input.restockedAt ?? new Date();
  const { batch, stocked } = await ctx.db.transaction(async (tx) => {
    const machine = await ownedMachine(tx, userId, input.machineId);
    const current = await tx
      .select({ code: planogramSlots.code, productId: planogramSlots.productId, capacity: planogramSlots.capacity, productName: products.name })
      .from(planogramSlots)
      .leftJoin(products, eq(products.id, planogramSlots.productId))
      .where(and(eq(planogramSlots.machineId, machine.id), isNull(planogramSlots.endedAt)));
    const byCode = new Map(current.map((slot) => [slotKey(slot.code), slot]));
    const lines = input.slots.map((fill, index) => {
      const slot = byCode.get(slotKey(fill.code));
      const field = `slots.${index}.code`;
      if (!slot) throw refusal(SlotVisitMessages.notInPlanogram(fill.code), field);
      if (slot.productId === null) throw refusal(SlotVisitMessages.emptySlot(slot.code), field);
      if (fill.unitsLeft + fill.unitsFilled > slot.capacity) throw refusal(SlotVisitMessages.overCapacity(slot.code, slot.capacity), `slots.${index}.unitsFilled`);
      return { slot: { ...slot, productId: slot.productId }, fill };
    });
    const rows = await tx
      .insert(restockRecords)
      .values(lines.map(({ slot, fill }) => ({ userId, machineId: machine.id, productId: slot.productId, slotCode: slot.code, unitsLeft: fill.unitsLeft, unitsFilled: fill.unitsFilled, restockedAt, recordedBy })))
      .returning();
    const recorderName = await memberNameOf(tx, recordedBy);
    const stockedSuggestions = await markSuggestionsStocked(ctx, tx, userId, machine.id, [...new Set(lines.map(({ slot }) => slot.productId))]);
    const bySlot = new Map(rows.map((row) => [row.slotCode, row]));
    const records = lines.map(({ slot }) => toRecord(bySlot.get(slot.code)!, machine.name, slot.productName ?? '', recorderName));
    return { batch: { records }, stocked: stockedSuggestions };
  });
  for (const suggestion of stocked) publishSuggestionStocked(ctx, userId, suggestion);
  return batch;
}

const refusal = (message: string, field: string) => new HttpError(400, message, { [field]: message });
