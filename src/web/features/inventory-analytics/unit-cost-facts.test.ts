import { describe, expect, it } from 'vitest';
import type { Recommendation } from '../../../shared/analytics.schemas.js';
import { costFieldsOf, unitCostFacts } from './unit-cost-facts.js';

const cut: Recommendation = {
  id: 'reduce:1:2',
  kind: 'reduce',
  machineId: 1,
  machineName: 'Lobby',
  productId: 2,
  productName: 'Pumpkin Latte',
  replacementProductId: null,
  replacementName: null,
  orderProductId: 2,
  orderQuantity: 9,
  unitsCut: 14,
  reason: 'Demand for Pumpkin Latte is falling.',
  costSaved: null,
};
const swap: Recommendation = {
  ...cut,
  id: 'swap:1:3:4',
  kind: 'swap',
  productId: 3,
  productName: 'Licorice',
  replacementProductId: 4,
  replacementName: 'Mango Tea',
  orderProductId: 4,
  unitsCut: 10,
};

describe('what the page knows of unit costs', () => {
  it('reads them from the purchase list and from the cuts’ savings', () => {
    const facts = unitCostFacts([{ ...cut, costSaved: '16.80' }, { ...swap, costSaved: '-1.50' }], [{ productId: 9, unitCost: null }]);
    expect(facts.get(2)).toBe('1.20');
    expect(facts.get(3)).toBe('set');
    expect(facts.get(4)).toBe('set');
    expect(facts.get(9)).toBeNull();
    expect(facts.has(5)).toBe(false);
  });

  it('takes the purchase list’s word over a saving', () => {
    const facts = unitCostFacts([{ ...cut, costSaved: '16.80' }, cut], [{ productId: 2, unitCost: '1.25' }]);
    expect(facts.get(2)).toBe('1.25');
  });
});

describe('the unit costs a recommendation offers', () => {
  it('sets a cut’s own missing cost, and edits it once known', () => {
    expect(costFieldsOf(cut, new Map())).toEqual([{ productId: 2, productName: 'Pumpkin Latte', mode: 'set' }]);
    expect(costFieldsOf({ ...cut, costSaved: '16.80' }, new Map([[2, '1.20']]))).toEqual([
      { productId: 2, productName: 'Pumpkin Latte', mode: 'edit', current: '1.20' },
    ]);
  });

  it('edits both costs of a swap with a saving, starting from those it knows', () => {
    expect(costFieldsOf({ ...swap, costSaved: '-1.50' }, new Map([[3, '0.30'], [4, 'set']]))).toEqual([
      { productId: 3, productName: 'Licorice', mode: 'edit', current: '0.30' },
      { productId: 4, productName: 'Mango Tea', mode: 'edit' },
    ]);
  });

  it('sets the swap’s cost that is known to be missing', () => {
    expect(costFieldsOf(swap, new Map([[4, null]]))).toEqual([{ productId: 4, productName: 'Mango Tea', mode: 'set' }]);
    expect(costFieldsOf(swap, new Map([[3, null]]))).toEqual([{ productId: 3, productName: 'Licorice', mode: 'set' }]);
    // The slow product's cost is known, so the replacement's is the one missing.
    expect(costFieldsOf(swap, new Map([[3, '0.30']]))).toEqual([{ productId: 4, productName: 'Mango Tea', mode: 'set' }]);
  });

  it('offers both when it cannot tell which is missing', () => {
    expect(costFieldsOf(swap, new Map())).toEqual([
      { productId: 3, productName: 'Licorice', mode: 'set' },
      { productId: 4, productName: 'Mango Tea', mode: 'set' },
    ]);
  });
});
