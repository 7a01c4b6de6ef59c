import { slotKey } from '../../../shared/planograms.schemas.js';

/** The rules behind a slot's stock figure, apart from the queries that feed them. */

export interface CurrentSlot {
  code: string;
  productId: number | null;
  productName: string | null;
  capacity: number;
  par: number;
  startedAt: Date;
  /** Whether this is the slot's first spell: its fills from before the planogram was entered still count. */
  firstSpell: boolean;
}

export interface FillRecord {
  productId: number;
  slotCode: string | null;
  unitsLeft: number;
  unitsFilled: number;
  restockedAt: Date;
}

export interface SaleSpan {
  code: string | null;
  productId: number | null;
  quantity: number;
  soldFrom: Date | null;
  soldAt: Date;
}

/**
 * A slot's last fill, from `fills` newest first: one recorded for the slot, or else one recorded
 * for its product at the machine when no other slot holds that product. A fill of another
 * product, or from before the slot took its product, is not this slot's.
 */
export function fillOf(slot: CurrentSlot, slots: readonly CurrentSlot[], fills: readonly FillRecord[]): { at: Date; level: number } | null {
  if (slot.productId === null) return null;
  const key = slotKey(slot.code);
  const soleSlot = slots.filter((other) => other.productId === slot.productId).length === 1;
  const fill = fills.find(
    (record) =>
      record.productId === slot.productId &&
      (slot.firstSpell || record.restockedAt >= slot.startedAt) &&
      (record.slotCode === null ? soleSlot : slotKey(record.slotCode) === key),
  );
  return fill ? { at: fill.restockedAt, level: fill.unitsLeft + fill.unitsFilled } : null;
}

/**
 * Units the machine reported sold from a slot since `fillAt`. Sales between two audits that
 * straddle the fill count in proportion to the time after it; sales that name a product but no
 * selection are shared out among the slots holding that product.
 */
export function soldSinceFill(slot: CurrentSlot, slots: readonly CurrentSlot[], fillAt: Date, sales: readonly SaleSpan[]): number {
  const key = slotKey(slot.code);
  const sharing = slots.filter((other) => other.productId !== null && other.productId === slot.productId).length || 1;
  let sold = 0;
  for (const sale of sales) {
    if (sale.soldAt <= fillAt) continue;
    const share = sale.code !== null ? (slotKey(sale.code) === key ? 1 : 0) : sale.productId !== null && sale.productId === slot.productId ? 1 / sharing : 0;
    if (share === 0) continue;
    sold += sale.quantity * share * afterFill(sale, fillAt);
  }
  return sold;
}

/** The part of a sale's span that lies after the fill: 1 for a single transaction or a span after it. */
function afterFill(sale: SaleSpan, fillAt: Date): number {
  if (sale.soldFrom === null || sale.soldFrom >= fillAt) return 1;
  const span = sale.soldAt.getTime() - sale.soldFrom.getTime();
  return span <= 0 ? 1 : (sale.soldAt.getTime() - fillAt.getTime()) / span;
}
