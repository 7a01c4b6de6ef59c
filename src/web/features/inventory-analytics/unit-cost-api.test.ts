import { describe, expect, it } from 'vitest';
import { checkUnitCost, EMPTY_UNIT_COST_MESSAGE } from './unit-cost-api.js';

describe('a unit cost typed into Set unit cost', () => {
  it('is sent as the schema writes it', () => {
    expect(checkUnitCost('0.85')).toEqual({ ok: true, unitCost: '0.85' });
    expect(checkUnitCost(' 1.5 ')).toEqual({ ok: true, unitCost: '1.50' });
    expect(checkUnitCost('2')).toEqual({ ok: true, unitCost: '2.00' });
  });

  it('is refused with the schema’s message when it is no amount', () => {
    for (const text of ['abc', '-1', '1.234', '1,50']) expect(checkUnitCost(text)).toEqual({ ok: false, message: 'Unit cost must be an amount such as 0.85' });
    expect(checkUnitCost('abc', { allowEmpty: true })).toEqual({ ok: false, message: 'Unit cost must be an amount such as 0.85' });
  });

  it('asks for an amount when the field is empty, since the cost is unknown already', () => {
    expect(checkUnitCost('  ')).toEqual({ ok: false, message: EMPTY_UNIT_COST_MESSAGE });
  });

  it('clears a known cost when an edited field is left empty', () => {
    expect(checkUnitCost('  ', { allowEmpty: true })).toEqual({ ok: true, unitCost: null });
    expect(checkUnitCost('0.4', { allowEmpty: true })).toEqual({ ok: true, unitCost: '0.40' });
  });
});
