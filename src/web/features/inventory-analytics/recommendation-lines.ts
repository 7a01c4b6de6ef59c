import type { Recommendation } from '../../../shared/analytics.schemas.js';
import { MAX_NOTE_LENGTH, type PurchaseListLineInput } from '../../../shared/stock.schemas.js';
import { countOf } from '../../../shared/wording.js';

/** A reason as a purchase-list note, within the note's limit. */
export function noteOf(reason: string): string {
  const text = reason.trim();
  return text.length <= MAX_NOTE_LENGTH ? text : `${text.slice(0, MAX_NOTE_LENGTH - 1).trimEnd()}…`;
}

/** What Apply Recommendations writes, and how many lines it leaves out because the stock already covers them. */
export interface RecommendationOrder {
  lines: PurchaseListLineInput[];
  /** Machine-and-product lines with nothing to order (a cut whose estimated stock covers the lowered fill). */
  stocked: number;
}

/**
 * The purchase-list lines of the recommendations: one per machine and product (the server refuses a
 * batch that names one twice, and a swap's new product may also be one the machine is told to cut),
 * leaving out those with nothing to order.
 */
export function recommendationOrder(recommendations: Recommendation[]): RecommendationOrder {
  const lines = new Map<string, PurchaseListLineInput>();
  const stocked = new Set<string>();
  for (const recommendation of recommendations) {
    const key = `${recommendation.machineId}:${recommendation.orderProductId}`;
    if (recommendation.orderQuantity <= 0) {
      stocked.add(key);
      continue;
    }
    if (lines.has(key)) continue;
    lines.set(key, {
      machineId: recommendation.machineId,
      productId: recommendation.orderProductId,
      quantity: recommendation.orderQuantity,
      source: 'recommendation',
      note: noteOf(recommendation.reason),
    });
  }
  // A line another recommendation orders is not left out.
  for (const key of lines.keys()) stocked.delete(key);
  return { lines: [...lines.values()], stocked: stocked.size };
}

export function recommendationTitle(recommendation: Recommendation): string {
  return recommendation.kind === 'swap'
    ? `Replace ${recommendation.productName} with ${recommendation.replacementName ?? 'a requested product'} at ${recommendation.machineName}`
    : `Cut ${recommendation.productName} at ${recommendation.machineName} by ${countOf(recommendation.unitsCut, 'unit')}`;
}
