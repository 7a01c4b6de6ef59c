import type { Recommendation } from '../../../shared/analytics.schemas.js';
import type { PurchaseListItem } from '../../../shared/stock.schemas.js';

/**
 * What the page knows of a product's unit cost: its amount, that it has none (null), or that it has
 * one whose amount is not shown anywhere ('set'). A product missing from the map: nothing known.
 */
export type UnitCostFact = string | null | 'set';

/**
 * Unit costs as the page can tell them: the purchase list's lines name each product's cost; a cut's
 * saving is its own product's cost times the units cut (unknown when that cost is); a swap with a
 * saving has both costs. The purchase list, read from the products themselves, wins.
 */
export function unitCostFacts(recommendations: Recommendation[], purchaseItems: Pick<PurchaseListItem, 'productId' | 'unitCost'>[]): Map<number, UnitCostFact> {
  const facts = new Map<number, UnitCostFact>();
  for (const recommendation of recommendations) {
    if (recommendation.kind === 'reduce') {
      const { costSaved, unitsCut } = recommendation;
      if (costSaved === null) facts.set(recommendation.productId, null);
      else facts.set(recommendation.productId, unitsCut > 0 ? (Number(costSaved) / unitsCut).toFixed(2) : 'set');
    } else if (recommendation.costSaved !== null) {
      for (const id of [recommendation.productId, recommendation.replacementProductId]) {
        if (id !== null && !facts.has(id)) facts.set(id, 'set');
      }
    }
  }
  for (const item of purchaseItems) facts.set(item.productId, item.unitCost);
  return facts;
}

/** One unit-cost field on a recommendation: Set where the cost is missing, Edit where it is known. */
export interface CostField {
  productId: number;
  productName: string;
  mode: 'set' | 'edit';
  /** The amount to start the field with, when the page knows it. */
  current?: string;
}

const amountOf = (fact: UnitCostFact | undefined) => (typeof fact === 'string' && fact !== 'set' ? fact : undefined);

/**
 * The unit costs a recommendation's card offers to set or edit. With a saving shown, every cost it
 * used is known and can be edited. Without one, the missing cost is set: a cut's own product's; for
 * a swap, the slow product's or the replacement's, whichever the page knows to be missing (or the
 * other when one is known to be there); when it cannot tell, both, with their amounts where known.
 */
export function costFieldsOf(recommendation: Recommendation, facts: Map<number, UnitCostFact>): CostField[] {
  const products = [{ productId: recommendation.productId, productName: recommendation.productName }];
  if (recommendation.kind === 'swap' && recommendation.replacementProductId !== null) {
    products.push({ productId: recommendation.replacementProductId, productName: recommendation.replacementName ?? 'the requested product' });
  }
  const withCurrent = (product: (typeof products)[number], mode: CostField['mode']): CostField => {
    const current = amountOf(facts.get(product.productId));
    return current === undefined ? { ...product, mode } : { ...product, mode, current };
  };
  if (recommendation.costSaved !== null) return products.map((product) => withCurrent(product, 'edit'));
  if (products.length === 1) return products.map((product) => withCurrent(product, 'set'));

  const missing = products.filter((product) => facts.get(product.productId) === null);
  if (missing.length > 0) return missing.map((product) => withCurrent(product, 'set'));
  // A saving is unknown only when a cost is: if one is known to be there, the other is the one missing.
  const known = products.filter((product) => facts.get(product.productId) !== undefined);
  if (known.length === 1) return products.filter((product) => !known.includes(product)).map((product) => withCurrent(product, 'set'));
  return products.map((product) => withCurrent(product, 'set'));
}
