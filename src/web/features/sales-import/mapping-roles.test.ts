import { describe, expect, it } from 'vitest';
import { choicesOf, mappingOf, NEEDS_SELECTION_OR_PRODUCT, rolesOfColumn } from './mapping-roles.js';

const proposal = {
  columns: ['Kiosk', 'Pos', 'Sold', 'N'],
  sample: [['VV-1', 'A1', '2026-11-02 14:05', '2']],
  suggested: { machine: 'Kiosk', time: 'Sold', quantity: 'Gone' },
};

describe('the mapping step', () => {
  it("starts from the server's guess, leaving out columns the file does not have", () => {
    const choices = choicesOf(proposal);
    expect(choices).toMatchObject({ machine: 'Kiosk', time: 'Sold', quantity: '', selection: '', product: '', price: '' });
    expect(rolesOfColumn(choices, 'Kiosk')).toEqual(['Machine']);
  });

  it('asks for the selection or the product before anything is sent, and sends the rest as null', () => {
    const choices = choicesOf(proposal);
    expect(mappingOf(choices, 'ymd')).toEqual({ errors: { selection: NEEDS_SELECTION_OR_PRODUCT } });
    expect(mappingOf({ ...choices, machine: '' }, 'ymd')).toMatchObject({ errors: { machine: 'Choose the column that names the machine' } });
    expect(mappingOf({ ...choices, selection: 'Pos', quantity: 'N' }, 'mdy')).toEqual({
      mapping: expect.objectContaining({ machine: 'Kiosk', selection: 'Pos', product: null, time: 'Sold', quantity: 'N', price: null, dateOrder: 'mdy' }),
    });
  });
});
