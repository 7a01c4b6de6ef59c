import { describe, expect, it } from 'vitest';
import type { Recommendation } from '../../../shared/analytics.schemas.js';
import { MAX_NOTE_LENGTH } from '../../../shared/stock.schemas.js';
import { noteOf, recommendationOrder, recommendationTitle } from './recommendation-lines.js';

const base: Recommendation = {
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

describe('recommendations on the purchase list', () => {
  it('orders each recommendation’s product and quantity, with its reason as the note', () => {
    const swap: Recommendation = { ...base, id: 'swap:1:3:4', kind: 'swap', productId: 3, replacementProductId: 4, replacementName: 'Mango Tea', orderProductId: 4, orderQuantity: 21 };
    expect(recommendationOrder([base, swap])).toEqual({
      lines: [
        { machineId: 1, productId: 2, quantity: 9, source: 'recommendation', note: 'Demand for Pumpkin Latte is falling.' },
        { machineId: 1, productId: 4, quantity: 21, source: 'recommendation', note: 'Demand for Pumpkin Latte is falling.' },
      ],
      stocked: 0,
    });
  });

  it('names each machine and product once, as the server requires', () => {
    const again: Recommendation = { ...base, id: 'swap:1:5:2', kind: 'swap', productId: 5, orderQuantity: 30 };
    expect(recommendationOrder([base, again]).lines).toHaveLength(1);
  });

  it('leaves out a cut whose stock already covers it, and counts it', () => {
    const covered: Recommendation = { ...base, id: 'reduce:2:2', machineId: 2, orderQuantity: 0 };
    expect(recommendationOrder([base, covered])).toEqual({ lines: [expect.objectContaining({ machineId: 1, quantity: 9 })], stocked: 1 });
    expect(recommendationOrder([covered])).toEqual({ lines: [], stocked: 1 });
  });

  it('orders a product another recommendation brings in even when its own cut needs nothing', () => {
    const covered: Recommendation = { ...base, orderQuantity: 0 };
    const swapIn: Recommendation = { ...base, id: 'swap:1:5:2', kind: 'swap', productId: 5, orderQuantity: 30 };
    expect(recommendationOrder([covered, swapIn])).toEqual({ lines: [expect.objectContaining({ productId: 2, quantity: 30 })], stocked: 0 });
  });

  it('trims a long reason to the note’s limit', () => {
    const note = noteOf(`  ${'x'.repeat(300)}  `);
    expect(note).toHaveLength(MAX_NOTE_LENGTH);
    expect(note.endsWith('…')).toBe(true);
    expect(noteOf(' short ')).toBe('short');
  });

  it('words a swap and a cut', () => {
    expect(recommendationTitle(base)).toBe('Cut Pumpkin Latte at Lobby by 14 units');
    expect(recommendationTitle({ ...base, kind: 'swap', replacementName: 'Mango Tea' })).toBe('Replace Pumpkin Latte with Mango Tea at Lobby');
  });
});
