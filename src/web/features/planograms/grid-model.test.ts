import { describe, expect, it } from 'vitest';
import { PlanogramMessages, type Planogram } from '../../../shared/planograms.schemas.js';
import { cellKey, emptyRow, inputOf, isDirty, rowsOf, serverCellErrors, validateRows, withProductText } from './grid-model.js';
import { parseClipboardBlock, pasteBlock } from './grid-paste.js';

const products = [
  { id: 1, name: 'Coca-Cola', price: '1.75' },
  { id: 2, name: 'Doritos', price: '1.50' },
  { id: 3, name: 'Twix', price: '1.25' },
  { id: 4, name: 'twix', price: '1.25' },
];

const saved: Planogram = {
  machineId: 7,
  updatedAt: '2026-11-01T10:00:00Z',
  slots: [{ code: 'A1', productId: 1, productName: 'Coca-Cola', capacity: 10, par: 8, price: null, effectivePrice: '1.75', since: '2026-11-01T10:00:00Z' }],
};

describe('pasting a block copied from a spreadsheet', () => {
  it('reads tab-separated lines, Excel quoting and a trailing line break; a lone value is an ordinary paste', () => {
    expect(parseClipboardBlock('A1\tCoca-Cola\t10\r\nA2\t"Say ""hi""\tthere"\t5\r\n')).toEqual([
      ['A1', 'Coca-Cola', '10'],
      ['A2', 'Say "hi"\tthere', '5'],
    ]);
    expect(parseClipboardBlock('Coca-Cola')).toBeNull();
    expect(parseClipboardBlock('Coca-Cola\n')).toBeNull();
  });

  it('fills from the focused cell rightwards and down, adds rows, matches names in any case and flags unknown ones', () => {
    const rows = rowsOf(saved);
    const block = parseClipboardBlock('doritos\t12\t9\t$2.00\nNo Such Snack\t5\t5\t\nCOCA-COLA\t6\t4\t1,80\textra')!;
    const pasted = pasteBlock(rows, 0, 1, block, products);
    expect(pasted).toHaveLength(3);
    expect(pasted[0]).toMatchObject({ code: 'A1', productId: 2, productText: 'Doritos', capacity: '12', par: '9', price: '2.00' });
    expect(pasted[1]).toMatchObject({ code: '', productId: null, productText: 'No Such Snack', capacity: '5' });
    expect(pasted[2]).toMatchObject({ productId: 1, productText: 'Coca-Cola', price: '1.80' });
    const errors = validateRows(pasted, products);
    expect(errors[cellKey(pasted[1]!.key, 'product')]).toBe(PlanogramMessages.csvProductUnknown('No Such Snack'));
    expect(errors[cellKey(pasted[1]!.key, 'code')]).toBe(PlanogramMessages.codeRequired);
  });

  it('skips a copied header line', () => {
    const block = parseClipboardBlock('Code\tProduct\tCapacity\tPar\tPrice\nB1\tTwix\t8\t6\t')!;
    const pasted = pasteBlock([], 0, 0, block, products.slice(0, 3));
    expect(pasted).toHaveLength(1);
    expect(pasted[0]).toMatchObject({ code: 'B1', productId: 3 });
  });
});

describe('the grid against the schema and the server', () => {
  it('leaves blank rows out, checks each cell and names a product two products share', () => {
    const row = { ...withProductText(emptyRow(), 'TWIX', products), code: 'A1', capacity: '5', par: '6', price: '1.5' };
    const { input, keys } = inputOf([row, emptyRow()]);
    expect(keys).toEqual([row.key]);
    expect(input.slots[0]).toMatchObject({ code: 'A1', productId: null, capacity: 5, par: 6, price: '1.5' });
    const errors = validateRows([row], products);
    expect(errors[cellKey(row.key, 'par')]).toBe(PlanogramMessages.parOverCapacity);
    expect(errors[cellKey(row.key, 'product')]).toBe(PlanogramMessages.csvProductAmbiguous('TWIX'));
  });

  it("puts the server's field errors on the rows that were sent", () => {
    const { cells, rest } = serverCellErrors({ 'slots.1.productId': 'Product not found', 'slots.0.code': 'Taken', slots: 'Too many' }, ['a', 'b']);
    expect(cells).toEqual({ 'b:product': 'Product not found', 'a:code': 'Taken' });
    expect(rest).toEqual(['Too many']);
  });

  it('is clean as loaded and dirty after a change, whatever the price is written as', () => {
    const rows = rowsOf(saved);
    expect(isDirty(rows, saved)).toBe(false);
    expect(isDirty([...rows, emptyRow()], saved)).toBe(false);
    expect(isDirty([{ ...rows[0]!, par: '7' }], saved)).toBe(true);
    const priced = { ...saved, slots: [{ ...saved.slots[0]!, price: '2.00' }] };
    expect(isDirty([{ ...rows[0]!, price: '2' }], priced)).toBe(false);
  });
});
