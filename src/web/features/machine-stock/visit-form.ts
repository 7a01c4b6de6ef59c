import { z } from 'zod';
import { SlotFillSchema, SlotVisitInputSchema, SlotVisitMessages, type SlotStock, type SlotVisitInput } from '../../../shared/slot-stock.schemas.js';
import { zonedDateTime } from '../inventory-analytics/analytics-format.js';

/** A slot holding a product, as the visit form lists it, with the counts it starts from. */
export interface VisitRow {
  code: string;
  productName: string;
  capacity: number;
  /** The estimate rounded down, so that with `toPar` it makes par and never passes the capacity. */
  estimatedLeft: number;
  toPar: number;
}

export function visitRowsOf(slots: readonly SlotStock[]): VisitRow[] {
  return slots.flatMap((slot) =>
    slot.productId === null
      ? []
      : [{ code: slot.code, productName: slot.productName ?? '', capacity: slot.capacity, estimatedLeft: Math.max(0, Math.floor(slot.stock ?? 0)), toPar: slot.toPar }],
  );
}

/**
 * The shared rules for a visit, with the date-time field read on the operator's clock (an empty field
 * is 'now'), and each slot's capacity checked here too so the row says so before anything is sent.
 */
export function visitFormSchema(timeZone: string, rows: readonly VisitRow[]) {
  const { unitsLeft, unitsFilled } = SlotFillSchema.shape;
  return z.object({
    restockedAt: z
      .string()
      .transform((value) => (value === '' ? undefined : (zonedDateTime(value, timeZone)?.toISOString() ?? value)))
      .pipe(SlotVisitInputSchema.shape.restockedAt),
    slots: z.array(z.object({ unitsLeft, unitsFilled })).superRefine((slots, context) => {
      slots.forEach((slot, index) => {
        const row = rows[index];
        if (row && slot.unitsLeft + slot.unitsFilled > row.capacity) {
          context.addIssue({ code: 'custom', message: SlotVisitMessages.overCapacity(row.code, row.capacity), path: [index, 'unitsFilled'] });
        }
      });
    }),
  });
}
export type VisitFormSchema = ReturnType<typeof visitFormSchema>;
export type VisitFormValues = z.output<VisitFormSchema>;

export const visitDefaults = (rows: readonly VisitRow[]): z.input<VisitFormSchema> => ({
  restockedAt: '',
  slots: rows.map((row) => ({ unitsLeft: row.estimatedLeft, unitsFilled: row.toPar })),
});

/**
 * The visit to send: only the slots filled or counted differently from the estimate, since an
 * untouched estimate is no count. `sent[i]` is the form row of the i-th slot sent, to put the
 * server's `slots.{i}.…` errors back on their rows.
 */
export function visitPayload(machineId: number, rows: readonly VisitRow[], values: VisitFormValues): { input: SlotVisitInput; sent: number[] } {
  const sent = rows.flatMap((row, index) => {
    const slot = values.slots[index];
    return slot && (slot.unitsFilled > 0 || slot.unitsLeft !== row.estimatedLeft) ? [index] : [];
  });
  return {
    sent,
    input: {
      machineId,
      restockedAt: values.restockedAt?.toISOString(),
      slots: sent.map((index) => ({ code: rows[index]!.code, unitsLeft: values.slots[index]!.unitsLeft, unitsFilled: values.slots[index]!.unitsFilled })),
    },
  };
}

/** The server's `slots.{i}.{field}` errors, on the form's rows: [row, field, message]. */
export function rowErrorsOf(errors: Record<string, string> | undefined, sent: readonly number[]): [number, 'code' | 'unitsLeft' | 'unitsFilled', string][] {
  return Object.entries(errors ?? {}).flatMap(([key, message]) => {
    const match = /^slots\.(\d+)\.(code|unitsLeft|unitsFilled)$/.exec(key);
    const row = match ? sent[Number(match[1])] : undefined;
    return match && row !== undefined ? [[row, match[2] as 'code' | 'unitsLeft' | 'unitsFilled', message]] : [];
  });
}
